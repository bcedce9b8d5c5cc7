#include "chess_cli.h"

#include <fmt/format.h>

#include <algorithm>
#include <cxxopts.hpp>
#include <fstream>
#include <iostream>
#include <sstream>

#include "attacks.h"
#include "bench.h"
#include "book/polyglot.h"
#include "detect.h"
#include "engine.h"
#include "movegen.h"
#include "perft/perft.h"
#include "position.h"
#include "san.h"
#include "search_params.h"
#include "util/platform.h"

namespace shiftmate {

// Two forms: perft DEPTH (the "count" group) and perft --suite FILE.
CommandSyntax perft_syntax() {
  CommandSyntax syntax{
      cxxopts::Options("shiftmate perft", "Count the leaves of the legal move tree."),
      {"depth"},
      {"depth", "suite"}};
  syntax.options.positional_help("DEPTH");
  cxxopts::OptionAdder add = syntax.options.add_options();
  add("threads", "threads sharing the root moves", cxxopts::value<int>()->default_value("1"), "N");
  add("hash", "perft hash table in MB (0: none)", cxxopts::value<std::size_t>()->default_value("0"),
      "MB");
  add("h,help", "this help");
  cxxopts::OptionAdder count = syntax.options.add_options("count");
  count("depth", "depth in plies", cxxopts::value<int>(), "DEPTH");
  count("fen", "position", cxxopts::value<std::string>()->default_value(std::string(START_FEN)),
        "FEN");
  count("divide", "print the count under each root move");
  count("chess960", "use Chess960 castling notation");
  cxxopts::OptionAdder suite = syntax.options.add_options("suite");
  suite("suite", "run an EPD suite (FEN ;D1 n ;D2 n ...)", cxxopts::value<std::string>(), "FILE");
  suite("max-depth", "suite: deepest depth to run", cxxopts::value<int>()->default_value("99"),
        "D");
  suite("max-nodes", "suite: skip depths with more nodes",
        cxxopts::value<std::uint64_t>()->default_value("18446744073709551615"), "N");
  suite("quiet", "suite: print only failures and the summary");
  return syntax;
}

int perft_command(int argc, char** argv) {
  CommandSyntax syntax = perft_syntax();
  auto args = syntax.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", syntax.options.help());
    return 0;
  }
  if (args.count("suite")) {
    std::ifstream in(path_from_utf8(args["suite"].as<std::string>()));
    if (!in) {
      fmt::print(stderr, "cannot open suite '{}'\n", args["suite"].as<std::string>());
      return 2;
    }
    SuiteOptions so;
    so.maxDepth = args["max-depth"].as<int>();
    so.maxNodes = args["max-nodes"].as<std::uint64_t>();
    so.threads = args["threads"].as<int>();
    so.hashMB = args["hash"].as<std::size_t>();
    so.quiet = args.count("quiet") > 0;
    return run_suite(in, so, std::cout) ? 1 : 0;
  }
  if (!args.count("depth")) {
    fmt::print(stderr, "perft needs a DEPTH (or --suite FILE); see --help\n");
    return 2;
  }
  Position pos;
  if (auto error = pos.set(args["fen"].as<std::string>(), args.count("chess960") > 0)) {
    fmt::print(stderr, "bad FEN: {}\n", *error);
    return 2;
  }
  int depth = args["depth"].as<int>();
  if (depth < 0 || depth > 20) {
    fmt::print(stderr, "depth must be between 0 and 20\n");
    return 2;
  }
  PerftResult r =
      run_perft(pos, {depth, args["threads"].as<int>(), args["hash"].as<std::size_t>()});
  print_perft(std::cout, r, args.count("divide") > 0);
  return 0;
}

// Two forms: the board after the move as --after FEN or as --occupancy HEX.
CommandSyntax detect_syntax() {
  CommandSyntax syntax{
      cxxopts::Options("shiftmate detect",
                       "Find the legal move(s) that turn one board state into another."),
      {},
      {"fen", "after", "occupancy"}};
  cxxopts::OptionAdder add = syntax.options.add_options();
  add("fen", "position before the move", cxxopts::value<std::string>(), "FEN");
  add("chess960", "print castling as king-takes-rook");
  add("h,help", "this help");
  syntax.options.add_options("after")(
      "after", "position after the move (FEN; only the placement is compared)",
      cxxopts::value<std::string>(), "FEN");
  syntax.options.add_options("occupancy")(
      "occupancy", "occupied squares after the move, as a 64-bit hex bitboard (a1 = bit 0)",
      cxxopts::value<std::string>(), "HEX");
  return syntax;
}

int detect_command(int argc, char** argv) {
  CommandSyntax syntax = detect_syntax();
  auto args = syntax.parse(argc, argv);
  if (args.count("help") || !args.count("fen") || args.count("after") == args.count("occupancy")) {
    fmt::print("{}\n", syntax.options.help());
    return args.count("help") ? 0 : 2;
  }
  DetectRequest req{args["fen"].as<std::string>(), std::nullopt, std::nullopt,
                    args.count("chess960") > 0};
  if (args.count("after")) req.after = args["after"].as<std::string>();
  if (args.count("occupancy")) req.occupancy = args["occupancy"].as<std::string>();
  return run_detect(req, std::cout);
}

CommandSyntax bench_syntax() {
  CommandSyntax syntax{
      cxxopts::Options("shiftmate bench",
                       fmt::format("Search the bench positions to DEPTH plies (1 to 64, default "
                                   "{}) and print the nodes searched.",
                                   BenchDepth)),
      {"depth"},
      {}};
  syntax.options.positional_help("[DEPTH]");
  cxxopts::OptionAdder add = syntax.options.add_options();
  add("depth", "depth in plies", cxxopts::value<int>()->default_value(std::to_string(BenchDepth)),
      "DEPTH");
  add("h,help", "this help");
  return syntax;
}

int bench_command(int argc, char** argv) {
  CommandSyntax syntax = bench_syntax();
  auto args = syntax.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", syntax.options.help());
    return 0;
  }
  const int depth = args["depth"].as<int>();
  if (depth < 1 || depth > 64) {
    fmt::print(stderr, "bench takes a depth from 1 to 64\n");
    return 2;
  }
  Engine engine;
  run_bench(engine, depth, std::cout);
  return 0;
}

// Lists what a Polyglot book holds for one position.
CommandSyntax book_syntax() {
  CommandSyntax syntax{
      cxxopts::Options("shiftmate book", "List a Polyglot book's moves for a position."),
      {"book"},
      {"book"}};
  syntax.options.positional_help("BOOK.bin");
  cxxopts::OptionAdder add = syntax.options.add_options();
  add("book", "Polyglot book file", cxxopts::value<std::string>(), "BOOK.bin");
  add("fen", "position", cxxopts::value<std::string>()->default_value(std::string(START_FEN)),
      "FEN");
  add("moves", "UCI moves played from the position first (\"e2e4 e7e5\" or e2e4,e7e5)",
      cxxopts::value<std::string>()->default_value(""), "MOVES");
  add("h,help", "this help");
  return syntax;
}

int book_command(int argc, char** argv) {
  CommandSyntax syntax = book_syntax();
  auto args = syntax.parse(argc, argv);
  if (args.count("help") || !args.count("book")) {
    fmt::print("{}\n", syntax.options.help());
    return args.count("help") ? 0 : 2;
  }
  Position pos;
  if (auto error = pos.set(args["fen"].as<std::string>())) {
    fmt::print(stderr, "bad FEN: {}\n", *error);
    return 2;
  }
  std::string moveText = args["moves"].as<std::string>();
  std::replace(moveText.begin(), moveText.end(), ',', ' ');
  std::istringstream moveStream(moveText);
  for (std::string text; moveStream >> text;) {
    Move m = parse_uci_move(pos, text);
    if (!m) {
      fmt::print(stderr, "'{}' is not legal in {}\n", text, pos.fen());
      return 2;
    }
    pos.do_move(m);
  }
  book::PolyglotBook polyglot;
  if (auto error = polyglot.open(args["book"].as<std::string>())) {
    fmt::print(stderr, "{}\n", *error);
    return 2;
  }
  const auto moves = polyglot.moves(pos);
  fmt::print("{}\nkey {:016x}: {} book moves\n", pos.fen(), book::polyglot_key(pos), moves.size());
  unsigned total = 0;
  for (const auto& b : moves) total += b.weight;
  for (const auto& b : moves)
    fmt::print("{:<8} {:<6} weight {:>5}  {:5.1f}%\n", move_to_san(pos, b.move),
               pos.move_to_uci(b.move), b.weight, 100.0 * b.weight / total);
  return 0;
}

namespace {

// A command that takes no arguments but --help.
CommandSyntax help_only_syntax(std::string program, std::string description) {
  CommandSyntax syntax{cxxopts::Options(std::move(program), std::move(description)), {}, {}};
  syntax.options.add_options()("h,help", "this help");
  return syntax;
}

}  // namespace

CommandSyntax magics_syntax() {
  return help_only_syntax("shiftmate magics",
                          "Print src/magic_numbers.h: the slider magics our seeded search finds "
                          "(make magics).");
}

// Prints magic_numbers.h: the magics our seeded search finds (`make magics`).
int magics_command(int argc, char** argv) {
  CommandSyntax syntax = magics_syntax();
  if (syntax.parse(argc, argv).count("help")) {
    fmt::print("{}\n", syntax.options.help());
    return 0;
  }
  fmt::print(
      "// Magic numbers for the slider attack tables, found by our own seeded search\n"
      "// (attacks.cpp, MagicSearch). Generated by `make magics`; do not edit.\n"
      "#pragma once\n\n#include \"types.h\"\n\nnamespace shiftmate::magic_numbers {{\n");
  for (PieceType pt : {ROOK, BISHOP}) {
    fmt::print("\ninline constexpr Bitboard {}[64] = {{\n", pt == ROOK ? "Rook" : "Bishop");
    auto found = search_magics(pt);
    for (int s = 0; s < 64; ++s)
      fmt::print("{}0x{:016X}ULL,{}", s % 4 ? " " : "    ", found[s], s % 4 == 3 ? "\n" : "");
    fmt::print("}};\n");
  }
  fmt::print("\n}}  // namespace shiftmate::magic_numbers\n");
  return 0;
}

CommandSyntax search_params_syntax() {
  CommandSyntax syntax = help_only_syntax(
      "shiftmate search-params",
      "List the search margins SPSA tunes: name, value, range and step (scripts/spsa.py).");
  syntax.options.add_options()(
      "openbench", "as OpenBench's SPSA input: name, int, value, min, max, c_end, r_end");
  return syntax;
}

// The search's tunable margins: name, value, range and SPSA step, one per line.
int search_params_command(int argc, char** argv) {
  CommandSyntax syntax = search_params_syntax();
  auto args = syntax.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", syntax.options.help());
    return 0;
  }
  if (args.count("openbench")) {
    constexpr double OpenBenchRateEnd = 0.002;  // OpenBench's own default
    for (const auto& p : search_params::Parameters)
      fmt::print("{}, int, {}, {}, {}, {}, {}\n", p.name, p.defaultValue, p.min, p.max, p.step,
                 OpenBenchRateEnd);
    return 0;
  }
  fmt::print("# name value min max step ({})\n", search_params::Tunable
                                                     ? "UCI options in this build"
                                                     : "constants; build with SPSA=on to tune");
  for (const auto& p : search_params::Parameters)
    fmt::print("{} {} {} {} {}\n", p.name, p.defaultValue, p.min, p.max, p.step);
  return 0;
}

}  // namespace shiftmate
