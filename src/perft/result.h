// What a perft run counted: the leaves under each root move, their total and
// the time it took, and the report printed from it. Chess and checkers perft
// both fill one, so both print the same format.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace shiftmate {

struct DivideEntry {
  std::string move;  // in the game's own notation
  std::uint64_t nodes;
};

struct PerftResult {
  std::uint64_t nodes = 0;
  std::vector<DivideEntry> divide;  // one entry per root move
  double seconds = 0;
};

// Stockfish's divide format (`move: count` lines when dividing, then the
// total), then the time and the speed.
void print_perft(std::ostream& out, const PerftResult& result, bool divide);

}  // namespace shiftmate
