// Standard Algebraic Notation (Nf3, exd5, O-O, e8=Q+) for display and for
// reading the move lists of other chess programs.
#pragma once

#include <string>
#include <string_view>

#include "position.h"

namespace shiftmate {

// The legal move m in SAN, with + or # when it checks or mates.
std::string move_to_san(const Position& pos, Move m);

// The legal move written in SAN (check marks, "x" and annotation marks such
// as ! or ? optional); Move::none() if no legal move matches.
Move parse_san(const Position& pos, std::string_view text);

}  // namespace shiftmate
