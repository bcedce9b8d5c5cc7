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

CommandSyntax perft_syntax() {
  CommandSyntax syntax{cxxopts::Options("shiftmate checkers perft",
                                        "Count the leaves of the Russian checkers move tree."),
                       {"depth"},
                       {"depth"}};
  syntax.options.positional_help("DEPTH");
  cxxopts::OptionAdder add = syntax.options.add_options();
  add("depth", "depth in plies", cxxopts::value<int>(), "DEPTH");
  add("fen", "position in PDN FEN",
      cxxopts::value<std::string>()->default_value(std::string(StartFen)), "FEN");
  add("divide", "print the count under each root move");
  add("paths",
      "capture sequences with the same start, end and pieces taken: 'merged' counts them "
      "as one move, 'distinct' as one per path",
      cxxopts::value<std::string>()->default_value("merged"), "merged|distinct");
  add("h,help", "this help");
  return syntax;
}

int perft_command(int argc, char** argv) {
  CommandSyntax syntax = perft_syntax();
  auto args = syntax.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", syntax.options.help());
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

CommandSyntax magics_syntax() {
  CommandSyntax syntax{
      cxxopts::Options("shiftmate checkers magics",
                       "Search the flying-king magic numbers and print magic_numbers.h."),
      {},
      {}};
  cxxopts::OptionAdder add = syntax.options.add_options();
  add("seed", "seed of the search",
      cxxopts::value<std::uint64_t>()->default_value(std::to_string(DefaultMagicSeed)), "N");
  add("h,help", "this help");
  return syntax;
}

// Prints magic_numbers.h as the search finds it from the seed.
int magics_command(int argc, char** argv) {
  CommandSyntax syntax = magics_syntax();
  auto args = syntax.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", syntax.options.help());
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

std::vector<CommandSyntax> checkers_syntax() { return {perft_syntax(), magics_syntax()}; }

int checkers_command(int argc, char** argv) {
  std::string sub = argc > 1 ? argv[1] : "";
  if (sub == "perft") return perft_command(argc - 1, argv + 1);
  if (sub == "magics") return magics_command(argc - 1, argv + 1);
  bool help = sub == "-h" || sub == "--help" || sub == "help";
  std::string usage = "usage:\n";
  for (const CommandSyntax& syntax : checkers_syntax()) usage += usage_lines(syntax) + "\n";
  fmt::print(help ? stdout : stderr, "{}", usage);
  return help ? 0 : 2;
}

}  // namespace shiftmate::checkers
