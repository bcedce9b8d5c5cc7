// The transposition table: store and probe, hashfull and clear, mate scores
// through the table, and the refusal of a size the machine cannot hold.
#include "tt.h"

#include <gtest/gtest.h>

#include "score.h"

using namespace shiftmate;

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

// A full cluster gives up the entry from an earlier search before this
// search's shallower ones, whatever bounds they carry.
TEST(TranspositionTable, ReplacesAnEarlierSearchsEntryFirst) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(1));
  // Keys that differ only in the low 16 bits (the tag) share a cluster.
  const Key base = 0x8000000000000000ULL;
  bool found;
  auto put = [&](Key key, Bound b, int depth) {
    tt.store(tt.probe(key, found), key, 10, false, b, depth, Move::none(), 0);
  };
  tt.new_search();
  put(base + 1, BOUND_LOWER, 10);  // deep, but from the search before
  tt.new_search();
  put(base + 2, BOUND_LOWER, 6);
  put(base + 3, BOUND_UPPER, 4);
  for (Key k = base + 1; k <= base + 3; ++k) {
    tt.probe(k, found);
    ASSERT_TRUE(found) << "the cluster holds all three before the fourth";
  }
  put(base + 4, BOUND_EXACT, 2);
  EXPECT_FALSE(tt.probe(base + 1, found) && found);
  EXPECT_TRUE(tt.probe(base + 2, found) && found);
  EXPECT_TRUE(tt.probe(base + 3, found) && found);
  EXPECT_TRUE(tt.probe(base + 4, found) && found);
}

// Mate and tablebase scores travel relative to the node: a mate 5 plies
// off, found at ply 3, is a mate 5 plies off wherever the position comes
// back. It stands while the 50-move rule leaves 5 half-moves; with fewer it
// comes back as a win that is no mate (no cutoff may take it for one).
TEST(TranspositionTable, MateScoresComeBackWithinTheFiftyMoveRule) {
  const int stored = value_to_tt(mate_in(8), 3);
  EXPECT_EQ(stored, VALUE_MATE - 5);
  EXPECT_EQ(value_from_tt(stored, 7, 0), mate_in(12));
  EXPECT_EQ(value_from_tt(stored, 7, 95), mate_in(12));
  EXPECT_EQ(value_from_tt(stored, 7, 96), VALUE_TB_WIN_IN_MAX_PLY - 1);
  EXPECT_FALSE(is_decisive(value_from_tt(stored, 7, 96)));

  const int mated = value_to_tt(mated_in(8), 3);
  EXPECT_EQ(value_from_tt(mated, 2, 95), mated_in(7));
  EXPECT_EQ(value_from_tt(mated, 2, 96), VALUE_TB_LOSS_IN_MAX_PLY + 1);
  EXPECT_FALSE(is_decisive(value_from_tt(mated, 2, 96)));

  // A tablebase win 6 plies from where it was stored.
  const int tbWin = value_to_tt(VALUE_TB - 10, 4);
  EXPECT_EQ(value_from_tt(tbWin, 1, 94), VALUE_TB - 7);
  EXPECT_EQ(value_from_tt(tbWin, 1, 95), VALUE_TB_WIN_IN_MAX_PLY - 1);
  EXPECT_EQ(value_from_tt(value_to_tt(-(VALUE_TB - 10), 4), 1, 94), -(VALUE_TB - 7));
  EXPECT_EQ(value_from_tt(value_to_tt(-(VALUE_TB - 10), 4), 1, 95), VALUE_TB_LOSS_IN_MAX_PLY + 1);

  // Ordinary scores and "no score" pass through at any count.
  for (int rule50 : {0, 60, 99})
    for (int v : {0, 35, -812, VALUE_TB_WIN_IN_MAX_PLY - 1}) {
      EXPECT_EQ(value_from_tt(value_to_tt(v, 9), 4, rule50), v);
      EXPECT_EQ(value_from_tt(VALUE_NONE, 4, rule50), VALUE_NONE);
    }
}

TEST(TranspositionTable, RefusesMoreMemoryThanTheMachineHas) {
  TranspositionTable tt;
  ASSERT_TRUE(tt.resize(2));
  EXPECT_FALSE(tt.resize(std::size_t(1) << 30));  // a petabyte
  EXPECT_EQ(tt.size_mb(), 2u);
}

// Threads clear their slices of the table: every entry goes, whatever the
// thread count (one, none asked for, more than there are cores).
TEST(TranspositionTable, ClearedByThreads) {
  TranspositionTable tt;
  bool found;
  for (int threads : {3, 1, 0, 64}) {
    ASSERT_TRUE(tt.resize(3, threads));
    for (Key k = 1; k < 300000; ++k) {
      Key key = k * 0x9E3779B97F4A7C15ULL;
      tt.store(tt.probe(key, found), key, 0, false, BOUND_LOWER, 5, Move::none(), 0);
    }
    EXPECT_GT(tt.hashfull(), 900);
    tt.clear(threads);
    EXPECT_EQ(tt.hashfull(), 0);
    std::size_t left = 0;
    for (Key k = 1; k < 300000; ++k) {
      const Key key = k * 0x9E3779B97F4A7C15ULL;
      left += tt.probe(key, found) && found;
    }
    EXPECT_EQ(left, 0u) << threads << " threads";
  }
}
