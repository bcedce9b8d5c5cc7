// Command line: `shiftmate` alone speaks UCI; subcommands run perft, move
// detection and the benchmark.
#include <cxxopts.hpp>
#include <fmt/format.h>

#include <fstream>
#include <iostream>

#include "bench.h"
#include "detect.h"
#include "engine.h"
#include "perft.h"
#include "uci.h"

using namespace shiftmate;

namespace {

int perft_command(int argc, char** argv) {
  cxxopts::Options opts("shiftmate perft", "Count the leaves of the legal move tree.");
  opts.positional_help("DEPTH");
  opts.add_options()
    ("depth", "depth in plies", cxxopts::value<int>())
    ("fen", "position (default: start position)", cxxopts::value<std::string>()->default_value(std::string(START_FEN)))
    ("divide", "print the count under each root move")
    ("threads", "threads sharing the root moves", cxxopts::value<int>()->default_value("1"))
    ("hash", "perft hash table in MB (0: none)", cxxopts::value<std::size_t>()->default_value("0"))
    ("chess960", "use Chess960 castling notation")
    ("suite", "run an EPD suite (FEN ;D1 n ;D2 n ...)", cxxopts::value<std::string>())
    ("max-depth", "suite: deepest depth to run", cxxopts::value<int>()->default_value("99"))
    ("max-nodes", "suite: skip depths with more nodes", cxxopts::value<std::uint64_t>()->default_value("18446744073709551615"))
    ("quiet", "suite: print only failures and the summary")
    ("h,help", "this help");
  opts.parse_positional({"depth"});
  auto args = opts.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", opts.help());
    return 0;
  }
  if (args.count("suite")) {
    std::ifstream in(args["suite"].as<std::string>());
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
  PerftResult r = run_perft(pos, {depth, args["threads"].as<int>(), args["hash"].as<std::size_t>()});
  print_perft(std::cout, r, args.count("divide") > 0);
  return 0;
}

int detect_command(int argc, char** argv) {
  cxxopts::Options opts("shiftmate detect",
                        "Find the legal move(s) that turn one board state into another.");
  opts.add_options()
    ("fen", "position before the move", cxxopts::value<std::string>())
    ("after", "position after the move (FEN; only the placement is compared)", cxxopts::value<std::string>())
    ("occupancy", "occupied squares after the move, as a 64-bit hex bitboard (a1 = bit 0)", cxxopts::value<std::string>())
    ("chess960", "print castling as king-takes-rook")
    ("h,help", "this help");
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
    try {
      depth = std::stoi(argv[1]);
    } catch (...) {
      depth = 0;
    }
    if (depth < 1 || depth > 64) {
      fmt::print(stderr, "bench takes a depth from 1 to 64\n");
      return 2;
    }
  }
  Engine engine;
  run_bench(engine, depth, std::cout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Position::init();
  std::string command = argc > 1 ? argv[1] : "";
  try {
    if (command == "perft") return perft_command(argc - 1, argv + 1);
    if (command == "detect") return detect_command(argc - 1, argv + 1);
    if (command == "bench") return bench_command(argc - 1, argv + 1);
    if (command == "-h" || command == "--help" || command == "help") {
      fmt::print(
          "Shiftmate, a UCI chess engine.\n\n"
          "usage:\n"
          "  shiftmate                      speak UCI on standard input/output\n"
          "  shiftmate perft DEPTH [--fen FEN] [--divide] [--threads N] [--hash MB]\n"
          "  shiftmate perft --suite FILE [--max-depth D] [--max-nodes N] [--threads N]\n"
          "  shiftmate detect --fen FEN (--after FEN | --occupancy HEX)\n"
          "  shiftmate bench [DEPTH]        fixed-depth search of the bench positions\n"
          "Each subcommand takes --help.\n");
      return 0;
    }
  } catch (const cxxopts::exceptions::exception& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 2;
  }
  // Any other arguments are UCI commands to run first (e.g. `shiftmate "go perft 5" quit`).
  return uci_main(argc - 1, argv + 1);
}
