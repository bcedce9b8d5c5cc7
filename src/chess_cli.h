// `shiftmate perft|detect|bench|book|magics|search-params ...`: the chess
// tools of the command line. Each takes its arguments with argv[0] its own
// name and returns the process exit code (2: a usage error); its _syntax
// function defines the options it parses.
#pragma once

#include "command.h"

namespace shiftmate {

int perft_command(int argc, char** argv);
int detect_command(int argc, char** argv);
int bench_command(int argc, char** argv);
int book_command(int argc, char** argv);
int magics_command(int argc, char** argv);
int search_params_command(int argc, char** argv);

CommandSyntax perft_syntax();
CommandSyntax detect_syntax();
CommandSyntax bench_syntax();
CommandSyntax book_syntax();
CommandSyntax magics_syntax();
CommandSyntax search_params_syntax();

}  // namespace shiftmate
