#include "nnue/accumulator.h"

#include <cstring>

#include "nnue/simd.h"

namespace shiftmate::nnue {

namespace {

const std::int16_t* weights_of(const Network& net, Color viewer, Piece pc, Square sq) {
  return net.featureWeights + feature_index(viewer, pc, sq) * HiddenSize;
}

// child = parent + the weights of the added pieces - those of the removed
// ones, one pass over the layer for each viewer.
void apply(const Network& net, const Accumulator& parent, const DirtyPieces& d,
           Accumulator& child) {
  for (Color viewer : {WHITE, BLACK}) {
    const std::int16_t* from = parent.values[viewer];
    std::int16_t* to = child.values[viewer];
    if (d.added == 1 && d.removed == 1) {  // a quiet move: the common case
      const std::int16_t* a = weights_of(net, viewer, d.addedPiece[0], d.addedSquare[0]);
      const std::int16_t* r = weights_of(net, viewer, d.removedPiece[0], d.removedSquare[0]);
      simd::add_sub(to, from, a, r);
    } else if (d.added == 1 && d.removed == 2) {  // a capture
      const std::int16_t* a = weights_of(net, viewer, d.addedPiece[0], d.addedSquare[0]);
      const std::int16_t* r0 = weights_of(net, viewer, d.removedPiece[0], d.removedSquare[0]);
      const std::int16_t* r1 = weights_of(net, viewer, d.removedPiece[1], d.removedSquare[1]);
      simd::add_sub_sub(to, from, a, r0, r1);
    } else {  // castling, or a null move (nothing changes)
      std::memcpy(to, from, sizeof(parent.values[viewer]));
      for (int k = 0; k < d.added; ++k) {
        const std::int16_t* a = weights_of(net, viewer, d.addedPiece[k], d.addedSquare[k]);
        for (int i = 0; i < HiddenSize; ++i) to[i] = std::int16_t(to[i] + a[i]);
      }
      for (int k = 0; k < d.removed; ++k) {
        const std::int16_t* r = weights_of(net, viewer, d.removedPiece[k], d.removedSquare[k]);
        for (int i = 0; i < HiddenSize; ++i) to[i] = std::int16_t(to[i] - r[i]);
      }
    }
  }
}

}  // namespace

DirtyPieces dirty_pieces(const Position& pos, Move m) {
  DirtyPieces d;
  const Square from = m.from(), to = m.to();
  const Piece pc = pos.piece_on(from);
  const Color us = color_of(pc);
  if (m.kind() == CASTLING) {  // "king takes own rook"
    CastlingRights cr = castling_right(us, to > from);
    d.remove(pc, from);
    d.remove(pos.piece_on(to), to);
    d.add(pc, castling_king_to(cr));
    d.add(pos.piece_on(to), castling_rook_to(cr));
    return d;
  }
  d.remove(pc, from);
  d.add(m.kind() == PROMOTION ? make_piece(us, m.promotion()) : pc, to);
  if (m.kind() == EN_PASSANT) {
    Square captureSquare = make_square(file_of(to), rank_of(from));
    d.remove(pos.piece_on(captureSquare), captureSquare);
  } else if (!pos.empty(to)) {
    d.remove(pos.piece_on(to), to);
  }
  return d;
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
  for (Color viewer : {WHITE, BLACK}) {
    std::int16_t* v = acc.values[viewer];
    std::memcpy(v, net.featureBias, sizeof(net.featureBias));
    for (Bitboard b = pos.pieces(); b;) {
      const Square sq = pop_lsb(b);
      const std::int16_t* w = weights_of(net, viewer, pos.piece_on(sq), sq);
      for (int i = 0; i < HiddenSize; ++i) v[i] = std::int16_t(v[i] + w[i]);
    }
  }
}

void AccumulatorStack::reset(const Network& net, const Position& pos) {
  top = 0;
  refresh(net, pos, entries[0].acc);
  entries[0].computed = true;
}

const Accumulator& AccumulatorStack::current(const Network& net) {
  int known = top;
  while (!entries[known].computed) --known;  // the root is always computed
  for (int ply = known + 1; ply <= top; ++ply) {
    apply(net, entries[ply - 1].acc, entries[ply].dirty, entries[ply].acc);
    entries[ply].computed = true;
  }
  return entries[top].acc;
}

}  // namespace shiftmate::nnue
