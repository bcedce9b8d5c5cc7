// The 32-byte training record: pack and unpack are inverse on every position
// of perft walks (castling rights, en passant, promotions, Chess960), corrupt
// records are refused with a message, the text format converts with the
// point of view turned to the side to move, files are read whole or not at
// all, and the load-time filter drops what it says.
#include "training/packed_position.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "movegen.h"
#include "position.h"
#include "score.h"
#include "test_support.h"

using namespace shiftmate;
using shiftmate_test::pos_of;
using shiftmate_test::read_file;
using shiftmate_test::suite_fens;
using shiftmate_test::TempPath;
using shiftmate_test::write_file;

namespace {

// Calls f on every position of the move tree below pos to `depth` plies.
void walk(Position& pos, int depth, const std::function<void(const Position&)>& f) {
  f(pos);
  if (depth == 0) return;
  for (Move m : MoveList<LEGAL>(pos)) {
    pos.do_move(m);
    walk(pos, depth - 1, f);
    pos.undo_move(m);
  }
}

// The code stored for the piece on `s` (the record's nibble).
int code_on(const PackedPosition& p, Square s) {
  int index = std::popcount(p.occupancy & (square_bb(s) - 1));
  return (p.pieces[index / 2] >> (4 * (index & 1))) & 15;
}

// pack -> unpack gives the same position, and the record reads back the
// position's pieces, side, flags and clocks.
void expect_round_trip(const Position& pos, std::uint64_t& checked) {
  const int score = int(pos.key() % 2001) - 1000;
  const auto result = StmResult(pos.key() % 3);
  const bool noisy = pos.key() & 8;
  PackedPosition p = PackedPosition::pack(pos, score, result, noisy);

  Position back;
  auto error = p.unpack(back);
  ASSERT_FALSE(error) << pos.fen() << ": " << *error;
  ASSERT_EQ(back.fen(), pos.fen());
  EXPECT_EQ(back.key(), pos.key()) << pos.fen();
  EXPECT_EQ(back.is_chess960(), pos.is_chess960()) << pos.fen();
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
    ASSERT_EQ(back.can_castle(cr), pos.can_castle(cr)) << pos.fen();
    if (pos.can_castle(cr)) {
      EXPECT_EQ(back.castling_rook_square(cr), pos.castling_rook_square(cr)) << pos.fen();
    }
  }

  int pieces = 0;
  p.for_each_piece([&](Piece pc, Square s) {
    EXPECT_EQ(pc, pos.piece_on(s)) << pos.fen() << " square " << int(s);
    ++pieces;
  });
  EXPECT_EQ(pieces, popcount(pos.pieces())) << pos.fen();
  EXPECT_EQ(p.score, score);
  EXPECT_EQ(p.result, std::uint8_t(result));
  EXPECT_EQ(p.noisy_best(), noisy);
  EXPECT_EQ(p.side_to_move(), pos.side_to_move());
  EXPECT_EQ(p.in_check(), pos.in_check());
  EXPECT_EQ(p.rule50, pos.rule50());
  EXPECT_EQ(p.fullmove, pos.fullmove_number());
  ++checked;
}

void round_trip_suite(const std::string& suite, int depth, int every, bool chess960,
                      std::uint64_t& checked) {
  auto fens = suite_fens(suite);
  ASSERT_FALSE(fens.empty()) << suite;
  for (std::size_t i = 0; i < fens.size(); i += every) {
    Position pos = pos_of(fens[i], chess960);
    walk(pos, depth, [&](const Position& p) { expect_round_trip(p, checked); });
  }
}

PackedPosition packed(const std::string& fen, int score = 0, bool noisy = false) {
  return PackedPosition::pack(pos_of(fen), score, StmResult::DRAW, noisy);
}

std::string unpack_error(const PackedPosition& p) {
  Position pos;
  auto error = p.unpack(pos);
  EXPECT_TRUE(error) << "a corrupt record was accepted";
  return error.value_or("");
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string hex(const PackedPosition& p) {
  std::string text;
  for (std::size_t i = 0; i < sizeof p; ++i)
    text += fmt::format("{:02x}", reinterpret_cast<const std::uint8_t*>(&p)[i]);
  return text;
}

std::string bytes_of(const std::vector<PackedPosition>& records) {
  return std::string(reinterpret_cast<const char*>(records.data()),
                     records.size() * sizeof(PackedPosition));
}

const std::string Kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

class PackedRecord : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { Position::init(); }
};

}  // namespace

TEST_F(PackedRecord, RoundTripsEveryPositionOfPerftWalks) {
  std::uint64_t checked = 0;
  round_trip_suite("standard.epd", 2, 1, false, checked);
  round_trip_suite("tricky.epd", 3, 1, false, checked);  // en passant, castling, promotions
  round_trip_suite("fischer.epd", 2, 8, true, checked);
  round_trip_suite("fischer.epd", 3, 320, true, checked);
  EXPECT_GT(checked, 200000u);
}

TEST_F(PackedRecord, MarksTheCastlingRooks) {
  // Chess960: white may castle with the b1 rook only, black with the g8 rook
  // only; the other rooks are plain rooks.
  Position pos = pos_of("1r3kr1/8/8/8/8/8/8/1R3KR1 w Bg - 0 1", true);
  PackedPosition p = PackedPosition::pack(pos, 0, StmResult::DRAW, false);
  EXPECT_EQ(code_on(p, SQ_B1), 7);
  EXPECT_EQ(code_on(p, SQ_G1), W_ROOK);
  EXPECT_EQ(code_on(p, SQ_G8), 15);
  EXPECT_EQ(code_on(p, SQ_B8), B_ROOK);
  EXPECT_TRUE(p.flags & PackedPosition::FlagChess960);
  Position back;
  ASSERT_FALSE(p.unpack(back));
  EXPECT_EQ(back.fen(), "1r3kr1/8/8/8/8/8/8/1R3KR1 w Bg - 0 1");

  // Standard chess keeps KQkq.
  PackedPosition k = packed(Kiwipete);
  EXPECT_EQ(code_on(k, SQ_A1), 7);
  EXPECT_EQ(code_on(k, SQ_H8), 15);
  EXPECT_FALSE(k.flags & PackedPosition::FlagChess960);
  ASSERT_FALSE(k.unpack(back));
  EXPECT_EQ(back.fen(), Kiwipete);
}

TEST_F(PackedRecord, ClampsScoreAndClocks) {
  EXPECT_EQ(packed(Kiwipete, 40000).score, 32767);
  EXPECT_EQ(packed(Kiwipete, -40000).score, -32768);
  EXPECT_EQ(packed(Kiwipete, -VALUE_MATE + 3).score, -VALUE_MATE + 3);
  PackedPosition p = packed("4k3/8/8/8/8/8/8/4K2R w K - 300 70000");
  EXPECT_EQ(p.rule50, 255);
  EXPECT_EQ(p.fullmove, 65535);
}

TEST_F(PackedRecord, RefusesCorruptRecords) {
  const PackedPosition good = packed(Kiwipete);
  Position pos;
  ASSERT_FALSE(good.unpack(pos));

  PackedPosition p = good;
  p.pieces[0] &= 0xF0;  // the first piece's code becomes 0
  EXPECT_TRUE(contains(unpack_error(p), "bad piece code 0 on a1"));
  p = good;
  p.pieces[3] = (p.pieces[3] & 0x0F) | 0x80;  // code 8: black with no type
  EXPECT_TRUE(contains(unpack_error(p), "bad piece code 8"));

  p = good;
  p.epSquare = 70;
  EXPECT_TRUE(contains(unpack_error(p), "en passant square 70"));
  p = good;
  p.epSquare = SQ_E3;  // white to move: impossible
  EXPECT_TRUE(contains(unpack_error(p), "en passant"));

  p = good;
  p.occupancy = ~0ULL;
  EXPECT_TRUE(contains(unpack_error(p), "64 pieces"));
  p = good;
  p.result = 3;
  EXPECT_TRUE(contains(unpack_error(p), "result 3"));
  p = good;
  p.flags |= 0x40;
  EXPECT_TRUE(contains(unpack_error(p), "unknown flag"));
  p = good;
  p.flags |= PackedPosition::FlagInCheck;
  EXPECT_TRUE(contains(unpack_error(p), "in-check flag"));

  // A king more or fewer, pawns on the back rank, the side not to move in check.
  PackedPosition kings = packed("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  kings.pieces[0] = W_KING | (W_KING << 4);
  EXPECT_TRUE(contains(unpack_error(kings), "2 white and 0 black kings"));
  PackedPosition pawn = packed("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  pawn.pieces[0] = W_PAWN | (W_KING << 4);
  EXPECT_TRUE(contains(unpack_error(pawn), "pawns on the first or last rank"));
  PackedPosition check = packed("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  check.occupancy = square_bb(SQ_E1) | square_bb(SQ_E2) | square_bb(SQ_E8);
  check.pieces[0] = W_KING | (W_ROOK << 4);  // e1, e2
  check.pieces[1] = B_KING;                  // e8
  EXPECT_TRUE(contains(unpack_error(check), "not to move is in check"));

  // A castling rook off its first rank.
  PackedPosition rook = packed("4k3/8/8/8/8/8/R7/4K3 w - - 0 1");
  rook.pieces[0] = W_KING | (7 << 4);  // e1, a2
  EXPECT_TRUE(contains(unpack_error(rook), "castling rook on a2"));
  EXPECT_TRUE(validate_packed(rook));
  EXPECT_FALSE(validate_packed(good));
}

// A game's result (White's view) becomes the record's side-to-move view.
TEST(GameResult, SeenByTheSideToMove) {
  EXPECT_EQ(stm_result(GameResult::WHITE_WINS, WHITE), StmResult::WIN);
  EXPECT_EQ(stm_result(GameResult::WHITE_WINS, BLACK), StmResult::LOSS);
  EXPECT_EQ(stm_result(GameResult::BLACK_WINS, WHITE), StmResult::LOSS);
  EXPECT_EQ(stm_result(GameResult::BLACK_WINS, BLACK), StmResult::WIN);
  EXPECT_EQ(stm_result(GameResult::DRAW, WHITE), StmResult::DRAW);
  EXPECT_EQ(stm_result(GameResult::DRAW, BLACK), StmResult::DRAW);

  // and a record gives it back from White's view.
  Position blackToMove;
  ASSERT_FALSE(blackToMove.set("4k3/8/8/8/8/8/8/4K3 b - - 0 1"));
  for (GameResult r : {GameResult::BLACK_WINS, GameResult::DRAW, GameResult::WHITE_WINS}) {
    EXPECT_EQ(PackedPosition::pack(Position(), 0, stm_result(r, WHITE), false).game_result(), r);
    EXPECT_EQ(PackedPosition::pack(blackToMove, 0, stm_result(r, BLACK), false).game_result(), r);
  }
}

TEST_F(PackedRecord, ParsesTextLinesFromTheSideToMovesView) {
  // Lines of selfplay-hce-1 (the old datagen's text).
  PackedPosition w, b;
  ASSERT_FALSE(parse_text_record(
      "r1bqkb1r/1ppppppp/n4n2/p7/P2P4/5PP1/1PP1P2P/RNBQKBNR w KQkq - 1 6 | 10 | 0.0", w));
  EXPECT_EQ(w.side_to_move(), WHITE);
  EXPECT_EQ(w.score, 10);
  EXPECT_EQ(w.result, std::uint8_t(StmResult::LOSS));
  EXPECT_FALSE(w.noisy_best());
  EXPECT_FALSE(w.in_check());
  Position pos;
  ASSERT_FALSE(w.unpack(pos));
  EXPECT_EQ(pos.fen(), "r1bqkb1r/1ppppppp/n4n2/p7/P2P4/5PP1/1PP1P2P/RNBQKBNR w KQkq - 1 6");

  ASSERT_FALSE(parse_text_record(
      "r1bqkb1r/1ppppppp/n7/p7/P2Pn3/5PP1/1PP1P2P/RNBQKBNR b KQkq - 0 5 | 33 | 0.0\r", b));
  EXPECT_EQ(b.side_to_move(), BLACK);
  EXPECT_EQ(b.score, -33);
  EXPECT_EQ(b.result, std::uint8_t(StmResult::WIN));
  ASSERT_FALSE(parse_text_record(
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2|-12|0.5", w));
  EXPECT_EQ(w.score, -12);
  EXPECT_EQ(w.result, std::uint8_t(StmResult::DRAW));
  EXPECT_EQ(w.epSquare, SQ_E6);
  ASSERT_FALSE(parse_text_record("4k3/8/8/8/8/8/8/4K2R b K - 3 40 | -250 | 1.0", b));
  EXPECT_EQ(b.score, 250);
  EXPECT_EQ(b.result, std::uint8_t(StmResult::LOSS));
  EXPECT_EQ(b.rule50, 3);
  EXPECT_EQ(b.fullmove, 40);

  PackedPosition unchanged = w, out = w;
  auto error_of = [&](const std::string& line) {
    auto error = parse_text_record(line, out);
    EXPECT_EQ(std::memcmp(&out, &unchanged, sizeof out), 0) << line;
    return error.value_or("");
  };
  EXPECT_TRUE(contains(error_of("garbage line"), "FEN | score | result"));
  EXPECT_TRUE(contains(error_of(Kiwipete + " | 10"), "FEN | score | result"));
  EXPECT_TRUE(contains(error_of(Kiwipete + " | 10 | 0.5 | 3"), "FEN | score | result"));
  EXPECT_TRUE(contains(error_of(Kiwipete + " | ten | 0.5"), "score 'ten'"));
  EXPECT_TRUE(contains(error_of(Kiwipete + " | 10 | 1/2"), "result '1/2'"));
  EXPECT_TRUE(contains(error_of("8/8/8/8/8/8/8/8 w - - 0 1 | 0 | 0.5"), "bad FEN"));
}

TEST_F(PackedRecord, FilterDropsChecksNoisyMovesMatesAndEarlyPlies) {
  DataFilter filter;
  const std::string check = "4k3/8/8/8/8/8/8/4K2r w - - 0 30";
  EXPECT_TRUE(filter.accepts(packed(Kiwipete, 50)));
  EXPECT_FALSE(filter.accepts(packed(check, 50)));
  EXPECT_EQ(drop_reason(filter, packed(check, 50)), DropReason::IN_CHECK);
  EXPECT_FALSE(filter.accepts(packed(Kiwipete, 50, true)));
  EXPECT_EQ(drop_reason(filter, packed(Kiwipete, 50, true)), DropReason::NOISY_BEST);
  EXPECT_FALSE(filter.accepts(packed(Kiwipete, VALUE_MATE - 7)));
  EXPECT_FALSE(filter.accepts(packed(Kiwipete, -VALUE_MATE + 8)));
  EXPECT_TRUE(filter.accepts(packed(Kiwipete, -filter.maxAbsScore)));
  EXPECT_EQ(drop_reason(filter, packed(Kiwipete, filter.maxAbsScore + 1)), DropReason::SCORE);

  filter.minFullmove = 10;
  EXPECT_EQ(drop_reason(filter, packed(Kiwipete)), DropReason::EARLY);
  EXPECT_FALSE(filter.accepts(packed(check)));
  filter.skipInCheck = false;
  filter.skipNoisyBest = false;
  EXPECT_TRUE(filter.accepts(packed(check, 0, true)));
}

TEST_F(PackedRecord, FilesAreReadWholeOrNotAtAll) {
  std::vector<PackedPosition> records = {packed(Kiwipete, 10), packed(Kiwipete, 20, true),
                                         packed("4k3/8/8/8/8/8/8/4K2r w - - 0 30", 30),
                                         packed(Kiwipete, VALUE_MATE - 1)};
  TempPath file(".bin");
  ASSERT_FALSE(append_packed_file(file.path(), {records[0], records[1]}));
  ASSERT_FALSE(append_packed_file(file.path(), {records[2], records[3]}));
  EXPECT_EQ(read_file(file.path()), bytes_of(records));

  std::vector<PackedPosition> out = {records[2]};
  LoadReport report;
  ASSERT_FALSE(load_packed_file(file.path(), DataFilter{}, out, &report));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1].score, 10);
  EXPECT_EQ(report.read, 4u);
  EXPECT_EQ(report.kept, 1u);
  DataFilter all{false, false, 40000, 0};
  ASSERT_FALSE(load_packed_file(file.path(), all, out, &report));
  EXPECT_EQ(out.size(), 6u);
  EXPECT_EQ(report.read, 8u);  // the counts add up over calls
  EXPECT_EQ(report.kept, 5u);

  // Size not a multiple of 32: refused, `out` untouched.
  write_file(file.path(), bytes_of(records) + "abc");
  auto error = load_packed_file(file.path(), DataFilter{}, out);
  ASSERT_TRUE(error);
  EXPECT_TRUE(contains(*error, "not a whole number of 32-byte records")) << *error;
  EXPECT_EQ(out.size(), 6u);

  // A corrupt record: named by its index, nothing added.
  std::vector<PackedPosition> corrupt = records;
  corrupt[2].epSquare = 70;
  write_file(file.path(), bytes_of(corrupt));
  error = load_packed_file(file.path(), DataFilter{}, out);
  ASSERT_TRUE(error);
  EXPECT_TRUE(contains(*error, "record 2: en passant square 70")) << *error;
  EXPECT_EQ(out.size(), 6u);

  EXPECT_TRUE(load_packed_file("/nonexistent/shiftmate/data.bin", DataFilter{}, out));
  EXPECT_TRUE(append_packed_file("/nonexistent/shiftmate/data.bin", records));

  // Many chunks: every record visited once, in order.
  std::vector<PackedPosition> many(150000, records[0]);
  for (std::size_t i = 0; i < many.size(); ++i) many[i].score = std::int16_t(i % 30000);
  write_file(file.path(), bytes_of(many));
  out.clear();
  ASSERT_FALSE(load_packed_file(file.path(), all, out));
  ASSERT_EQ(out.size(), many.size());
  EXPECT_EQ(bytes_of(out), bytes_of(many));
}

TEST_F(PackedRecord, RandomlyDamagedRecordsAreRefusedOrExact) {
  // Whatever the bytes, unpack either explains the refusal or builds a
  // consistent position that packs back to the same record (a full-move
  // number of 0 reads as 1, as in a FEN; unused piece nibbles are ignored).
  std::vector<PackedPosition> seeds;
  for (const std::string& fen : suite_fens("tricky.epd")) seeds.push_back(packed(fen, 5));
  for (const std::string& fen : suite_fens("fischer.epd")) {
    if (seeds.size() > 60) break;
    seeds.push_back(PackedPosition::pack(pos_of(fen, true), -7, StmResult::WIN, true));
  }
  std::mt19937_64 rng(2026);
  int accepted = 0, refused = 0;
  for (int i = 0; i < 20000; ++i) {
    PackedPosition p = seeds[rng() % seeds.size()];
    auto* bytes = reinterpret_cast<std::uint8_t*>(&p);
    for (int flips = 1 + int(rng() % 2); flips; --flips)
      bytes[rng() % sizeof p] ^= std::uint8_t(1u << (rng() % 8));
    Position pos;
    if (auto error = p.unpack(pos)) {
      ASSERT_FALSE(error->empty());
      ++refused;
      continue;
    }
    ++accepted;
    ASSERT_TRUE(pos.is_consistent());
    PackedPosition again = PackedPosition::pack(pos, p.score, StmResult(p.result), p.noisy_best());
    if (p.fullmove == 0) again.fullmove = 0;
    // The nibbles past the last piece carry nothing.
    for (int n = std::popcount(p.occupancy); n < 32; ++n)
      p.pieces[n / 2] &= std::uint8_t(n & 1 ? 0x0F : 0xF0);
    ASSERT_EQ(hex(again), hex(p)) << pos.fen();
  }
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(refused, 1000);
}
