// Static exchange evaluation (Position::see_ge) on small exchanges: free and
// defended captures, x-ray recaptures, quiet moves onto attacked squares.
#include <gtest/gtest.h>

#include "movegen.h"
#include "position.h"
#include "test_support.h"

using namespace shiftmate;
using shiftmate_test::pos_of;

namespace {

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
