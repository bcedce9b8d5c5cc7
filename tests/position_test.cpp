// FEN parsing and printing, error handling for malformed FENs, incremental
// Zobrist keys and make/unmake over whole perft trees, and the draw rules.
#include "position.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "movegen.h"
#include "test_support.h"

using namespace shiftmate;
using shiftmate_test::suite_fens;

namespace {

constexpr const char* Kiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Plays a move given in UCI notation; fails the test when it is not legal.
void play(Position& pos, const std::string& uci) {
  for (Move m : MoveList<LEGAL>(pos))
    if (pos.move_to_uci(m) == uci) {
      pos.do_move(m);
      return;
    }
  FAIL() << "move " << uci << " is not legal in " << pos.fen();
}

class PositionTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { Position::init(); }
};

// ---------------------------------------------------------------- FEN round trip

void expect_round_trip(const std::vector<std::string>& fens, const char* file) {
  ASSERT_FALSE(fens.empty()) << file;
  for (const std::string& fen : fens) {
    Position pos;
    auto error = pos.set(fen);
    ASSERT_FALSE(error) << file << ": " << fen << ": " << *error;
    EXPECT_EQ(pos.fen(), fen) << file;
    std::string why;
    EXPECT_TRUE(pos.is_consistent(&why)) << fen << ": " << why;
  }
}

TEST_F(PositionTest, StandardSuiteFensRoundTrip) {
  auto fens = suite_fens("standard.epd");
  EXPECT_GE(fens.size(), 100u);
  for (const auto& f : fens) EXPECT_EQ(std::count(f.begin(), f.end(), ' '), 5) << f;
  expect_round_trip(fens, "standard.epd");
}

TEST_F(PositionTest, TrickySuiteFensRoundTrip) {
  expect_round_trip(suite_fens("tricky.epd"), "tricky.epd");
}

TEST_F(PositionTest, FischerSuiteFensRoundTripWithShredderCastling) {
  auto fens = suite_fens("fischer.epd");
  EXPECT_EQ(fens.size(), 960u);
  expect_round_trip(fens, "fischer.epd");
  // Shredder letters are kept as letters, not turned into KQkq.
  Position pos;
  ASSERT_FALSE(pos.set(fens[0]));
  EXPECT_NE(pos.fen().find(" HFhf "), std::string::npos) << pos.fen();
  EXPECT_TRUE(pos.is_chess960());
}

TEST_F(PositionTest, DefaultIsStartPosition) {
  Position pos;
  EXPECT_EQ(pos.fen(), START_FEN);
  EXPECT_EQ(pos.side_to_move(), WHITE);
  EXPECT_EQ(pos.castling_rights(), ALL_CASTLING);
  EXPECT_EQ(pos.ep_square(), SQ_NONE);
  EXPECT_EQ(pos.rule50(), 0);
  EXPECT_EQ(pos.fullmove_number(), 1);
  EXPECT_EQ(pos.king_square(WHITE), SQ_E1);
  EXPECT_EQ(pos.king_square(BLACK), SQ_E8);
  EXPECT_EQ(pos.piece_on(SQ_D1), W_QUEEN);
  EXPECT_EQ(pos.piece_on(SQ_G8), B_KNIGHT);
  EXPECT_TRUE(pos.empty(SQ_E4));
  EXPECT_EQ(popcount(pos.pieces()), 32);
  EXPECT_EQ(pos.pieces(WHITE, PAWN), RANK_2_BB);
  EXPECT_EQ(pos.pieces(BLACK, PAWN), RANK_7_BB);
  EXPECT_FALSE(pos.in_check());
  EXPECT_FALSE(pos.is_chess960());
  EXPECT_EQ(pos.castling_rook_square(WHITE_OO), SQ_H1);
  EXPECT_EQ(pos.castling_rook_square(WHITE_OOO), SQ_A1);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OO), SQ_H8);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OOO), SQ_A8);
}

TEST_F(PositionTest, ShortAndSpacedFensAreAccepted) {
  Position pos;
  ASSERT_FALSE(pos.set("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"));
  EXPECT_EQ(pos.fen(), START_FEN);
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/8/4K2R b K - 7"));
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/4K2R b K - 7 1");
  ASSERT_FALSE(pos.set("  4k3/8/8/8/8/8/8/4K2R   w  K  -  3   40  "));
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 3 40");
  EXPECT_EQ(pos.rule50(), 3);
  EXPECT_EQ(pos.fullmove_number(), 40);
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/8/4K2R b K - 3 40"));
  EXPECT_EQ(pos.fullmove_number(), 40);
  EXPECT_EQ(pos.game_ply(), 79);
}

TEST_F(PositionTest, EnPassantFieldIsParsedAndPrinted) {
  Position pos;
  const std::string fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
  ASSERT_FALSE(pos.set(fen));
  EXPECT_EQ(pos.ep_square(), SQ_F6);
  EXPECT_EQ(pos.fen(), fen);
  const std::string black = "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2";
  ASSERT_FALSE(pos.set(black));
  EXPECT_EQ(pos.ep_square(), SQ_D3);
  EXPECT_EQ(pos.fen(), black);
}

TEST_F(PositionTest, ShredderLettersOnStandardStart) {
  Position pos;
  const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
  ASSERT_FALSE(pos.set(fen));
  EXPECT_EQ(pos.fen(), fen);
  EXPECT_EQ(pos.castling_rights(), ALL_CASTLING);
  EXPECT_EQ(pos.castling_rook_square(WHITE_OO), SQ_H1);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OOO), SQ_A8);
}

// ---------------------------------------------------------------- X-FEN

TEST_F(PositionTest, XFenOnChess960StartPicksOutermostRooks) {
  Position pos;
  ASSERT_FALSE(pos.set("bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w KQkq - 0 1"));
  EXPECT_TRUE(pos.is_chess960());
  EXPECT_EQ(pos.castling_rights(), ALL_CASTLING);
  EXPECT_EQ(pos.castling_rook_square(WHITE_OO), SQ_H1);
  EXPECT_EQ(pos.castling_rook_square(WHITE_OOO), SQ_F1);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OO), SQ_H8);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OOO), SQ_F8);

  // King on b1 between rooks a1 and c1.
  ASSERT_FALSE(pos.set("rkrnnbbq/pppppppp/8/8/8/8/PPPPPPPP/RKRNNBBQ w KQkq - 0 1"));
  EXPECT_EQ(pos.castling_rook_square(WHITE_OO), SQ_C1);
  EXPECT_EQ(pos.castling_rook_square(WHITE_OOO), SQ_A1);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OO), SQ_C8);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OOO), SQ_A8);

  // Two rooks on one wing: K/Q mean the outermost one.
  ASSERT_FALSE(pos.set("r3k1rr/8/8/8/8/8/8/RR2K2R w KQkq - 0 1"));
  EXPECT_EQ(pos.castling_rook_square(WHITE_OO), SQ_H1);
  EXPECT_EQ(pos.castling_rook_square(WHITE_OOO), SQ_A1);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OO), SQ_H8);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OOO), SQ_A8);

  // Shredder letters can name the inner rook instead.
  ASSERT_FALSE(pos.set("r3k1rr/8/8/8/8/8/8/RR2K2R w HBga - 0 1"));
  EXPECT_EQ(pos.castling_rook_square(WHITE_OOO), SQ_B1);
  EXPECT_EQ(pos.castling_rook_square(BLACK_OO), SQ_G8);
  EXPECT_EQ(pos.fen(), "r3k1rr/8/8/8/8/8/8/RR2K2R w HBga - 0 1");
}

TEST_F(PositionTest, PartialCastlingRights) {
  Position pos;
  ASSERT_FALSE(pos.set("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1"));
  EXPECT_TRUE(pos.can_castle(WHITE_OO));
  EXPECT_FALSE(pos.can_castle(WHITE_OOO));
  EXPECT_FALSE(pos.can_castle(BLACK_OO));
  EXPECT_TRUE(pos.can_castle(BLACK_OOO));
  EXPECT_EQ(pos.castling_rights(), WHITE_OO | BLACK_OOO);
}

// ---------------------------------------------------------------- malformed FENs

struct BadFen {
  std::string fen;
  std::string keyword;  // must appear in the message (lower case); may be empty
};

TEST_F(PositionTest, MalformedFensAreRejectedAndLeaveThePositionUnchanged) {
  const std::string start(START_FEN);
  const std::vector<BadFen> cases = {
      {"", "fields"},
      {"   ", "fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "fields"},
      {start + " extra", "fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNx w KQkq - 0 1", ""},        // bad letter
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN? w Qkq - 0 1", ""},         // bad letter
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0 w Qkq - 0 1", ""},         // digit 0
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ""},        // digit 9
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank"},     // 7 squares
      {"rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", "rank"},  // 9 squares
      {"rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank"},   // 9 squares
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w Qkq - 0 1", "rank"},      // last rank short
      {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank"},      // 7 ranks
      {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank"},  // 9 ranks
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1", "rank"},   // trailing '/'
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "king"},      // no white king
      {"4k3/8/8/3k4/8/8/8/4K3 w - - 0 1", "king"},                             // two black kings
      {"8/8/8/8/8/8/8/8 w - - 0 1", "king"},                                   // no kings
      {"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "king"},
      {"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", ""},  // pawn on rank 1
      {"p3k3/8/8/8/8/8/8/4K3 w - - 0 1", ""},  // pawn on rank 8
      {"4k2P/8/8/8/8/8/8/4K3 b - - 0 1", ""},
      {"rnbqkbnr/pppppppp/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ""},  // 24 black
      {"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "check"},   // black in check, white to move
      {"4k3/4q3/8/8/8/8/8/4K3 b - - 0 1", "check"},   // white in check, black to move
      {"4r3/8/5n2/8/r3K3/8/8/7k w - - 0 1", ""},      // three checkers
      {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling"},  // no rook for K
      {"4k3/8/8/8/8/8/8/4K3 w q - 0 1", "castling"},
      {"4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "castling"},
      {"4k3/8/8/8/8/8/8/4K3 w H - 0 1", "castling"},    // Shredder letter, no rook on h1
      {"4k3/8/8/8/8/8/8/4KB1R w F - 0 1", "castling"},  // Shredder letter on a bishop
      {"4k3/8/8/8/8/8/4K3/7R w K - 0 1", "castling"},   // king off its first rank
      {"r7/4k3/8/8/8/8/8/4K3 w q - 0 1", "castling"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KZ - 0 1", "castling"},  // bad letter
      {"r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", "castling"},  // right given twice
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkqK - 0 1", "castling"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e4 0 1", "en passant"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en passant"},  // no pawn on e5
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "en passant"},   // wrong side
      {"rnbqkbnr/ppp2ppp/4p3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en passant"},  // e6 taken
      {"rnbqkbnr/ppp1pppp/8/4p3/8/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 1", "en passant"},   // e7 taken
      {"rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R w KQkq e6 0 1", "en passant"},   // knight
      {"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq i6 0 1", "en passant"},
      {"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", "en passant"},
      {"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e66 0 1", "en passant"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", ""},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", ""},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1.5 1", ""},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", ""},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1", ""},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", ""},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1", ""},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", ""},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1", ""},
      {std::string(300, 'p'), ""},
      {std::string(100000, '8'), ""},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 " + std::string(300, '1'), ""},
  };
  for (const std::string& base : {std::string(Kiwipete), std::string(START_FEN)}) {
    Position pos;
    ASSERT_FALSE(pos.set(base));
    // Play a move so that history is not trivial either.
    MoveList<LEGAL> moves(pos);
    pos.do_move(*moves.begin());
    const std::string before = pos.fen();
    const Key key = pos.key();
    for (const BadFen& c : cases) {
      auto error = pos.set(c.fen);
      std::string shown = c.fen.size() > 80 ? c.fen.substr(0, 80) + "..." : c.fen;
      ASSERT_TRUE(error.has_value()) << "accepted: '" << shown << "' -> " << pos.fen();
      EXPECT_FALSE(error->empty()) << shown;
      if (!c.keyword.empty()) {
        EXPECT_NE(lower(*error).find(c.keyword), std::string::npos)
            << "message for '" << shown << "' is '" << *error << "', expected to mention '"
            << c.keyword << "'";
      }
      EXPECT_EQ(pos.fen(), before) << "changed by '" << shown << "'";
      EXPECT_EQ(pos.key(), key) << shown;
      std::string why;
      EXPECT_TRUE(pos.is_consistent(&why)) << shown << ": " << why;
    }
  }
}

// After a failed set() the previous position must still play normally.
TEST_F(PositionTest, PositionStillUsableAfterRejectedFen) {
  Position pos;
  ASSERT_FALSE(pos.set(Kiwipete));
  ASSERT_TRUE(pos.set("8/8/8/8/8/8/8/8 w - - 0 1"));
  EXPECT_EQ(MoveList<LEGAL>(pos).size(), 48u);
  play(pos, "e1g1");
  EXPECT_EQ(pos.fen(), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1");
}

// Checks that a position accepted by set() is sound: consistent, its FEN
// parses back to the same thing, and its moves can be made and unmade.
void expect_sound(const Position& pos, const std::string& input) {
  std::string why;
  ASSERT_TRUE(pos.is_consistent(&why)) << input << ": " << why;
  Position again;
  auto error = again.set(pos.fen(), pos.is_chess960());
  ASSERT_FALSE(error) << "fen() of '" << input << "' is '" << pos.fen()
                      << "' which fails: " << *error;
  EXPECT_EQ(again.fen(), pos.fen()) << input;
  EXPECT_EQ(again.key(), pos.key()) << input;
  Position copy = pos;
  for (Move m : MoveList<LEGAL>(copy)) {
    copy.do_move(m);
    ASSERT_TRUE(copy.is_consistent(&why))
        << input << " after " << pos.move_to_uci(m) << ": " << why;
    copy.undo_move(m);
  }
  EXPECT_EQ(copy.fen(), pos.fen());
}

// Every prefix of a valid FEN either parses or is rejected with a message.
TEST_F(PositionTest, TruncatedFensNeverCrash) {
  const std::vector<std::string> fens = {
      std::string(START_FEN), Kiwipete,
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"};
  int accepted = 0;
  for (const std::string& fen : fens) {
    for (std::size_t n = 0; n <= fen.size(); ++n) {
      Position pos;
      ASSERT_FALSE(pos.set(Kiwipete));
      const std::string before = pos.fen();
      std::string cut = fen.substr(0, n);
      auto error = pos.set(cut);
      if (error) {
        EXPECT_FALSE(error->empty()) << cut;
        EXPECT_EQ(pos.fen(), before) << cut;
      } else {
        ++accepted;
        expect_sound(pos, cut);
      }
    }
    // The complete FEN and the one without clocks must both be accepted.
    Position pos;
    EXPECT_FALSE(pos.set(fen)) << fen;
  }
  EXPECT_GT(accepted, 5);
}

TEST_F(PositionTest, RandomGarbageNeverCrashes) {
  std::mt19937_64 rng(0x6A5BA6EULL);
  const std::string alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefghABCDEFGH0123456789x.";
  const std::vector<std::string> seeds = {
      std::string(START_FEN),
      Kiwipete,
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
      "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1"};
  int accepted = 0, rejected = 0;
  Position pos;
  for (int i = 0; i < 30000; ++i) {
    std::string input;
    switch (i % 3) {
      case 0: {  // raw bytes, NULs included
        std::size_t len = rng() % 120;
        for (std::size_t j = 0; j < len; ++j) input += char(rng() % 256);
        break;
      }
      case 1: {  // characters that FENs are made of
        std::size_t len = rng() % 90;
        for (std::size_t j = 0; j < len; ++j) input += alphabet[rng() % alphabet.size()];
        break;
      }
      default: {  // a valid FEN with a few characters replaced, inserted or deleted
        input = seeds[rng() % seeds.size()];
        int edits = 1 + int(rng() % 3);
        for (int e = 0; e < edits && !input.empty(); ++e) {
          std::size_t at = rng() % input.size();
          char c = alphabet[rng() % alphabet.size()];
          switch (rng() % 3) {
            case 0:
              input[at] = c;
              break;
            case 1:
              input.insert(input.begin() + std::ptrdiff_t(at), c);
              break;
            default:
              input.erase(at, 1);
              break;
          }
        }
      }
    }
    ASSERT_FALSE(pos.set(Kiwipete));
    auto error = pos.set(input);
    if (error) {
      ++rejected;
      ASSERT_FALSE(error->empty());
      ASSERT_EQ(pos.fen(), Kiwipete);
    } else {
      ++accepted;
      expect_sound(pos, input);
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_GT(accepted, 100);
  EXPECT_GT(rejected, 10000);
}

// ---------------------------------------------------------------- keys and make/unmake

struct WalkStats {
  std::uint64_t nodes = 0, leaves = 0, nullMoves = 0, captures = 0, enPassant = 0, castles = 0,
                promotions = 0;
};

// Walks the whole legal move tree, checking the incremental state at every
// node and that undo_move restores everything.
void walk(Position& pos, int depth, WalkStats& stats, Position& scratch) {
  ++stats.nodes;
  const std::string fen = pos.fen();
  const Key key = pos.key();
  ASSERT_EQ(key, pos.compute_key()) << fen;
  std::string why;
  ASSERT_TRUE(pos.is_consistent(&why)) << fen << ": " << why;

  // The same position parsed from its FEN has the same key and checkers.
  auto error = scratch.set(fen, pos.is_chess960());
  ASSERT_FALSE(error) << fen << ": " << *error;
  ASSERT_EQ(scratch.key(), key) << fen;
  ASSERT_EQ(scratch.fen(), fen);
  ASSERT_EQ(scratch.checkers(), pos.checkers()) << fen;

  // A null move changes the key and is undone exactly.
  if (!pos.in_check()) {
    ++stats.nullMoves;
    pos.do_null_move();
    ASSERT_NE(pos.key(), key) << fen;
    ASSERT_EQ(pos.key(), pos.compute_key()) << "after null move in " << fen;
    ASSERT_EQ(pos.side_to_move(), ~scratch.side_to_move());
    ASSERT_EQ(pos.ep_square(), SQ_NONE);
    ASSERT_TRUE(pos.is_consistent(&why)) << "after null move in " << fen << ": " << why;
    pos.undo_null_move();
    ASSERT_EQ(pos.key(), key);
    ASSERT_EQ(pos.fen(), fen);
  }

  if (depth == 0) {
    ++stats.leaves;
    return;
  }
  const Bitboard checkers = pos.checkers();
  const int rule50 = pos.rule50(), ply = pos.game_ply();
  const Color us = pos.side_to_move();
  for (Move m : MoveList<LEGAL>(pos)) {
    Piece moved = pos.piece_on(m.from());
    Piece expectCaptured = m.kind() == EN_PASSANT ? make_piece(~us, PAWN)
                           : m.kind() == CASTLING ? NO_PIECE
                                                  : pos.piece_on(m.to());
    stats.captures += expectCaptured != NO_PIECE;
    stats.enPassant += m.kind() == EN_PASSANT;
    stats.castles += m.kind() == CASTLING;
    stats.promotions += m.kind() == PROMOTION;

    const Key predicted = pos.key_after(m);
    const int castlingBefore = pos.castling_rights();
    const Square epBefore = pos.ep_square();
    pos.do_move(m);
    // key_after (the table's prefetch) is exact for plain moves and captures
    // that change no castling right and leave no en passant square.
    if (m.kind() == NORMAL && pos.castling_rights() == castlingBefore && epBefore == SQ_NONE &&
        pos.ep_square() == SQ_NONE) {
      ASSERT_EQ(predicted, pos.key()) << fen << " " << pos.move_to_uci(m);
    }
    ASSERT_EQ(pos.captured_piece(), expectCaptured) << fen << " " << pos.move_to_uci(m);
    ASSERT_EQ(pos.last_move(), m);
    ASSERT_EQ(pos.side_to_move(), ~us);
    ASSERT_EQ(pos.game_ply(), ply + 1);
    bool resets = expectCaptured != NO_PIECE || type_of(moved) == PAWN;
    ASSERT_EQ(pos.rule50(), resets ? 0 : rule50 + 1) << fen << " " << int(m.raw());
    walk(pos, depth - 1, stats, scratch);
    if (::testing::Test::HasFatalFailure()) return;
    pos.undo_move(m);

    ASSERT_EQ(pos.fen(), fen) << "undo of " << pos.move_to_uci(m);
    ASSERT_EQ(pos.key(), key) << "undo of " << pos.move_to_uci(m) << " in " << fen;
    ASSERT_EQ(pos.checkers(), checkers);
    ASSERT_EQ(pos.rule50(), rule50);
    ASSERT_EQ(pos.game_ply(), ply);
  }
}

WalkStats walk_from(const std::string& fen, int depth) {
  Position pos, scratch;
  auto error = pos.set(fen);
  EXPECT_FALSE(error) << fen;
  WalkStats stats;
  if (!error) walk(pos, depth, stats, scratch);
  return stats;
}

TEST_F(PositionTest, MakeUnmakeAndKeysFromStart) {
  WalkStats s = walk_from(std::string(START_FEN), 4);
  EXPECT_EQ(s.leaves, 197281u);  // published perft(4)
  EXPECT_GT(s.captures, 0u);
}

TEST_F(PositionTest, MakeUnmakeAndKeysKiwipete) {
  WalkStats s = walk_from(Kiwipete, 3);
  EXPECT_EQ(s.leaves, 97862u);  // published perft(3)
  EXPECT_GT(s.castles, 0u);
  EXPECT_GT(s.enPassant, 0u);
}

TEST_F(PositionTest, MakeUnmakeAndKeysEnPassantPositions) {
  // (FEN, depth, published perft count at that depth)
  const std::vector<std::tuple<std::string, int, std::uint64_t>> cases = {
      {"rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 3, 0},
      {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 4, 13931},
      {"8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1", 4, 0},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238},
      {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379},
  };
  std::uint64_t ep = 0, promotions = 0;
  for (const auto& [fen, depth, expected] : cases) {
    WalkStats s = walk_from(fen, depth);
    if (HasFatalFailure()) return;
    if (expected) {
      EXPECT_EQ(s.leaves, expected) << fen;
    }
    ep += s.enPassant;
    promotions += s.promotions;
  }
  EXPECT_GT(ep, 0u);
  EXPECT_GT(promotions, 0u);
}

TEST_F(PositionTest, MakeUnmakeAndKeysChess960) {
  auto fens = suite_fens("fischer.epd");
  ASSERT_GE(fens.size(), 40u);
  std::uint64_t castles = 0;
  for (std::size_t i : {0, 1, 2, 3, 17, 39}) {
    WalkStats s = walk_from(fens[i], 3);
    if (HasFatalFailure()) return;
    castles += s.castles;
  }
  EXPECT_GT(castles, 0u);
}

TEST_F(PositionTest, KeyDependsOnSideCastlingAndUsefulEnPassantOnly) {
  auto key_of = [](const std::string& fen) {
    Position p;
    auto error = p.set(fen);
    EXPECT_FALSE(error) << fen;
    return p.key();
  };
  const std::string board = "r3k2r/8/8/8/8/8/8/R3K2R";
  EXPECT_NE(key_of(board + " w KQkq - 0 1"), key_of(board + " b KQkq - 0 1"));
  EXPECT_NE(key_of(board + " w KQkq - 0 1"), key_of(board + " w KQk - 0 1"));
  EXPECT_NE(key_of(board + " w KQ - 0 1"), key_of(board + " w kq - 0 1"));
  EXPECT_NE(key_of(board + " w - - 0 1"), key_of(board + " w K - 0 1"));
  // Clocks are not part of the key.
  EXPECT_EQ(key_of(board + " w KQkq - 0 1"), key_of(board + " w KQkq - 37 60"));
  // An en passant square that a pawn can use changes the key...
  EXPECT_NE(key_of("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
            key_of("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"));
  // ...one that no pawn can use does not (documented in position.cpp).
  EXPECT_EQ(key_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
            key_of("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
  // Different placements, different keys.
  EXPECT_NE(key_of("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), key_of("4k3/8/8/8/8/8/8/4K1R1 w - - 0 1"));
  EXPECT_NE(key_of("4k3/8/8/8/8/8/8/4K2R w - - 0 1"), key_of("4k3/8/8/8/8/8/8/4K2r w - - 0 1"));
}

TEST_F(PositionTest, TranspositionsReachTheSameKey) {
  Position a, b;
  for (const char* m : {"g1f3", "g8f6", "b1c3", "b8c6"}) play(a, m);
  for (const char* m : {"b1c3", "b8c6", "g1f3", "g8f6"}) play(b, m);
  EXPECT_EQ(a.key(), b.key());
  EXPECT_EQ(a.fen(), b.fen());
  // After a double push, the key matches the same position set up by FEN.
  Position c, d;
  for (const char* m : {"e2e4", "d7d5", "e4e5", "f7f5"}) play(c, m);
  ASSERT_FALSE(d.set("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"));
  EXPECT_EQ(c.fen(), d.fen());
  EXPECT_EQ(c.key(), d.key());
  EXPECT_EQ(c.ep_square(), SQ_F6);
}

TEST_F(PositionTest, NullMoveClearsEnPassantAndRestoresKey) {
  Position pos;
  const std::string fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
  ASSERT_FALSE(pos.set(fen));
  const Key key = pos.key();
  pos.do_null_move();
  EXPECT_EQ(pos.side_to_move(), BLACK);
  EXPECT_EQ(pos.ep_square(), SQ_NONE);
  EXPECT_EQ(pos.key(), pos.compute_key());
  EXPECT_NE(pos.key(), key);
  Position same;
  ASSERT_FALSE(same.set("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3"));
  EXPECT_EQ(pos.key(), same.key());
  pos.undo_null_move();
  EXPECT_EQ(pos.key(), key);
  EXPECT_EQ(pos.fen(), fen);
  EXPECT_EQ(pos.ep_square(), SQ_F6);
}

TEST_F(PositionTest, CastlingUpdatesBoardAndRights) {
  Position pos;
  ASSERT_FALSE(pos.set("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
  play(pos, "e1g1");
  EXPECT_EQ(pos.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  play(pos, "e8c8");
  EXPECT_EQ(pos.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
  // A rook capture on its home square takes away that right.
  ASSERT_FALSE(pos.set("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
  play(pos, "a1a8");
  EXPECT_EQ(pos.fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
  // Chess960: king b1 takes its rook on a1, ends on c1 with the rook on d1.
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/8/RK5R w HA - 0 1"));
  bool found = false;
  for (Move m : MoveList<LEGAL>(pos))
    if (m.kind() == CASTLING && m.to() == SQ_A1) {
      found = true;
      pos.do_move(m);
    }
  ASSERT_TRUE(found);
  EXPECT_EQ(pos.fen(), "4k3/8/8/8/8/8/8/2KR3R b - - 1 1");
  EXPECT_EQ(pos.key(), pos.compute_key());
}

// ---------------------------------------------------------------- draws

TEST_F(PositionTest, RepetitionCountsOnceInsideSearchTwiceBeforeRoot) {
  Position pos;
  const std::vector<std::string> cycle = {"g1f3", "g8f6", "f3g1", "f6g8"};
  EXPECT_FALSE(pos.has_repeated(0));
  for (int i = 0; i < 3; ++i) {
    play(pos, cycle[i]);
    EXPECT_FALSE(pos.has_repeated(0));
    EXPECT_FALSE(pos.has_repeated(10));
  }
  play(pos, cycle[3]);  // the start position for the second time
  EXPECT_EQ(pos.fen().substr(0, 52), std::string(START_FEN).substr(0, 52));
  EXPECT_FALSE(pos.has_repeated(0));  // before the root: one earlier occurrence is not enough
  EXPECT_FALSE(pos.has_repeated(4));  // the earlier one is 4 plies back, not inside 4 plies
  EXPECT_TRUE(pos.has_repeated(5));   // inside the search: one repetition is a draw
  EXPECT_FALSE(pos.is_draw(0));
  EXPECT_TRUE(pos.is_draw(5));

  play(pos, cycle[0]);  // after Nf3 for the second time
  EXPECT_FALSE(pos.has_repeated(0));
  EXPECT_TRUE(pos.has_repeated(5));
  for (int i = 1; i < 4; ++i) play(pos, cycle[i]);
  // The start position for the third time: a draw even before the root.
  EXPECT_TRUE(pos.has_repeated(0));
  EXPECT_TRUE(pos.is_draw(0));
  EXPECT_EQ(pos.rule50(), 8);
}

TEST_F(PositionTest, IrreversibleMoveEndsRepetitionWindow) {
  Position pos;
  for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5"}) play(pos, m);
  for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8"}) play(pos, m);
  EXPECT_FALSE(pos.has_repeated(0));
  EXPECT_TRUE(pos.has_repeated(5));
  for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8"}) play(pos, m);
  EXPECT_TRUE(pos.has_repeated(0));
}

TEST_F(PositionTest, FiftyMoveRule) {
  Position pos;
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/8/R3K3 w - - 100 80"));
  EXPECT_TRUE(pos.is_draw(0));
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
  EXPECT_FALSE(pos.is_draw(0));
  play(pos, "a1a2");
  EXPECT_EQ(pos.rule50(), 100);
  EXPECT_TRUE(pos.is_draw(0));
  // A pawn move resets the clock.
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80"));
  play(pos, "e2e3");
  EXPECT_EQ(pos.rule50(), 0);
  EXPECT_FALSE(pos.is_draw(0));
  // So does a capture.
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80"));
  play(pos, "a1a2");
  EXPECT_EQ(pos.rule50(), 0);
  EXPECT_FALSE(pos.is_draw(0));  // K+R v K after the capture
}

bool dark(Square s) { return (file_of(s) + rank_of(s)) % 2 == 0; }

TEST_F(PositionTest, InsufficientMaterial) {
  // The squares used below for the bishops, checked independently.
  ASSERT_TRUE(dark(SQ_C1));
  ASSERT_TRUE(dark(SQ_F8));
  ASSERT_TRUE(dark(SQ_E3));
  ASSERT_FALSE(dark(SQ_C8));
  const std::vector<std::pair<std::string, bool>> cases = {
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},       // K v K
      {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},      // KN v K
      {"4kn2/8/8/8/8/8/8/4K3 b - - 0 1", true},      // K v KN
      {"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},      // KB v K
      {"4kb2/8/8/8/8/8/8/4K3 w - - 0 1", true},      // K v KB
      {"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},    // KB v KB, both dark
      {"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false},  // KB v KB, opposite colours
      {"4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", true},   // KBB v K, same colour (position.cpp)
      {"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false},   // KBB v K, both colours
      {"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", false},   // KNN v K (position.cpp: not a draw)
      {"4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false},    // KN v KN
      {"4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1", false},   // KBN v K
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},    // KP v K
      {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", false},     // KR v K
      {"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false},     // KQ v K
      {"4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", false},    // K v KP
  };
  for (const auto& [fen, draw] : cases) {
    Position pos;
    ASSERT_FALSE(pos.set(fen)) << fen;
    EXPECT_EQ(pos.insufficient_material(), draw) << fen;
    EXPECT_EQ(pos.is_draw(0), draw) << fen;
  }
  Position start;
  EXPECT_FALSE(start.insufficient_material());
  EXPECT_FALSE(start.is_draw(0));
}

TEST_F(PositionTest, CheckersAndBlockers) {
  Position pos;
  // Bishop b5 looks at e2 and f1, not at the king on e1.
  ASSERT_FALSE(pos.set("4k3/8/8/1b6/8/8/3P4/4K3 w - - 0 1"));
  EXPECT_EQ(pos.checkers(), 0u);
  EXPECT_FALSE(pos.in_check());
  ASSERT_FALSE(pos.set("4k3/4q3/8/1b6/8/8/8/4K3 w - - 0 1"));
  EXPECT_EQ(pos.checkers(), square_bb(SQ_E7));
  EXPECT_TRUE(pos.in_check());
  // Double check: rook e8 and knight f3.
  ASSERT_FALSE(pos.set("4r2k/8/8/8/8/5n2/8/4K3 w - - 0 1"));
  EXPECT_EQ(pos.checkers(), square_bb(SQ_E8) | square_bb(SQ_F3));
  // Pinned piece on d2 (bishop a5), and the e-file blocker e2 (rook e8).
  ASSERT_FALSE(pos.set("4r2k/8/8/b7/8/8/3PN3/4K3 w - - 0 1"));
  EXPECT_EQ(pos.blockers_for_king(WHITE), square_bb(SQ_D2) | square_bb(SQ_E2));
  EXPECT_EQ(pos.checkers(), 0u);
  EXPECT_EQ(pos.attackers_to(SQ_E2), square_bb(SQ_E1) | square_bb(SQ_E8));
}

// attacks_by (every square one side attacks, set-wise) and its layers (the
// squares attacked by the side's pawns; pawns or minors; pawns, minors or
// rooks) agree with attackers_to asked square by square.
TEST_F(PositionTest, AttacksByAndItsLayersAgreeWithAttackersTo) {
  const std::string fens[] = {std::string(START_FEN), Kiwipete,
                              "4r2k/8/8/b7/8/8/3PN3/4K3 w - - 0 1",
                              "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                              "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"};
  for (const std::string& fen : fens) {
    Position pos;
    ASSERT_FALSE(pos.set(fen));
    for (Color c : {WHITE, BLACK}) {
      const Bitboard pawns = pos.pieces(c, PAWN);
      const Bitboard minors = pawns | pos.pieces(c, KNIGHT) | pos.pieces(c, BISHOP);
      const Bitboard rooks = minors | pos.pieces(c, ROOK);
      AttackLayers expected;
      for (int s = 0; s < 64; ++s) {
        const Bitboard attackers = pos.attackers_to(Square(s));
        const Bitboard sq = square_bb(Square(s));
        if (attackers & pawns) expected.byPawns |= sq;
        if (attackers & minors) expected.byMinors |= sq;
        if (attackers & rooks) expected.byRooks |= sq;
        if (attackers & pos.pieces(c)) expected.all |= sq;
      }
      EXPECT_EQ(pos.attacks_by(c), expected.all) << fen << " colour " << int(c);
      const AttackLayers got = pos.attack_layers(c);
      EXPECT_EQ(got.byPawns, expected.byPawns) << fen << " colour " << int(c);
      EXPECT_EQ(got.byMinors, expected.byMinors) << fen << " colour " << int(c);
      EXPECT_EQ(got.byRooks, expected.byRooks) << fen << " colour " << int(c);
      EXPECT_EQ(got.all, expected.all) << fen << " colour " << int(c);
    }
  }
}

}  // namespace
