#include "uci.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <mutex>
#include <sstream>

#include "bench.h"
#include "engine.h"
#include "movegen.h"
#include "nnue/inference.h"
#include "parse.h"
#include "perft/perft.h"
#include "search_params.h"
#include "thread_pool.h"
#include "training/openings.h"
#include "util/platform.h"
#include "version.h"
#include "wdl/model.h"

namespace shiftmate {

namespace {

constexpr std::size_t MaxLineLength = 1 << 20;

// Where a search with no limit of its own ends in the one-thread
// WebAssembly build (HasThreads), which reads no stop while it searches.
constexpr int OneThreadMaxDepth = 24;

// Tablebase wins are shown as 200 pawns less one centipawn per ply to the
// position the tables decided: far above any evaluation, clearly no mate.
constexpr int TablebaseWinCp = 20000;

// "score cp 23" or "score mate 3" (moves, negative when being mated).
std::string score_text(int v) {
  if (v >= VALUE_MATE_IN_MAX_PLY) return fmt::format("mate {}", (VALUE_MATE - v + 1) / 2);
  if (v <= VALUE_MATED_IN_MAX_PLY) return fmt::format("mate {}", -(VALUE_MATE + v) / 2);
  if (v >= VALUE_TB_WIN_IN_MAX_PLY) return fmt::format("cp {}", TablebaseWinCp - (VALUE_TB - v));
  if (v <= VALUE_TB_LOSS_IN_MAX_PLY) return fmt::format("cp {}", -TablebaseWinCp + (VALUE_TB + v));
  // Below every tablebase win: the table's stand-in for a mate the 50-move
  // rule may cut short is an ordinary score just under the decisive range.
  constexpr int MaxOrdinaryCp = TablebaseWinCp - MAX_PLY - 1;
  return fmt::format("cp {}", std::clamp(v, -MaxOrdinaryCp, MaxOrdinaryCp));
}

std::string evaluation_name() { return "network '" + nnue::active_network_name() + "'"; }

// The `eval` command: what each piece is worth to the network (its output
// with the piece minus without it, White's view, in centipawns), then the
// output the search uses.
std::string eval_report(const Position& pos) {
  const nnue::Network& net = nnue::active_network();
  const double sign = pos.side_to_move() == WHITE ? 1 : -1;
  const double whole = nnue::reference_output(net, pos);
  std::string out = "Each piece's worth (the output with it minus without it, White's view):\n";
  for (int rank = 7; rank >= 0; --rank) {
    out += " +-------+-------+-------+-------+-------+-------+-------+-------+\n |";
    std::string values = " |";
    for (int file = 0; file < 8; ++file) {
      Square sq = make_square(file, rank);
      Piece pc = pos.piece_on(sq);
      out += fmt::format("   {}   |", piece_char(pc));
      if (pc == NO_PIECE || type_of(pc) == KING)
        values += "       |";
      else
        values += fmt::format(" {:+5.0f} |", sign * (whole - nnue::reference_output(net, pos, sq)));
    }
    out += fmt::format(" {}\n{}\n", rank + 1, values);
  }
  out +=
      " +-------+-------+-------+-------+-------+-------+-------+-------+\n"
      "     a       b       c       d       e       f       g       h\n";
  int v = nnue::evaluate(net, pos);
  out += fmt::format(
      "Network '{}' ({}->{}x2->1x{}, {}): {:+} cp (White's view), {:+} cp for the side to move\n",
      nnue::active_network_name(), nnue::InputSize, nnue::HiddenSize, nnue::OutputBuckets,
      nnue::simd_name(), pos.side_to_move() == WHITE ? v : -v, v);
  return out;
}

}  // namespace

bool UciSession::execute(const std::string& line) {
  if (debugLog.is_open()) {
    std::lock_guard lock(outputMutex);
    log_line("<<", line.substr(0, 4096));
  }
  if (line.size() > MaxLineLength) {
    info_string("line too long, ignored");
    return true;
  }
  std::istringstream in(line);
  std::string cmd;
  if (!(in >> cmd)) return true;

  if (cmd == "quit") return false;
  if (cmd == "uci")
    uci();
  else if (cmd == "isready")
    send("readyok");
  else if (cmd == "ucinewgame")
    engine.new_game();
  else if (cmd == "position")
    position(in);
  else if (cmd == "setoption")
    setoption(in);
  else if (cmd == "go")
    go(in);
  else if (cmd == "stop") {
    // Wait for the bestmove, so that it comes before the answer to anything
    // sent after stop (a GUI's isready, the next position's search).
    engine.stop();
    engine.wait();
  } else if (cmd == "ponderhit")
    engine.ponderhit();
  else if (cmd == "debug") {
  }  // accepted; nothing extra to print
  else if (cmd == "d")
    send(engine.position().pretty());
  else if (cmd == "eval")
    send(eval_report(engine.position()));
  else if (cmd == "bench")
    bench(in);
  else if (cmd == "genfens")
    genfens(in);
  else {
    info_string(fmt::format("unknown command '{}'", printable_text(cmd, 32)));
  }
  return true;
}

UciSession::UciSession(std::ostream& o) : out(o) { declare_options(); }

void UciSession::declare_options() {
  using Spin = UciOption::Spin;
  using Check = UciOption::Check;
  using Text = UciOption::Text;
  auto add = [&](std::string name, auto type, std::function<void()> after = {}) {
    options.add({std::move(name), std::move(type), std::move(after)});
  };
  add("Hash",
      // Stockfish's maximum; what the machine cannot give is refused with a message.
      Spin{16, 1, 33554432, [this](long long mb) {
             if (!engine.set_hash(std::size_t(mb)))
               info_string(fmt::format("cannot allocate {} MB for the hash table; keeping {} MB",
                                       mb, engine.hash_mb()));
           }});
  add("Threads", Spin{1, 1, max_search_threads(), [this](long long n) {
                        if (!engine.set_threads(int(n)))
                          info_string(fmt::format("no memory for {} threads; keeping {}", n,
                                                  engine.threads()));
                      }});
  add("MultiPV",
      Spin{1, 1, 256, [this](long long n) { engine.search_options().multiPV = int(n); }});
  // Pondering needs nothing set up in advance; the one-thread WebAssembly
  // build cannot ponder (no ponderhit reaches it while it searches).
  if (HasThreads) add("Ponder", Check{false, [](bool) {}});
  add("Move Overhead",
      Spin{10, 0, 5000, [this](long long ms) { engine.search_options().moveOverhead = ms; }});
  // Stockfish's: nodes per millisecond stand in for the clock (0: off).
  add("nodestime",
      Spin{0, 0, 10000, [this](long long n) { engine.search_options().nodesTime = int(n); }});
  add("UCI_Chess960", Check{false, [this](bool on) { engine.set_chess960(on); }});
  add("Clear Hash", UciOption::Button{[this] { engine.clear_hash(); }});
  add("EvalFile",
      Text{std::string(EmbeddedNetName), [this](const std::string& path) {
             if (auto error = engine.set_eval_file(path.empty() ? EmbeddedNetName : path))
               info_string(
                   fmt::format("EvalFile: {}; evaluating with {}", *error, evaluation_name()));
             else
               info_string(fmt::format("EvalFile: evaluating with {}", evaluation_name()));
           }});
  add("Skill Level", Spin{Skill::MaxLevel, 0, Skill::MaxLevel, [this](long long level) {
                            skillLevel = int(level);
                            update_skill();
                          }});
  add("UCI_LimitStrength", Check{false, [this](bool on) {
                                   limitStrength = on;
                                   update_skill();
                                 }});
  add("UCI_Elo", Spin{Skill::MinElo, Skill::MinElo, Skill::MaxElo, [this](long long rating) {
                        elo = int(rating);
                        update_skill();
                      }});
  add("UCI_ShowWDL", Check{false, [this](bool on) { showWdl = on; }});
  add("UCI_AnalyseMode", Check{false, [this](bool on) { analyseMode = on; }});
  add("Debug Log File", Text{"<empty>", [this](const std::string& path) { set_debug_log(path); }});
  add("SyzygyPath", Text{"<empty>", [this](const std::string& path) { syzygy_path(path); }});
  add("SyzygyProbeDepth", Spin{1, 1, 100, [this](long long depth) {
                                 engine.search_options().syzygyProbeDepth = int(depth);
                               }});
  add("Syzygy50MoveRule",
      Check{true, [this](bool on) { engine.search_options().syzygy50MoveRule = on; }});
  add("SyzygyProbeLimit", Spin{7, 0, 7, [this](long long pieces) {
                                 engine.search_options().syzygyProbeLimit = int(pieces);
                               }});
  add("OwnBook", Check{false, [this](bool on) { ownBook = on; }}, [this] {
    if (ownBook && !book.is_open())
      info_string("OwnBook: no BookFile is loaded yet; the engine searches every move");
  });
  add("BookFile", Text{"<empty>", [this](const std::string& path) { book_file(path); }});
  add("BestBookMove", Check{false, [this](bool on) { bestBookMove = on; }});
  if constexpr (search_params::Tunable)  // SPSA builds only
    for (const auto& p : search_params::Parameters)
      add(std::string(p.name), Spin{p.defaultValue, p.min, p.max, [name = p.name](long long v) {
                                      search_params::set(name, int(v));
                                    }});
}

void UciSession::uci() {
  send(fmt::format("id name Shiftmate {}", version()));
  send("id author the Shiftmate developers");
  for (const std::string& line : options.declarations()) send(line);
  send("uciok");
}

void UciSession::position(std::istringstream& in) {
  std::string token, fen;
  in >> token;
  if (token == "startpos") {
    fen = START_FEN;
    if (in >> token && token != "moves") {
      info_string(fmt::format("position: expected 'moves', got '{}'", token.substr(0, 32)));
      return;
    }
  } else if (token == "fen") {
    while (in >> token && token != "moves") fen += token + " ";
  } else {
    info_string("position needs 'startpos' or 'fen'");
    return;
  }
  std::vector<std::string> moves;
  if (token == "moves")
    while (in >> token) moves.push_back(token);
  if (auto error = engine.set_position(fen, moves)) info_string(*error);
}

void UciSession::setoption(std::istringstream& in) {
  std::string token, name, value;
  in >> token;
  if (token != "name") {
    info_string("setoption needs 'name'");
    return;
  }
  while (in >> token && token != "value") name += (name.empty() ? "" : " ") + token;
  while (in >> token) value += (value.empty() ? "" : " ") + token;
  if (!options.set(name, value, [this](const std::string& error) { info_string(error); }))
    info_string(fmt::format("unsupported option '{}' ignored", name.substr(0, 64)));
}

void UciSession::go(std::istringstream& in) {
  SearchLimits limits;
  const Position root = engine.position();
  std::string token;
  // A limit's number out of range, too long or with a fraction is brought
  // into range with a message rather than dropped: a dropped limit would
  // leave a search with none (`go depth 0` searching until stop) where the
  // GUI waits for a move. A clock's out-of-range value is clamped quietly (a
  // GUI's negative time means none is left). Text that is no number at all
  // is refused.
  enum class Read { Strict, Clamp, Clock };
  auto number = [&](const std::string& what, long long lo, long long hi,
                    Read read = Read::Clamp) -> std::optional<long long> {
    std::string text;
    if (!(in >> text)) {
      info_string(fmt::format("go {} needs a value", what));
      return std::nullopt;
    }
    if (auto v = parse_number(text, lo, hi)) return v;
    auto lenient = read == Read::Strict ? std::nullopt : read_number_leniently(text);
    if (!lenient) {
      auto raw = parse_number<long long>(text);
      info_string(raw ? fmt::format("go {}: {} is not between {} and {}", what, *raw, lo, hi)
                      : fmt::format("go {}: '{}' is not a number", what, text));
      return std::nullopt;
    }
    long long v = std::clamp(lenient->value, lo, hi);
    if (read != Read::Clock || lenient->fraction)
      info_string(fmt::format("go {}: {} read as {}", what, text, v));
    return v;
  };
  constexpr long long MaxTime = 1LL << 40;

  while (in >> token) {
    if (token == "wtime") {
      if (auto v = number(token, 1, MaxTime, Read::Clock)) limits.time[WHITE] = *v;
    } else if (token == "btime") {
      if (auto v = number(token, 1, MaxTime, Read::Clock)) limits.time[BLACK] = *v;
    } else if (token == "winc") {
      if (auto v = number(token, 0, MaxTime, Read::Clock)) limits.inc[WHITE] = *v;
    } else if (token == "binc") {
      if (auto v = number(token, 0, MaxTime, Read::Clock)) limits.inc[BLACK] = *v;
    } else if (token == "movestogo") {
      if (auto v = number(token, 0, 10000)) limits.movesToGo = int(*v);
    } else if (token == "depth") {
      if (auto v = number(token, 1, MAX_PLY - 1)) limits.depth = int(*v);
    } else if (token == "nodes") {
      if (auto v = number(token, 1, LLONG_MAX)) limits.nodes = std::uint64_t(*v);
    } else if (token == "movetime") {
      if (auto v = number(token, 1, MaxTime)) limits.movetime = *v;
    } else if (token == "mate") {
      if (auto v = number(token, 1, MAX_PLY / 2)) limits.mate = int(*v);
    } else if (token == "infinite") {
      limits.infinite = true;
    } else if (token == "ponder") {
      limits.ponder = true;
    } else if (token == "searchmoves") {
      while (in >> token) {
        Move m = parse_uci_move(root, token);
        if (m)
          limits.searchMoves.push_back(m);
        else
          info_string(fmt::format("searchmoves: '{}' is not legal here", token.substr(0, 16)));
      }
    } else if (token == "perft") {
      if (auto v = number(token, 0, 20, Read::Strict)) {
        engine.stop();
        engine.wait();
        std::lock_guard lock(outputMutex);
        print_perft(out, run_perft(root, {int(*v), engine.threads(), 0}), true);
        out.flush();
      }
      return;
    } else {
      info_string(fmt::format("go: unknown parameter '{}' ignored", token.substr(0, 32)));
    }
  }

  if (play_book_move(root, limits)) return;
  if (!HasThreads) {
    // No stop or ponderhit can reach the one-thread WebAssembly build while
    // it searches: each search must end by a limit of its own.
    limits.infinite = limits.ponder = false;
    if (!limits.depth && !limits.nodes && !limits.movetime && !limits.time[root.side_to_move()]) {
      limits.depth = OneThreadMaxDepth;
      info_string(
          fmt::format("one-thread build: no stop can reach a running search, so this one "
                      "ends at depth {}",
                      OneThreadMaxDepth));
    }
  }

  SearchCallbacks callbacks;
  const int rootMaterial = wdl::material(root);
  callbacks.onInfo = [this, root, rootMaterial, showWdl = showWdl](const SearchInfo& info) {
    std::string pv;
    Position p = root;
    for (Move m : info.pv) {
      pv += ' ';
      pv += p.move_to_uci(m);
      p.do_move(m);
    }
    std::uint64_t nps = info.nodes * 1000 / std::max<TimePoint>(info.time, 1);
    const char* bound = info.bound == BOUND_LOWER   ? " lowerbound"
                        : info.bound == BOUND_UPPER ? " upperbound"
                                                    : "";
    std::string wdlText;
    if (showWdl) {
      wdl::PerMille chances = wdl::per_mille(wdl::fitted(), info.score, rootMaterial);
      wdlText = fmt::format(" wdl {} {} {}", chances.win, chances.draw, chances.loss);
    }
    send(fmt::format(
        "info depth {} seldepth {} multipv {} score {}{}{} nodes {} nps {} hashfull {} "
        "tbhits {} time {}{}",
        info.depth, info.selDepth, info.multiPV, score_text(info.score), bound, wdlText, info.nodes,
        nps, info.hashfull, info.tbHits, info.time, pv.empty() ? "" : " pv" + pv));
  };
  callbacks.onCurrentMove = [this, root](int depth, Move move, int moveNumber) {
    send(fmt::format("info depth {} currmove {} currmovenumber {}", depth, root.move_to_uci(move),
                     moveNumber));
  };
  callbacks.onBestMove = [this, root](Move best, Move ponder) {
    std::string text = "bestmove " + root.move_to_uci(best);
    if (best && ponder) {
      Position p = root;
      p.do_move(best);
      text += " ponder " + p.move_to_uci(ponder);
    }
    send(text);
  };
  engine.go(limits, std::move(callbacks));
}

void UciSession::syzygy_path(const std::string& value) {
  syzygy::LoadReport report = engine.set_syzygy_path(value.empty() ? "<empty>" : value);
  for (const std::string& problem : report.problems) info_string("SyzygyPath: " + problem);
  if (!report.largest)
    info_string("SyzygyPath: no tablebases loaded");
  else
    info_string(fmt::format("SyzygyPath: found {} WDL and {} DTZ files, up to {} pieces",
                            report.wdlFiles, report.dtzFiles, report.largest));
}

void UciSession::book_file(const std::string& value) {
  book.close();
  if (value.empty() || value == "<empty>") return;
  if (auto error = book.open(value))
    info_string("BookFile: " + *error);
  else
    info_string(fmt::format("BookFile: {} entries in '{}'", book.entries(), value));
}

// With OwnBook on, a position the book knows is answered at once. Analysis
// (infinite, mate, searchmoves, UCI_AnalyseMode) and pondering always search.
bool UciSession::play_book_move(const Position& root, const SearchLimits& limits) {
  if (!ownBook || !book.is_open() || limits.infinite || limits.ponder || limits.mate ||
      !limits.searchMoves.empty() || analyseMode)
    return false;
  const Move m = book.choose(root, bestBookMove, bookRandom.next());
  if (!m) return false;
  engine.stop();
  engine.wait();
  info_string("book move " + root.move_to_uci(m));
  send("bestmove " + root.move_to_uci(m));
  return true;
}

// UCI_LimitStrength with UCI_Elo wins over Skill Level, as GUIs expect.
void UciSession::update_skill() {
  engine.search_options().skill =
      limitStrength ? Skill::from_elo(elo) : Skill::from_level(skillLevel);
}

void UciSession::log_line(const char* direction, const std::string& text) {
  using namespace std::chrono;
  auto ms = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  debugLog << fmt::format("{}.{:03} {} {}\n", ms / 1000, ms % 1000, direction, text);
  debugLog.flush();  // a log is read after a crash or a hang
}

void UciSession::set_debug_log(const std::string& path) {
  {
    std::lock_guard lock(outputMutex);
    debugLog.close();
    debugLog.clear();
    if (path.empty() || path == "<empty>") return;
    debugLog.open(path_from_utf8(path), std::ios::app);
  }
  if (!debugLog.is_open())
    info_string(fmt::format("Debug Log File: cannot write '{}'; not logging", path.substr(0, 256)));
}

void UciSession::bench(std::istringstream& in) {
  int depth = BenchDepth;
  std::string token;
  if (in >> token) {
    auto v = parse_number(token, 1, 64);
    if (!v) {
      info_string("bench takes a depth from 1 to 64");
      return;
    }
    depth = int(*v);
  }
  engine.stop();
  engine.wait();
  std::lock_guard lock(outputMutex);
  run_bench(engine, depth, out);
}

// OpenBench's DATAGEN workloads ask for openings this way, on the command
// line (`shiftmate "genfens N seed S book B" quit`) and read each
// `info string genfens FEN` line as it comes (they give up after 15 s
// without one).
void UciSession::genfens(std::istringstream& in) {
  auto request = parse_genfens(in);
  if (auto* error = std::get_if<std::string>(&request)) {
    info_string(*error);
    return;
  }
  engine.stop();
  engine.wait();
  auto error = generate_openings(std::get<GenfensRequest>(request),
                                 [this](const std::string& fen) { info_string("genfens " + fen); });
  if (error) info_string(*error);
}

void run_uci(std::istream& in, std::ostream& out, const std::vector<std::string>& first) {
  Position::init();
  UciSession loop(out);
  bool quit = false;
  for (const std::string& command : first)
    if ((quit = !loop.execute(command))) break;
  if (!quit)
    for (std::string line; std::getline(in, line);) {
      // A GUI on Windows may end its lines with CR LF.
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!loop.execute(line)) break;
    }
  loop.finish();
}

int uci_main(int argc, char** argv) {
  run_uci(std::cin, std::cout, std::vector<std::string>(argv, argv + argc));
  return 0;
}

}  // namespace shiftmate
