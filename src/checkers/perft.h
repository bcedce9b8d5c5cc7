// Checkers perft: the leaves of the legal move tree, to check the generator
// against published counts and to measure its speed.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "checkers/movegen.h"
#include "checkers/position.h"

namespace shiftmate::checkers {

struct DivideEntry {
  std::string move;
  std::uint64_t nodes;
};

struct PerftResult {
  std::uint64_t nodes = 0;
  std::vector<DivideEntry> divide;  // one entry per root move
  double seconds = 0;
};

// Counts the leaves `depth` plies down, bulk-counting the last ply.
std::uint64_t perft(const Position& position, int depth, CapturePaths paths);

// Perft with the count under each root move, timed.
PerftResult run_perft(const Position& position, int depth, CapturePaths paths);

// The chess perft's format: `move: count` lines when dividing, then the
// total, the time and the speed.
void print_perft(std::ostream& out, const PerftResult& result, bool divide);

}  // namespace shiftmate::checkers
