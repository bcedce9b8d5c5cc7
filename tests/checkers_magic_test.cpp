// The flying-king magic tables against a ray scan on a plain 8x8 board, for
// every square, both diagonals and every occupancy of the diagonal; and the
// committed magic numbers against our seeded search.
#include <gtest/gtest.h>

#include "checkers/magic.h"
#include "checkers/magic_numbers.h"
#include "random.h"

using namespace shiftmate::checkers;

namespace {

// What a king on `s` sees along `diagonal`, walked square by square on
// (file, rank) coordinates with an 8x8 occupancy grid.
DiagonalReach scan(Square s, int diagonal, Board occupied) {
  bool grid[8][8] = {};
  for (Square t = 0; t < SquareCount; ++t)
    if (occupied & square_bb(t)) grid[file_of(t)][rank_of(t)] = true;
  // The ways along each diagonal, the rising bit index first.
  const int ways[2][2][2] = {{{-1, 1}, {1, -1}}, {{1, 1}, {-1, -1}}};
  DiagonalReach r;
  for (int way = 0; way < 2; ++way) {
    int df = ways[diagonal][way][0], dr = ways[diagonal][way][1];
    int f = file_of(s) + df, k = rank_of(s) + dr;
    auto inside = [&] { return f >= 0 && f < 8 && k >= 0 && k < 8; };
    while (inside() && !grid[f][k]) r.slides |= square_bb(square_at(f, k)), f += df, k += dr;
    if (!inside()) continue;
    Board piece = square_bb(square_at(f, k));
    Board behind = 0;
    for (f += df, k += dr; inside() && !grid[f][k]; f += df, k += dr)
      behind |= square_bb(square_at(f, k));
    if (behind) r.victim[way] = piece, r.landings[way] = behind;
  }
  return r;
}

TEST(CheckersMagic, TablesMatchARayScanForEveryOccupancy) {
  const KingTables& tables = king_tables();
  shiftmate::Random rng(0xD1A6);
  int checked = 0;
  for (Square s = 0; s < SquareCount; ++s)
    for (int diagonal = 0; diagonal < DiagonalCount; ++diagonal) {
      Board mask = diagonal_mask(s, diagonal);
      EXPECT_FALSE(mask & square_bb(s));
      Board occupancy = 0;
      do {
        DiagonalReach expected = scan(s, diagonal, occupancy);
        ASSERT_EQ(tables.reach(s, diagonal, occupancy), expected)
            << "square " << s << " diagonal " << diagonal << " occupancy " << occupancy;
        EXPECT_EQ(reach_slow(s, diagonal, occupancy), expected);
        // Pieces off the diagonal, and the king's own square, change nothing.
        Board noise = Board(rng.next()) & ~mask;
        ASSERT_EQ(tables.reach(s, diagonal, occupancy | noise), expected);
        ++checked;
        occupancy = (occupancy - mask) & mask;
      } while (occupancy);
    }
  // Every (square, diagonal) pair: 2^(diagonal length - 1) occupancies.
  EXPECT_EQ(checked, 2562);
}

TEST(CheckersMagic, DiagonalsAreTheTwoFamilies) {
  // a1-h8 steps by 7 mod 32, g1-a7 by 1.
  EXPECT_EQ(diagonal_mask(0, 1), square_bb(7) | square_bb(14) | square_bb(21) | square_bb(28) |
                                     square_bb(3) | square_bb(10) | square_bb(17));
  EXPECT_EQ(diagonal_mask(18, 0), (0x1FCu << 16) & ~square_bb(18));  // bits 19..24
  EXPECT_EQ(diagonal_mask(0, 0), 0u);                                // a1 is a corner
}

TEST(CheckersMagic, CommittedNumbersComeFromOurSearch) {
  MagicNumbers found = search_magics(magic_numbers::Seed);
  for (Square s = 0; s < SquareCount; ++s)
    for (int diagonal = 0; diagonal < DiagonalCount; ++diagonal)
      EXPECT_EQ(found[s][diagonal], magic_numbers::Diagonal[s][diagonal])
          << "square " << s << " diagonal " << diagonal;
  EXPECT_EQ(magic_numbers::Seed, DefaultMagicSeed);
}

TEST(CheckersMagic, AnotherSeedFindsOtherNumbers) {
  EXPECT_NE(search_magics(1), search_magics(magic_numbers::Seed));
  EXPECT_EQ(search_magics(1), search_magics(1));
}

}  // namespace
