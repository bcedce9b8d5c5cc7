// The command line's subcommands: `shiftmate NAME ...` runs NAME's handler,
// and `shiftmate --help` lists every command from the same table.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace shiftmate {

struct Command {
  std::string_view name;
  std::string_view usage;             // its arguments; '\n' separates alternative forms
  std::string_view summary;           // what it does, in one line
  int (*run)(int argc, char** argv);  // argv[0] is the name; returns the exit code
};

// The top-level help: UCI mode first, then each command's usage and summary.
std::string usage_text(std::span<const Command> commands);

// Prints "COMMAND: MESSAGE; see --help" to stderr and returns 2, the exit
// code of every usage error.
int usage_error(std::string_view command, std::string_view message);

}  // namespace shiftmate
