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
#include "parse.h"
#include "perft.h"
#include "position.h"
#include "san.h"
#include "search_params.h"
#include "util/platform.h"

namespace shiftmate {

int perft_command(int argc, char** argv) {
  cxxopts::Options opts("shiftmate perft", "Count the leaves of the legal move tree.");
  opts.positional_help("DEPTH");
  opts.add_options()("depth", "depth in plies", cxxopts::value<int>())(
      "fen", "position", cxxopts::value<std::string>()->default_value(std::string(START_FEN)))(
      "divide", "print the count under each root move")("threads", "threads sharing the root moves",
                                                        cxxopts::value<int>()->default_value("1"))(
      "hash", "perft hash table in MB (0: none)",
      cxxopts::value<std::size_t>()->default_value("0"))("chess960",
                                                         "use Chess960 castling notation")(
      "suite", "run an EPD suite (FEN ;D1 n ;D2 n ...)", cxxopts::value<std::string>())(
      "max-depth", "suite: deepest depth to run", cxxopts::value<int>()->default_value("99"))(
      "max-nodes", "suite: skip depths with more nodes",
      cxxopts::value<std::uint64_t>()->default_value("18446744073709551615"))(
      "quiet", "suite: print only failures and the summary")("h,help", "this help");
  opts.parse_positional({"depth"});
  auto args = opts.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", opts.help());
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

int detect_command(int argc, char** argv) {
  cxxopts::Options opts("shiftmate detect",
                        "Find the legal move(s) that turn one board state into another.");
  opts.add_options()("fen", "position before the move", cxxopts::value<std::string>())(
      "after", "position after the move (FEN; only the placement is compared)",
      cxxopts::value<std::string>())(
      "occupancy", "occupied squares after the move, as a 64-bit hex bitboard (a1 = bit 0)",
      cxxopts::value<std::string>())("chess960", "print castling as king-takes-rook")("h,help",
                                                                                      "this help");
  auto args = opts.parse(argc, argv);
  if (args.count("help") || !args.count("fen") || args.count("after") == args.count("occupancy")) {
    fmt::print("{}\n", opts.help());
    return args.count("help") ? 0 : 2;
  }
  DetectRequest req{args["fen"].as<std::string>(), std::nullopt, std::nullopt,
                    args.count("chess960") > 0};
  if (args.count("after")) req.after = args["after"].as<std::string>();
  if (args.count("occupancy")) req.occupancy = args["occupancy"].as<std::string>();
  return run_detect(req, std::cout);
}

int bench_command(int argc, char** argv) {
  int depth = BenchDepth;
  if (argc > 1) {
    auto v = parse_number(std::string_view(argv[1]), 1, 64);
    if (!v) {
      fmt::print(stderr, "bench takes a depth from 1 to 64\n");
      return 2;
    }
    depth = *v;
  }
  Engine engine;
  run_bench(engine, depth, std::cout);
  return 0;
}

// Lists what a Polyglot book holds for one position.
int book_command(int argc, char** argv) {
  cxxopts::Options opts("shiftmate book", "List a Polyglot book's moves for a position.");
  opts.positional_help("BOOK.bin");
  opts.add_options()("book", "Polyglot book file", cxxopts::value<std::string>())(
      "fen", "position", cxxopts::value<std::string>()->default_value(std::string(START_FEN)))(
      "moves", "UCI moves played from the position first (\"e2e4 e7e5\" or e2e4,e7e5)",
      cxxopts::value<std::string>()->default_value(""))("h,help", "this help");
  opts.parse_positional({"book"});
  auto args = opts.parse(argc, argv);
  if (args.count("help") || !args.count("book")) {
    fmt::print("{}\n", opts.help());
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

// Prints magic_numbers.h: the magics our seeded search finds (`make magics`).
int magics_command(int, char**) {
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

// The search's tunable margins: name, value, range and SPSA step, one per line.
int search_params_command(int, char**) {
  fmt::print("# name value min max step ({})\n", search_params::Tunable
                                                     ? "UCI options in this build"
                                                     : "constants; build with SPSA=on to tune");
  for (const auto& p : search_params::Parameters)
    fmt::print("{} {} {} {} {}\n", p.name, p.defaultValue, p.min, p.max, p.step);
  return 0;
}

}  // namespace shiftmate
