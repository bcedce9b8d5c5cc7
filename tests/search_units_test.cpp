// Unit tests for pieces of the search: SEE, the transposition table, time
// allocation, evaluation symmetry, the evaluation correction table, the
// soft node limit.
#include <gtest/gtest.h>

#include "history.h"
#include "movegen.h"
#include "nnue/inference.h"
#include "position.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"

using namespace shiftmate;

namespace {

Position pos_of(const char* fen) {
  Position p;
  EXPECT_FALSE(p.set(fen)) << fen;
  return p;
}

Move move_of(const Position& p, const char* uci) {
  Move m = parse_uci_move(p, uci);
  EXPECT_TRUE(m) << uci;
  return m;
}

// see_ge(m, t) must hold exactly for t <= the exchange's value.
void expect_see(const char* fen, const char* uci, int value) {
  Position p = pos_of(fen);
  Move m = move_of(p, uci);
  EXPECT_TRUE(p.see_ge(m, value)) << fen << " " << uci << " >= " << value;
  EXPECT_FALSE(p.see_ge(m, value + 1)) << fen << " " << uci << " >= " << value + 1;
}

}  // namespace

TEST(See, ExchangeValues) {
  expect_see("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100);        // free pawn
  expect_see("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", -400);      // rook for pawn
  expect_see("4k3/8/5n2/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", -800);     // queen for pawn
  expect_see("4k3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100);     // x-ray recapture
  expect_see("4k3/8/8/8/8/2p5/8/3NK3 w - - 0 1", "d1b2", -300);        // quiet move en prise
  expect_see("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", "d1c3", 0);             // quiet, safe
  expect_see("3rk3/3q4/8/3p4/8/3R4/3R4/3QK3 w - - 0 1", "d3d5", 100);  // battery both sides
}

TEST(TranspositionTable, StoreAndProbe) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(1));
  bool found;
  Key key = 0x123456789ABCDEF0ULL;
  TTEntry* e = tt.probe(key, found);
  EXPECT_FALSE(found);
  Move m(SQ_E2, SQ_E4);
  tt.store(e, key, 57, true, BOUND_EXACT, 9, m, -13);
  e = tt.probe(key, found);
  ASSERT_TRUE(found);
  EXPECT_EQ(e->value(), 57);
  EXPECT_EQ(e->eval(), -13);
  EXPECT_EQ(e->depth(), 9);
  EXPECT_EQ(e->bound(), BOUND_EXACT);
  EXPECT_TRUE(e->is_pv());
  EXPECT_EQ(e->move(), m);
  // A qsearch-depth entry keeps its depth too.
  Key k2 = ~key * 31 + 7;  // another cluster and tag
  e = tt.probe(k2, found);
  tt.store(e, k2, -20, false, BOUND_UPPER, TTEntry::DepthQsearch, Move::none(), 5);
  e = tt.probe(k2, found);
  ASSERT_TRUE(found);
  EXPECT_EQ(e->depth(), TTEntry::DepthQsearch);
  EXPECT_EQ(e->bound(), BOUND_UPPER);
}

TEST(TranspositionTable, HashfullAndClear) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(1));
  EXPECT_EQ(tt.hashfull(), 0);
  bool found;
  for (Key k = 1; k < 200000; ++k) {
    Key key = k * 0x9E3779B97F4A7C15ULL;
    tt.store(tt.probe(key, found), key, 0, false, BOUND_LOWER, 5, Move::none(), 0);
  }
  EXPECT_GT(tt.hashfull(), 900);
  tt.new_search();
  EXPECT_EQ(tt.hashfull(), 0);  // counts only this search's entries
  tt.clear();
  EXPECT_FALSE(tt.probe(1 * 0x9E3779B97F4A7C15ULL, found) && found);
}

TEST(TranspositionTable, RefusesMoreMemoryThanTheMachineHas) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(2));
  EXPECT_FALSE(tt.resize(std::size_t(1) << 30));  // a petabyte
  EXPECT_EQ(tt.size_mb(), 2u);
}

TEST(TimeManagement, BudgetStaysInsideTheClock) {
  for (TimePoint time : {10, 50, 100, 1000, 10000, 60000, 600000})
    for (TimePoint inc : {0, 10, 100, 1000})
      for (int mtg : {0, 1, 2, 10, 40})
        for (TimePoint overhead : {0, 10, 50}) {
          TimeBudget b = allocate_time(time, inc, mtg, overhead);
          EXPECT_GE(b.optimum, 1);
          EXPECT_LE(b.optimum, b.maximum);
          // Never plan to use more than what is on the clock.
          EXPECT_LE(b.maximum, std::max<TimePoint>(1, time - overhead))
              << time << "+" << inc << " mtg " << mtg;
          if (mtg != 1) {
            EXPECT_LE(b.maximum, time / 2 + 1);
          }
        }
}

TEST(TimeManagement, MoreTimeMeansLongerThinking) {
  EXPECT_LT(allocate_time(10000, 0, 0, 10).optimum, allocate_time(60000, 0, 0, 10).optimum);
  EXPECT_LT(allocate_time(10000, 0, 0, 10).optimum, allocate_time(10000, 1000, 0, 10).optimum);
  EXPECT_GT(allocate_time(10000, 0, 1, 10).maximum, allocate_time(10000, 0, 30, 10).maximum);
}

// The embedded network, as the search uses it.
static int evaluate(const Position& pos) { return nnue::evaluate(nnue::active_network(), pos); }

TEST(Evaluation, SymmetricUnderColourFlip) {
  // Mirroring the board and swapping colours must negate nothing: the side
  // to move gets the same score.
  const char* fens[][2] = {
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
       "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1"},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "8/4p1p1/8/1r3P1K/kp5R/3P4/2P5/8 b - - 0 1"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
       "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
  };
  for (auto& f : fens) EXPECT_EQ(evaluate(pos_of(f[0])), evaluate(pos_of(f[1]))) << f[0];
}

TEST(Evaluation, MaterialMatters) {
  EXPECT_GT(evaluate(pos_of("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")), 700);
  EXPECT_LT(evaluate(pos_of("4k3/8/8/8/8/8/8/3QK3 b - - 0 1")), -700);
  // A rook more in the middlegame, for either side to move.
  EXPECT_GT(evaluate(pos_of("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1")), 250);
  EXPECT_LT(evaluate(pos_of("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQq - 0 1")), -250);
}

TEST(CorrectionHistory, ConvergesTowardTheErrorAndStaysBounded) {
  CorrectionEntry entry;
  EXPECT_EQ(entry.correction(), 0);
  for (int i = 0; i < 400; ++i) entry.update(40, 12);
  EXPECT_NEAR(entry.correction(), 40, 1);
  // Shallow results move it more slowly than deep ones.
  CorrectionEntry shallow, deep;
  shallow.update(-100, 1);
  deep.update(-100, 15);
  EXPECT_GT(shallow.value, deep.value);
  EXPECT_LT(deep.value, 0);
  // A huge error is clipped, so one wild search cannot swing the table.
  for (int i = 0; i < 2000; ++i) entry.update(-30000, 20);
  EXPECT_GE(entry.correction(), -CorrectionEntry::MaxCorrection);
  EXPECT_LE(entry.correction(), -CorrectionEntry::MaxCorrection + 2);
}

namespace {

struct SearchRun {
  std::vector<SearchInfo> infos;
  std::uint64_t nodes = 0;
};

// One single-threaded search from a fresh table and histories.
SearchRun search_with(const Position& pos, const SearchLimits& limits) {
  TranspositionTable tt;
  EXPECT_TRUE(tt.resize(16));
  Search search(tt);
  SearchRun run;
  SearchCallbacks callbacks;
  callbacks.onInfo = [&](const SearchInfo& info) { run.infos.push_back(info); };
  search.start(pos, limits, SearchOptions{}, std::move(callbacks));
  search.wait();
  run.nodes = search.nodes_searched();
  return run;
}

}  // namespace

TEST(SearchLimits, SoftNodesStopAtTheEndOfAnIteration) {
  Position pos = pos_of("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  SearchLimits soft;
  soft.softNodes = 20000;
  soft.nodes = 20 * soft.softNodes;
  SearchRun run = search_with(pos, soft);
  ASSERT_GE(run.infos.size(), 2u);
  const SearchInfo& last = run.infos.back();
  const SearchInfo& before = run.infos[run.infos.size() - 2];
  // Past the soft limit only at the end of the last iteration, and far from
  // the hard one.
  EXPECT_GE(run.nodes, soft.softNodes);
  EXPECT_LT(before.nodes, soft.softNodes);
  EXPECT_LT(run.nodes, soft.nodes);
  EXPECT_EQ(last.depth, before.depth + 1);

  // The same search as one limited to that depth: it stopped on the boundary.
  SearchLimits depth;
  depth.depth = last.depth;
  SearchRun exact = search_with(pos, depth);
  EXPECT_EQ(exact.nodes, run.nodes);
  EXPECT_EQ(exact.infos.back().pv, last.pv);

  // The hard limit alone cuts an iteration short.
  SearchLimits hard;
  hard.nodes = soft.softNodes;
  SearchRun cut = search_with(pos, hard);
  EXPECT_LT(cut.nodes, run.nodes);
  EXPECT_GE(cut.nodes, hard.nodes);
}

// KQ vs KR is all forcing moves. When every safe check was extended, queen
// checks kept the depth from falling for 2 x rootDepth plies: depth 23 took
// 2.6 M nodes and depth 24 did not finish in 116 M. And once a mate was in
// sight, the defender could neither pass (null move) nor stand pat (reverse
// futility) against a mate-score beta, so proving the mate's length took
// 81 M nodes. Now: a mate is found well inside 12 M nodes (at depth 20-27,
// by how much the evaluation knows of this ending: the network at depth 20).
// The mate is the guard against the blow-up (which never found it); the
// depth only says the search got somewhere.
TEST(SearchLimits, ForcingEndgameKeepsTheTreeBounded) {
  Position pos = pos_of("2k5/8/8/8/8/8/6r1/3QK3 w - - 0 1");
  SearchLimits limits;
  limits.nodes = 12000000;
  SearchRun run = search_with(pos, limits);
  ASSERT_FALSE(run.infos.empty());
  int completed = 0;
  for (const SearchInfo& info : run.infos)
    if (info.bound == BOUND_EXACT) completed = std::max(completed, info.depth);
  EXPECT_GE(completed, 20) << "the tree grows too fast in a forcing endgame";
  EXPECT_GE(run.infos.back().score, VALUE_MATE_IN_MAX_PLY) << "White mates";
}
