#include "nnue/accumulator.h"

#include <cstring>

#include "nnue/simd.h"

namespace shiftmate::nnue {

namespace {

// A viewer's rows of the input weights. The square's flips (vertical for
// Black, horizontal when mirrored) are worked out once per update: the same
// index as feature_index.
struct ViewRows {
  const Network& net;
  Color viewer;
  int squareFlip;
  ViewRows(const Network& n, Color v, bool mirror)
      : net(n), viewer(v), squareFlip(square_flip(v, mirror)) {}
  const std::int16_t* operator()(Piece pc, Square sq) const {
    return net.featureWeights + feature_of(viewer, pc, sq ^ squareFlip) * HiddenSize;
  }
};

// The viewer's half of child = parent + the weights of the added pieces -
// those of the removed ones, one pass over the layer.
[[gnu::always_inline]] inline void apply(const Network& net, const Accumulator& parent,
                                         const DirtyPieces& d, Color viewer, bool mirror,
                                         Accumulator& child) {
  const std::int16_t* from = parent.values[viewer];
  std::int16_t* to = child.values[viewer];
  const ViewRows w(net, viewer, mirror);
  if (d.added == 1 && d.removed == 1) {  // a quiet move: the common case
    simd::add_sub(to, from, w(d.addedPiece[0], d.addedSquare[0]),
                  w(d.removedPiece[0], d.removedSquare[0]));
  } else if (d.added == 1 && d.removed == 2) {  // a capture
    simd::add_sub_sub(to, from, w(d.addedPiece[0], d.addedSquare[0]),
                      w(d.removedPiece[0], d.removedSquare[0]),
                      w(d.removedPiece[1], d.removedSquare[1]));
  } else {  // castling, or a null move (nothing changes)
    std::memcpy(to, from, sizeof(parent.values[viewer]));
    for (int k = 0; k < d.added; ++k) {
      const std::int16_t* a = w(d.addedPiece[k], d.addedSquare[k]);
      for (int i = 0; i < HiddenSize; ++i) to[i] = std::int16_t(to[i] + a[i]);
    }
    for (int k = 0; k < d.removed; ++k) {
      const std::int16_t* r = w(d.removedPiece[k], d.removedSquare[k]);
      for (int i = 0; i < HiddenSize; ++i) to[i] = std::int16_t(to[i] - r[i]);
    }
  }
}

// The viewer's half from scratch.
void refresh_half(const Network& net, const Position& pos, Color viewer, bool mirror,
                  Accumulator& acc) {
  std::int16_t* v = acc.values[viewer];
  std::memcpy(v, net.featureBias, sizeof(net.featureBias));
  const ViewRows rows(net, viewer, mirror);
  for (Bitboard b = pos.pieces(); b;) {
    const Square sq = pop_lsb(b);
    const std::int16_t* w = rows(pos.piece_on(sq), sq);
    for (int i = 0; i < HiddenSize; ++i) v[i] = std::int16_t(v[i] + w[i]);
  }
}

}  // namespace

void set_dirty_pieces(const Position& pos, Move m, DirtyPieces& d) {
  d.added = d.removed = 0;
  const Square from = m.from(), to = m.to();
  const Piece pc = pos.piece_on(from);
  const Color us = color_of(pc);
  if (m.kind() == CASTLING) {  // "king takes own rook"
    CastlingRights cr = castling_right(us, to > from);
    d.remove(pc, from);
    d.remove(pos.piece_on(to), to);
    d.add(pc, castling_king_to(cr));
    d.add(pos.piece_on(to), castling_rook_to(cr));
    return;
  }
  d.remove(pc, from);
  d.add(m.kind() == PROMOTION ? make_piece(us, m.promotion()) : pc, to);
  if (m.kind() == EN_PASSANT) {
    Square captureSquare = make_square(file_of(to), rank_of(from));
    d.remove(pos.piece_on(captureSquare), captureSquare);
  } else if (!pos.empty(to)) {
    d.remove(pos.piece_on(to), to);
  }
}

std::array<bool, COLOR_NB> mirrors(const Network& net, const Position& pos) {
  return {mirrors_for(net.mapping, pos.king_square(WHITE)),
          mirrors_for(net.mapping, pos.king_square(BLACK))};
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
  const auto mirror = mirrors(net, pos);
  for (Color viewer : {WHITE, BLACK}) refresh_half(net, pos, viewer, mirror[viewer], acc);
}

void AccumulatorStack::reset(const Network& net, const Position& pos) {
  top = 0;
  mapping = net.mapping;
  entries[0].mirror = mirrors(net, pos);
  refresh(net, pos, entries[0].acc);
  entries[0].computed = {true, true};
}

void AccumulatorStack::push(const Position& pos, Move m) {
  Entry& e = entries[top + 1];
  set_dirty_pieces(pos, m, e.dirty);
  e.mirror = entries[top].mirror;
  // A king move's first added piece is the king, on its square after the
  // move (castling included): the mover's view may flip.
  const Piece moved = e.dirty.addedPiece[0];
  if (mapping != InputMapping::Plain && type_of(moved) == KING)
    e.mirror[color_of(moved)] = mirrors_for(mapping, e.dirty.addedSquare[0]);
  e.computed = {false, false};
  ++top;
}

const Accumulator& AccumulatorStack::current(const Network& net, const Position& pos) {
  // Back to the nearest ply with a viewer's half known, unless its view
  // flipped on the way (-1): then this ply's half is computed from scratch.
  auto known_ply = [&](Color viewer) {
    int ply = top;
    while (!entries[ply].computed[viewer]) {  // the root is always computed
      if (entries[ply].mirror[viewer] != entries[ply - 1].mirror[viewer]) return -1;
      --ply;
    }
    return ply;
  };
  // The common case (always, under plain inputs): both halves known at the
  // same ply and no view flipped since, both brought up to date in one pass.
  int ply = top;
  while (!entries[ply].computed[WHITE] && !entries[ply].computed[BLACK] &&
         entries[ply].mirror == entries[ply - 1].mirror)
    --ply;
  if (entries[ply].computed[WHITE] && entries[ply].computed[BLACK]) {
    for (++ply; ply <= top; ++ply) {
      Entry& e = entries[ply];
      for (Color viewer : {WHITE, BLACK})
        apply(net, entries[ply - 1].acc, e.dirty, viewer, e.mirror[viewer], e.acc);
      e.computed = {true, true};
    }
    return entries[top].acc;
  }
  for (Color viewer : {WHITE, BLACK}) {
    const int known = known_ply(viewer);
    if (known < 0) {
      refresh_half(net, pos, viewer, entries[top].mirror[viewer], entries[top].acc);
      entries[top].computed[viewer] = true;
      continue;
    }
    for (int next = known + 1; next <= top; ++next) {
      Entry& e = entries[next];
      apply(net, entries[next - 1].acc, e.dirty, viewer, e.mirror[viewer], e.acc);
      e.computed[viewer] = true;
    }
  }
  return entries[top].acc;
}

}  // namespace shiftmate::nnue
