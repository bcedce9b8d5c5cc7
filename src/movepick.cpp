#include "movepick.h"

#include <algorithm>

#include "piece_values.h"

namespace shiftmate {

namespace {

// Hash moves can come from another position that shares the table slot.
Move usable_tt_move(const Position& pos, Move ttMove, bool quiescence) {
  if (!is_legal(pos, ttMove)) return Move::none();
  if (quiescence && !pos.in_check() && !pos.is_noisy(ttMove)) return Move::none();
  return ttMove;
}

}  // namespace

MovePicker::MovePicker(const Position& position, Move hashMove, const OrderingContext& context,
                       bool quiescence)
    : pos(position),
      ctx(context),
      ttMove(usable_tt_move(position, hashMove, quiescence)),
      noisyOnly(quiescence && !position.in_check()),
      step(Step::TtMove) {}

void MovePicker::score_captures(Scored* begin, Scored* last) const {
  for (Scored* s = begin; s != last; ++s) {
    Move m = s->move;
    PieceType victim = pos.captured_type(m);
    s->score =
        16 * TradeValue[victim] + (*ctx.captures)[pos.piece_on(m.from())][m.to()][victim] / 8;
    if (m.kind() == PROMOTION)
      s->score += m.promotion() == QUEEN ? 16 * SeeValue[QUEEN] : -16 * SeeValue[QUEEN];
  }
}

void MovePicker::score_quiets(Scored* begin, Scored* last) const {
  const Color us = pos.side_to_move();
  // The squares from which each piece type would check the enemy king
  // (discovered checks are left out: rare, and dearer to find).
  const Square ksq = pos.king_square(~us);
  const Bitboard occupied = pos.pieces();
  const Bitboard diagonal = bishop_attacks(ksq, occupied), straight = rook_attacks(ksq, occupied);
  const Bitboard checkSquares[PIECE_TYPE_NB] = {
      0, pawn_attacks(~us, ksq), knight_attacks(ksq), diagonal, straight, diagonal | straight, 0};
  // Where each piece type would stand attacked by a cheaper enemy piece.
  const AttackLayers& t = ctx.threats;
  const Bitboard cheaperAttacks[PIECE_TYPE_NB] = {0,          0,         t.byPawns, t.byPawns,
                                                  t.byMinors, t.byRooks, 0};
  for (Scored* s = begin; s != last; ++s) {
    Move m = s->move;
    Piece moved = pos.piece_on(m.from());
    const PieceType pt = type_of(moved);
    s->score = (*ctx.main)[us][butterfly_index(m, ctx.threats.all)];
    for (const PieceToHistory* ch : ctx.continuation)
      if (ch) s->score += (*ch)[moved][m.to()];
    if ((checkSquares[pt] & square_bb(m.to())) && pos.see_ge(m, 0)) s->score += ctx.quietCheckBonus;
    s->score += (int(cheaperAttacks[pt] >> m.from() & 1) - int(cheaperAttacks[pt] >> m.to() & 1)) *
                ctx.escapeBonus[pt];
  }
}

MovePicker::Scored MovePicker::take_best() {
  // Selection sort, one step at a time: most nodes cut off after a few moves.
  std::iter_swap(cur, std::max_element(cur, end, [](const Scored& a, const Scored& b) {
                   return a.score < b.score;
                 }));
  return *cur++;
}

bool MovePicker::usable_refutation(Move m) const {
  return m && !already_tried(m) && is_legal(pos, m) && !pos.is_noisy(m);
}

template <GenType Type>
MovePicker::Scored* MovePicker::generate_scored(Scored* out) const {
  Move list[MAX_MOVES];
  Move* last = generate<Type>(pos, list);
  for (Move* m = list; m != last; ++m) *out++ = {*m, 0};
  return out;
}

Move MovePicker::next(bool skipQuiets) {
  switch (step) {
    case Step::TtMove:
      step = Step::GenerateCaptures;
      if (ttMove) {
        lastStage = TT_MOVE;
        return ttMove;
      }
      return next(skipQuiets);

    case Step::GenerateCaptures:
      cur = badEnd = moves;
      end = capturesEnd = generate_scored<CAPTURES>(moves);
      score_captures(cur, end);
      step = Step::GoodCaptures;
      [[fallthrough]];

    case Step::GoodCaptures:
      while (cur != end) {
        Scored s = take_best();
        if (s.move == ttMove) continue;
        bool good = s.move.kind() == PROMOTION ? s.move.promotion() == QUEEN
                                               : pos.see_ge(s.move, -s.score / 256);
        if (good) {
          lastStage = GOOD_CAPTURE;
          return s.move;
        }
        *badEnd++ = s;  // never past cur: cur has moved beyond this slot
      }
      step = noisyOnly ? Step::BadCaptures : Step::FirstKiller;
      if (noisyOnly) cur = moves, end = badEnd;
      return next(skipQuiets);

    case Step::FirstKiller:
    case Step::SecondKiller:
    case Step::Counter: {
      const int slot = step == Step::FirstKiller ? 0 : step == Step::SecondKiller ? 1 : 2;
      const Move candidate = slot < 2 ? ctx.killers[slot] : ctx.counter;
      step = Step(int(step) + 1);
      if (usable_refutation(candidate)) {
        refutations[slot] = candidate;
        lastStage = slot < 2 ? KILLER : COUNTER;
        return candidate;
      }
      return next(skipQuiets);
    }

    case Step::GenerateQuiets:
      if (!skipQuiets) {
        cur = capturesEnd;
        end = generate_scored<QUIETS>(capturesEnd);
        score_quiets(cur, end);
      }
      step = Step::Quiets;
      [[fallthrough]];

    case Step::Quiets:
      if (!skipQuiets)
        while (cur != end) {
          Scored s = take_best();
          if (already_tried(s.move)) continue;
          lastStage = QUIET;
          return s.move;
        }
      step = Step::BadCaptures;
      cur = moves, end = badEnd;
      [[fallthrough]];

    case Step::BadCaptures:
      if (cur != end) {
        lastStage = BAD_CAPTURE;
        return (cur++)->move;
      }
      step = Step::Done;
      return Move::none();

    case Step::Done:
      return Move::none();
  }
  return Move::none();
}

}  // namespace shiftmate
