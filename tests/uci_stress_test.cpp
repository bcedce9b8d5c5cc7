// Stress: seeded random streams of valid and malformed commands. After every
// burst the engine answers isready, and every search gets exactly one bestmove.
#include <gtest/gtest.h>

#include <random>

#include "engine_process.h"

namespace {

class CommandGenerator {
 public:
  explicit CommandGenerator(unsigned seed) : rng(seed) {}

  // One command; `searches` counts the ones that must produce a bestmove.
  std::string next(int& searches) {
    switch (pick(22)) {
      case 0:
        return "isready";
      case 1:
        return "ucinewgame";
      case 2:
        return "position startpos moves e2e4 e7e5 g1f3 b8c6";
      case 3:
        return "position fen " + pick_of(Fens);
      case 4:
        return "position fen " + mangle(pick_of(Fens));
      case 5:
        return "position startpos moves e2e4 e7e5 e1e3 d7d5";  // illegal third move
      case 6:
        ++searches;
        return "go depth " + std::to_string(1 + pick(6));
      case 7:
        ++searches;
        return "go movetime " + std::to_string(1 + pick(30));
      case 8:
        ++searches;
        return "go nodes " + std::to_string(1 + pick(20000));
      case 9:
        ++searches;
        return "go wtime " + std::to_string(int(pick(3000)) - 500) + " btime " +
               std::to_string(int(pick(3000)) - 500) + " winc " + std::to_string(pick(50)) +
               " binc " + std::to_string(pick(50)) + (pick(2) ? " movestogo 3" : "");
      case 10:
        ++searches;
        return pick(2) ? "go infinite" : "go ponder wtime 500 btime 500";
      case 11:
        return pick(2) ? "stop" : "ponderhit";
      case 12:
        return "setoption name Hash value " + std::to_string(1 + pick(32));
      case 13:
        return "setoption name Threads value " + std::to_string(1 + pick(3));
      case 14:
        return "setoption name MultiPV value " + std::to_string(1 + pick(4));
      case 15:
        if (pick(4) == 0)  // swapping the network mid-search stops the search first
          return pick(2) ? "setoption name EvalFile value <embedded>"
                         : "setoption name EvalFile value /nonexistent/net.nnue";
        return pick(2) ? "setoption name Clear Hash" : "setoption name Hash value 999999999";
      case 16:
        return pick(2) ? "d" : "eval";
      case 17:
        ++searches;
        return pick_of(BadGo);
      case 18:
        return std::string(10000 + pick(100000), char('a' + pick(26)));
      case 19:
        return binary();
      case 20:
        return pick_of(Junk);
      default:
        return "go perft " + std::to_string(1 + pick(3));  // prints no bestmove
    }
  }

 private:
  unsigned pick(unsigned n) { return std::uniform_int_distribution<unsigned>(0, n - 1)(rng); }
  template <typename T>
  const typename T::value_type& pick_of(const T& v) {
    return v[pick(unsigned(v.size()))];
  }

  std::string mangle(std::string fen) {
    switch (pick(4)) {
      case 0:
        return fen.substr(0, pick(unsigned(fen.size())));  // truncated
      case 1:
        fen[pick(unsigned(fen.size()))] = char(33 + pick(90));
        return fen;
      case 2:
        return fen + " extra fields 1 2 3";
      default:
        return "8/8/8/8/8/8/8/8 w - - 0 1";  // no kings
    }
  }
  std::string binary() {
    std::string s;
    for (unsigned i = 0, n = 1 + pick(200); i < n; ++i) {
      char c = char(pick(256));
      s += c == '\n' ? ' ' : c;
    }
    return "x" + s;  // never starts like a command
  }

  std::mt19937 rng;
  const std::vector<std::string> Fens = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                 // stalemate
      "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",  // checkmated
  };
  const std::vector<std::string> BadGo = {
      "go depth 99999999999999999999",
      "go wtime -1000 btime -1000",
      "go nodes -5",
      "go depth x",
      "go movetime",
      "go searchmoves zzzz e2e4",
      "go mate 0",
      "go wtime 1 btime 1 movestogo 0",
  };
  const std::vector<std::string> Junk = {
      "",
      "   ",
      "xboard",
      "position",
      "position fen",
      "position moves e2e4",
      "setoption",
      "setoption name",
      "setoption name Hash",
      "setoption name Threads value",
      "debug",
      "position startpos moves",
      "go perft",
      "go perft 99",
      "quit_not",
      "bench x",
  };
};

}  // namespace

TEST(UciStress, RandomCommandBurstsKeepTheEngineAnswering) {
  for (unsigned seed : {1u, 2u, 3u}) {
    EngineProcess e;
    CommandGenerator gen(seed);
    int searches = 0, bestmoves = 0, readySent = 0, readyReceived = 0;
    std::vector<std::string> transcript;  // shown on failure
    auto send = [&](const std::string& command) {
      readySent += command == "isready";
      transcript.push_back("> " + command.substr(0, 100));
      e.send(command);
    };
    auto read = [&](int timeoutMs) {
      auto line = e.read_line(timeoutMs);
      if (!line) return false;
      bestmoves += line->rfind("bestmove", 0) == 0;
      readyReceived += *line == "readyok";
      if (line->rfind("info depth", 0) != 0) transcript.push_back("< " + line->substr(0, 100));
      return true;
    };
    auto dump = [&] {
      for (const auto& l : transcript) std::cout << l << "\n";
    };
    for (int burst = 0; burst < 60; ++burst) {
      for (int i = 0; i < 8; ++i) send(gen.next(searches));
      send("stop");  // infinite and ponder searches end here
      send("isready");
      // Every isready of the burst is answered.
      while (readyReceived < readySent && read(20000)) {
      }
      ASSERT_EQ(readyReceived, readySent)
          << "seed " << seed << ": no readyok after burst " << burst;
    }
    // Every search ends with exactly one bestmove, however it ended.
    send("stop");
    while (bestmoves < searches && read(2000)) {
    }
    while (read(300)) {  // and no extra one follows
    }
    EXPECT_EQ(bestmoves, searches) << "seed " << seed;
    if (bestmoves != searches) dump();
    send("quit");
    EXPECT_EQ(e.wait_exit(5000).value_or(-1), 0) << "seed " << seed;
  }
}
