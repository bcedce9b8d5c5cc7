// Command line: `shiftmate` alone speaks UCI; subcommands run perft, move
// detection, the benchmark, training data generation and its tools.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cxxopts.hpp>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "bench.h"
#include "book/polyglot.h"
#include "checkers/cli.h"
#include "datagen.h"
#include "detect.h"
#include "engine.h"
#include "movegen.h"
#include "nnue/inference.h"
#include "parse.h"
#include "perft.h"
#include "random.h"
#include "san.h"
#include "search_params.h"
#include "training/convert.h"
#include "training/data_info.h"
#include "training/packed_position.h"
#include "training/trainer.h"
#include "uci.h"
#include "wdl/fit.h"

using namespace shiftmate;

namespace {

int perft_command(int argc, char** argv) {
  cxxopts::Options opts("shiftmate perft", "Count the leaves of the legal move tree.");
  opts.positional_help("DEPTH");
  opts.add_options()("depth", "depth in plies", cxxopts::value<int>())(
      "fen", "position (default: start position)",
      cxxopts::value<std::string>()->default_value(std::string(START_FEN)))(
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

// Set by SIGINT/SIGTERM during datagen: the games in progress are dropped
// and the run ends cleanly.
std::atomic<bool> interruptRequested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "used from a signal handler");

void request_interrupt(int) { interruptRequested.store(true); }

int datagen_command(int argc, char** argv) {
  cxxopts::Options opts("shiftmate datagen",
                        "Self-play games at a node budget per move; appends every searched "
                        "position as a 32-byte record (score and result from the side to move's "
                        "view) for the trainer.");
  opts.add_options()("output", "file to append to (a partial file is resumed)",
                     cxxopts::value<std::string>())(
      "positions", "number of records the file should hold",
      cxxopts::value<std::uint64_t>()->default_value("1000000"))(
      "nodes", "soft node limit per move: no iteration starts after it",
      cxxopts::value<std::uint64_t>()->default_value("5000"))(
      "hard-nodes", "the search aborts at this many nodes (default: 20 x --nodes)",
      cxxopts::value<std::uint64_t>())("threads", "games played at once (default: one per core)",
                                       cxxopts::value<int>())(
      "random-plies", "random moves after the start position or book line",
      cxxopts::value<int>()->default_value("8"))(
      "book", "openings: an EPD or FEN file, one position per line", cxxopts::value<std::string>())(
      "seed", "random seed (default: from the clock)", cxxopts::value<std::uint64_t>())(
      "hash", "hash table per game thread in MB",
      cxxopts::value<std::size_t>()->default_value("8"))("h,help", "this help");
  auto args = opts.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", opts.help());
    return 0;
  }
  auto bad = [](const std::string& message) {
    fmt::print(stderr, "datagen: {}; see --help\n", message);
    return 2;
  };
  if (!args.unmatched().empty()) return bad("unexpected argument '" + args.unmatched()[0] + "'");
  if (!args.count("output")) return bad("--output FILE is required");

  DatagenOptions options;
  options.positions = args["positions"].as<std::uint64_t>();
  options.nodes = args["nodes"].as<std::uint64_t>();
  options.hardNodes = args.count("hard-nodes") ? args["hard-nodes"].as<std::uint64_t>()
                                               : DatagenHardNodesFactor * options.nodes;
  options.threads = args.count("threads") ? args["threads"].as<int>()
                                          : int(std::max(1u, std::thread::hardware_concurrency()));
  options.randomPlies = args["random-plies"].as<int>();
  options.hashMB = args["hash"].as<std::size_t>();
  options.seed = args.count("seed")
                     ? args["seed"].as<std::uint64_t>()
                     : std::uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
  if (options.positions < 1) return bad("--positions must be at least 1");
  if (options.nodes < 1) return bad("--nodes must be at least 1");
  if (options.hardNodes < options.nodes) return bad("--hard-nodes must be at least --nodes");
  if (options.threads < 1 || options.threads > 1024) return bad("--threads must be 1 to 1024");
  if (options.randomPlies < 0 || options.randomPlies > 100)
    return bad("--random-plies must be 0 to 100");
  if (options.hashMB < 1 || options.hashMB > 65536) return bad("--hash must be 1 to 65536 MB");
  if (args.count("book"))
    if (auto error = load_book(args["book"].as<std::string>(), options.book)) return bad(*error);

  struct sigaction action = {};
  action.sa_handler = request_interrupt;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);

  DatagenReport report =
      run_datagen(options, args["output"].as<std::string>(), interruptRequested, std::cerr);
  if (report.error) {
    fmt::print(stderr, "datagen: error: {}\n", *report.error);
    return report.started ? 1 : 2;
  }
  return 0;
}

int train_command(int argc, char** argv) {
  cxxopts::Options opts(
      "shiftmate train",
      "Train the evaluation network on binary positions from `shiftmate datagen`.");
  TrainerOptions d;
  DataFilter f;
  opts.add_options()("data", "binary training files (repeat or comma-separate)",
                     cxxopts::value<std::vector<std::string>>())(
      "output", "network file, rewritten after every epoch", cxxopts::value<std::string>())(
      "epochs", "passes over the data",
      cxxopts::value<int>()->default_value(std::to_string(d.epochs)))(
      "batch", "positions per step",
      cxxopts::value<int>()->default_value(std::to_string(d.batchSize)))(
      "lr", "AdamW learning rate at the start",
      cxxopts::value<double>()->default_value(fmt::format("{}", d.learningRate)))(
      "final-lr", "learning rate at the end (cosine decay)",
      cxxopts::value<double>()->default_value(fmt::format("{}", d.finalLearningRate)))(
      "weight-decay", "AdamW weight decay",
      cxxopts::value<double>()->default_value(fmt::format("{}", d.weightDecay)))(
      "wdl", "weight of the game result in the target (0: search score only)",
      cxxopts::value<double>()->default_value(fmt::format("{}", d.resultWeight)))(
      "validation-data",
      "files to measure the loss on instead of held-out positions "
      "(positions from other games: a fairer measure)",
      cxxopts::value<std::vector<std::string>>())(
      "validation", "fraction of the positions held out to measure the loss",
      cxxopts::value<double>()->default_value("0.01"))(
      "max-score", "skip positions whose |score| exceeds this (centipawns)",
      cxxopts::value<int>()->default_value(std::to_string(f.maxAbsScore)))(
      "min-fullmove", "skip positions before this move number",
      cxxopts::value<int>()->default_value(std::to_string(f.minFullmove)))(
      "max-positions", "use at most this many positions (0: all)",
      cxxopts::value<std::size_t>()->default_value("0"))(
      "threads", "threads",
      cxxopts::value<int>()->default_value(
          std::to_string(std::max(1u, std::thread::hardware_concurrency()))))(
      "seed", "seed for the initial weights and the shuffles",
      cxxopts::value<std::uint64_t>()->default_value("1"))(
      "description", "text stored in the network file (default: the output name)",
      cxxopts::value<std::string>()->default_value(""))("h,help", "this help");
  auto args = opts.parse(argc, argv);
  if (args.count("help") || !args.count("data") || !args.count("output")) {
    fmt::print("{}\n", opts.help());
    return args.count("help") ? 0 : 2;
  }
  TrainerOptions o;
  o.epochs = args["epochs"].as<int>();
  o.batchSize = args["batch"].as<int>();
  o.learningRate = args["lr"].as<double>();
  o.finalLearningRate = args["final-lr"].as<double>();
  o.weightDecay = args["weight-decay"].as<double>();
  o.resultWeight = args["wdl"].as<double>();
  o.threads = args["threads"].as<int>();
  o.seed = args["seed"].as<std::uint64_t>();
  o.outputPath = args["output"].as<std::string>();
  o.description = args["description"].as<std::string>();
  if (o.description.empty()) o.description = o.outputPath.substr(o.outputPath.rfind('/') + 1);
  f.maxAbsScore = args["max-score"].as<int>();
  f.minFullmove = args["min-fullmove"].as<int>();
  const double validation = args["validation"].as<double>();
  const std::size_t maxPositions = args["max-positions"].as<std::size_t>();
  if (o.epochs < 1 || o.epochs > 100000 || o.batchSize < 1 || !(o.learningRate > 0) ||
      !(o.finalLearningRate > 0) || !(o.weightDecay >= 0) || !(o.resultWeight >= 0) ||
      !(o.resultWeight <= 1) || o.threads < 1 || o.threads > 1024 || !(validation >= 0) ||
      !(validation < 1)) {
    fmt::print(stderr,
               "train: epochs 1..100000, batch >= 1, lr > 0, final-lr > 0, weight-decay >= 0, "
               "wdl 0..1, threads 1..1024, validation 0..1\n");
    return 2;
  }

  auto load = [&](const std::string& option, std::vector<PackedPosition>& into) {
    if (!args.count(option)) return true;
    for (const std::string& path : args[option].as<std::vector<std::string>>()) {
      LoadReport loaded;
      if (auto error = load_packed_file(path, f, into, &loaded)) {
        fmt::print(stderr, "train: {}\n", *error);
        return false;
      }
      fmt::print("{}: {} positions, {} kept by the filter\n", path, loaded.read, loaded.kept);
    }
    return true;
  };
  std::vector<PackedPosition> data, separateValidation;
  if (!load("data", data) || !load("validation-data", separateValidation)) return 1;
  // One seeded shuffle before the split, so the held-out positions come
  // from every file.
  Random rng(o.seed);
  for (std::size_t i = data.size(); i > 1; --i) std::swap(data[i - 1], data[rng.below(i)]);
  if (maxPositions && data.size() > maxPositions) data.resize(maxPositions);
  const std::size_t held =
      separateValidation.empty() ? std::size_t(double(data.size()) * validation) : 0;
  std::vector<PackedPosition> validationSet(data.end() - std::ptrdiff_t(held), data.end());
  data.resize(data.size() - held);
  if (!separateValidation.empty()) validationSet = std::move(separateValidation);
  if (data.empty()) {
    fmt::print(stderr, "train: no positions to train on\n");
    return 1;
  }
  fmt::print("training {}->{}x2->1x{} on {} positions ({} held out), {} threads\n", nnue::InputSize,
             nnue::HiddenSize, nnue::OutputBuckets, data.size(), validationSet.size(), o.threads);

  FloatNetwork net;
  net.randomise(o.seed);
  train_network(net, data, validationSet, o, std::cout);
  fmt::print("wrote {}\n", o.outputPath);
  return 0;
}

int convert_command(int argc, char** argv) {
  cxxopts::Options opts("shiftmate convert",
                        "Convert `FEN | score | result` lines (White's view; datagen's old text "
                        "format) to 32-byte training records. Bad lines are reported and skipped; "
                        "the exit status is 1 when more than 1% of the lines are bad.");
  opts.positional_help("[INPUT ...]  (none or '-': standard input)");
  opts.add_options()("output", "binary file to write", cxxopts::value<std::string>())(
      "append", "add to the output instead of replacing it")(
      "inputs", "text files", cxxopts::value<std::vector<std::string>>())("h,help", "this help");
  opts.parse_positional({"inputs"});
  auto args = opts.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", opts.help());
    return 0;
  }
  if (!args.count("output")) {
    fmt::print(stderr, "convert: --output FILE is required; see --help\n");
    return 2;
  }
  ConvertOptions options;
  options.output = args["output"].as<std::string>();
  options.append = args.count("append") > 0;
  if (args.count("inputs")) options.inputs = args["inputs"].as<std::vector<std::string>>();

  std::ios::sync_with_stdio(false);
  ConvertReport r = run_convert(options, std::cin, std::cerr);
  fmt::print("{} lines read, {} converted, {} rejected\n", r.lines, r.converted, r.rejected);
  if (r.error) {
    fmt::print(stderr, "convert: error: {}\n", *r.error);
    return 2;
  }
  if (r.too_many_rejected()) {
    fmt::print(stderr, "convert: more than {}% of the lines were rejected\n",
               ConvertMaxRejectedFraction * 100);
    return 1;
  }
  return 0;
}

int datainfo_command(int argc, char** argv) {
  DataFilter filter;
  cxxopts::Options opts("shiftmate datainfo",
                        "Count the records of training data files, what a DataFilter keeps of "
                        "them and why it drops the others, the results (White's view) and the "
                        "mean |score|.");
  opts.positional_help("FILE.bin ...");
  opts.add_options()("max-score", "filter: largest |score| kept",
                     cxxopts::value<int>()->default_value(std::to_string(filter.maxAbsScore)))(
      "min-fullmove", "filter: first full move kept",
      cxxopts::value<int>()->default_value(std::to_string(filter.minFullmove)))(
      "files", "binary files", cxxopts::value<std::vector<std::string>>())("h,help", "this help");
  opts.parse_positional({"files"});
  auto args = opts.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", opts.help());
    return 0;
  }
  if (!args.count("files")) {
    fmt::print(stderr, "datainfo: give one or more FILE.bin; see --help\n");
    return 2;
  }
  filter.maxAbsScore = args["max-score"].as<int>();
  filter.minFullmove = args["min-fullmove"].as<int>();
  auto files = args["files"].as<std::vector<std::string>>();
  DataSummary total;
  for (const std::string& file : files) {
    DataSummary one;
    if (auto error = summarize_packed_file(file, filter, one)) {
      fmt::print(stderr, "datainfo: {}\n", *error);
      return 1;
    }
    fmt::print("{}:\n{}", file, describe(one, filter));
    total.add(one);
  }
  if (files.size() > 1) fmt::print("all {} files:\n{}", files.size(), describe(total, filter));
  return 0;
}

int wdlfit_command(int argc, char** argv) {
  cxxopts::Options opts("shiftmate wdlfit",
                        "Fit the win/draw/loss model (UCI_ShowWDL) to the results of training "
                        "data files and print it, or write it as src/wdl/params.h.");
  opts.positional_help("FILE.bin ...");
  opts.add_options()("iterations", "gradient steps", cxxopts::value<int>()->default_value("20000"))(
      "output", "write the coefficients to this header", cxxopts::value<std::string>())(
      "files", "binary files", cxxopts::value<std::vector<std::string>>())("h,help", "this help");
  opts.parse_positional({"files"});
  auto args = opts.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", opts.help());
    return 0;
  }
  if (!args.count("files")) {
    fmt::print(stderr, "wdlfit: give one or more FILE.bin; see --help\n");
    return 2;
  }
  int iterations = args["iterations"].as<int>();
  if (iterations < 1 || iterations > 1000000) {
    fmt::print(stderr, "wdlfit: --iterations takes 1 to 1000000\n");
    return 2;
  }
  auto files = args["files"].as<std::vector<std::string>>();
  wdl::Histogram histogram;
  for (const std::string& file : files)
    if (auto error = histogram.add_file(file)) {
      fmt::print(stderr, "wdlfit: {}\n", *error);
      return 1;
    }
  if (!histogram.positions()) {
    fmt::print(stderr, "wdlfit: no positions with |score| <= {}\n", wdl::Histogram::MaxScore);
    return 1;
  }
  wdl::FitResult result = wdl::fit(histogram, iterations);
  fmt::print("{} positions, log-loss {:.5f} (the result frequencies alone: {:.5f})\n",
             histogram.positions(), result.logLoss, wdl::baseline_log_loss(histogram));
  fmt::print("material  score(cp) for P(win)=50%  slope b(cp)  W/D/L at +100 cp\n");
  for (int m : {78, 60, 40, 25, 12}) {
    auto pm = wdl::per_mille(result.model, 100, m);
    fmt::print("{:>8}  {:>24.0f}  {:>11.0f}  {}/{}/{}\n", m,
               100 * result.model.a_at(wdl::material_x(m)),
               100 * result.model.b_at(wdl::material_x(m)), pm.win, pm.draw, pm.loss);
  }
  std::string recipe = fmt::format("// Fitted to {} positions ({}) with {} steps.\n",
                                   histogram.positions(), fmt::join(files, ", "), iterations);
  std::string header = wdl::params_header(result.model, recipe);
  if (args.count("output")) {
    std::ofstream out(args["output"].as<std::string>());
    out << header;
    if (!out) {
      fmt::print(stderr, "wdlfit: cannot write {}\n", args["output"].as<std::string>());
      return 1;
    }
  } else {
    fmt::print("\n{}", header);
  }
  return 0;
}

// Lists what a Polyglot book holds for one position.
int book_command(int argc, char** argv) {
  cxxopts::Options opts("shiftmate book", "List a Polyglot book's moves for a position.");
  opts.positional_help("BOOK.bin");
  opts.add_options()("book", "Polyglot book file", cxxopts::value<std::string>())(
      "fen", "position (default: start position)",
      cxxopts::value<std::string>()->default_value(std::string(START_FEN)))(
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
int magics_command() {
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
int search_params_command() {
  fmt::print("# name value min max step ({})\n", search_params::Tunable
                                                     ? "UCI options in this build"
                                                     : "constants; build with SPSA=on to tune");
  for (const auto& p : search_params::Parameters)
    fmt::print("{} {} {} {} {}\n", p.name, p.defaultValue, p.min, p.max, p.step);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Position::init();
  std::string command = argc > 1 ? argv[1] : "";
  try {
    if (command == "perft") return perft_command(argc - 1, argv + 1);
    if (command == "checkers") return checkers::checkers_command(argc - 1, argv + 1);
    if (command == "detect") return detect_command(argc - 1, argv + 1);
    if (command == "bench") return bench_command(argc - 1, argv + 1);
    if (command == "magics") return magics_command();
    if (command == "book") return book_command(argc - 1, argv + 1);
    if (command == "datagen") return datagen_command(argc - 1, argv + 1);
    if (command == "train") return train_command(argc - 1, argv + 1);
    if (command == "convert") return convert_command(argc - 1, argv + 1);
    if (command == "datainfo") return datainfo_command(argc - 1, argv + 1);
    if (command == "wdlfit") return wdlfit_command(argc - 1, argv + 1);
    if (command == "search-params") return search_params_command();
    if (command == "-h" || command == "--help" || command == "help") {
      fmt::print(
          "Shiftmate, a UCI chess engine.\n\n"
          "usage:\n"
          "  shiftmate                      speak UCI on standard input/output\n"
          "  shiftmate perft DEPTH [--fen FEN] [--divide] [--threads N] [--hash MB]\n"
          "  shiftmate perft --suite FILE [--max-depth D] [--max-nodes N] [--threads N]\n"
          "  shiftmate detect --fen FEN (--after FEN | --occupancy HEX)\n"
          "  shiftmate checkers perft DEPTH [--fen FEN] [--divide] [--paths merged|distinct]\n"
          "  shiftmate checkers magics [--seed N]  Russian checkers perft; king magic search\n"
          "  shiftmate bench [DEPTH]        fixed-depth search of the bench positions\n"
          "  shiftmate book BOOK.bin [--fen FEN] [--moves M ...]\n"
          "                                 a Polyglot book's moves for a position\n"
          "  shiftmate datagen --output FILE [--positions N] [--nodes N] [--hard-nodes N]\n"
          "                    [--threads N] [--random-plies N] [--book FILE] [--seed S]\n"
          "                    [--hash MB]  self-play training records (32 bytes each)\n"
          "  shiftmate convert --output FILE.bin [INPUT ...]\n"
          "                                 `FEN | score | result` text lines to records\n"
          "  shiftmate datainfo FILE.bin ...  counts, filter, results and scores of records\n"
          "  shiftmate train --data FILE... --output NET [--epochs N] [--threads N]\n"
          "                                 train the evaluation network\n"
          "  shiftmate wdlfit FILE.bin ... [--output src/wdl/params.h]\n"
          "                                 fit the win/draw/loss model to game results\n"
          "  shiftmate search-params        the search margins SPSA tunes (scripts/spsa.py)\n"
          "Each subcommand takes --help.\n");
      return 0;
    }
  } catch (const std::exception& e) {  // bad options, impossible table sizes
    fmt::print(stderr, "error: {}\n", e.what());
    return 2;
  }
  // Any other arguments are UCI commands to run first (e.g. `shiftmate "go perft 5" quit`).
  return uci_main(argc - 1, argv + 1);
}
