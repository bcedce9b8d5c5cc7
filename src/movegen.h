// Strictly legal move generation from check and pin masks.
#pragma once

#include <cstdint>
#include <string_view>

#include "position.h"

namespace shiftmate {

constexpr int MAX_MOVES = 256;

// CAPTURES: captures and every promotion; QUIETS: all other moves (castling
// included); LEGAL: both. CAPTURES and QUIETS split LEGAL exactly.
enum GenType { CAPTURES, QUIETS, LEGAL };

template <GenType Type>
Move* generate(const Position& pos, Move* list);

// The number of legal moves, counted from the target bitboards without
// writing the moves out (bulk counting at perft's last ply).
std::uint64_t count_legal_moves(const Position& pos);

// Is m legal here? For moves from elsewhere (the hash table, killers,
// countermoves), which may belong to another position: none, null, a wrong
// piece or stray promotion bits all answer false.
bool is_legal(const Position& pos, Move m);

// Finds the legal move written as `text` in UCI notation (castling as
// e1g1 or as king-takes-rook); Move::none() if there is none.
Move parse_uci_move(const Position& pos, std::string_view text);

template <GenType Type = LEGAL>
class MoveList {
 public:
  explicit MoveList(const Position& pos) : last(generate<Type>(pos, moves)) {}
  const Move* begin() const { return moves; }
  const Move* end() const { return last; }
  std::size_t size() const { return std::size_t(last - moves); }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  Move moves[MAX_MOVES];
  Move* last;
};

}  // namespace shiftmate
