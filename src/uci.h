// The UCI protocol loop.
#pragma once

#include <string>
#include <string_view>

#include "position.h"

namespace shiftmate {

// Finds the legal move written as `text` in UCI notation (castling as
// e1g1 or as king-takes-rook); Move::none() if there is none.
Move parse_uci_move(const Position& pos, std::string_view text);

// Runs the arguments as commands first, then reads standard input until
// `quit` or end of input. Returns the process exit code.
int uci_main(int argc, char** argv);

}  // namespace shiftmate
