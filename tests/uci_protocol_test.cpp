// Conformance: the real binary driven over pipes, as a GUI drives it.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "engine_process.h"
#include "movegen.h"
#include "nnue/inference.h"
#include "position.h"
#include "test_support.h"
#include "version.h"

using namespace shiftmate;
using shiftmate_test::pos_of;
using Clock = std::chrono::steady_clock;

namespace {

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The engine after the handshake.
struct Session : EngineProcess {
  explicit Session(const std::vector<std::string>& args = {}) : EngineProcess(args) {
    send("uci");
    EXPECT_TRUE(wait_for("uciok", StartupTimeoutMs));
    sync();
  }
  void sync() {
    send("isready");
    EXPECT_TRUE(wait_for("readyok", 10000)) << "engine stopped answering isready";
  }
  // Runs a search to its end; returns its bestmove line and the lines before.
  std::string search(const std::string& position, const std::string& go,
                     std::vector<std::string>* seen = nullptr, int timeoutMs = 30000) {
    send(position);
    send(go);
    auto best = wait_for("bestmove", timeoutMs, seen);
    EXPECT_TRUE(best) << "no bestmove for: " << position << " / " << go;
    return best.value_or("");
  }
};

// The last "score ..." reported before bestmove.
std::string last_score(const std::vector<std::string>& lines) {
  std::string score;
  for (const auto& l : lines) {
    auto w = words(l);
    for (std::size_t i = 0; i + 2 < w.size(); ++i)
      if (w[i] == "score") score = w[i + 1] + " " + w[i + 2];
  }
  return score;
}

}  // namespace

TEST(UciProtocol, HandshakeListsOptionsBeforeUciok) {
  EngineProcess e;
  e.send("uci");
  std::vector<std::string> lines;
  ASSERT_TRUE(e.wait_for("uciok", StartupTimeoutMs, &lines));
  std::set<std::string> options;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    auto w = words(lines[i]);
    ASSERT_FALSE(w.empty());
    EXPECT_TRUE(w[0] == "id" || w[0] == "option") << "before uciok: " << lines[i];
    if (w[0] == "option") {
      std::string name;
      for (std::size_t k = 2; k < w.size() && w[k] != "type"; ++k)
        name += (name.empty() ? "" : " ") + w[k];
      options.insert(name);
    }
  }
  for (const char* o :
       {"Hash", "Threads", "MultiPV", "Ponder", "Move Overhead", "UCI_Chess960", "Clear Hash"})
    EXPECT_TRUE(options.count(o)) << "missing option " << o;
  e.send("isready");
  EXPECT_TRUE(e.wait_for("readyok", 5000));
}

TEST(UciProtocol, IdNameCarriesTheVersion) {
  EngineProcess e;
  e.send("uci");
  std::vector<std::string> lines;
  ASSERT_TRUE(e.wait_for("uciok", StartupTimeoutMs, &lines));
  const std::string expected = "id name Shiftmate " + engine_version();
  EXPECT_NE(std::find(lines.begin(), lines.end(), expected), lines.end()) << expected;
}

// A one-move principal variation (depth 1) still offers a move to ponder on,
// legal after the best move: the hash table's reply when it has one (here
// after a deeper search of the same position), else the network's choice
// (after ucinewgame, when the table is empty).
TEST(UciProtocol, PonderMoveWhenThePvHasOneMove) {
  Session e;
  const std::vector<std::string> fens = {
      std::string(START_FEN),
      "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
  };
  for (const std::string& fen : fens)
    for (const char* before : {"ucinewgame", "go depth 6"}) {
      if (std::string(before) == "ucinewgame")
        e.send(before);
      else
        e.search("position fen " + fen, before);
      std::vector<std::string> seen;
      auto w = words(e.search("position fen " + fen, "go depth 1", &seen));
      ASSERT_EQ(w.size(), 4u) << "no ponder move after " << before << ": " << fen;
      EXPECT_EQ(w[2], "ponder");
      std::string lastPv;
      for (const auto& l : seen)
        if (auto at = l.find(" pv "); at != std::string::npos) lastPv = l.substr(at + 4);
      EXPECT_EQ(lastPv, w[1]) << "the PV has more than the best move: " << fen;
      Position p = pos_of(fen);
      Move best = parse_uci_move(p, w[1]);
      ASSERT_TRUE(best) << w[1];
      p.do_move(best);
      EXPECT_TRUE(parse_uci_move(p, w[3])) << "illegal ponder move " << w[3] << " after " << w[1];
    }
}

TEST(UciProtocol, IsreadyAnsweredDuringSearchAndStopIsPrompt) {
  Session e;
  e.send("position startpos");
  e.send("go infinite");
  ASSERT_TRUE(e.wait_for("info depth 5", 10000));
  auto t0 = Clock::now();
  e.send("isready");
  ASSERT_TRUE(e.wait_for("readyok", 2000));
  auto readyMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  t0 = Clock::now();
  e.send("stop");
  auto best = e.wait_for("bestmove", 2000);
  auto stopMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  ASSERT_TRUE(best);
  // Generous bounds for a loaded machine; typical figures are well under 10 ms.
  EXPECT_LT(readyMs, 500);
  EXPECT_LT(stopMs, 500);
  std::cout << "isready latency " << readyMs << " ms, stop latency " << stopMs << " ms\n";
}

TEST(UciProtocol, EveryBestmoveIsLegal) {
  Session e;
  const std::vector<std::string> fens = {
      std::string(START_FEN),
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
      "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
  };
  for (const auto& fen : fens)
    for (const char* go : {"go depth 1", "go depth 6", "go nodes 5000", "go movetime 50"}) {
      auto w = words(e.search("position fen " + fen, go));
      ASSERT_GE(w.size(), 2u);
      Position p = pos_of(fen);
      Move best = parse_uci_move(p, w[1]);
      EXPECT_TRUE(best) << fen << " " << go << ": illegal bestmove " << w[1];
      if (w.size() >= 4 && w[2] == "ponder") {
        p.do_move(best);
        EXPECT_TRUE(parse_uci_move(p, w[3])) << "illegal ponder move " << w[3];
      }
    }
}

TEST(UciProtocol, PvIsLegalToItsEnd) {
  Session e;
  std::vector<std::string> lines;
  e.search("position startpos moves e2e4 c7c5 g1f3", "go depth 10", &lines);
  int checked = 0;
  for (const auto& l : lines) {
    auto w = words(l);
    auto pv = std::find(w.begin(), w.end(), "pv");
    if (pv == w.end()) continue;
    Position p = pos_of("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    for (auto it = pv + 1; it != w.end(); ++it) {
      Move m = parse_uci_move(p, *it);
      ASSERT_TRUE(m) << "illegal pv move " << *it << " in " << l;
      p.do_move(m);
    }
    ++checked;
  }
  EXPECT_GE(checked, 5);
}

TEST(UciProtocol, FindsMatesAndReportsThemInMoves) {
  // Mate distances confirmed with Stockfish 15.1.
  struct Case {
    const char* fen;
    int mate;
    const char* move;  // the only mating move, or "" if several
  };
  const Case cases[] = {
      {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"},
      {"k7/8/1K6/8/8/8/8/7R w - - 0 1", 1, "h1h8"},
      {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1, "h5f7"},
      {"2k5/8/1K6/8/8/8/8/7R w - - 0 1", 2, ""},
      {"6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2, "g2g1"},
      {"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, "f6a6"},
      {"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3, "f8c5"},
  };
  Session e;
  for (const auto& c : cases) {
    e.send("ucinewgame");
    std::vector<std::string> lines;
    auto best = words(e.search(std::string("position fen ") + c.fen, "go depth 12", &lines));
    EXPECT_EQ(last_score(lines), "mate " + std::to_string(c.mate)) << c.fen;
    if (*c.move) {
      EXPECT_EQ(best.at(1), c.move) << c.fen;
    }
  }
  // Being mated is reported with a negative count (Stockfish: mate -1).
  std::vector<std::string> lines;
  e.search("position fen k7/8/1K6/8/8/8/8/7R b - - 0 1", "go depth 8", &lines);
  EXPECT_EQ(last_score(lines), "mate -1");
}

TEST(UciProtocol, NoLegalMoveGivesBestmove0000) {
  Session e;
  std::vector<std::string> lines;
  // Checkmated (fool's mate) and stalemated.
  EXPECT_EQ(e.search("position startpos moves f2f3 e7e5 g2g4 d8h4", "go depth 5", &lines),
            "bestmove 0000");
  EXPECT_EQ(last_score(lines), "mate 0");
  lines.clear();
  EXPECT_EQ(e.search("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go movetime 100", &lines),
            "bestmove 0000");
  EXPECT_EQ(last_score(lines), "cp 0");
}

// At 99 half-moves a quiet move that mates wins: the 50-move rule yields to
// the mate. Without a mate every move draws by the rule.
TEST(UciProtocol, AMateOnTheHundredthHalfMoveWins) {
  Session e;
  std::vector<std::string> lines;
  EXPECT_EQ(e.search("position fen 7k/R7/6K1/8/8/8/8/8 w - - 99 80", "go depth 6", &lines),
            "bestmove a7a8");
  EXPECT_EQ(last_score(lines), "mate 1");
  lines.clear();
  e.search("position fen 7k/8/8/8/8/8/8/R5K1 w - - 99 80", "go depth 6", &lines);
  EXPECT_EQ(last_score(lines), "cp 0");
}

TEST(UciProtocol, MultiPvReportsDistinctLines) {
  Session e;
  e.send("setoption name MultiPV value 3");
  std::vector<std::string> lines;
  e.search("position startpos", "go depth 8", &lines);
  std::map<int, std::string> firstMoves;  // at the final depth
  for (const auto& l : lines) {
    auto w = words(l);
    auto d = std::find(w.begin(), w.end(), "depth");
    auto k = std::find(w.begin(), w.end(), "multipv");
    auto pv = std::find(w.begin(), w.end(), "pv");
    if (d == w.end() || k == w.end() || pv == w.end() || pv + 1 == w.end()) continue;
    if (std::stoi(*(d + 1)) == 8) firstMoves[std::stoi(*(k + 1))] = *(pv + 1);
  }
  ASSERT_EQ(firstMoves.size(), 3u);
  EXPECT_NE(firstMoves[1], firstMoves[2]);
  EXPECT_NE(firstMoves[2], firstMoves[3]);
  EXPECT_NE(firstMoves[1], firstMoves[3]);
}

TEST(UciProtocol, Chess960CastlingIsKingTakesRook) {
  Session e;
  // King e1, rooks b1 and g1: queenside castling is legal (Stockfish's
  // perft lists it as e1b1), kingside is not (g1 is attacked).
  const std::string fen = "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1";
  e.send("setoption name UCI_Chess960 value true");
  // Restrict the search to the castling move: it must come back as e1b1.
  EXPECT_EQ(words(e.search("position fen " + fen, "go depth 4 searchmoves e1b1")).at(1), "e1b1");
  e.send("go perft 1");
  std::vector<std::string> divide;
  ASSERT_TRUE(e.wait_for("Nodes searched", 5000, &divide));
  EXPECT_NE(std::find(divide.begin(), divide.end(), "e1b1: 1"), divide.end());
  // In standard chess the same move is e1g1.
  e.send("setoption name UCI_Chess960 value false");
  EXPECT_EQ(words(e.search("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                           "go depth 4 searchmoves e1g1"))
                .at(1),
            "e1g1");
}

TEST(UciProtocol, MovetimeIsObeyed) {
  Session e;
  for (int ms : {100, 500}) {
    auto t0 = Clock::now();
    e.search("position startpos", "go movetime " + std::to_string(ms));
    double took = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    EXPECT_GE(took, ms * 0.5) << "stopped far too early";
    EXPECT_LE(took, ms + 300) << "overran movetime";
  }
}

TEST(UciProtocol, ClockSearchStaysWithinTime) {
  Session e;
  auto t0 = Clock::now();
  e.search("position startpos", "go wtime 1000 btime 1000 winc 10 binc 10");
  double took = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  EXPECT_LT(took, 600);
  t0 = Clock::now();
  e.search("position startpos", "go wtime 30 btime 30");  // nearly flagged
  took = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  EXPECT_LT(took, 60);
}

// A GUI may send depth, nodes or mate beside the clock (Cute Chess does for
// a depth-limited engine under a time control): the clock still bounds it.
TEST(UciProtocol, ClockBoundsASearchWithOtherLimits) {
  Session e;
  for (const char* limit : {"depth 200", "nodes 1000000000000", "mate 100"}) {
    auto t0 = Clock::now();
    e.search("position startpos", std::string("go wtime 300 btime 300 ") + limit);
    double took = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    EXPECT_LT(took, 400) << limit << ": the clock was ignored";
  }
}

// A limit's value out of range, too long or with a fraction is brought into
// range with a message: dropping it would leave a search with no limit, and
// the GUI would wait for a move that never comes.
TEST(UciProtocol, OutOfRangeLimitsAreClampedNotDropped) {
  Session e;
  struct Case {
    const char* go;
    const char* message;
  };
  for (const Case& c :
       {Case{"go depth 0", "go depth: 0 read as 1"}, Case{"go nodes 0", "go nodes: 0 read as 1"},
        Case{"go movetime 1.5", "go movetime: 1.5 read as 1"},
        Case{"go nodes -7", "go nodes: -7 read as 1"},
        Case{"go depth +5", "go depth: +5 read as 5"},
        Case{"go wtime 300.0 btime 300.0", "go wtime: 300.0 read as 300"},
        // Black's clock decides; White's, too long for a
        // long long, is clamped quietly as a clock is.
        Case{"go wtime 99999999999999999999999 btime 300", nullptr}}) {
    std::vector<std::string> lines;
    e.send("position startpos moves e2e4");
    e.send(c.go);
    ASSERT_TRUE(e.wait_for("bestmove", 3000, &lines)) << c.go << ": no bestmove";
    auto told = std::find_if(lines.begin(), lines.end(),
                             [](const std::string& l) { return l.rfind("info string", 0) == 0; });
    if (c.message)
      EXPECT_TRUE(told != lines.end() && *told == "info string " + std::string(c.message))
          << c.go << ": no '" << c.message << "'";
    else
      EXPECT_TRUE(told == lines.end()) << c.go << ": " << *told;
  }
  // Text that is no number is still refused, with its reason.
  std::vector<std::string> lines;
  e.send("go depth x1 nodes 1000");
  ASSERT_TRUE(e.wait_for("bestmove", 3000, &lines));
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
    return l == "info string go depth: 'x1' is not a number";
  }));
}

// What an info string quotes from the input is printable UTF-8 on one line:
// no control bytes (a terminal escape), no invalid bytes, no 200 KB line.
TEST(UciProtocol, InfoStringsQuoteInputPrintably) {
  Session e;
  // é stays; ESC, 0xff, 0x01 and U+009B (a C1 control, 0xc2 0x9b) do not.
  e.send_raw("go depth 1 caf\xc3\xa9\x1b[2J\xff\x01x\xc2\x9b\n");
  std::vector<std::string> lines;
  ASSERT_TRUE(e.wait_for("bestmove", 3000, &lines));
  auto quoted = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
    return l.rfind("info string go: unknown parameter", 0) == 0;
  });
  ASSERT_TRUE(quoted != lines.end());
  EXPECT_EQ(*quoted,
            "info string go: unknown parameter 'caf\xc3\xa9?[2J??x?"
            "?' ignored");
  e.send("setoption name BookFile value /" + std::string(200000, 'a'));
  e.send("setoption name OwnBook value true");
  lines.clear();
  e.send("isready");
  ASSERT_TRUE(e.wait_for("readyok", 10000, &lines));
  auto long_line = std::find_if(lines.begin(), lines.end(),
                                [](const std::string& l) { return l.size() > 1100; });
  EXPECT_TRUE(long_line == lines.end()) << "a line of " << long_line->size() << " bytes";
}

// Depth 0 counts the root alone, with no list of moves.
TEST(UciProtocol, PerftZeroCountsTheRoot) {
  Session e;
  std::vector<std::string> lines;
  e.send("go perft 0");
  e.send("isready");
  ASSERT_TRUE(e.wait_for("readyok", 5000, &lines));
  EXPECT_TRUE(std::find(lines.begin(), lines.end(), "Nodes searched: 1") != lines.end());
  for (const auto& line : lines) EXPECT_NE(line.rfind(":", 0), 0u) << line;
}

// Some GUIs write the promotion piece in upper case.
TEST(UciProtocol, UpperCasePromotionIsAccepted) {
  Session e;
  e.send("position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8Q");
  e.send("d");
  auto fen = e.wait_for("Fen:", 2000);
  ASSERT_TRUE(fen);
  EXPECT_EQ(*fen, "Fen: Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

TEST(UciProtocol, PonderWaitsForPonderhit) {
  Session e;
  e.send("position startpos moves e2e4");
  e.send("go ponder wtime 2000 btime 2000");
  EXPECT_FALSE(e.wait_for("bestmove", 300)) << "bestmove sent while pondering";
  e.send("ponderhit");
  EXPECT_TRUE(e.wait_for("bestmove", 3000));
  // stop during ponder also ends it.
  e.send("go ponder wtime 2000 btime 2000");
  e.send("stop");
  EXPECT_TRUE(e.wait_for("bestmove", 1000));
}

// The value after `key` on an info line (-1 when absent).
long long info_value(const std::string& line, const std::string& key) {
  auto w = words(line);
  for (std::size_t i = 0; i + 1 < w.size(); ++i)
    if (w[i] == key) return std::stoll(w[i + 1]);
  return -1;
}

// Time and nodes/s on the info lines count from the go, pondering included
// (as Stockfish's do); the time budget after ponderhit counts from there.
TEST(UciProtocol, InfoAfterPonderhitCountsFromTheGo) {
  Session e;
  e.send("position startpos moves e2e4");
  e.send("go ponder wtime 600000 btime 600000 movestogo 40");
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  e.send("ponderhit");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  e.send("stop");
  std::vector<std::string> seen;
  ASSERT_TRUE(e.wait_for("bestmove", 5000, &seen));
  long long lastTime = -1, lastNodes = -1, lastNps = -1;
  for (const auto& line : seen)
    if (line.rfind("info depth", 0) == 0 && info_value(line, "time") >= 0) {
      lastTime = info_value(line, "time");
      lastNodes = info_value(line, "nodes");
      lastNps = info_value(line, "nps");
    }
  ASSERT_GE(lastTime, 0) << "no info line";
  EXPECT_GE(lastTime, 1000) << "the info time restarted at ponderhit";
  EXPECT_LE(lastNps, lastNodes * 1000 / std::max(1LL, lastTime) + 1);
}

// `nodestime` (Stockfish's): nodes per millisecond stand in for the clock, so
// that a clock search spends the same nodes on any machine, however loaded,
// and reports its time in them.
TEST(UciProtocol, NodestimeSpendsNodesNotMilliseconds) {
  auto run = [] {
    Session e;
    e.send("setoption name nodestime value 50");
    std::vector<std::string> seen;
    e.search("position startpos", "go wtime 4000 btime 4000", &seen);
    long long nodes = -1, time = -1;
    for (const auto& line : seen)
      if (line.rfind("info depth", 0) == 0) {
        nodes = info_value(line, "nodes");
        time = info_value(line, "time");
      }
    EXPECT_EQ(time, nodes / 50) << "time is nodes over nodestime";
    return nodes;
  };
  long long first = run();
  EXPECT_GT(first, 1000);
  // 4 s at 50 nodes a millisecond is 200,000 nodes on the clock.
  EXPECT_LT(first, 200000);
  EXPECT_EQ(run(), first) << "the same nodes again, whatever the wall clock did";
}

TEST(UciProtocol, BadInputGetsInfoStringAndEngineKeepsWorking) {
  Session e;
  const std::vector<std::string> bad = {
      "xboard",
      "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e5",
      "position fen garbage",
      "position",
      "position fen",
      "position startpos moves",
      "setoption name Hash value abc",
      "setoption name Hash value -5",
      "setoption name Threads value 100000",
      "setoption name SyzygyPath value /EGT/Syzygy",
      "setoption",
      "go wtime",
      "go depth x",
      "go nodes -1",
      "go wtime -100 btime -100",
      "stop",
      "ponderhit",
      std::string(100000, 'x'),
      std::string("\x01\x02\xff\xfe go", 7),
  };
  for (const auto& line : bad) e.send(line);
  e.sync();
  // The first bad FEN kept the previous position: the e2e5 line set up the
  // start position and kept no moves.
  auto best = words(e.search("position startpos moves e2e4", "go depth 3"));
  EXPECT_TRUE(parse_uci_move(pos_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
                             best.at(1)));
  // An illegal move keeps the moves before it.
  e.send("position startpos moves e2e4 e7e5 e1e3");
  e.send("d");
  auto fen = e.wait_for("Fen:", 2000);
  ASSERT_TRUE(fen);
  EXPECT_EQ(*fen, "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
}

TEST(UciProtocol, InfoStringsNameTheProblem) {
  Session e;
  std::vector<std::string> lines;
  e.send("position fen 8/8/8/8/8/8/8/8 w - - 0 1");
  e.send("setoption name SyzygyPath value /EGT/Syzygy");
  e.send("frobnicate");
  e.send("isready");
  ASSERT_TRUE(e.wait_for("readyok", 5000, &lines));
  ASSERT_GE(lines.size(), 5u);
  EXPECT_NE(lines[0].find("info string"), std::string::npos);
  EXPECT_NE(lines[0].find("king"), std::string::npos);
  // xboard's path need not exist (Debian's Ethereal 12 dies on it).
  EXPECT_NE(lines[1].find("SyzygyPath: /EGT/Syzygy is not a directory"), std::string::npos);
  EXPECT_NE(lines[2].find("SyzygyPath: no tablebases loaded"), std::string::npos);
  EXPECT_NE(lines[3].find("frobnicate"), std::string::npos);
}

// EvalFile loads a good file, refuses a damaged one with the reason while
// keeping the network in use, and goes back to the embedded one; `eval`
// shows each piece's worth and the output the search uses.
TEST(UciProtocol, EvalFileSwitchesNetworksAndKeepsTheOneInUseOnError) {
  Session e;
  std::vector<char> image = nnue::write_network(nnue::active_network(), "a copy");
  shiftmate_test::TempFile good(std::string(image.begin(), image.end()));
  shiftmate_test::TempFile truncated(std::string(image.begin(), image.begin() + 1000));
  auto network_line = [&](std::vector<std::string>* board = nullptr) {
    e.send("eval");
    auto line = e.wait_for("Network '", 5000, board);
    return line ? *line : std::string("no eval output");
  };
  e.send("position startpos moves e2e4");
  std::vector<std::string> board;
  const std::string embedded = network_line(&board);
  // The first rank's pieces, then their values (none under the king).
  auto rank1 = std::find_if(board.begin(), board.end(), [](const std::string& l) {
    return l.find("|   R   |   N   |   B   |   Q   |   K   |") != std::string::npos;
  });
  ASSERT_TRUE(rank1 != board.end() && rank1 + 1 != board.end());
  EXPECT_TRUE(std::regex_search(*(rank1 + 1), std::regex(R"(^ \| +[-+]\d+ \| +[-+]\d+ \|)")))
      << *(rank1 + 1);

  e.send("setoption name EvalFile value " + good.path());
  auto info = e.wait_for("info string EvalFile:", 5000);
  ASSERT_TRUE(info);
  EXPECT_NE(info->find("network 'a copy'"), std::string::npos) << *info;
  const std::string copy = network_line();
  EXPECT_NE(copy.find("'a copy'"), std::string::npos) << copy;

  for (const std::string& file : {std::string("/nonexistent/net.nnue"), truncated.path()}) {
    e.send("setoption name EvalFile value " + file);
    info = e.wait_for("info string EvalFile:", 5000);
    ASSERT_TRUE(info) << file;
    EXPECT_NE(info->find("evaluating with network 'a copy'"), std::string::npos) << *info;
  }
  EXPECT_NE(info->find("bytes"), std::string::npos) << "a truncated file names its size";
  EXPECT_EQ(network_line(), copy);

  e.send("setoption name EvalFile value <embedded>");
  ASSERT_TRUE(e.wait_for("info string EvalFile:", 5000));
  EXPECT_EQ(network_line(), embedded);
  EXPECT_NE(e.search("position startpos", "go depth 4").find("bestmove "), std::string::npos);
}

TEST(UciProtocol, EndOfInputDuringSearchExitsCleanly) {
  Session e;  // started first, so that the waits below time the search's end alone
  e.send("position startpos");
  e.send("go infinite");
  e.close_input();
  EXPECT_TRUE(e.wait_for("bestmove", 3000));
  auto status = e.wait_exit(3000);
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, 0);
}

TEST(UciProtocol, QuitDuringSearchExitsPromptly) {
  Session e;
  e.send("position startpos");
  e.send("go infinite");
  usleep(100000);
  e.send("quit");
  auto status = e.wait_exit(2000);
  ASSERT_TRUE(status);
  EXPECT_EQ(*status, 0);
}

TEST(UciProtocol, GoNodesIsReproducible) {
  auto run = [] {
    Session e;
    std::vector<std::string> lines;
    e.search("position startpos moves d2d4 g8f6", "go nodes 20000", &lines);
    return lines;
  };
  auto a = run(), b = run();
  // Same node counts, scores and pvs, line by line (times may differ).
  auto strip = [](std::vector<std::string> v) {
    for (auto& l : v) l = std::regex_replace(l, std::regex(" (nps|time) [0-9]+"), "");
    return v;
  };
  EXPECT_EQ(strip(a), strip(b));
}

TEST(UciProtocol, BenchIsDeterministicAndEndsWithNodesNps) {
  auto run = [] {
    EngineProcess e({"bench", "5"});
    std::string last, line;
    while (auto l = e.read_line(60000)) last = *l;
    EXPECT_EQ(e.wait_exit(5000).value_or(-1), 0);
    return last;
  };
  std::string a = run(), b = run();
  std::smatch ma, mb;
  ASSERT_TRUE(std::regex_match(a, ma, std::regex("([0-9]+) nodes ([0-9]+) nps"))) << a;
  ASSERT_TRUE(std::regex_match(b, mb, std::regex("([0-9]+) nodes ([0-9]+) nps"))) << b;
  EXPECT_EQ(ma[1], mb[1]);
}

TEST(UciProtocol, ThreadsAndHashOptionsWork) {
  Session e;
  e.send("setoption name Threads value 3");
  e.send("setoption name Hash value 64");
  e.send("setoption name Clear Hash");
  e.sync();
  auto best = words(e.search("position startpos", "go depth 8"));
  EXPECT_TRUE(parse_uci_move(pos_of(std::string(START_FEN)), best.at(1)));
  // Hash larger than the machine can give: an info string, and the engine
  // keeps its previous table.
  std::vector<std::string> lines;
  e.send("setoption name Hash value 33554432");  // the maximum, Stockfish's: 32 TB
  e.send("isready");
  ASSERT_TRUE(e.wait_for("readyok", 20000, &lines));
  bool refused = false;
  for (const auto& line : lines)
    refused |= line.find("info string cannot allocate 33554432 MB") == 0 &&
               line.find("keeping 64 MB") != std::string::npos;
  EXPECT_TRUE(refused) << "no info string for a table the machine cannot give";
  best = words(e.search("position startpos", "go depth 5"));
  EXPECT_TRUE(parse_uci_move(pos_of(std::string(START_FEN)), best.at(1)));
}

// The maxima of the options a big machine needs, as Stockfish's.
TEST(UciProtocol, ThreadsAndHashReachStockfishsMaxima) {
  EngineProcess e;
  e.send("uci");
  std::vector<std::string> lines;
  ASSERT_TRUE(e.wait_for("uciok", StartupTimeoutMs, &lines));
  auto has = [&](const std::string& text) {
    return std::find(lines.begin(), lines.end(), text) != lines.end();
  };
  EXPECT_TRUE(has("option name Threads type spin default 1 min 1 max 1024"));
  EXPECT_TRUE(has("option name Hash type spin default 16 min 1 max 33554432"));
}

// What analysis GUIs use: the move being searched, analysis mode, a log of
// the conversation, mate searches and searchmoves with several lines.
TEST(UciProtocol, CurrentMoveAfterTheFirstSeconds) {
  Session e;
  std::vector<std::string> lines;
  e.send("position startpos");
  auto start = std::chrono::steady_clock::now();
  e.send("go infinite");
  // Each iteration starts at its first root move: one comes soon after 3 s.
  std::optional<std::string> line;
  do line = e.wait_for("info", 20000, &lines);
  while (line && line->find(" currmove ") == std::string::npos);
  ASSERT_TRUE(line) << "no currmove within 20 s";
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(2900));
  e.send("stop");
  ASSERT_TRUE(e.wait_for("bestmove", 5000, &lines));
  int reported = 0;
  for (const auto& l : lines) {
    if (l.find(" currmove ") == std::string::npos) continue;
    auto w = words(l);
    ASSERT_EQ(w.size(), 7u) << l;
    EXPECT_EQ(w[3], "currmove");
    EXPECT_TRUE(parse_uci_move(Position(), w[4])) << l;
    EXPECT_EQ(w[5], "currmovenumber");
    EXPECT_GE(std::stoi(w[6]), 1);
    ++reported;
  }
  EXPECT_GT(reported, 0) << "no currmove after 3 s";
}

TEST(UciProtocol, AnalyseModeAndDebugLogFile) {
  Session e;
  shiftmate_test::TempPath logFile(".log");
  const std::string log = logFile.path();
  std::vector<std::string> lines;
  e.send("setoption name UCI_AnalyseMode value true");
  e.send("setoption name Debug Log File value " + log);
  e.send("position startpos moves e2e4");
  e.send("isready");
  ASSERT_TRUE(e.wait_for("readyok", 5000, &lines));
  for (const auto& l : lines) EXPECT_EQ(l.find("unsupported"), std::string::npos) << l;
  e.send("setoption name Debug Log File value <empty>");
  e.sync();
  std::string text = shiftmate_test::read_file(log);
  EXPECT_NE(text.find("<< position startpos moves e2e4"), std::string::npos) << text;
  EXPECT_NE(text.find("<< isready"), std::string::npos) << text;
  EXPECT_NE(text.find(">> readyok"), std::string::npos) << text;
  e.send("setoption name Debug Log File value /nonexistent/dir/log.txt");
  EXPECT_TRUE(e.wait_for("info string Debug Log File: cannot write", 2000));
}

TEST(UciProtocol, GoMateStopsWhenTheMateIsFound) {
  Session e;
  std::vector<std::string> lines;
  // Mate in 2 (1.Kb6 Kb8 2.Rh8#), no depth or time limit: the search stops itself.
  e.search("position fen k7/8/2K5/8/8/8/8/7R w - - 0 1", "go mate 3", &lines, 20000);
  EXPECT_EQ(last_score(lines).substr(0, 4), "mate") << last_score(lines);
  EXPECT_GT(std::stoi(last_score(lines).substr(5)), 0);
  EXPECT_LE(std::stoi(last_score(lines).substr(5)), 3);
}

TEST(UciProtocol, SearchmovesWithMultiPv) {
  Session e;
  e.send("setoption name MultiPV value 3");
  std::vector<std::string> lines;
  std::string best = e.search("position startpos", "go depth 6 searchmoves a2a3 b1c3 h2h4", &lines);
  const std::vector<std::string> allowed{"a2a3", "b1c3", "h2h4"};
  EXPECT_NE(std::find(allowed.begin(), allowed.end(), words(best).at(1)), allowed.end()) << best;
  std::set<std::string> firstMoves;
  for (const auto& l : lines) {
    auto w = words(l);
    auto pv = std::find(w.begin(), w.end(), "pv");
    if (l.find("depth 6 ") == std::string::npos || pv == w.end() || pv + 1 == w.end()) continue;
    EXPECT_NE(std::find(allowed.begin(), allowed.end(), *(pv + 1)), allowed.end()) << l;
    firstMoves.insert(*(pv + 1));
  }
  EXPECT_EQ(firstMoves.size(), 3u);
}
