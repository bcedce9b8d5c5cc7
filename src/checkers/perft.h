// Checkers perft: the leaves of the legal move tree, to check the generator
// against published counts and to measure its speed.
#pragma once

#include <cstdint>

#include "checkers/movegen.h"
#include "checkers/position.h"
#include "perft/result.h"

namespace shiftmate::checkers {

// The result and report shared with chess perft (perft/result.h), so that
// both print the same format.
using shiftmate::DivideEntry;
using shiftmate::PerftResult;
using shiftmate::print_perft;

// Counts the leaves `depth` plies down, bulk-counting the last ply.
std::uint64_t perft(const Position& position, int depth, CapturePaths paths);

// Perft with the count under each root move, timed.
PerftResult run_perft(const Position& position, int depth, CapturePaths paths);

}  // namespace shiftmate::checkers
