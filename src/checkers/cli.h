// `shiftmate checkers ...`: the Russian checkers subcommands (perft, magics).
#pragma once

namespace shiftmate::checkers {

// argv[0] is "checkers"; returns the process exit code (2: usage error).
int checkers_command(int argc, char** argv);

}  // namespace shiftmate::checkers
