// Russian checkers move generation: positions written from the rules, and the
// fast generator against the slow reference (tests/checkers_reference.h) over
// random games and random positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <set>
#include <string>
#include <vector>

#include "checkers/movegen.h"
#include "checkers/notation.h"
#include "checkers/perft.h"
#include "checkers/position.h"
#include "checkers_reference.h"
#include "random.h"

using namespace shiftmate::checkers;

namespace {

// A position from algebraic squares, kings prefixed K: ({"c3", "Ka1"}, ...).
Position position_of(Side toMove, std::initializer_list<std::string> white,
                     std::initializer_list<std::string> black) {
  Position pos;
  pos.sideToMove = toMove;
  for (Side side : {White, Black})
    for (std::string name : side == White ? white : black) {
      bool king = name[0] == 'K';
      auto s = parse_square_name(king ? name.substr(1) : name);
      EXPECT_TRUE(s) << name;
      pos.pieces[side] |= square_bb(*s);
      if (!king) pos.men[side] |= square_bb(*s);
    }
  return pos;
}

// The names of the pieces a move takes, in the reference's order (a1, a3, ...).
std::string taken_names(Board taken) {
  std::set<std::pair<int, int>> coords;
  for (Square s = 0; s < SquareCount; ++s)
    if (taken & square_bb(s)) coords.insert({file_of(s), rank_of(s)});
  std::string text;
  for (auto [file, rank] : coords) {
    if (!text.empty()) text += ',';
    text += {char('a' + file), char('1' + rank)};
  }
  return text;
}

// A fast move as the reference writes it.
std::string full_text(const Move& m) {
  std::string text = move_text(m);
  if (m.is_capture()) text += " x " + taken_names(m.taken);
  return m.promotes ? text + " +" : text;
}

std::string outcome_text(const Move& m) {
  std::string text = square_name(m.from) + ">" + square_name(m.to);
  if (m.is_capture()) text += " x " + taken_names(m.taken);
  return m.promotes ? text + " +" : text;
}

// The moves as sorted text: `c3-d4`, `c3:e5:c7 x d4,d6`, `... +` when crowning.
std::vector<std::string> move_texts(const Position& pos,
                                    CapturePaths paths = CapturePaths::Distinct) {
  MoveList list;
  generate_moves(pos, list, paths);
  std::vector<std::string> texts;
  for (const Move& m : list) texts.push_back(full_text(m));
  std::sort(texts.begin(), texts.end());
  return texts;
}

using Texts = std::vector<std::string>;

// ---------------------------------------------------------------- rules

TEST(CheckersRules, MenStepForwardOnlyAndCrownOnTheLastRank) {
  EXPECT_EQ(move_texts(position_of(White, {"c3", "b6"}, {"h8"})),
            Texts({"b6-a7", "b6-c7", "c3-b4", "c3-d4"}));
  EXPECT_EQ(move_texts(position_of(White, {"a7"}, {"h2"})), Texts({"a7-b8 +"}));
  EXPECT_EQ(move_texts(position_of(Black, {"a7"}, {"h2"})), Texts({"h2-g1 +"}));
}

TEST(CheckersRules, KingsFlyAlongBothDiagonals) {
  // Stopped by its own man on f6 and by the black man on b6.
  // Stopped by its own man on f6; the black man on a7 has no square behind
  // it, so it cannot be taken.
  EXPECT_EQ(move_texts(position_of(White, {"Kd4", "f6"}, {"a7"})),
            Texts({"d4-a1", "d4-b2", "d4-b6", "d4-c3", "d4-c5", "d4-e3", "d4-e5", "d4-f2", "d4-g1",
                   "f6-e7", "f6-g7"}));
}

TEST(CheckersRules, CaptureIsCompulsory) {
  // White could step with either man, but e3 can take d4: only that counts.
  Position pos = position_of(White, {"e3", "a1"}, {"d4"});
  EXPECT_EQ(move_texts(pos), Texts({"e3:c5 x d4"}));
  EXPECT_TRUE(has_capture(pos));
  EXPECT_EQ(count_moves(pos), 1u);
  EXPECT_FALSE(has_capture(position_of(White, {"e3", "a1"}, {"d6"})));
}

TEST(CheckersRules, MenCaptureBackward) {
  EXPECT_EQ(move_texts(position_of(White, {"d4"}, {"c3"})), Texts({"d4:b2 x c3"}));
  EXPECT_EQ(move_texts(position_of(Black, {"e5"}, {"d4"})), Texts({"d4:f6 x e5"}));
}

TEST(CheckersRules, AnyCaptureSequenceMayBeChosenNotOnlyTheLongest) {
  // From c3 the man takes b4 (one piece, then stuck) or d4 and d6 (two).
  EXPECT_EQ(move_texts(position_of(White, {"c3"}, {"b4", "d4", "d6", "a7"})),
            Texts({"c3:a5 x b4", "c3:e5:c7 x d4,d6"}));
}

TEST(CheckersRules, FlyingKingCaptureLandsOnAnySquareBehind) {
  EXPECT_EQ(move_texts(position_of(White, {"Ka1"}, {"c3"})),
            Texts({"a1:d4 x c3", "a1:e5 x c3", "a1:f6 x c3", "a1:g7 x c3", "a1:h8 x c3"}));
  // The piece must be the first met, with an empty square right behind it.
  EXPECT_FALSE(has_capture(position_of(White, {"Ka1"}, {"c3", "d4"})));
  // Nor can it pass its own man to reach one.
  EXPECT_FALSE(has_capture(position_of(White, {"Ka1", "b2"}, {"d4"})));
}

TEST(CheckersRules, KingMustLandWhereItCanGoOnCapturing) {
  // Of d4..h8 behind c3, only e5 reaches g3 (landing h2): the king must
  // take that way.
  EXPECT_EQ(move_texts(position_of(White, {"Ka1"}, {"c3", "g3"})), Texts({"a1:e5:h2 x c3,g3"}));
}

TEST(CheckersRules, ManCrownedMidCaptureGoesOnAsAKing) {
  // b6 takes c7 and lands on d8, a king at once; as a king it takes f6
  // from a distance and may land on g5 or h4. A man could not reach f6.
  EXPECT_EQ(move_texts(position_of(White, {"b6"}, {"c7", "f6"})),
            Texts({"b6:d8:g5 x c7,f6 +", "b6:d8:h4 x c7,f6 +"}));
  // With nothing more to take the move ends on the last rank, crowned.
  EXPECT_EQ(move_texts(position_of(White, {"b6"}, {"c7"})), Texts({"b6:d8 x c7 +"}));
  Position alone = position_of(White, {"b6"}, {"c7"});
  MoveList list;
  generate_moves(alone, list);
  ASSERT_EQ(list.size(), 1);
  EXPECT_EQ(alone.after(list[0]).fen(), "B:WK2:B");
}

TEST(CheckersRules, TurkishStrikeTakenPiecesBlockUntilTheMoveEnds) {
  // The king d8 takes e7 first. Its longest way then goes h4, e1 (taking f2),
  // b4 (c3) and up over c5 toward f8 -- but e7, taken and not yet removed,
  // still stands on that diagonal: the king must stop on d6. Were taken
  // pieces lifted at once, d8:h4:e1:b4:e7/f8 would be legal.
  Position pos = position_of(White, {"Kd8"}, {"c3", "c5", "e7", "f2"});
  EXPECT_EQ(move_texts(pos),
            Texts({"d8:f6:a1 x c3,e7", "d8:f6:b2 x c3,e7", "d8:h4:e1:b4:d6 x c3,c5,e7,f2"}));
}

TEST(CheckersRules, APieceIsNotTakenTwice) {
  // h8 takes e5; from d4 it takes b6 (landing a7) or f2 (landing g1), but
  // from a7 or g1 the way back runs into the taken b6 or f2.
  EXPECT_EQ(move_texts(position_of(White, {"Kh8"}, {"b6", "e5", "f2"})),
            Texts({"h8:d4:a7 x b6,e5", "h8:d4:g1 x e5,f2"}));
}

TEST(CheckersRules, StartSquareCountsAsEmptyAndSamePiecesByTwoPathsMerge) {
  // c3 takes d4, d6, b6, b4 round the square and lands on c3 again; it can
  // go round either way. Merged: one move; distinct paths: two.
  Position pos = position_of(White, {"c3"}, {"b4", "d4", "b6", "d6"});
  EXPECT_EQ(move_texts(pos, CapturePaths::Distinct),
            Texts({"c3:a5:c7:e5:c3 x b4,b6,d4,d6", "c3:e5:c7:a5:c3 x b4,b6,d4,d6"}));
  EXPECT_EQ(move_texts(pos, CapturePaths::Merged).size(), 1u);
  EXPECT_EQ(count_moves(pos, CapturePaths::Merged), 1u);
  EXPECT_EQ(count_moves(pos, CapturePaths::Distinct), 2u);
  MoveList list;
  generate_moves(pos, list);
  EXPECT_EQ(pos.after(list[0]).fen(), "B:W22:B");
}

TEST(CheckersRules, ASideWithNoMoveHasNoChildren) {
  // a3 is blocked by b4, which it cannot take (c5 is occupied).
  Position blocked = position_of(White, {"a3"}, {"b4", "c5"});
  EXPECT_EQ(count_moves(blocked), 0u);
  EXPECT_EQ(perft(blocked, 3, CapturePaths::Merged), 0u);
  Position noPieces = position_of(White, {}, {"c5"});
  EXPECT_EQ(count_moves(noPieces), 0u);
  MoveList list;
  generate_moves(noPieces, list);
  EXPECT_TRUE(list.empty());
}

TEST(CheckersRules, CountMatchesTheListedMoves) {
  for (const Position& pos :
       {start_position(), position_of(White, {"Kd4", "c1", "Kh2"}, {"a7", "Kb8"}),
        position_of(Black, {"c3", "Ke1"}, {"d6", "Kh4", "b8"})})
    for (CapturePaths paths : {CapturePaths::Merged, CapturePaths::Distinct}) {
      MoveList list;
      generate_moves(pos, list, paths);
      EXPECT_EQ(count_moves(pos, paths), std::uint64_t(list.size())) << pos.fen();
    }
}

// ---------------------------------------------------------------- against the reference

// Compares the fast generator with the reference in both conventions:
// every path (with its taken pieces and landing squares) and every outcome.
void expect_same_moves(const Position& pos) {
  checkers_reference::Board board(pos);
  std::vector<std::string> expectedPaths, expectedOutcomes;
  for (const auto& m : board.moves()) {
    expectedPaths.push_back(m.text());
    expectedOutcomes.push_back(m.outcome());
  }
  std::sort(expectedPaths.begin(), expectedPaths.end());
  std::sort(expectedOutcomes.begin(), expectedOutcomes.end());
  expectedOutcomes.erase(std::unique(expectedOutcomes.begin(), expectedOutcomes.end()),
                         expectedOutcomes.end());

  ASSERT_EQ(move_texts(pos, CapturePaths::Distinct), expectedPaths) << pos.fen();
  MoveList merged;
  generate_moves(pos, merged, CapturePaths::Merged);
  std::vector<std::string> outcomes;
  for (const Move& m : merged) outcomes.push_back(outcome_text(m));
  std::sort(outcomes.begin(), outcomes.end());
  ASSERT_EQ(outcomes, expectedOutcomes) << pos.fen();
  ASSERT_EQ(count_moves(pos, CapturePaths::Merged), expectedOutcomes.size()) << pos.fen();
  ASSERT_EQ(count_moves(pos, CapturePaths::Distinct), expectedPaths.size()) << pos.fen();
}

// And the position after each move, through the reference's own board.
void expect_same_children(const Position& pos) {
  checkers_reference::Board board(pos);
  MoveList list;
  generate_moves(pos, list, CapturePaths::Distinct);
  for (const Move& m : list) {
    Position child = pos.after(m);
    checkers_reference::Board expected = board;
    for (const auto& r : board.moves())
      if (r.text() == full_text(m)) expected = board.after(r);
    ASSERT_TRUE(checkers_reference::Board(child) == expected) << pos.fen() << " " << move_text(m);
  }
}

TEST(CheckersReference, RandomGamesFromTheStart) {
  shiftmate::Random rng(0xC4EC4E25);
  int positions = 0;
  for (int game = 0; game < 500; ++game) {
    Position pos = start_position();
    for (int ply = 0; ply < 150; ++ply) {
      expect_same_moves(pos);
      if (HasFatalFailure()) return;
      ++positions;
      MoveList list;
      generate_moves(pos, list, CapturePaths::Distinct);
      if (list.empty()) break;
      pos = pos.after(list[int(rng.below(list.size()))]);
    }
  }
  EXPECT_GT(positions, 25000);
}

// Random placements reach what games from the start rarely do: many kings,
// long flying sequences, crowning mid-capture.
Position random_position(shiftmate::Random& rng) {
  Position pos;
  pos.sideToMove = Side(rng.below(2));
  for (Side side : {White, Black}) {
    int pieces = 1 + int(rng.below(12));
    int kingPercent = int(rng.below(101));
    for (int placed = 0; placed < pieces;) {
      Square s = Square(rng.below(SquareCount));
      if (pos.occupied() & square_bb(s)) continue;
      bool king = int(rng.below(100)) < kingPercent || (PromotionRank[side] & square_bb(s));
      pos.pieces[side] |= square_bb(s);
      if (!king) pos.men[side] |= square_bb(s);
      ++placed;
    }
  }
  return pos;
}

TEST(CheckersReference, RandomPositions) {
  shiftmate::Random rng(0x5A5A17);
  for (int i = 0; i < 50000; ++i) {
    Position pos = random_position(rng);
    expect_same_moves(pos);
    if (HasFatalFailure()) return;
    if (i % 20 == 0) expect_same_children(pos);
    if (HasFatalFailure()) return;
  }
}

TEST(CheckersReference, PerftOfKingPositions) {
  for (const char* fen : {"W:WK29,K31,21,22:BK4,K2,9,10,11", "B:WK18,23,26,27:BK13,K7,5,6",
                          "W:WK32,K28,K24:BK1,K5,K9,14,15"}) {
    Position pos;
    ASSERT_FALSE(parse_fen(fen, pos)) << fen;
    checkers_reference::Board board(pos);
    for (int depth = 1; depth <= 3; ++depth) {
      EXPECT_EQ(perft(pos, depth, CapturePaths::Merged),
                checkers_reference::perft(board, depth, true))
          << fen << " depth " << depth;
      EXPECT_EQ(perft(pos, depth, CapturePaths::Distinct),
                checkers_reference::perft(board, depth, false))
          << fen << " depth " << depth;
    }
  }
}

}  // namespace
