// Time allocation: the budget stays inside the clock and grows with it.
#include "timeman.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace shiftmate;

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

// Below the overhead's reserve (5 x 10 ms here) the increment still buys
// thinking time: 45 ms on the clock and 100 ms a move is not a time scramble.
TEST(TimeManagement, IncrementBuysTimeWhenTheClockIsLow) {
  // Half the clock past the overhead, (45 - 10) / 2 = 17, below half the
  // increment past it, (100 - 10) / 2 = 45; the optimum is capped there too.
  TimeBudget b = allocate_time(45, 100, 0, 10);
  EXPECT_EQ(b.maximum, 17);
  EXPECT_EQ(b.optimum, 17);
  // Without an increment above the overhead nothing changes: move at once.
  EXPECT_LE(allocate_time(45, 10, 0, 10).maximum, 1);
  EXPECT_LE(allocate_time(45, 0, 0, 10).maximum, 1);
}
