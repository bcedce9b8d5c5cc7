// `shiftmate perft|detect|bench|book|magics|search-params ...`: the chess
// tools of the command line. Each takes its arguments with argv[0] its own
// name and returns the process exit code (2: a usage error).
#pragma once

namespace shiftmate {

int perft_command(int argc, char** argv);
int detect_command(int argc, char** argv);
int bench_command(int argc, char** argv);
int book_command(int argc, char** argv);
int magics_command(int argc, char** argv);
int search_params_command(int argc, char** argv);

}  // namespace shiftmate
