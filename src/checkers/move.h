// A checkers move: a step, or a whole capture sequence with the squares the
// piece lands on between jumps and every piece it takes.
#pragma once

#include <array>
#include <cstdint>

#include "checkers/squares.h"

namespace shiftmate::checkers {

// One side has twelve pieces, so a sequence takes at most twelve and stops
// on at most eleven squares before its last.
constexpr int MaxStops = 11;

// Trivial on purpose, so that a move list costs nothing to create: write
// `Move m{}` for a cleared one.
struct Move {
  std::uint8_t from;
  std::uint8_t to;
  std::uint8_t stopCount;  // landing squares between `from` and `to`
  bool promotes;           // a man that ends the move as a king
  Board taken;             // the pieces captured, removed after the move
  std::array<std::uint8_t, MaxStops> stops;

  bool is_capture() const { return taken != 0; }

  // Same start, end, pieces taken and promotion: the same resulting position,
  // whatever path the sequence took.
  bool same_outcome(const Move& other) const {
    return from == other.from && to == other.to && taken == other.taken &&
           promotes == other.promotes;
  }
};

}  // namespace shiftmate::checkers
