// The transposition table: store and probe, hashfull and clear, and the
// refusal of a size the machine cannot hold.
#include "tt.h"

#include <gtest/gtest.h>

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
