// The command line's subcommands: `shiftmate NAME ...` runs NAME's handler,
// and `shiftmate --help` lists every command from the same table.
#pragma once

#include <cxxopts.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace shiftmate {

// A command's arguments, defined once: its handler parses them, and the
// top-level help prints its usage from them. Each named group of `options`
// is one form of the command, with the unnamed group's options in every form.
struct CommandSyntax {
  cxxopts::Options options;             // program(): "shiftmate NAME"
  std::vector<std::string> positional;  // the options the positional arguments fill, in order
  std::vector<std::string> required;    // the options the usage shows without brackets

  cxxopts::ParseResult parse(int argc, char** argv);
};

struct Command {
  std::string_view name;
  std::string_view summary;                // what it does, in one line
  int (*run)(int argc, char** argv);       // argv[0] is the name; returns the exit code
  std::vector<CommandSyntax> (*syntax)();  // what run parses (several: subcommands)
};

// The table's syntax of a command parsed by one CommandSyntax.
template <CommandSyntax (*Syntax)()>
std::vector<CommandSyntax> syntax_of() {
  return {Syntax()};
}

// A line per form: "  shiftmate perft DEPTH [--fen FEN] ...": the required
// arguments (positional ones first), then the optional ones, each group's in
// the order defined, the unnamed group's first; long lines wrap.
std::string usage_lines(const CommandSyntax& syntax);

// The top-level help: UCI mode first, then each command's usage and summary.
std::string usage_text(std::span<const Command> commands);

// Prints "COMMAND: MESSAGE; see --help" to stderr and returns 2, the exit
// code of every usage error.
int usage_error(std::string_view command, std::string_view message);

}  // namespace shiftmate
