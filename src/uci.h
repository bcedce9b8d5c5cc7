// The UCI protocol loop: parses commands and drives the engine. Supported:
//   uci, isready, ucinewgame, setoption, position, go, stop, ponderhit,
//   debug, quit, and the non-standard d, eval, bench, go perft.
#pragma once

namespace shiftmate {

// Runs the arguments as commands first, then reads standard input until
// `quit` or end of input. Returns the process exit code.
int uci_main(int argc, char** argv);

}  // namespace shiftmate
