// Orders moves for the search in stages: the transposition-table move,
// winning captures, killers, the countermove, quiet moves by history, and
// losing captures last.
#pragma once

#include "history.h"
#include "movegen.h"

namespace shiftmate {

// Histories the picker reads, owned by the search thread.
struct OrderingContext {
  const ButterflyHistory* main;
  const CaptureHistory* captures;
  const PieceToHistory* continuation[3];  // after our move 1, 2 and 4 plies ago
  Move killers[2];
  Move counter;
};

class MovePicker {
 public:
  // Main search: every legal move. Quiescence (`noisyOnly`): captures and
  // promotions, or every evasion when in check.
  MovePicker(const Position& pos, Move ttMove, const OrderingContext& ctx, bool noisyOnly = false);

  // The next move, or Move::none() when done. With skipQuiets, quiet moves
  // not yet returned are passed over (late move pruning).
  Move next(bool skipQuiets = false);

  // Stage of the move last returned.
  enum Stage { TT_MOVE, GOOD_CAPTURE, KILLER, COUNTER, QUIET, BAD_CAPTURE };
  Stage stage() const { return lastStage; }
  std::size_t size() const { return count; }

 private:
  struct Scored {
    Move move;
    int score;
    Stage stage;
  };
  Scored moves[MAX_MOVES];
  std::size_t count = 0, cursor = 0;
  Stage lastStage = TT_MOVE;
};

}  // namespace shiftmate
