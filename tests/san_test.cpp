// Standard Algebraic Notation: writing and reading back every form
// (disambiguation, castling, promotion, check and mate marks), every legal
// move of perft walks and random games read back from its SAN, and the
// texts the reader must refuse.
#include "san.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <tuple>

#include "movegen.h"
#include "position.h"
#include "test_support.h"

using namespace shiftmate;
using shiftmate_test::pos_of;
using shiftmate_test::suite_fens;

namespace {

// Every legal move of pos, written and read back: the same move.
void expect_round_trip(const Position& pos, std::uint64_t& checked) {
  for (Move m : MoveList<LEGAL>(pos)) {
    const std::string san = move_to_san(pos, m);
    ASSERT_EQ(parse_san(pos, san), m) << san << " in " << pos.fen();
    ++checked;
  }
}

void walk(Position& pos, int depth, std::uint64_t& checked) {
  expect_round_trip(pos, checked);
  if (depth == 0) return;
  for (Move m : MoveList<LEGAL>(pos)) {
    pos.do_move(m);
    walk(pos, depth - 1, checked);
    pos.undo_move(m);
  }
}

}  // namespace

TEST(San, WritesAndReadsTheStandardForms) {
  struct Case {
    const char* fen;
    const char* uci;
    const char* san;
  };
  const Case cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "g1f3", "Nf3"},
      {"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5", "exd5"},
      // Knights on b1 and f3 can both go to d2: the file tells them apart.
      {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
      // Rooks on a1 and a5 share the file: the rank tells them apart.
      {"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
      // Queens on a1, a3 and c1 all reach b2... a1's needs file and rank.
      {"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2", "Qa1b2"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
      {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
      {"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q+"},
      {"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8n", "bxa8=N"},
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6"},
      {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
  };
  for (const Case& c : cases) {
    Position pos;
    ASSERT_FALSE(pos.set(c.fen)) << c.fen;
    Move m = parse_uci_move(pos, c.uci);
    ASSERT_TRUE(m) << c.uci;
    EXPECT_EQ(move_to_san(pos, m), c.san) << c.fen;
    EXPECT_EQ(parse_san(pos, c.san), m) << c.san;
  }
  Position start;
  EXPECT_EQ(parse_san(start, "0-0"), Move::none());
  EXPECT_EQ(parse_san(start, "Ke2"), Move::none());
  EXPECT_EQ(parse_san(start, ""), Move::none());
  EXPECT_EQ(parse_san(start, "e4!?"), parse_uci_move(start, "e2e4"));
}

TEST(San, EveryLegalMoveReadsBackFromItsSan) {
  std::uint64_t checked = 0;
  // Perft walks: castling, en passant, promotions, pins; Chess960 castling.
  for (const auto& [suite, depth, every, chess960] :
       {std::tuple("standard.epd", 1, 1, false), std::tuple("tricky.epd", 2, 1, false),
        std::tuple("fischer.epd", 1, 16, true)}) {
    const auto fens = suite_fens(suite);
    ASSERT_FALSE(fens.empty()) << suite;
    for (std::size_t i = 0; i < fens.size(); i += every) {
      Position pos = pos_of(fens[i], chess960);
      walk(pos, depth, checked);
    }
  }
  // Random games reach endgames, underpromotions and crowded disambiguation.
  std::mt19937 rng(20240521);
  for (int game = 0; game < 100; ++game) {
    Position pos;
    for (int ply = 0; ply < 200; ++ply) {
      MoveList<LEGAL> moves(pos);
      if (!moves.size()) break;
      expect_round_trip(pos, checked);
      pos.do_move(*(moves.begin() + rng() % moves.size()));
    }
  }
  EXPECT_GT(checked, 800000u);
}

TEST(San, RefusesWhatIsNotExactlyOneLegalMove) {
  // Knights on b1 and f3 both reach d2: "Nd2" is ambiguous.
  Position knights = pos_of("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  EXPECT_EQ(parse_san(knights, "Nd2"), Move::none());
  EXPECT_EQ(parse_san(knights, "Nfd2"), parse_uci_move(knights, "f3d2"));
  EXPECT_EQ(parse_san(knights, "N3d2"), parse_uci_move(knights, "f3d2"));
  // More than needed is fine; a wrong origin is not.
  EXPECT_EQ(parse_san(knights, "Nf3e5"), parse_uci_move(knights, "f3e5"));
  EXPECT_EQ(parse_san(knights, "Nbe5"), Move::none());

  Position start;
  EXPECT_EQ(parse_san(start, "Nxf3"), Move::none()) << "a capture mark on a quiet move";
  EXPECT_EQ(parse_san(start, "e5"), Move::none());
  EXPECT_EQ(parse_san(start, "O-O"), Move::none());
  EXPECT_EQ(parse_san(start, "Pe4"), parse_uci_move(start, "e2e4"));
  EXPECT_EQ(parse_san(start, "e4+"), parse_uci_move(start, "e2e4")) << "marks are not checked";
  for (const char* text : {"E4", "nf3", "Nf", "Nf33", "N1", "e4=Q", "Ni3", "xe4", "Nf3x", "=Q",
                           "e2e4", "e2-e4", "Ng1-f3"})
    EXPECT_EQ(parse_san(start, text), Move::none()) << text;

  // A pawn capture names its file; a promotion its piece (not a king or pawn).
  Position pawns = pos_of("r3k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(parse_san(pawns, "d5"), Move::none());
  EXPECT_EQ(parse_san(pawns, "ed5"), parse_uci_move(pawns, "e4d5"));
  EXPECT_EQ(parse_san(pawns, "b8"), Move::none());
  EXPECT_EQ(parse_san(pawns, "b8=K"), Move::none());
  EXPECT_EQ(parse_san(pawns, "b8=P"), Move::none());
  EXPECT_EQ(parse_san(pawns, "b8R"), parse_uci_move(pawns, "b7b8r"));
  EXPECT_EQ(parse_san(pawns, "bxa8=Q#"), parse_uci_move(pawns, "b7a8q"));
  EXPECT_EQ(parse_san(pawns, "e5=Q"), Move::none());

  // Chess960: the king on b1 castles queen side to c1, toward the h-file;
  // Kc1 is a king move, not castling.
  Position fischer = pos_of("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", true);
  const Move long960 = parse_san(fischer, "O-O-O");
  ASSERT_TRUE(long960);
  EXPECT_EQ(long960.kind(), CASTLING);
  EXPECT_EQ(long960.to(), SQ_A1);
  EXPECT_EQ(parse_san(fischer, "0-0"), parse_uci_move(fischer, "b1h1"));
  EXPECT_NE(parse_san(fischer, "Kc1"), long960);
}
