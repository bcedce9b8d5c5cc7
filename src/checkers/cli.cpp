#include "checkers/cli.h"

#include <fmt/format.h>

#include <cxxopts.hpp>
#include <iostream>
#include <string>

#include "checkers/magic.h"
#include "checkers/perft.h"
#include "checkers/position.h"

namespace shiftmate::checkers {

namespace {

constexpr int MaxPerftDepth = 30;

int perft_command(int argc, char** argv) {
  cxxopts::Options opts("shiftmate checkers perft",
                        "Count the leaves of the Russian checkers move tree.");
  opts.positional_help("DEPTH");
  opts.add_options()("depth", "depth in plies", cxxopts::value<int>())(
      "fen", "position in PDN FEN",
      cxxopts::value<std::string>()->default_value(std::string(StartFen)))(
      "divide", "print the count under each root move")(
      "paths",
      "capture sequences with the same start, end and pieces taken: 'merged' counts them "
      "as one move, 'distinct' as one per path",
      cxxopts::value<std::string>()->default_value("merged"))("h,help", "this help");
  opts.parse_positional({"depth"});
  auto args = opts.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", opts.help());
    return 0;
  }
  auto bad = [](const std::string& message) {
    fmt::print(stderr, "checkers perft: {}; see --help\n", message);
    return 2;
  };
  if (!args.unmatched().empty()) return bad("unexpected argument '" + args.unmatched()[0] + "'");
  if (!args.count("depth")) return bad("a DEPTH is needed");
  int depth = args["depth"].as<int>();
  if (depth < 0 || depth > MaxPerftDepth)
    return bad(fmt::format("depth must be between 0 and {}", MaxPerftDepth));
  std::string paths = args["paths"].as<std::string>();
  if (paths != "merged" && paths != "distinct") return bad("--paths is 'merged' or 'distinct'");
  Position position;
  if (auto error = parse_fen(args["fen"].as<std::string>(), position))
    return bad(fmt::format("bad FEN: {}", fen_error_message(*error)));

  PerftResult result =
      run_perft(position, depth, paths == "merged" ? CapturePaths::Merged : CapturePaths::Distinct);
  print_perft(std::cout, result, args.count("divide") > 0);
  return 0;
}

// Prints magic_numbers.h as the search finds it from the seed.
int magics_command(int argc, char** argv) {
  cxxopts::Options opts("shiftmate checkers magics",
                        "Search the flying-king magic numbers and print magic_numbers.h.");
  opts.add_options()("seed", "seed of the search",
                     cxxopts::value<std::uint64_t>()->default_value(
                         std::to_string(DefaultMagicSeed)))("h,help", "this help");
  auto args = opts.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", opts.help());
    return 0;
  }
  if (!args.unmatched().empty()) {
    fmt::print(stderr, "checkers magics: unexpected argument '{}'\n", args.unmatched()[0]);
    return 2;
  }
  fmt::print("{}", magic_numbers_header(args["seed"].as<std::uint64_t>()));
  return 0;
}

}  // namespace

int checkers_command(int argc, char** argv) {
  std::string sub = argc > 1 ? argv[1] : "";
  if (sub == "perft") return perft_command(argc - 1, argv + 1);
  if (sub == "magics") return magics_command(argc - 1, argv + 1);
  bool help = sub == "-h" || sub == "--help" || sub == "help";
  fmt::print(help ? stdout : stderr,
             "usage:\n"
             "  shiftmate checkers perft DEPTH [--fen FEN] [--divide] [--paths merged|distinct]\n"
             "  shiftmate checkers magics [--seed N]\n");
  return help ? 0 : 2;
}

}  // namespace shiftmate::checkers
