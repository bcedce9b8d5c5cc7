// Checkers moves as text: `c3-d4` for a step, `c3:e5:c7` for a capture
// (every square the piece lands on), squares named a1..h8 with White at the
// bottom.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "checkers/move.h"
#include "checkers/squares.h"

namespace shiftmate::checkers {

std::string square_name(Square s);

// The square named `a1`..`h8`, if it is a dark one.
std::optional<Square> parse_square_name(std::string_view name);

std::string move_text(const Move& move);

}  // namespace shiftmate::checkers
