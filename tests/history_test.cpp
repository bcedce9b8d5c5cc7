// The history tables: the evaluation correction entry converges toward the
// search's error and stays bounded.
#include "history.h"

#include <gtest/gtest.h>

using namespace shiftmate;

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
  // The deepest step is 16/128 of the way: one search 128 cp off moves a
  // fresh entry 16 cp (half this rate lost games, twice it was level;
  // docs/strength.md).
  CorrectionEntry fresh;
  fresh.update(128, 15);
  EXPECT_EQ(fresh.correction(), 16);
  // A huge error is clipped, so one wild search cannot swing the table.
  for (int i = 0; i < 2000; ++i) entry.update(-30000, 20);
  EXPECT_GE(entry.correction(), -CorrectionEntry::MaxCorrection);
  EXPECT_LE(entry.correction(), -CorrectionEntry::MaxCorrection + 2);
}
