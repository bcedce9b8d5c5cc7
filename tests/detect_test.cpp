// Move detection from the next placement or from occupied squares only.
#include "detect.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "position.h"
#include "test_support.h"

using namespace shiftmate;
using shiftmate_test::split_lines;

namespace {

Bitboard squares(std::initializer_list<Square> list) {
  Bitboard b = 0;
  for (Square s : list) b |= square_bb(s);
  return b;
}

std::string hex(Bitboard b) {
  std::ostringstream out;
  out << std::hex << b;
  return out.str();
}

Position from(const std::string& fen) {
  Position pos;
  auto error = pos.set(fen);
  EXPECT_FALSE(error) << fen << ": " << *error;
  return pos;
}

struct Detected {
  int code;
  std::string output;
};

Detected detect(const std::string& fen, std::optional<std::string> after,
                std::optional<std::string> occupancy, bool chess960 = false) {
  DetectRequest req{fen, after, occupancy, chess960};
  std::ostringstream out;
  int code = run_detect(req, out);
  return {code, out.str()};
}

class DetectTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { Position::init(); }
};

TEST_F(DetectTest, NormalMove) {
  Position before;
  Position after = from("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  auto moves = moves_matching_placement(before, after);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move(SQ_E2, SQ_E4));

  // Occupancy alone is enough here too.
  Bitboard occ = (before.pieces() ^ square_bb(SQ_E2)) | square_bb(SQ_E4);
  moves = moves_matching_occupancy(before, occ);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move(SQ_E2, SQ_E4));

  Detected d = detect(std::string(START_FEN), std::nullopt, hex(occ));
  EXPECT_EQ(d.code, 0);
  EXPECT_EQ(split_lines(d.output), std::vector<std::string>{"e2e4"}) << d.output;
  d = detect(std::string(START_FEN), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
             std::nullopt);
  EXPECT_EQ(d.code, 0);
  EXPECT_EQ(split_lines(d.output), std::vector<std::string>{"e2e4"}) << d.output;
  // With a 0x prefix and upper-case digits.
  std::string upper = hex(occ);
  for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
  d = detect(std::string(START_FEN), std::nullopt, "0x" + upper);
  EXPECT_EQ(d.code, 0) << d.output;
}

TEST_F(DetectTest, Capture) {
  Position before = from("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  Position after = from("4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
  auto moves = moves_matching_placement(before, after);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move(SQ_E4, SQ_D5));
  moves = moves_matching_occupancy(before, squares({SQ_E8, SQ_D5, SQ_E1}));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move(SQ_E4, SQ_D5));
}

TEST_F(DetectTest, CaptureByOneOfTwoPiecesIsToldApartByTheEmptiedSquare) {
  // Rooks on a5 and d1 can both take on d5.
  Position before = from("4k3/8/8/R2p4/8/8/8/3RK3 w - - 0 1");
  auto moves = moves_matching_occupancy(before, squares({SQ_E8, SQ_A5, SQ_D5, SQ_E1}));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move(SQ_D1, SQ_D5));
  moves = moves_matching_occupancy(before, squares({SQ_E8, SQ_D5, SQ_D1, SQ_E1}));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move(SQ_A5, SQ_D5));
}

TEST_F(DetectTest, StandardCastling) {
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  Position before = from(fen);
  auto moves = moves_matching_placement(before, from("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move::make<CASTLING>(SQ_E1, SQ_H1));
  moves = moves_matching_placement(before, from("r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move::make<CASTLING>(SQ_E1, SQ_A1));

  Bitboard kingSide = squares({SQ_A8, SQ_E8, SQ_H8, SQ_A1, SQ_F1, SQ_G1});
  Bitboard queenSide = squares({SQ_A8, SQ_E8, SQ_H8, SQ_C1, SQ_D1, SQ_H1});
  Detected d = detect(fen, std::nullopt, hex(kingSide));
  EXPECT_EQ(d.code, 0);
  EXPECT_EQ(split_lines(d.output), std::vector<std::string>{"e1g1"}) << d.output;
  d = detect(fen, std::nullopt, hex(queenSide));
  EXPECT_EQ(d.code, 0);
  EXPECT_EQ(split_lines(d.output), std::vector<std::string>{"e1c1"}) << d.output;
  // Chess960 notation: king takes rook.
  d = detect(fen, std::nullopt, hex(kingSide), true);
  EXPECT_EQ(split_lines(d.output), std::vector<std::string>{"e1h1"}) << d.output;
  d = detect(fen, "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1", std::nullopt, true);
  EXPECT_EQ(split_lines(d.output), std::vector<std::string>{"e1a1"}) << d.output;
}

TEST_F(DetectTest, Chess960Castling) {
  // King b1, rooks a1 and h1.
  const std::string fen = "4k3/8/8/8/8/8/8/RK5R w HA - 0 1";
  Position before = from(fen);
  auto moves = moves_matching_placement(before, from("4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move::make<CASTLING>(SQ_B1, SQ_H1));
  moves = moves_matching_placement(before, from("4k3/8/8/8/8/8/8/2KR3R b - - 1 1"));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move::make<CASTLING>(SQ_B1, SQ_A1));

  Detected d = detect(fen, std::nullopt, hex(squares({SQ_E8, SQ_C1, SQ_D1, SQ_H1})), true);
  EXPECT_EQ(d.code, 0);
  EXPECT_EQ(split_lines(d.output), std::vector<std::string>{"b1a1"}) << d.output;
  d = detect(fen, "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1", std::nullopt, true);
  EXPECT_EQ(d.code, 0);
  EXPECT_EQ(split_lines(d.output), std::vector<std::string>{"b1h1"}) << d.output;

  // King f1 and rook g1 swap: the occupied squares do not change at all,
  // so "no change" is explained by the castling move only.
  Position swap = from("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
  moves = moves_matching_occupancy(swap, swap.pieces());
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move::make<CASTLING>(SQ_F1, SQ_G1));
}

// King d1 and rook a1: castling puts the king on c1 and the rook on d1,
// which leaves the same squares occupied as the rook move a1-c1.
TEST_F(DetectTest, Chess960CastlingAndRookMoveShareAnOccupancy) {
  const std::string fen = "4k3/8/8/8/8/8/8/R2K4 w A - 0 1";
  Position before = from(fen);
  Bitboard occ = squares({SQ_E8, SQ_C1, SQ_D1});
  auto moves = moves_matching_occupancy(before, occ);
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_NE(std::find(moves.begin(), moves.end(), Move(SQ_A1, SQ_C1)), moves.end());
  EXPECT_NE(std::find(moves.begin(), moves.end(), Move::make<CASTLING>(SQ_D1, SQ_A1)), moves.end());
  Detected d = detect(fen, std::nullopt, hex(occ), true);
  EXPECT_EQ(d.code, 0);
  auto out = split_lines(d.output);
  ASSERT_EQ(out.size(), 3u) << d.output;
  EXPECT_NE(out[2].find("ambiguous"), std::string::npos) << d.output;
  EXPECT_EQ(out[2].find("promotion"), std::string::npos) << d.output;
  // The placement tells them apart.
  moves = moves_matching_placement(before, from("4k3/8/8/8/8/8/8/2KR4 b - - 1 1"));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move::make<CASTLING>(SQ_D1, SQ_A1));
  moves = moves_matching_placement(before, from("4k3/8/8/8/8/8/8/2RK4 b - - 1 1"));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move(SQ_A1, SQ_C1));
}

TEST_F(DetectTest, EnPassant) {
  const std::string fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
  Position before = from(fen);
  auto moves = moves_matching_placement(before, from("4k3/8/3P4/8/8/8/8/4K3 b - - 0 1"));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move::make<EN_PASSANT>(SQ_E5, SQ_D6));
  // Occupancy: e5 and d5 empty, d6 full.
  moves = moves_matching_occupancy(before, squares({SQ_E8, SQ_D6, SQ_E1}));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0], Move::make<EN_PASSANT>(SQ_E5, SQ_D6));
  Detected d = detect(fen, std::nullopt, hex(squares({SQ_E8, SQ_D6, SQ_E1})));
  EXPECT_EQ(d.code, 0);
  EXPECT_EQ(split_lines(d.output), std::vector<std::string>{"e5d6"}) << d.output;
}

TEST_F(DetectTest, PromotionWithAfterIsExact) {
  const std::string fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  Position before = from(fen);
  for (auto [letter, pt] : std::vector<std::pair<char, PieceType>>{
           {'N', KNIGHT}, {'B', BISHOP}, {'R', ROOK}, {'Q', QUEEN}}) {
    std::string after = std::string(1, letter) + "3k3/8/8/8/8/8/8/4K3 b - - 0 1";
    auto moves = moves_matching_placement(before, from(after));
    ASSERT_EQ(moves.size(), 1u) << after;
    EXPECT_EQ(moves[0], Move::make<PROMOTION>(SQ_A7, SQ_A8, pt)) << after;
    Detected d = detect(fen, after, std::nullopt);
    EXPECT_EQ(d.code, 0);
    std::string uci = std::string("a7a8") + char(std::tolower(letter));
    EXPECT_EQ(split_lines(d.output), std::vector<std::string>{uci}) << d.output;
  }
}

TEST_F(DetectTest, PromotionFromOccupancyIsAmbiguous) {
  const std::string fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  Position before = from(fen);
  Bitboard occ = squares({SQ_A8, SQ_E8, SQ_E1});
  auto moves = moves_matching_occupancy(before, occ);
  ASSERT_EQ(moves.size(), 4u);
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
    EXPECT_NE(std::find(moves.begin(), moves.end(), Move::make<PROMOTION>(SQ_A7, SQ_A8, pt)),
              moves.end());
  Detected d = detect(fen, std::nullopt, hex(occ));
  EXPECT_EQ(d.code, 0);
  auto out = split_lines(d.output);
  ASSERT_EQ(out.size(), 5u) << d.output;
  std::vector<std::string> first4(out.begin(), out.begin() + 4);
  std::sort(first4.begin(), first4.end());
  EXPECT_EQ(first4, (std::vector<std::string>{"a7a8b", "a7a8n", "a7a8q", "a7a8r"}));
  EXPECT_NE(out[4].find("ambiguous"), std::string::npos) << d.output;
  EXPECT_NE(out[4].find("promotion"), std::string::npos) << d.output;
}

TEST_F(DetectTest, NoLegalMoveExplainsTheChange) {
  Position before;
  // e2-e5 is not a legal move.
  Bitboard occ = (before.pieces() ^ square_bb(SQ_E2)) | square_bb(SQ_E5);
  EXPECT_TRUE(moves_matching_occupancy(before, occ).empty());
  Detected d = detect(std::string(START_FEN), std::nullopt, hex(occ));
  EXPECT_EQ(d.code, 1);
  EXPECT_NE(d.output.find("no legal move"), std::string::npos) << d.output;

  // A placement two moves away.
  d = detect(std::string(START_FEN), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
             std::nullopt);
  EXPECT_EQ(d.code, 1);
  EXPECT_NE(d.output.find("no legal move"), std::string::npos) << d.output;
  // Nothing changed at all.
  EXPECT_TRUE(moves_matching_placement(before, before).empty());
  EXPECT_TRUE(moves_matching_occupancy(before, before.pieces()).empty());
}

TEST_F(DetectTest, BadInputReturnsTwo) {
  const std::string fen(START_FEN);
  for (const std::string bad : {"xyz", "", "0x", "12345678901234567", "-1", "0x-5", "g0", "1 2"}) {
    Detected d = detect(fen, std::nullopt, bad);
    EXPECT_EQ(d.code, 2) << "'" << bad << "': " << d.output;
    EXPECT_FALSE(d.output.empty());
  }
  Detected d = detect("not a fen", std::nullopt, "ffff00000000ffff");
  EXPECT_EQ(d.code, 2) << d.output;
  d = detect(fen, "8/8/8/8/8/8/8/8 w - - 0 1", std::nullopt);
  EXPECT_EQ(d.code, 2) << d.output;
  // Neither --after nor --occupancy.
  d = detect(fen, std::nullopt, std::nullopt);
  EXPECT_EQ(d.code, 2) << d.output;
  // 16 digits is the limit and is fine.
  d = detect(fen, std::nullopt, "ffff00000000ffff");
  EXPECT_EQ(d.code, 1) << d.output;  // unchanged board: no move explains it
}

}  // namespace
