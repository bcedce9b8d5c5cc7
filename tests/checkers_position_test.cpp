// Russian checkers squares and positions: the numbering against the design
// diagram, the rotations that move men, PDN numbers, FEN in and out with
// each named error.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "checkers/notation.h"
#include "checkers/position.h"
#include "checkers/squares.h"

using namespace shiftmate::checkers;

namespace {

// ---------------------------------------------------------------- numbering

TEST(CheckersSquares, NumberingMatchesTheDiagram) {
  // Rank 8 down to rank 1, dark squares left to right.
  const int diagram[8][4] = {{31, 5, 11, 17}, {24, 30, 4, 10}, {23, 29, 3, 9},  {16, 22, 28, 2},
                             {15, 21, 27, 1}, {8, 14, 20, 26}, {7, 13, 19, 25}, {0, 6, 12, 18}};
  unsigned seen = 0;
  for (int row = 0; row < 8; ++row) {
    int rank = 7 - row;
    for (int i = 0; i < 4; ++i) {
      int file = 2 * i + rank % 2;
      Square s = diagram[row][i];
      EXPECT_EQ(square_at(file, rank), s) << file << "," << rank;
      EXPECT_EQ(file_of(s), file);
      EXPECT_EQ(rank_of(s), rank);
      seen |= square_bb(s);
    }
  }
  EXPECT_EQ(seen, 0xFFFFFFFFu);
}

// One masked rotation moves a piece one square in each direction, and the
// mask drops exactly the pieces whose step would leave the board.
TEST(CheckersSquares, RotationsStepAlongTheDiagonals) {
  for (Square s = 0; s < SquareCount; ++s)
    for (Direction d : AllDirections) {
      int file = file_of(s) + FileStep[d], rank = rank_of(s) + RankStep[d];
      EXPECT_EQ(bool(CanStep[d] & square_bb(s)), on_board(file, rank));
      if (on_board(file, rank)) {
        EXPECT_EQ(step(square_bb(s), d), square_bb(square_at(file, rank)));
      }
      EXPECT_EQ(step_back(step(square_bb(s), d), d), square_bb(s));
      bool jumpFits = on_board(file + FileStep[d], rank + RankStep[d]);
      EXPECT_EQ(bool(CanJump[d] & square_bb(s)), on_board(file, rank) && jumpFits);
    }
  EXPECT_EQ(Rotation[UpLeft], 1);
  EXPECT_EQ(Rotation[UpRight], 7);
}

TEST(CheckersSquares, PdnNumbersRunFromB8ToG1) {
  EXPECT_EQ(square_name(square_of_pdn(1)), "b8");
  EXPECT_EQ(square_name(square_of_pdn(4)), "h8");
  EXPECT_EQ(square_name(square_of_pdn(5)), "a7");
  EXPECT_EQ(square_name(square_of_pdn(21)), "a3");
  EXPECT_EQ(square_name(square_of_pdn(29)), "a1");
  EXPECT_EQ(square_name(square_of_pdn(32)), "g1");
  for (int n = 1; n <= 32; ++n) EXPECT_EQ(pdn_of(square_of_pdn(n)), n);
}

TEST(CheckersSquares, SquareNames) {
  EXPECT_EQ(parse_square_name("a1"), 0);
  EXPECT_EQ(parse_square_name("c1"), 6);
  EXPECT_EQ(parse_square_name("b2"), 7);
  EXPECT_EQ(parse_square_name("h8"), 17);
  EXPECT_FALSE(parse_square_name("a2"));  // a light square
  EXPECT_FALSE(parse_square_name("i1"));
  EXPECT_FALSE(parse_square_name("a9"));
  EXPECT_FALSE(parse_square_name("a"));
  for (Square s = 0; s < SquareCount; ++s) EXPECT_EQ(parse_square_name(square_name(s)), s);
}

// ---------------------------------------------------------------- FEN

TEST(CheckersFen, StartPosition) {
  Position pos = start_position();
  EXPECT_EQ(pos.fen(), StartFen);
  EXPECT_EQ(pos.sideToMove, White);
  EXPECT_EQ(pos.kings(White) | pos.kings(Black), 0u);
  // White's men on a1, c1, e1, g1, b2, d2, f2, h2, a3, c3, e3, g3.
  for (const char* name : {"a1", "c1", "e1", "g1", "b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3"})
    EXPECT_TRUE(pos.men[White] & square_bb(*parse_square_name(name))) << name;
  EXPECT_EQ(std::popcount(pos.pieces[Black] & PromotionRank[White]), 4);
}

TEST(CheckersFen, RoundTrip) {
  for (const char* fen : {"B:WK3,21:B12", "W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", "W:W:B1",
                          "B:WK1,K2,K3,K4:B", StartFen.data()}) {
    Position pos;
    ASSERT_FALSE(parse_fen(fen, pos)) << fen;
    Position again;
    ASSERT_FALSE(parse_fen(pos.fen(), again)) << pos.fen();
    EXPECT_EQ(again, pos) << fen;
  }
  Position pos;
  ASSERT_FALSE(parse_fen("B:WK3,21:B12", pos));
  EXPECT_EQ(pos.fen(), "B:WK3,21:B12");
  EXPECT_EQ(pos.kings(White), square_bb(*parse_square_name("f8")));
  EXPECT_EQ(pos.men[Black], square_bb(*parse_square_name("h6")));
}

TEST(CheckersFen, RangesSpacesAndAFinalDotAreRead) {
  Position ranges;
  ASSERT_FALSE(parse_fen(" W:W21-32:B1-12. ", ranges));
  EXPECT_EQ(ranges, start_position());
  Position kings;
  ASSERT_FALSE(parse_fen("B:B1, 2:WK29-30", kings));
  EXPECT_EQ(kings.fen(), "B:WK29,K30:B1,2");
}

TEST(CheckersFen, EachErrorIsNamed) {
  struct Case {
    const char* fen;
    FenError error;
  };
  const std::vector<Case> cases = {
      {"", FenError::EmptyText},
      {"  \t", FenError::EmptyText},
      {"X:W21:B1", FenError::BadSide},
      {":W21:B1", FenError::BadSide},
      {"WB:W21:B1", FenError::BadSide},
      {"W", FenError::MissingPieceField},
      {"W:", FenError::MissingPieceField},
      {"W:W21", FenError::MissingPieceField},
      {"W:X21:B1", FenError::BadPieceField},
      {"W:W21:W22", FenError::BadPieceField},
      {"W:W21:B1:W3", FenError::BadPieceField},
      {"W:W21::B1", FenError::BadPieceField},
      {"W:W33:B1", FenError::BadSquare},
      {"W:W0:B1", FenError::BadSquare},
      {"W:Wx:B1", FenError::BadSquare},
      {"W:W21,:B1", FenError::BadSquare},
      {"W:W21,,22:B1", FenError::BadSquare},
      {"W:WK:B1", FenError::BadSquare},
      {"W:W-3:B1", FenError::BadSquare},
      {"W:W30-21:B1", FenError::BadRange},
      {"W:W21,21:B1", FenError::DuplicateSquare},
      {"W:W21:B21", FenError::DuplicateSquare},
      {"W:W21-32:B1-12,K30", FenError::DuplicateSquare},
      {"W:W13-25:B1", FenError::TooManyPieces},
      {"W:W21:B1-12,K13", FenError::TooManyPieces},
      {"W:W1:B12", FenError::ManOnPromotionRank},
      {"W:W21:B29", FenError::ManOnPromotionRank},
  };
  for (const Case& c : cases) {
    Position pos = start_position();
    auto error = parse_fen(c.fen, pos);
    ASSERT_TRUE(error) << c.fen;
    EXPECT_EQ(*error, c.error) << c.fen << ": " << fen_error_message(*error);
    EXPECT_EQ(pos, start_position()) << "a failed parse leaves the position alone: " << c.fen;
    EXPECT_FALSE(fen_error_message(*error).empty());
  }
}

}  // namespace
