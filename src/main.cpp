// Command line: `shiftmate` alone speaks UCI; `shiftmate NAME ...` runs one
// of the commands below, each defined beside the code it drives.
#include <fmt/format.h>

#include <exception>
#include <string_view>

#include "checkers/cli.h"
#include "chess_cli.h"
#include "command.h"
#include "position.h"
#include "training/cli.h"
#include "uci.h"
#include "util/platform.h"
#include "version.h"

using namespace shiftmate;

namespace {

// In the order of the help.
constexpr Command Commands[] = {
    {"perft", "count the leaves of the legal move tree", perft_command, syntax_of<perft_syntax>},
    {"detect", "the legal move(s) between two board states", detect_command,
     syntax_of<detect_syntax>},
    {"checkers", "Russian checkers perft; king magic search", checkers::checkers_command,
     checkers::checkers_syntax},
    {"bench", "fixed-depth search of the bench positions", bench_command, syntax_of<bench_syntax>},
    {"book", "a Polyglot book's moves for a position", book_command, syntax_of<book_syntax>},
    {"datagen", "self-play training records (32 bytes each)", datagen_command,
     syntax_of<datagen_syntax>},
    {"convert", "`FEN | score | result` lines or scored PGN games to records", convert_command,
     syntax_of<convert_syntax>},
    {"datainfo", "counts, filter, results and scores of records", datainfo_command,
     syntax_of<datainfo_syntax>},
    {"train", "train the evaluation network; --init NET --epochs 0 --data FILE: that net's loss",
     train_command, syntax_of<train_syntax>},
    {"wdlfit", "fit the win/draw/loss model to game results", wdlfit_command,
     syntax_of<wdlfit_syntax>},
    {"search-params", "the search margins SPSA tunes (scripts/spsa.py)", search_params_command,
     syntax_of<search_params_syntax>},
    {"magics", "print src/magic_numbers.h from our magic search (make magics)", magics_command,
     syntax_of<magics_syntax>},
};

}  // namespace

int main(int argc, char** argv) {
  use_utf8_arguments(argc, argv);  // Windows: file names outside the ANSI code page
  use_lf_line_endings();
  Position::init();
  const std::string_view name = argc > 1 ? argv[1] : "";
  try {
    for (const Command& command : Commands)
      if (name == command.name) return command.run(argc - 1, argv + 1);
    if (name == "--version") {
      fmt::print("Shiftmate {}\n", version());
      return 0;
    }
    if (name == "-h" || name == "--help" || name == "help") {
      fmt::print("{}", usage_text(Commands));
      return 0;
    }
  } catch (const std::exception& e) {  // bad options, impossible table sizes
    fmt::print(stderr, "error: {}\n", e.what());
    return 2;
  }
  // Any other arguments are UCI commands to run first (e.g. `shiftmate "go perft 5" quit`).
  return uci_main(argc - 1, argv + 1);
}
