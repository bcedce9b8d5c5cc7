// `shiftmate checkers ...`: the Russian checkers subcommands (perft, magics).
#pragma once

#include <vector>

#include "command.h"

namespace shiftmate::checkers {

// argv[0] is "checkers"; returns the process exit code (2: usage error).
int checkers_command(int argc, char** argv);

// The options of `checkers perft` and of `checkers magics`.
std::vector<CommandSyntax> checkers_syntax();

}  // namespace shiftmate::checkers
