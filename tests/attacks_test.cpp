// Leaper, pawn, slider and line tables checked square by square against a
// naive reference that works on (file, rank) coordinates.
#include "attacks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>

#include "bitboard.h"
#include "magic_numbers.h"
#include "position.h"
#include "slider_fill.h"

using namespace shiftmate;

namespace {

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }
Bitboard bit(int f, int r) { return 1ULL << (r * 8 + f); }
std::string name(int s) { return {char('a' + s % 8), char('1' + s / 8)}; }

// Squares reached by single (df, dr) jumps from s.
template <std::size_t N>
Bitboard naive_jumps(int s, const int (&offsets)[N][2]) {
  Bitboard b = 0;
  for (const auto& o : offsets) {
    int f = s % 8 + o[0], r = s / 8 + o[1];
    if (on_board(f, r)) b |= bit(f, r);
  }
  return b;
}

constexpr int KnightOffsets[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                     {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int KingOffsets[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                   {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr int WhitePawnOffsets[2][2] = {{-1, 1}, {1, 1}};
constexpr int BlackPawnOffsets[2][2] = {{-1, -1}, {1, -1}};
constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

Bitboard naive_knight(int s) { return naive_jumps(s, KnightOffsets); }
Bitboard naive_king(int s) { return naive_jumps(s, KingOffsets); }
Bitboard naive_pawn(Color c, int s) {
  return c == WHITE ? naive_jumps(s, WhitePawnOffsets) : naive_jumps(s, BlackPawnOffsets);
}

// Walks each ray one square at a time; a ray ends on (and includes) the
// first occupied square.
Bitboard naive_slider(int s, Bitboard occupied, const int (&dirs)[4][2]) {
  Bitboard b = 0;
  for (const auto& d : dirs) {
    for (int f = s % 8 + d[0], r = s / 8 + d[1]; on_board(f, r); f += d[0], r += d[1]) {
      b |= bit(f, r);
      if (occupied & bit(f, r)) break;
    }
  }
  return b;
}
Bitboard naive_rook(int s, Bitboard occ) { return naive_slider(s, occ, RookDirs); }
Bitboard naive_bishop(int s, Bitboard occ) { return naive_slider(s, occ, BishopDirs); }

int sign(int x) { return (x > 0) - (x < 0); }

// The step (df, dr) that leads from a to b along a rank, file or diagonal;
// false when the squares share no line (or are equal).
bool line_step(int a, int b, int& df, int& dr) {
  int fa = a % 8, ra = a / 8, fb = b % 8, rb = b / 8;
  if (a == b) return false;
  if (fa != fb && ra != rb && std::abs(fa - fb) != std::abs(ra - rb)) return false;
  df = sign(fb - fa);
  dr = sign(rb - ra);
  return true;
}

Bitboard naive_between(int a, int b) {
  int df, dr;
  if (!line_step(a, b, df, dr)) return 0;
  Bitboard out = 0;
  for (int f = a % 8 + df, r = a / 8 + dr; r * 8 + f != b; f += df, r += dr) out |= bit(f, r);
  return out;
}

Bitboard naive_line(int a, int b) {
  int df, dr;
  if (!line_step(a, b, df, dr)) return 0;
  Bitboard out = bit(a % 8, a / 8);
  for (int sgn : {1, -1})
    for (int f = a % 8 + sgn * df, r = a / 8 + sgn * dr; on_board(f, r);
         f += sgn * df, r += sgn * dr)
      out |= bit(f, r);
  return out;
}

class AttacksTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { Position::init(); }
};

TEST_F(AttacksTest, KnightAttacksEverySquare) {
  for (int s = 0; s < 64; ++s) EXPECT_EQ(knight_attacks(Square(s)), naive_knight(s)) << name(s);
  // Spot checks written out by hand.
  EXPECT_EQ(knight_attacks(SQ_A1), square_bb(SQ_B3) | square_bb(SQ_C2));
  EXPECT_EQ(knight_attacks(SQ_H8), square_bb(SQ_G6) | square_bb(SQ_F7));
  EXPECT_EQ(popcount(knight_attacks(SQ_D4)), 8);
  EXPECT_EQ(popcount(knight_attacks(SQ_G2)), 4);
}

TEST_F(AttacksTest, KingAttacksEverySquare) {
  for (int s = 0; s < 64; ++s) EXPECT_EQ(king_attacks(Square(s)), naive_king(s)) << name(s);
  EXPECT_EQ(king_attacks(SQ_H1), square_bb(SQ_G1) | square_bb(SQ_G2) | square_bb(SQ_H2));
  EXPECT_EQ(popcount(king_attacks(SQ_E4)), 8);
  EXPECT_EQ(popcount(king_attacks(SQ_A5)), 5);
}

TEST_F(AttacksTest, PawnAttacksEverySquare) {
  for (int s = 0; s < 64; ++s) {
    EXPECT_EQ(pawn_attacks(WHITE, Square(s)), naive_pawn(WHITE, s)) << "white " << name(s);
    EXPECT_EQ(pawn_attacks(BLACK, Square(s)), naive_pawn(BLACK, s)) << "black " << name(s);
  }
  EXPECT_EQ(pawn_attacks(WHITE, SQ_A2), square_bb(SQ_B3));
  EXPECT_EQ(pawn_attacks(WHITE, SQ_H2), square_bb(SQ_G3));
  EXPECT_EQ(pawn_attacks(BLACK, SQ_E5), square_bb(SQ_D4) | square_bb(SQ_F4));
  EXPECT_EQ(pawn_attacks(WHITE, SQ_E8), 0u);
  EXPECT_EQ(pawn_attacks(BLACK, SQ_E1), 0u);
}

// The set-wise shift versions must equal the OR of single-square attacks.
TEST_F(AttacksTest, MultiPieceLeaperShiftsEqualUnionOfSingles) {
  std::mt19937_64 rng(0xA77AC45ULL);
  for (int i = 0; i < 20000; ++i) {
    Bitboard b;
    switch (i % 4) {
      case 0:
        b = rng() & rng() & rng();
        break;  // sparse
      case 1:
        b = rng();
        break;
      case 2:
        b = rng() | rng();
        break;  // dense
      default:
        b = square_bb(Square(rng() % 64)) | square_bb(Square(rng() % 64));
        break;
    }
    if (i == 0) b = 0;
    if (i == 1) b = ~0ULL;
    Bitboard knights = 0, kings = 0, white = 0, black = 0;
    for (int s = 0; s < 64; ++s)
      if (b & (1ULL << s)) {
        knights |= naive_knight(s);
        kings |= naive_king(s);
        white |= naive_pawn(WHITE, s);
        black |= naive_pawn(BLACK, s);
      }
    ASSERT_EQ(knight_attacks_bb(b), knights) << std::hex << b;
    ASSERT_EQ(king_attacks_bb(b), kings) << std::hex << b;
    ASSERT_EQ(pawn_attacks_bb<WHITE>(b), white) << std::hex << b;
    ASSERT_EQ(pawn_attacks_bb<BLACK>(b), black) << std::hex << b;
  }
}

template <Direction D>
void check_shift(int df, int dr, const char* label) {
  for (int s = 0; s < 64; ++s) {
    int f = s % 8 + df, r = s / 8 + dr;
    Bitboard expected = on_board(f, r) ? bit(f, r) : 0;
    EXPECT_EQ(shift<D>(square_bb(Square(s))), expected) << label << " from " << name(s);
  }
  // A full board shifted: everything except the row/column that was pushed off.
  Bitboard full = 0;
  for (int s = 0; s < 64; ++s) {
    int f = s % 8 + df, r = s / 8 + dr;
    if (on_board(f, r)) full |= bit(f, r);
  }
  EXPECT_EQ(shift<D>(~0ULL), full) << label;
  std::mt19937_64 rng(0x5417F7ULL + D);
  for (int i = 0; i < 2000; ++i) {
    Bitboard b = rng(), expected = 0;
    for (int s = 0; s < 64; ++s) {
      int f = s % 8 + df, r = s / 8 + dr;
      if ((b & (1ULL << s)) && on_board(f, r)) expected |= bit(f, r);
    }
    ASSERT_EQ(shift<D>(b), expected) << label << std::hex << " " << b;
  }
}

TEST_F(AttacksTest, ShiftNeverWrapsAcrossFiles) {
  check_shift<NORTH>(0, 1, "NORTH");
  check_shift<SOUTH>(0, -1, "SOUTH");
  check_shift<EAST>(1, 0, "EAST");
  check_shift<WEST>(-1, 0, "WEST");
  check_shift<NORTH_EAST>(1, 1, "NORTH_EAST");
  check_shift<NORTH_WEST>(-1, 1, "NORTH_WEST");
  check_shift<SOUTH_EAST>(1, -1, "SOUTH_EAST");
  check_shift<SOUTH_WEST>(-1, -1, "SOUTH_WEST");
  // The edges, spelled out.
  EXPECT_EQ(shift<EAST>(FILE_H_BB), 0u);
  EXPECT_EQ(shift<WEST>(FILE_A_BB), 0u);
  EXPECT_EQ(shift<NORTH_EAST>(FILE_H_BB), 0u);
  EXPECT_EQ(shift<SOUTH_WEST>(FILE_A_BB), 0u);
  EXPECT_EQ(shift<NORTH>(RANK_8_BB), 0u);
  EXPECT_EQ(shift<SOUTH>(RANK_1_BB), 0u);
  EXPECT_EQ(shift<EAST>(square_bb(SQ_H4)), 0u);
  EXPECT_EQ(shift<WEST>(square_bb(SQ_A4)), 0u);
}

// Occupancies of several densities, plus some limited to the square's lines
// (where the blockers actually matter).
Bitboard random_occupancy(std::mt19937_64& rng, int s, int i) {
  Bitboard lines = naive_rook(s, 0) | naive_bishop(s, 0);
  switch (i % 6) {
    case 0:
      return rng() & rng() & rng();  // sparse
    case 1:
      return rng() & rng();  // light
    case 2:
      return rng();  // half
    case 3:
      return rng() | rng();  // dense
    case 4:
      return (rng() & rng()) & lines;  // a few blockers on the lines
    default:
      return (rng() | rng() | rng()) & lines;  // many blockers on the lines
  }
}

TEST_F(AttacksTest, SlidersMatchRayWalkForRandomOccupancies) {
  std::mt19937_64 rng(0x511DE125ULL);
  for (int s = 0; s < 64; ++s) {
    Square sq = Square(s);
    // Empty and full boards first.
    for (Bitboard occ : {Bitboard(0), ~Bitboard(0), square_bb(sq)}) {
      ASSERT_EQ(rook_attacks(sq, occ), naive_rook(s, occ)) << name(s);
      ASSERT_EQ(bishop_attacks(sq, occ), naive_bishop(s, occ)) << name(s);
    }
    for (int i = 0; i < 2400; ++i) {
      Bitboard occ = random_occupancy(rng, s, i);
      Bitboard rook = naive_rook(s, occ), bishop = naive_bishop(s, occ);
      ASSERT_EQ(rook_attacks(sq, occ), rook) << "rook " << name(s) << " occ " << std::hex << occ;
      ASSERT_EQ(bishop_attacks(sq, occ), bishop)
          << "bishop " << name(s) << " occ " << std::hex << occ;
      ASSERT_EQ(queen_attacks(sq, occ), rook | bishop)
          << "queen " << name(s) << " occ " << std::hex << occ;
      // The piece's own square never matters.
      ASSERT_EQ(rook_attacks(sq, occ ^ square_bb(sq)), rook) << name(s);
      ASSERT_EQ(bishop_attacks(sq, occ ^ square_bb(sq)), bishop) << name(s);
      if (i % 8 == 0) {
        ASSERT_EQ(attacks_bb(ROOK, sq, occ), rook);
        ASSERT_EQ(attacks_bb(BISHOP, sq, occ), bishop);
        ASSERT_EQ(attacks_bb(QUEEN, sq, occ), rook | bishop);
        ASSERT_EQ(attacks_bb(KNIGHT, sq, occ), naive_knight(s));
        ASSERT_EQ(attacks_bb(KING, sq, occ), naive_king(s));
        ASSERT_EQ(slider_attacks_slow(ROOK, sq, occ), rook);
        ASSERT_EQ(slider_attacks_slow(BISHOP, sq, occ), bishop);
      }
    }
  }
}

TEST_F(AttacksTest, SliderSpotChecks) {
  // Rook on d4 with blockers on d6, b4 and d1 (hand-worked).
  Bitboard occ = square_bb(SQ_D6) | square_bb(SQ_B4) | square_bb(SQ_D1);
  Bitboard expected = square_bb(SQ_D5) | square_bb(SQ_D6) | square_bb(SQ_C4) | square_bb(SQ_B4) |
                      square_bb(SQ_E4) | square_bb(SQ_F4) | square_bb(SQ_G4) | square_bb(SQ_H4) |
                      square_bb(SQ_D3) | square_bb(SQ_D2) | square_bb(SQ_D1);
  EXPECT_EQ(rook_attacks(SQ_D4, occ), expected);
  // Bishop on a1, blocker on c3: b2 and c3 only.
  EXPECT_EQ(bishop_attacks(SQ_A1, square_bb(SQ_C3)), square_bb(SQ_B2) | square_bb(SQ_C3));
  EXPECT_EQ(popcount(rook_attacks(SQ_A1, 0)), 14);
  EXPECT_EQ(popcount(bishop_attacks(SQ_D4, 0)), 13);
  EXPECT_EQ(popcount(queen_attacks(SQ_D4, 0)), 27);
}

TEST_F(AttacksTest, BetweenAndLineForAllPairs) {
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b) {
      ASSERT_EQ(between_bb(Square(a), Square(b)), naive_between(a, b))
          << "between " << name(a) << " " << name(b);
      ASSERT_EQ(line_bb(Square(a), Square(b)), naive_line(a, b))
          << "line " << name(a) << " " << name(b);
    }
  // Hand-worked examples.
  EXPECT_EQ(between_bb(SQ_A1, SQ_D4), square_bb(SQ_B2) | square_bb(SQ_C3));
  EXPECT_EQ(between_bb(SQ_E1, SQ_H1), square_bb(SQ_F1) | square_bb(SQ_G1));
  EXPECT_EQ(between_bb(SQ_E1, SQ_F1), 0u);
  EXPECT_EQ(between_bb(SQ_B1, SQ_C3), 0u);  // a knight jump: no line
  EXPECT_EQ(line_bb(SQ_C2, SQ_C5), FILE_A_BB << 2);
  EXPECT_EQ(line_bb(SQ_B1, SQ_C3), 0u);
  EXPECT_EQ(line_bb(SQ_H1, SQ_A8), 0x0102040810204080ULL);
}

TEST_F(AttacksTest, AlignedMatchesNaiveLine) {
  std::mt19937_64 rng(0xA11A7EDULL);
  for (int i = 0; i < 50000; ++i) {
    int a = int(rng() % 64), b = int(rng() % 64), c = int(rng() % 64);
    bool expected = naive_line(a, b) & (1ULL << c);
    ASSERT_EQ(aligned(Square(a), Square(b), Square(c)), expected)
        << name(a) << " " << name(b) << " " << name(c);
  }
  EXPECT_TRUE(aligned(SQ_A1, SQ_C3, SQ_H8));
  EXPECT_FALSE(aligned(SQ_A1, SQ_C3, SQ_H7));
}

TEST_F(AttacksTest, BitboardHelpers) {
  EXPECT_EQ(popcount(0), 0);
  EXPECT_EQ(popcount(~0ULL), 64);
  EXPECT_EQ(lsb(square_bb(SQ_E4) | square_bb(SQ_H8)), SQ_E4);
  EXPECT_EQ(msb(square_bb(SQ_E4) | square_bb(SQ_H8)), SQ_H8);
  Bitboard b = square_bb(SQ_B2) | square_bb(SQ_G7);
  EXPECT_EQ(pop_lsb(b), SQ_B2);
  EXPECT_EQ(b, square_bb(SQ_G7));
  EXPECT_FALSE(more_than_one(b));
  EXPECT_TRUE(more_than_one(b | 1));
  for (int f = 0; f < 8; ++f)
    for (int r = 0; r < 8; ++r) {
      Square s = make_square(f, r);
      EXPECT_EQ(file_of(s), f);
      EXPECT_EQ(rank_of(s), r);
      EXPECT_TRUE(file_bb(f) & square_bb(s));
      EXPECT_TRUE(rank_bb(r) & square_bb(s));
      EXPECT_EQ(relative_rank(BLACK, s), 7 - r);
      EXPECT_EQ(relative_square(BLACK, s), make_square(f, 7 - r));
    }
  std::string pic = bitboard_string(square_bb(SQ_A8) | square_bb(SQ_H1));
  EXPECT_EQ(pic.substr(0, 2), "X ");             // a8 first
  EXPECT_EQ(pic.substr(pic.size() - 2), "X\n");  // h1 last
  EXPECT_EQ(std::count(pic.begin(), pic.end(), 'X'), 2);
}

}  // namespace

// The committed magic numbers are exactly what our seeded search finds, and
// every one of them indexes its table without a harmful collision.
TEST(Magics, CommittedNumbersComeFromOurSearch) {
  auto rook = shiftmate::search_magics(shiftmate::ROOK);
  auto bishop = shiftmate::search_magics(shiftmate::BISHOP);
  for (int s = 0; s < 64; ++s) {
    EXPECT_EQ(rook[s], shiftmate::magic_numbers::Rook[s]) << "rook square " << s;
    EXPECT_EQ(bishop[s], shiftmate::magic_numbers::Bishop[s]) << "bishop square " << s;
  }
}

// The fills (AVX-512, AVX2 or scalar, as built) against the magic lookups,
// on random boards: sliders of both kinds on the board, queens in
// both sets, the targets any subset of the squares.
TEST_F(AttacksTest, SliderFillMatchesLookups) {
  std::mt19937_64 rng(0xF111ULL);
  for (int i = 0; i < 20000; ++i) {
    const Bitboard occupied = rng() & rng() & (i % 2 ? rng() : ~0ULL);
    const Bitboard diag = occupied & rng() & rng(), orth = occupied & rng() & rng();
    const Bitboard targets = i % 3 ? rng() : ~occupied;
    int count = 0;
    Bitboard attacked = 0;
    for (Bitboard b = diag; b;) {
      Bitboard a = bishop_attacks(pop_lsb(b), occupied);
      count += popcount(a & targets);
      attacked |= a;
    }
    for (Bitboard b = orth; b;) {
      Bitboard a = rook_attacks(pop_lsb(b), occupied);
      count += popcount(a & targets);
      attacked |= a;
    }
    ASSERT_EQ(count_slider_moves(diag, orth, ~occupied, targets), count) << i;
    ASSERT_EQ(slider_attacks(diag, orth, ~occupied), attacked) << i;
  }
  // Corners and edges, where a rotation wraps: a lone queen on each square.
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    const Bitboard q = square_bb(s);
    EXPECT_EQ(slider_attacks(q, q, ~q), queen_attacks(s, q)) << name(s);
    EXPECT_EQ(count_slider_moves(q, q, ~q, ~q), popcount(queen_attacks(s, q))) << name(s);
  }
}
