// The network's hidden layer for each ply of the search, brought up to date
// lazily: a move only records which pieces it changed, and the sums are
// computed when a position is evaluated, from the nearest ply whose sums
// are known. Nodes cut off before their evaluation cost no update at all.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "nnue/network.h"
#include "position.h"
#include "score.h"

namespace shiftmate::nnue {

struct alignas(64) Accumulator {
  std::int16_t values[COLOR_NB][HiddenSize];  // indexed by the viewing side
};

// The pieces a move adds and removes: at most two of each (castling moves
// two pieces, a capture-promotion removes two and adds one).
struct DirtyPieces {
  int added = 0, removed = 0;
  Piece addedPiece[2], removedPiece[2];
  Square addedSquare[2], removedSquare[2];

  void add(Piece pc, Square sq) {
    addedPiece[added] = pc;
    addedSquare[added++] = sq;
  }
  void remove(Piece pc, Square sq) {
    removedPiece[removed] = pc;
    removedSquare[removed++] = sq;
  }
};

// What `m` (legal in `pos`, not yet made) changes on the board, written
// into `d` (in place: the search records one for every move it makes).
void set_dirty_pieces(const Position& pos, Move m, DirtyPieces& d);

// Whether each viewer sees `pos` mirrored under the net's input mapping.
std::array<bool, COLOR_NB> mirrors(const Network& net, const Position& pos);

// Sums from scratch: the bias plus the weights of every piece.
void refresh(const Network& net, const Position& pos, Accumulator& acc);

class AccumulatorStack {
 public:
  AccumulatorStack() : entries(MAX_PLY + 8) {}

  // The root of a search: computes its sums from scratch.
  void reset(const Network& net, const Position& pos);
  // Before pos.do_move(m): records the change for the child.
  void push(const Position& pos, Move m);
  void push_null() {
    Entry& e = entries[top + 1];
    e.dirty = DirtyPieces{};
    e.mirror = entries[top].mirror;
    e.computed = {false, false};
    ++top;
  }
  void pop() { --top; }
  // The current ply's sums (`pos` is the current position), computed on
  // demand: from the nearest ply whose sums are known, or from scratch for
  // a viewer whose king crossed the board's middle under a mirrored net.
  const Accumulator& current(const Network& net, const Position& pos);
  int depth() const { return top; }

 private:
  struct Entry {
    Accumulator acc;
    DirtyPieces dirty;                      // from the parent to this ply
    std::array<bool, COLOR_NB> mirror{};    // whether each viewer sees this ply mirrored
    std::array<bool, COLOR_NB> computed{};  // each viewer's half
  };
  std::vector<Entry> entries;
  int top = 0;
  InputMapping mapping = InputMapping::Plain;  // the net's, from reset()
};

}  // namespace shiftmate::nnue
