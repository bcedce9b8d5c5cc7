// Move detection for electronic boards: which legal move(s) turn one board
// state into another, given the next placement or only the occupied squares.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "position.h"

namespace shiftmate {

// Legal moves of `pos` whose resulting placement matches `after` exactly.
std::vector<Move> moves_matching_placement(const Position& pos, const Position& after);
// Legal moves of `pos` whose resulting occupied squares equal `occupied`.
std::vector<Move> moves_matching_occupancy(const Position& pos, Bitboard occupied);

struct DetectRequest {
  std::string fen;
  std::optional<std::string> after;      // FEN after the move
  std::optional<std::string> occupancy;  // hex bitboard after the move
  bool chess960 = false;
};

// Prints the candidate moves; returns 0 when at least one move explains the
// change, 1 when none does, 2 on bad input.
int run_detect(const DetectRequest& request, std::ostream& out);

}  // namespace shiftmate
