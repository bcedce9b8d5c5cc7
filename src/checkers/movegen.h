// Legal move generation for Russian checkers. Capturing is compulsory (any
// sequence may be chosen, not only the longest); men step forward and take
// both ways; kings fly; a man crowned mid-sequence goes on taking as a king;
// taken pieces leave the board only after the move, so they block and
// cannot be taken twice (the Turkish strike).
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>

#include "checkers/move.h"
#include "checkers/position.h"

namespace shiftmate::checkers {

// Two sequences with the same start, end and pieces taken lead to the same
// position by different paths: one move (Merged) or two (Distinct).
enum class CapturePaths : std::uint8_t { Merged, Distinct };

class MoveList {
 public:
  // Far above any real position; a constructed one that needs more throws.
  static constexpr int Capacity = 512;

  void add(const Move& move) {
    if (count == Capacity) throw std::length_error("checkers move list full");
    moves[count++] = move;
  }
  void clear() { count = 0; }

  int size() const { return count; }
  bool empty() const { return count == 0; }
  const Move& operator[](int i) const { return moves[i]; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + count; }

 private:
  std::array<Move, Capacity> moves;
  int count = 0;
};

// Every legal move of the side to move: its capture sequences if it has
// any, else its quiet moves.
void generate_moves(const Position& position, MoveList& list,
                    CapturePaths paths = CapturePaths::Merged);

// The number of legal moves, without listing quiet moves (bulk counting).
std::uint64_t count_moves(const Position& position, CapturePaths paths = CapturePaths::Merged);

// Whether the side to move must capture.
bool has_capture(const Position& position);

}  // namespace shiftmate::checkers
