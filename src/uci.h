// The UCI protocol loop: parses commands and drives the engine. Supported:
//   uci, isready, ucinewgame, setoption, position, go, stop, ponderhit,
//   debug, quit, and the non-standard d, eval, bench, go perft.
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <vector>

namespace shiftmate {

// Runs `first` as commands, then reads `in` until `quit` or end of input
// (which ends a running search, with its bestmove). Replies go to `out`.
void run_uci(std::istream& in, std::ostream& out, const std::vector<std::string>& first = {});

// Runs the arguments as commands first, then reads standard input until
// `quit` or end of input. Returns the process exit code.
int uci_main(int argc, char** argv);

}  // namespace shiftmate
