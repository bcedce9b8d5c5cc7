#include "uci.h"

#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "movegen.h"
#include "perft.h"

namespace shiftmate {

Move parse_uci_move(const Position& pos, std::string_view text) {
  if (text.size() < 4 || text.size() > 5) return Move::none();
  for (Move m : MoveList<LEGAL>(pos)) {
    if (pos.move_to_uci(m) == text) return m;
    // Accept both castling notations whatever the mode.
    if (m.kind() == CASTLING) {
      Position copy = pos;
      copy.set_chess960(!pos.is_chess960());
      if (copy.move_to_uci(m) == text) return m;
    }
  }
  return Move::none();
}

namespace {

class UciLoop {
 public:
  bool execute(const std::string& line);  // false on quit

 private:
  void position(std::istringstream& in);
  void setoption(std::istringstream& in);
  void go(std::istringstream& in);
  void say(std::string_view text) {
    std::cout << text << std::endl;  // flush: a GUI waits on each line
  }

  Position pos;
  bool chess960 = false;
};

bool UciLoop::execute(const std::string& line) {
  std::istringstream in(line);
  std::string cmd;
  if (!(in >> cmd)) return true;
  if (cmd == "quit") return false;
  if (cmd == "uci") {
    say("id name Shiftmate");
    say("id author the Shiftmate developers");
    say("option name UCI_Chess960 type check default false");
    say("uciok");
  } else if (cmd == "isready") {
    say("readyok");
  } else if (cmd == "ucinewgame") {
    pos.set(START_FEN, chess960);
  } else if (cmd == "position") {
    position(in);
  } else if (cmd == "setoption") {
    setoption(in);
  } else if (cmd == "go") {
    go(in);
  } else if (cmd == "d") {
    say(pos.pretty());
  } else {
    say(fmt::format("info string unknown command '{}'", cmd.substr(0, 64)));
  }
  return true;
}

void UciLoop::position(std::istringstream& in) {
  std::string token, fen;
  in >> token;
  if (token == "startpos") {
    fen = START_FEN;
    in >> token;
  } else if (token == "fen") {
    while (in >> token && token != "moves") fen += token + " ";
  } else {
    say("info string position needs 'startpos' or 'fen'");
    return;
  }
  Position next;
  if (auto error = next.set(fen, chess960)) {
    say(fmt::format("info string bad FEN: {}", *error));
    return;
  }
  if (token == "moves")
    while (in >> token) {
      Move m = parse_uci_move(next, token);
      if (!m) {
        say(fmt::format("info string illegal move '{}' in position; moves stop before it",
                        token.substr(0, 16)));
        break;
      }
      next.do_move(m);
    }
  pos = std::move(next);
}

void UciLoop::setoption(std::istringstream& in) {
  std::string token, name, value;
  in >> token;  // "name"
  while (in >> token && token != "value") name += (name.empty() ? "" : " ") + token;
  while (in >> token) value += (value.empty() ? "" : " ") + token;
  if (name == "UCI_Chess960") {
    chess960 = value == "true";
    pos.set_chess960(chess960);
  } else {
    say(fmt::format("info string unknown option '{}' ignored", name.substr(0, 64)));
  }
}

void UciLoop::go(std::istringstream& in) {
  std::string token;
  int depth = 0;
  if (in >> token && token == "perft" && in >> depth && depth >= 0 && depth <= 20) {
    PerftResult r = run_perft(pos, {depth, 1, 0});
    print_perft(std::cout, r, true);
    std::cout.flush();
  } else {
    say("info string only 'go perft N' is supported");
  }
}

}  // namespace

int uci_main(int argc, char** argv) {
  Position::init();
  UciLoop loop;
  for (int i = 0; i < argc; ++i)
    if (!loop.execute(argv[i])) return 0;
  for (std::string line; std::getline(std::cin, line);)
    if (!loop.execute(line)) return 0;
  return 0;
}

}  // namespace shiftmate
