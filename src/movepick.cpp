#include "movepick.h"

#include "piece_values.h"

namespace shiftmate {

namespace {

constexpr int StageBase[6] = {
    4'000'000,   // TT move
    3'000'000,   // good captures: + MVV/LVA and capture history
    2'000'000,   // killers
    1'900'000,   // countermove
    0,           // quiets: history (well inside +-1'000'000)
    -3'000'000,  // bad captures
};

}  // namespace

MovePicker::MovePicker(const Position& pos, Move ttMove, const OrderingContext& ctx,
                       bool noisyOnly) {
  Move list[MAX_MOVES];
  Move* end =
      noisyOnly && !pos.in_check() ? generate<CAPTURES>(pos, list) : generate<LEGAL>(pos, list);
  Color us = pos.side_to_move();

  for (Move* m = list; m != end; ++m) {
    Scored& s = moves[count++];
    s.move = *m;
    Piece pc = pos.piece_on(m->from());
    if (*m == ttMove) {
      s.stage = TT_MOVE;
      s.score = StageBase[TT_MOVE];
    } else if (pos.is_noisy(*m)) {
      PieceType victim = m->kind() == EN_PASSANT ? PAWN : type_of(pos.piece_on(m->to()));
      int value = 16 * TradeValue[victim] + (*ctx.captures)[pc][m->to()][victim] / 8;
      if (m->kind() == PROMOTION)
        value += m->promotion() == QUEEN ? 16 * SeeValue[QUEEN] : -16 * SeeValue[QUEEN];
      bool good = m->kind() == PROMOTION ? m->promotion() == QUEEN : pos.see_ge(*m, -value / 256);
      s.stage = good ? GOOD_CAPTURE : BAD_CAPTURE;
      s.score = StageBase[s.stage] + value;
    } else if (*m == ctx.killers[0] || *m == ctx.killers[1]) {
      s.stage = KILLER;
      s.score = StageBase[KILLER] + (*m == ctx.killers[0]);
    } else if (*m == ctx.counter) {
      s.stage = COUNTER;
      s.score = StageBase[COUNTER];
    } else {
      s.stage = QUIET;
      int to = m->to();
      s.score = (*ctx.main)[us][butterfly_index(*m)];
      for (const PieceToHistory* ch : ctx.continuation)
        if (ch) s.score += (*ch)[pc][to];
    }
  }
}

Move MovePicker::next(bool skipQuiets) {
  // Selection sort, one step at a time: most nodes cut off after a few moves.
  while (cursor < count) {
    std::size_t best = cursor;
    for (std::size_t i = cursor + 1; i < count; ++i)
      if (moves[i].score > moves[best].score) best = i;
    std::swap(moves[cursor], moves[best]);
    const Scored& s = moves[cursor++];
    if (skipQuiets && s.stage == QUIET) continue;
    lastStage = s.stage;
    return s.move;
  }
  return Move::none();
}

}  // namespace shiftmate
