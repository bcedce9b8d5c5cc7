// The staged move picker and the legality test it relies on for moves that
// come from elsewhere (hash table, killers, countermoves), both checked
// against the full legal move generator.
#include "movepick.h"

#include <gtest/gtest.h>

#include <climits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "position.h"
#include "random.h"
#include "test_support.h"

using namespace shiftmate;

namespace {

class MovePickTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { Position::init(); }
};

// Positions from the perft suites and from random games started there:
// checks, pins, en passant, castling and promotions all occur.
std::vector<Position> sample_positions(std::size_t gamesPerFen, std::uint64_t seed) {
  std::vector<Position> out;
  Random rng(seed);
  for (const char* suite : {"standard.epd", "tricky.epd", "fischer.epd"}) {
    bool chess960 = std::string(suite) == "fischer.epd";
    for (const std::string& fen : shiftmate_test::suite_fens(suite)) {
      Position start;
      if (start.set(fen, chess960)) continue;
      out.push_back(start);
      for (std::size_t g = 0; g < gamesPerFen; ++g) {
        Position pos = start;
        for (int ply = 0; ply < 30; ++ply) {
          MoveList<LEGAL> moves(pos);
          if (!moves.size()) break;
          pos.do_move(*(moves.begin() + rng.below(moves.size())));
          out.push_back(pos);
        }
      }
    }
  }
  return out;
}

// Histories filled with random values, as after some searching.
struct RandomHistories {
  std::unique_ptr<ButterflyHistory> main = std::make_unique<ButterflyHistory>();
  std::unique_ptr<CaptureHistory> captures = std::make_unique<CaptureHistory>();
  std::unique_ptr<PieceToHistory> continuation = std::make_unique<PieceToHistory>();

  explicit RandomHistories(Random& rng) {
    auto fill = [&](auto& entry) { entry.value = std::int16_t(int(rng.below(16001)) - 8000); };
    for (auto& side : *main)
      for (auto& e : side) fill(e);
    for (auto& piece : *captures)
      for (auto& to : piece)
        for (auto& e : to) fill(e);
    for (auto& piece : *continuation)
      for (auto& e : piece) fill(e);
  }
  OrderingContext context(Move killer1, Move killer2, Move counter) const {
    return {main.get(),         {},     captures.get(), {continuation.get(), nullptr, nullptr},
            {killer1, killer2}, counter};
  }
};

// A move that is legal somewhere, often not here: killers and hash moves
// from other positions.
Move foreign_move(const std::vector<Position>& positions, Random& rng) {
  const Position& other = positions[rng.below(positions.size())];
  MoveList<LEGAL> moves(other);
  if (!moves.size()) return Move::none();
  return *(moves.begin() + rng.below(moves.size()));
}

}  // namespace

TEST_F(MovePickTest, LegalityAgreesWithTheGeneratorOnEveryEncoding) {
  // Every 16-bit value in a few hundred positions: normal moves, stray
  // promotion bits, castling, en passant and promotions of every kind.
  std::vector<Position> positions = sample_positions(1, 7);
  ASSERT_GT(positions.size(), 300u);
  std::size_t legal = 0, checked = 0;
  for (std::size_t i = 0; i < positions.size(); i += 10) {
    const Position& pos = positions[i];
    MoveList<LEGAL> moves(pos);
    std::vector<bool> isMove(65536, false);
    for (Move m : moves) isMove[m.raw()] = true;
    for (int raw = 0; raw < 65536; ++raw) {
      Move m{std::uint16_t(raw)};
      ASSERT_EQ(is_legal(pos, m), bool(isMove[raw]))
          << pos.fen() << " move " << pos.move_to_uci(m) << " raw " << raw;
      legal += isMove[raw];
      ++checked;
    }
  }
  EXPECT_GT(legal, 2000u);
  EXPECT_GT(checked, 2'000'000u);
  EXPECT_FALSE(is_legal(positions[0], Move::null()));
  EXPECT_FALSE(is_legal(positions[0], Move::none()));
}

TEST_F(MovePickTest, ReturnsEveryLegalMoveOnceInStageOrder) {
  std::vector<Position> positions = sample_positions(2, 11);
  Random rng(12);
  RandomHistories histories(rng);
  std::size_t withTt = 0, withKiller = 0, badCaptures = 0;
  for (const Position& pos : positions) {
    MoveList<LEGAL> legal(pos);
    // Hash move and refutations: legal here half of the time.
    auto candidate = [&] {
      return legal.size() && rng.below(2) ? *(legal.begin() + rng.below(legal.size()))
                                          : foreign_move(positions, rng);
    };
    Move tt = candidate(), k1 = candidate(), k2 = candidate(), counter = candidate();
    OrderingContext ctx = histories.context(k1, k2, counter);
    ctx.threats = pos.attack_layers(~pos.side_to_move());
    MovePicker picker(pos, tt, ctx);

    std::map<std::uint16_t, int> seen;
    int lastStage = MovePicker::TT_MOVE, lastQuietScore = 1 << 30;
    for (Move m; (m = picker.next());) {
      ++seen[m.raw()];
      const int stage = picker.stage();
      ASSERT_GE(stage, lastStage) << pos.fen() << " " << pos.move_to_uci(m);
      lastStage = stage;
      switch (picker.stage()) {
        case MovePicker::TT_MOVE:
          EXPECT_EQ(m, tt);
          ++withTt;
          break;
        case MovePicker::GOOD_CAPTURE:
          EXPECT_TRUE(pos.is_noisy(m));
          break;
        case MovePicker::KILLER:
          EXPECT_TRUE(m == k1 || m == k2);
          EXPECT_FALSE(pos.is_noisy(m));
          ++withKiller;
          break;
        case MovePicker::COUNTER:
          EXPECT_EQ(m, counter);
          break;
        case MovePicker::QUIET: {
          EXPECT_FALSE(pos.is_noisy(m));
          int score = (*histories.main)[pos.side_to_move()][butterfly_index(m, ctx.threats.all)] +
                      (*histories.continuation)[pos.piece_on(m.from())][m.to()];
          EXPECT_LE(score, lastQuietScore) << "quiets by history, best first";
          lastQuietScore = score;
          break;
        }
        case MovePicker::BAD_CAPTURE:
          EXPECT_TRUE(pos.is_noisy(m));
          if (m.kind() != PROMOTION) {
            EXPECT_FALSE(pos.see_ge(m, 0)) << pos.move_to_uci(m);
          }
          ++badCaptures;
          break;
      }
    }
    ASSERT_EQ(seen.size(), legal.size()) << pos.fen();
    for (Move m : legal) EXPECT_EQ(seen[m.raw()], 1) << pos.fen() << " " << pos.move_to_uci(m);
  }
  EXPECT_GT(withTt, 100u);
  EXPECT_GT(withKiller, 100u);
  EXPECT_GT(badCaptures, 20u);
}

TEST_F(MovePickTest, QuiescenceGetsCapturesOrEveryEvasion) {
  std::vector<Position> positions = sample_positions(2, 21);
  Random rng(22);
  RandomHistories histories(rng);
  std::size_t inCheck = 0;
  for (const Position& pos : positions) {
    Move tt = foreign_move(positions, rng);
    MovePicker picker(pos, tt, histories.context(Move::none(), Move::none(), Move::none()), true);
    std::vector<Move> got;
    for (Move m; (m = picker.next());) got.push_back(m);
    std::vector<Move> expected;
    if (pos.in_check()) {
      ++inCheck;
      for (Move m : MoveList<LEGAL>(pos)) expected.push_back(m);
    } else {
      for (Move m : MoveList<CAPTURES>(pos)) expected.push_back(m);
    }
    auto raw_less = [](Move a, Move b) { return a.raw() < b.raw(); };
    std::sort(got.begin(), got.end(), raw_less);
    std::sort(expected.begin(), expected.end(), raw_less);
    ASSERT_EQ(got, expected) << pos.fen();
  }
  EXPECT_GT(inCheck, 20u);
}

TEST_F(MovePickTest, SkippingQuietsKeepsCapturesAndRefutations) {
  Position pos;
  // White to move: Bxf7+ and Nxe5 capture; d2d4 and others are quiet.
  ASSERT_FALSE(pos.set("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 3"));
  Random rng(3);
  RandomHistories histories(rng);
  const Move killer = parse_uci_move(pos, "d2d4"), counter = parse_uci_move(pos, "b1c3");
  ASSERT_TRUE(killer && counter);
  MovePicker picker(pos, Move::none(), histories.context(killer, Move::none(), counter));
  std::vector<Move> got;
  for (Move m; (m = picker.next(true));) got.push_back(m);
  // Nxe5, Bxf7+, the killer and the countermove; no other quiet move.
  ASSERT_EQ(got.size(), 4u);
  EXPECT_TRUE(std::count(got.begin(), got.end(), killer));
  EXPECT_TRUE(std::count(got.begin(), got.end(), counter));
  EXPECT_TRUE(std::count(got.begin(), got.end(), parse_uci_move(pos, "f3e5")));
  EXPECT_TRUE(std::count(got.begin(), got.end(), parse_uci_move(pos, "c4f7")));
}

TEST_F(MovePickTest, HashMoveFromAnotherPositionIsNeverReturned) {
  Position pos;
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
  Random rng(5);
  RandomHistories histories(rng);
  const OrderingContext ctx = histories.context(Move::none(), Move::none(), Move::none());
  // e2e5 is no move at all; e7e5 belongs to Black; a promotion bit pattern
  // on a normal pawn push must not pass either.
  for (Move bogus : {Move(SQ_E2, SQ_E5), Move(SQ_E7, SQ_E5),
                     Move(std::uint16_t(Move(SQ_E2, SQ_E4).raw() | (2 << 12))),
                     Move::make<CASTLING>(SQ_E1, SQ_H1)}) {
    MovePicker picker(pos, bogus, ctx);
    std::size_t count = 0;
    for (Move m; (m = picker.next());) {
      EXPECT_NE(m, bogus);
      ++count;
    }
    EXPECT_EQ(count, MoveList<LEGAL>(pos).size());
  }
}

// With every history at zero, the quiet moves that check from their own
// square and lose nothing by SEE (told apart here by playing each move and
// reading the checkers) come before the other quiet moves, given a bonus;
// without it the generation order mixes them in some position.
TEST_F(MovePickTest, QuietDirectChecksComeFirstWithTheBonus) {
  auto main = std::make_unique<ButterflyHistory>();
  auto captures = std::make_unique<CaptureHistory>();
  auto continuation = std::make_unique<PieceToHistory>();
  const std::vector<Position> positions = sample_positions(2, 11);
  int mixedWithout = 0, checksSeen = 0;
  for (int bonus : {12000, 0}) {
    const OrderingContext ctx{main.get(),
                              {},
                              captures.get(),
                              {continuation.get(), nullptr, nullptr},
                              {Move::none(), Move::none()},
                              Move::none(),
                              bonus};
    for (Position pos : positions) {
      if (pos.in_check()) continue;
      MovePicker picker(pos, Move::none(), ctx);
      bool otherSeen = false, mixed = false;
      for (Move m; (m = picker.next());) {
        if (picker.stage() != MovePicker::QUIET) continue;
        const bool safe = pos.see_ge(m, 0);
        pos.do_move(m);
        const bool direct = pos.checkers() & square_bb(m.to());
        pos.undo_move(m);
        if (direct && safe) {
          checksSeen += bonus != 0;
          mixed |= otherSeen;
        } else {
          otherSeen = true;
        }
      }
      if (bonus)
        EXPECT_FALSE(mixed) << pos.fen();
      else
        mixedWithout += mixed;
    }
  }
  EXPECT_GT(checksSeen, 0);
  EXPECT_GT(mixedWithout, 0);
}

// With every history at zero, quiet moves come in the order of the threat
// bonus alone: first a knight, bishop, rook or queen stepping out of the
// attack of a cheaper enemy piece, last one stepping into it. The attacks are
// read here square by square from attackers_to, not from the picker's layers.
TEST_F(MovePickTest, QuietMovesOutOfCheaperAttacksComeFirstAndIntoThemLast) {
  auto main = std::make_unique<ButterflyHistory>();
  auto captures = std::make_unique<CaptureHistory>();
  auto continuation = std::make_unique<PieceToHistory>();
  const int bonus[PIECE_TYPE_NB] = {0, 0, 3000, 3000, 5000, 9000, 0};
  int escapes = 0, intoAttack = 0;
  for (Position pos : sample_positions(2, 13)) {
    if (pos.in_check()) continue;
    const Color them = ~pos.side_to_move();
    OrderingContext ctx{main.get(),
                        pos.attack_layers(them),
                        captures.get(),
                        {continuation.get(), nullptr, nullptr},
                        {Move::none(), Move::none()},
                        Move::none()};
    std::copy(std::begin(bonus), std::end(bonus), std::begin(ctx.escapeBonus));
    // Is square s attacked by an enemy piece worth less than a `pt`?
    auto cheaperAttack = [&](Square s, PieceType pt) {
      const Bitboard attackers = pos.attackers_to(s) & pos.pieces(them);
      switch (pt) {
        case KNIGHT:
        case BISHOP:
          return bool(attackers & pos.pieces(them, PAWN));
        case ROOK:
          return bool(attackers & (pos.pieces(them, PAWN) | pos.pieces(them, KNIGHT) |
                                   pos.pieces(them, BISHOP)));
        case QUEEN:
          return bool(attackers & (pos.pieces(them, PAWN) | pos.pieces(them, KNIGHT) |
                                   pos.pieces(them, BISHOP) | pos.pieces(them, ROOK)));
        default:
          return false;
      }
    };
    MovePicker picker(pos, Move::none(), ctx);
    int previous = INT_MAX;
    for (Move m; (m = picker.next());) {
      if (picker.stage() != MovePicker::QUIET) continue;
      const PieceType pt = type_of(pos.piece_on(m.from()));
      // Both read the board before the move: a slider's line that the moving
      // piece itself blocks does not count at the destination.
      const int score =
          (int(cheaperAttack(m.from(), pt)) - int(cheaperAttack(m.to(), pt))) * bonus[pt];
      EXPECT_LE(score, previous) << pos.fen() << " " << pos.move_to_uci(m);
      previous = score;
      escapes += score > 0;
      intoAttack += score < 0;
    }
  }
  EXPECT_GT(escapes, 20);
  EXPECT_GT(intoAttack, 20);
}
