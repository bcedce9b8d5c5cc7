// Unit tests for the time decisions after each iteration (timeman.h):
// when the search stops instead of starting another iteration, and the
// movetime limit.
#include <gtest/gtest.h>

#include "timeman.h"

using namespace shiftmate;

namespace {

constexpr TimePoint Optimum = 1000;

double target(IterationOutcome outcome) { return iteration_time_target(Optimum, outcome); }

}  // namespace

TEST(IterationTime, AFirstSettledIterationAimsSlightlyPastTheOptimum) {
  EXPECT_DOUBLE_EQ(target({}), 1200.0);
  EXPECT_FALSE(stop_after_iteration(1199, Optimum, {}));
  EXPECT_TRUE(stop_after_iteration(1201, Optimum, {}));
}

TEST(IterationTime, ChangingBestMovesThinkLonger) {
  EXPECT_DOUBLE_EQ(target({.bestMoveChanges = 1}), 2.5 * 1200.0);
  EXPECT_DOUBLE_EQ(target({.bestMoveChanges = 0.5}), 1.75 * 1200.0);
  EXPECT_FALSE(stop_after_iteration(2000, Optimum, {.bestMoveChanges = 1}));
  EXPECT_TRUE(stop_after_iteration(2000, Optimum, {}));
}

TEST(IterationTime, AFallingScoreThinksLongerWithinBounds) {
  EXPECT_DOUBLE_EQ(target({.scoreDrop = 50}), 1.5 * 1200.0);
  EXPECT_DOUBLE_EQ(target({.scoreDrop = 60}), 1.6 * 1200.0);
  EXPECT_DOUBLE_EQ(target({.scoreDrop = 500}), 1.6 * 1200.0);   // at most 1.6 times
  EXPECT_DOUBLE_EQ(target({.scoreDrop = -20}), 0.8 * 1200.0);   // a rising score: less
  EXPECT_DOUBLE_EQ(target({.scoreDrop = -500}), 0.7 * 1200.0);  // at least 0.7 times
}

TEST(IterationTime, AStableBestMoveStopsSooner) {
  EXPECT_DOUBLE_EQ(target({.stableIterations = 5}), 900.0);
  EXPECT_DOUBLE_EQ(target({.stableIterations = 8}), 750.0);
  EXPECT_DOUBLE_EQ(target({.stableIterations = 10}), 750.0);  // never below 0.75 optima
  EXPECT_DOUBLE_EQ(target({.stableIterations = 30}), 750.0);
  for (int stable = 0; stable < 20; ++stable)
    EXPECT_GE(target({.stableIterations = stable}), target({.stableIterations = stable + 1}));
}

TEST(IterationTime, TheFactorsMultiply) {
  IterationOutcome o{.bestMoveChanges = 1, .scoreDrop = 50, .stableIterations = 5};
  EXPECT_DOUBLE_EQ(target(o), Optimum * 2.5 * 1.5 * 0.9);
}

TEST(IterationTime, AnOnlyMoveIsPlayedAfterAFifthOfTheOptimum) {
  EXPECT_DOUBLE_EQ(target({.onlyMove = true}), 200.0);
  EXPECT_DOUBLE_EQ(target({.bestMoveChanges = 3, .scoreDrop = 100, .onlyMove = true}), 200.0);
  EXPECT_DOUBLE_EQ(target({.scoreDrop = -500, .stableIterations = 10, .onlyMove = true}), 200.0);
  EXPECT_TRUE(stop_after_iteration(201, Optimum, {.bestMoveChanges = 3, .onlyMove = true}));
}

TEST(IterationTime, MovetimeLeavesTheOverheadButAtLeastOneMillisecond) {
  EXPECT_EQ(movetime_limit(1000, 10), 990);
  EXPECT_EQ(movetime_limit(1000, 0), 1000);
  EXPECT_EQ(movetime_limit(5, 10), 1);
  EXPECT_EQ(movetime_limit(10, 10), 1);
}
