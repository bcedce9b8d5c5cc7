#include <gtest/gtest.h>
#include "position.h"
TEST(Smoke, StartFenRoundTrip) {
  shiftmate::Position p;
  EXPECT_EQ(p.fen(), shiftmate::START_FEN);
}
