// Standard Algebraic Notation: writing and reading back every form
// (disambiguation, castling, promotion, check and mate marks).
#include "san.h"

#include <gtest/gtest.h>

#include "movegen.h"
#include "position.h"

using namespace shiftmate;

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
