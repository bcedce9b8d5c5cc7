// Orders moves for the search in stages, generating lazily: the
// transposition-table move before anything is generated, then captures
// (generated and scored only when reached; those that lose material by SEE
// are put aside), killers and the countermove, quiet moves by history (only
// generated if no earlier move cut off), and the losing captures last.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>

#include "history.h"
#include "movegen.h"

namespace shiftmate {

// Histories the picker reads, owned by the search thread.
struct OrderingContext {
  const ButterflyHistory* main;
  AttackLayers threats;  // squares the opponent attacks (.all: the main history's index)
  const CaptureHistory* captures;
  const PieceToHistory* continuation[3];  // after our move 1, 2 and 4 plies ago
  Move killers[2];
  Move counter;
  int quietCheckBonus = 0;  // added to a quiet move that checks directly and loses nothing by SEE
  // By piece type: added to a quiet move out of the attack of a cheaper enemy
  // piece, taken from one into it.
  int escapeBonus[PIECE_TYPE_NB] = {};
};

class MovePicker {
 public:
  // Main search: every legal move. Quiescence (`quiescence`): captures and
  // promotions, or every evasion when in check.
  MovePicker(const Position& position, Move hashMove, const OrderingContext& context,
             bool quiescence = false);
  // Its pointers point into its own move list: a copy would share it.
  MovePicker(const MovePicker&) = delete;
  MovePicker& operator=(const MovePicker&) = delete;

  // The next move, or Move::none() when done. With skipQuiets, quiet moves
  // other than killers and the countermove are passed over (late move
  // pruning) and, if not yet generated, never generated.
  Move next(bool skipQuiets = false);

  // Stage of the move last returned.
  enum Stage { TT_MOVE, GOOD_CAPTURE, KILLER, COUNTER, QUIET, BAD_CAPTURE };
  Stage stage() const { return lastStage; }

 private:
  enum class Step : std::uint8_t {
    TtMove,
    GenerateCaptures,
    GoodCaptures,
    FirstKiller,
    SecondKiller,
    Counter,
    GenerateQuiets,
    Quiets,
    BadCaptures,
    Done,
  };
  struct Scored {
    Move move;
    int score;
  };

  // Writes the generated moves, unscored, from `out`; returns the new end.
  template <GenType Type>
  Scored* generate_scored(Scored* out) const;
  void score_captures(Scored* begin, Scored* end) const;
  void score_quiets(Scored* begin, Scored* end) const;
  // Takes the best-scored move of [cur, end), advancing cur past it.
  Scored take_best();
  // A killer or countermove worth trying: legal, quiet, not tried already.
  bool usable_refutation(Move m) const;
  bool already_tried(Move m) const {
    return m == ttMove || m == refutations[0] || m == refutations[1] || m == refutations[2];
  }

  const Position& pos;
  const OrderingContext ctx;
  const Move ttMove;
  const bool noisyOnly;  // quiescence and not in check
  Step step;
  Stage lastStage = TT_MOVE;
  Move refutations[3];  // killers and countermove returned so far
  // The move list. Raw bytes rather than Scored[MAX_MOVES], whose Moves
  // would be zeroed at every node, most of which never generate (7% of
  // bench's time); Scored is an aggregate, so its objects begin in this
  // storage as the generators write them (C++20 implicit object creation).
  alignas(Scored) std::byte storage[MAX_MOVES * sizeof(Scored)];
  Scored* const moves = std::launder(reinterpret_cast<Scored*>(storage));
  // Captures from moves[0]; those losing by SEE are moved down to
  // [moves, badEnd) as the good ones are taken. Quiets follow the captures.
  Scored* cur = moves;
  Scored* end = moves;
  Scored* badEnd = moves;
  Scored* capturesEnd = moves;
};

}  // namespace shiftmate
