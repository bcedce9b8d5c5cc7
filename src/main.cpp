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
    {"perft",
     "DEPTH [--fen FEN] [--divide] [--threads N] [--hash MB]\n"
     "--suite FILE [--max-depth D] [--max-nodes N] [--threads N]",
     "count the leaves of the legal move tree", perft_command},
    {"detect", "--fen FEN (--after FEN | --occupancy HEX)",
     "the legal move(s) between two board states", detect_command},
    {"checkers",
     "perft DEPTH [--fen FEN] [--divide] [--paths merged|distinct]\n"
     "magics [--seed N]",
     "Russian checkers perft; king magic search", checkers::checkers_command},
    {"bench", "[DEPTH]", "fixed-depth search of the bench positions", bench_command},
    {"book", "BOOK.bin [--fen FEN] [--moves M ...]", "a Polyglot book's moves for a position",
     book_command},
    {"datagen",
     "--output FILE [--positions N] [--nodes N] [--hard-nodes N] [--threads N] "
     "[--random-plies N] [--openings FILE] [--seed S] [--hash MB]",
     "self-play training records (32 bytes each)", datagen_command},
    {"convert", "--output FILE.bin [INPUT ...]", "`FEN | score | result` text lines to records",
     convert_command},
    {"datainfo", "FILE.bin ...", "counts, filter, results and scores of records", datainfo_command},
    {"train", "--data FILE... --output NET [--init NET] [--epochs N] [--threads N]",
     "train the evaluation network; --init NET --epochs 0 --data FILE: that net's loss",
     train_command},
    {"wdlfit", "FILE.bin ... [--output src/wdl/params.h]",
     "fit the win/draw/loss model to game results", wdlfit_command},
    {"search-params", "", "the search margins SPSA tunes (scripts/spsa.py)", search_params_command},
    {"magics", "", "print src/magic_numbers.h from our magic search (make magics)", magics_command},
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
