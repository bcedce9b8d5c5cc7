#include "training/cli.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cxxopts.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include "command.h"
#include "engine.h"
#include "nnue/network.h"
#include "training/convert.h"
#include "training/data_info.h"
#include "training/datagen.h"
#include "training/float_checkpoint.h"
#include "training/packed_position.h"
#include "training/trainer.h"
#include "training/wdl_fit.h"
#include "util/platform.h"
#include "util/stop_signal.h"

namespace shiftmate {

namespace {

unsigned cores() { return std::max(1u, std::thread::hardware_concurrency()); }

// What convert, datainfo and wdlfit share: their files are the positional
// arguments (option `filesName`, shown as `filesArg`), --help prints the
// options (each tool adds its own, then -h,help), and usage errors name the tool.
CommandSyntax file_tool_syntax(const std::string& name, const std::string& description,
                               const std::string& positionalHelp, const std::string& filesName,
                               const std::string& filesArg, const std::string& filesDescription,
                               bool filesRequired) {
  CommandSyntax syntax{cxxopts::Options("shiftmate " + name, description), {filesName}, {}};
  if (filesRequired) syntax.required = {filesName};
  syntax.options.positional_help(positionalHelp);
  syntax.options.add_options()(filesName, filesDescription,
                               cxxopts::value<std::vector<std::string>>(), filesArg);
  return syntax;
}

class FileTool {
 public:
  FileTool(std::string toolName, CommandSyntax toolSyntax)
      : name(std::move(toolName)), syntax(std::move(toolSyntax)) {}

  // Parses the arguments; an exit code when the command ends here (0 after
  // --help; 2 when the files are required and there are none).
  std::optional<int> parse(int argc, char** argv) {
    args = syntax.parse(argc, argv);
    if (args.count("help")) {
      fmt::print("{}\n", syntax.options.help());
      return 0;
    }
    const std::string& filesOption = syntax.positional.front();
    if (args.count(filesOption)) files = args[filesOption].as<std::vector<std::string>>();
    const bool filesRequired =
        std::count(syntax.required.begin(), syntax.required.end(), filesOption) > 0;
    if (filesRequired && files.empty()) return usage_error(name, "give one or more FILE.bin");
    return std::nullopt;
  }

  const std::string name;
  cxxopts::ParseResult args;
  std::vector<std::string> files;

 private:
  CommandSyntax syntax;
};

// A network file's weights as floats: `path`, or the built-in net for
// "<embedded>" (EvalFile's name for it). A one-bucket net starts every
// output bucket of a bucketed build.
std::optional<std::string> load_float_network(const std::string& path, FloatNetwork& net) {
  auto quantised = std::make_unique<nnue::Network>();
  std::optional<std::string> error;
  if (path != EmbeddedNetName)
    error = nnue::load_network_file(path, *quantised, nullptr, nnue::OneBucketNet::Spread);
  else if (nnue::embedded_network_file().empty())
    error = "this build embeds no network (NET=none): give --init a file";
  else
    error = nnue::read_network(nnue::embedded_network_file(), *quantised, nullptr,
                               nnue::OneBucketNet::Spread);
  if (error) return *error;
  net.dequantise(*quantised);
  return std::nullopt;
}

// Whether two paths name one existing file (the second may not exist yet).
bool same_file(const std::string& a, const std::string& b) {
  std::error_code error;
  return std::filesystem::equivalent(path_from_utf8(a), path_from_utf8(b), error);
}

}  // namespace

CommandSyntax datagen_syntax() {
  CommandSyntax syntax{
      cxxopts::Options("shiftmate datagen",
                       "Self-play games at a node budget per move; appends every searched "
                       "position as a 32-byte record (score and result from the side to move's "
                       "view) for the trainer."),
      {},
      {"output"}};
  cxxopts::OptionAdder add = syntax.options.add_options();
  add("output", "file to append to (a partial file is resumed)", cxxopts::value<std::string>(),
      "FILE");
  add("positions", "number of records the file should hold",
      cxxopts::value<std::uint64_t>()->default_value("1000000"), "N");
  add("nodes", "soft node limit per move: no iteration starts after it",
      cxxopts::value<std::uint64_t>()->default_value("5000"), "N");
  add("hard-nodes", "the search aborts at this many nodes (default: 20 x --nodes)",
      cxxopts::value<std::uint64_t>(), "N");
  add("threads", "games played at once (default: one per core)", cxxopts::value<int>(), "N");
  add("random-plies", "random moves after the start position or opening",
      cxxopts::value<int>()->default_value("8"), "N");
  add("openings", "positions to start from: an EPD or FEN file, one position per line",
      cxxopts::value<std::string>(), "FILE");
  add("book", "the old name of --openings", cxxopts::value<std::string>(), "FILE");
  add("seed", "random seed (default: from the clock)", cxxopts::value<std::uint64_t>(), "S");
  add("hash", "hash table per game thread in MB", cxxopts::value<std::size_t>()->default_value("8"),
      "MB");
  add("h,help", "this help");
  return syntax;
}

int datagen_command(int argc, char** argv) {
  CommandSyntax syntax = datagen_syntax();
  auto args = syntax.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", syntax.options.help());
    return 0;
  }
  auto bad = [](const std::string& message) { return usage_error("datagen", message); };
  if (!args.unmatched().empty()) return bad("unexpected argument '" + args.unmatched()[0] + "'");
  if (!args.count("output")) return bad("--output FILE is required");

  DatagenOptions options;
  options.positions = args["positions"].as<std::uint64_t>();
  options.nodes = args["nodes"].as<std::uint64_t>();
  options.hardNodes = args.count("hard-nodes") ? args["hard-nodes"].as<std::uint64_t>()
                                               : HardNodesFactor * options.nodes;
  options.threads = args.count("threads") ? args["threads"].as<int>() : int(cores());
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
  if (args.count("openings") && args.count("book")) return bad("--book is --openings; give one");
  for (const char* name : {"openings", "book"})
    if (args.count(name))
      if (auto error = load_openings(args[name].as<std::string>(), options.openings))
        return bad(*error);

  const std::atomic<bool>& stop = catch_stop_signals();
  DatagenReport report = run_datagen(options, args["output"].as<std::string>(), stop, std::cerr);
  if (report.error) {
    fmt::print(stderr, "datagen: error: {}\n", *report.error);
    return report.started ? 1 : 2;
  }
  return 0;
}

// --data and --output are required to train, not to measure (--epochs 0).
CommandSyntax train_syntax() {
  CommandSyntax syntax{
      cxxopts::Options(
          "shiftmate train",
          "Train the evaluation network on binary positions from `shiftmate datagen`."),
      {},
      {"data", "output"}};
  TrainerOptions d;
  DataFilter f;
  cxxopts::OptionAdder add = syntax.options.add_options();
  add("data", "binary training files (repeat or comma-separate)",
      cxxopts::value<std::vector<std::string>>(), "FILE");
  add("output",
      "network file: the epoch whose net, rounded to integers, has the lowest held-out loss "
      "(rewritten whenever an epoch improves on it); its float weights go to NET.float, "
      "for the next run's --init",
      cxxopts::value<std::string>(), "NET");
  add("keep-last", "write the last epoch's net instead, whatever its held-out loss");
  add("mirror",
      "mirrored inputs: each side sees the board flipped left to right when its king is on "
      "files e-h (a new net shape, file version 3); from --init of a plain net, its weights "
      "moved to the mirror squares are the start (it plays as before where both kings are on e-h)");
  add("epochs", "passes over the data",
      cxxopts::value<int>()->default_value(std::to_string(d.epochs)), "N");
  add("batch", "positions per step",
      cxxopts::value<int>()->default_value(std::to_string(d.batchSize)), "N");
  add("lr", "AdamW learning rate at the start",
      cxxopts::value<double>()->default_value(fmt::format("{}", d.learningRate)), "RATE");
  add("final-lr", "learning rate at the end (cosine decay)",
      cxxopts::value<double>()->default_value(fmt::format("{}", d.finalLearningRate)), "RATE");
  add("weight-decay", "AdamW weight decay",
      cxxopts::value<double>()->default_value(fmt::format("{}", d.weightDecay)), "DECAY");
  add("wdl", "weight of the game result in the target (0: search score only)",
      cxxopts::value<double>()->default_value(fmt::format("{}", d.resultWeight)), "WEIGHT");
  add("final-wdl",
      "the result's weight at the end: it moves in a straight line from --wdl over the run "
      "(held-out losses are measured at this weight; default: --wdl throughout)",
      cxxopts::value<double>(), "WEIGHT");
  add("validation-data",
      "files to measure the loss on instead of held-out positions "
      "(positions from other games: a fairer measure)",
      cxxopts::value<std::vector<std::string>>(), "FILE");
  add("validation", "fraction of the positions held out to measure the loss",
      cxxopts::value<double>()->default_value("0.01"), "FRACTION");
  add("max-score", "skip positions whose |score| exceeds this (centipawns)",
      cxxopts::value<int>()->default_value(std::to_string(f.maxAbsScore)), "CP");
  add("min-fullmove", "skip positions before this move number",
      cxxopts::value<int>()->default_value(std::to_string(f.minFullmove)), "N");
  add("max-positions", "use at most this many positions (0: all)",
      cxxopts::value<std::size_t>()->default_value("0"), "N");
  add("threads", "threads", cxxopts::value<int>()->default_value(std::to_string(cores())), "N");
  add("seed", "seed for the shuffles and, without --init, the initial weights",
      cxxopts::value<std::uint64_t>()->default_value("1"), "N");
  add("description", "text stored in the network file (default: the output name)",
      cxxopts::value<std::string>(), "TEXT");
  add("h,help", "this help");
  add("init",
      "start from this network file's weights instead of random ones "
      "(<embedded>: the built-in net), or from the float checkpoint a run wrote beside its "
      "net (NET.float: the weights before rounding, so training goes on where it ended; "
      "refused when the NET beside it is another net); "
      "with --epochs 0, measure its loss on the positions and write nothing",
      cxxopts::value<std::string>(), "NET");
  return syntax;
}

int train_command(int argc, char** argv) {
  CommandSyntax syntax = train_syntax();
  DataFilter f;
  auto args = syntax.parse(argc, argv);
  if (args.count("help")) {
    fmt::print("{}\n", syntax.options.help());
    return 0;
  }
  auto bad = [](const std::string& message) { return usage_error("train", message); };
  if (!args.unmatched().empty()) return bad("unexpected argument '" + args.unmatched()[0] + "'");
  const bool measureOnly = args["epochs"].as<int>() == 0;
  if (measureOnly) {
    if (!args.count("init")) return bad("--epochs 0 needs --init NET (the net to measure)");
    // Options that only training reads: refused rather than silently ignored.
    for (const char* trainingOnly :
         {"output", "batch", "lr", "final-lr", "weight-decay", "validation", "max-positions",
          "seed", "description", "keep-last", "mirror", "final-wdl"})
      if (args.count(trainingOnly))
        return bad(fmt::format("--epochs 0 trains nothing: --{} has no effect", trainingOnly));
    if (!args.count("data") && !args.count("validation-data"))
      return bad("--epochs 0 needs positions: --data or --validation-data FILE");
  } else if (!args.count("data") || !args.count("output")) {
    return bad("--data FILE and --output NET are required (--help lists the options)");
  } else if (args.count("init") &&
             (same_file(args["init"].as<std::string>(), args["output"].as<std::string>()) ||
              same_file(args["init"].as<std::string>(),
                        args["output"].as<std::string>() + FloatCheckpointSuffix))) {
    // The output is rewritten as training goes: the net to start from would be gone.
    return bad("--output must not be the --init net or its float checkpoint");
  }
  TrainerOptions o;
  o.epochs = args["epochs"].as<int>();
  o.batchSize = args["batch"].as<int>();
  o.learningRate = args["lr"].as<double>();
  o.finalLearningRate = args["final-lr"].as<double>();
  o.weightDecay = args["weight-decay"].as<double>();
  o.resultWeight = args["wdl"].as<double>();
  if (args.count("final-wdl")) o.finalResultWeight = args["final-wdl"].as<double>();
  const double finalWdl = o.finalResultWeight.value_or(o.resultWeight);
  o.threads = args["threads"].as<int>();
  o.seed = args["seed"].as<std::uint64_t>();
  o.keepBestEpoch = !args.count("keep-last");
  if (args.count("output")) o.outputPath = args["output"].as<std::string>();
  if (args.count("description")) o.description = args["description"].as<std::string>();
  if (o.description.empty()) o.description = o.outputPath.substr(o.outputPath.rfind('/') + 1);
  f.maxAbsScore = args["max-score"].as<int>();
  f.minFullmove = args["min-fullmove"].as<int>();
  const double validation = args["validation"].as<double>();
  const std::size_t maxPositions = args["max-positions"].as<std::size_t>();
  if (o.epochs < 0 || o.epochs > 100000 || o.batchSize < 1 || !(o.learningRate > 0) ||
      !(o.finalLearningRate > 0) || !(o.finalLearningRate <= o.learningRate) ||
      !(o.weightDecay >= 0) || !(o.resultWeight >= 0) || !(o.resultWeight <= 1) ||
      !(finalWdl >= 0) || !(finalWdl <= 1) || o.threads < 1 || o.threads > 1024 ||
      !(validation >= 0) || !(validation < 1)) {
    fmt::print(stderr,
               "train: epochs 0..100000, batch >= 1, lr > 0, 0 < final-lr <= lr (a decay), "
               "weight-decay >= 0, "
               "wdl and final-wdl 0..1, threads 1..1024, validation 0..1\n");
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
  FloatNetwork net;
  if (args.count("init")) {
    const std::string& init = args["init"].as<std::string>();
    const bool checkpoint = is_float_checkpoint(init);
    auto error = checkpoint ? load_float_checkpoint(init, net) : load_float_network(init, net);
    if (!error && checkpoint) error = check_checkpoint_matches_net(init, net);
    if (error) {
      fmt::print(stderr, "train: {}\n", *error);
      return 1;
    }
  } else {
    net.randomise(o.seed);
  }
  if (args.count("mirror")) net.mirror_inputs();

  // Measuring has no split: every position, from either option, is measured.
  std::vector<PackedPosition> data, separateValidation;
  if (!load("data", data) || !load("validation-data", measureOnly ? data : separateValidation))
    return 1;
  if (measureOnly) {
    if (data.empty()) {
      fmt::print(stderr, "train: the filter kept no positions to measure on\n");
      return 1;
    }
    fmt::print("{}: loss {:.6f} on {} positions (wdl {})\n", args["init"].as<std::string>(),
               mean_loss(net, data, o.resultWeight, o.threads), data.size(), o.resultWeight);
    return 0;
  }
  // Records hold no game, so the split is by position: a held-out position
  // has its game's neighbours (and any file given twice) in training.
  if (separateValidation.empty() && validation > 0)
    fmt::print(stderr,
               "train: note: the held-out positions come from the training games, so their loss "
               "flatters; --validation-data FILE of other games measures the net fairly\n");
  TrainingSplit split = split_positions(
      std::move(data), separateValidation.empty() ? validation : 0, maxPositions, o.seed);
  if (!separateValidation.empty()) split.validation = std::move(separateValidation);
  if (split.training.empty()) {
    fmt::print(stderr, "train: no positions to train on\n");
    return 1;
  }
  fmt::print("training {}{}->{}x2->1x{} on {} positions ({} held out), {} threads, from {}\n",
             nnue::InputSize, net.mapping == nnue::InputMapping::Mirrored ? " (mirrored)" : "",
             nnue::HiddenSize, nnue::OutputBuckets, split.training.size(), split.validation.size(),
             o.threads, args.count("init") ? args["init"].as<std::string>() : "random weights");

  const TrainingReport report = train_network(net, split.training, split.validation, o, std::cout);
  if (report.keptEpoch == o.epochs)
    fmt::print("wrote {} and {}{}\n", o.outputPath, o.outputPath, FloatCheckpointSuffix);
  else  // an earlier epoch's rounded net measured better than the last one's
    fmt::print("wrote {} and {}{}: epoch {} of {}, rounded validation loss {:.6f}\n", o.outputPath,
               o.outputPath, FloatCheckpointSuffix, report.keptEpoch, o.epochs,
               report.roundedValidationLoss[std::size_t(report.keptEpoch - 1)]);
  return 0;
}

CommandSyntax convert_syntax() {
  CommandSyntax syntax = file_tool_syntax(
      "convert",
      "Convert text lines `FEN | score | result` (White's view; datagen's old text "
      "format) or PGN games to 32-byte training records. An input whose first "
      "non-blank line starts with '[' is PGN (fastchess, cutechess, OpenBench): each "
      "move whose comment starts with the engine's score, `{+0.35/12 ...}` or "
      "`{-M6/20 ...}` (pawns or plies to mate, the mover's view), gives a record of "
      "the position before it with that score and the game's result; `{book}` and "
      "other moves are played, not recorded. Bad lines and games (an illegal move, "
      "a bad tag, no result) are reported and skipped; a game cut off by the end "
      "of the input, or whose Termination tag says its result came from off the "
      "board (time forfeit, illegal move, abandoned, ...), is left out; the exit "
      "status is 1 when more than 1% of the lines or games are bad.",
      "[INPUT ...]  (none or '-': standard input)", "inputs", "INPUT", "text or PGN files", false);
  syntax.required.push_back("output");
  cxxopts::OptionAdder add = syntax.options.add_options();
  add("output", "binary file to write", cxxopts::value<std::string>(), "FILE.bin");
  add("append", "add to the output instead of replacing it");
  add("player",
      "PGN: record only the moves of the engine with this White or Black tag (in a match "
      "against another engine only our side's scores are on our scale)",
      cxxopts::value<std::string>(), "NAME");
  add("h,help", "this help");
  return syntax;
}

int convert_command(int argc, char** argv) {
  FileTool tool("convert", convert_syntax());
  if (auto exit = tool.parse(argc, argv)) return *exit;
  if (!tool.args.count("output")) return usage_error(tool.name, "--output FILE is required");
  ConvertOptions options;
  options.output = tool.args["output"].as<std::string>();
  options.append = tool.args.count("append") > 0;
  if (tool.args.count("player")) {
    options.player = tool.args["player"].as<std::string>();
    if (options.player->empty()) return usage_error(tool.name, "--player needs a name");
  }
  options.inputs = tool.files;

  std::ios::sync_with_stdio(false);
  ConvertReport r = run_convert(options, std::cin, std::cerr);
  fmt::print("{}", describe(r));
  if (r.error) {
    fmt::print(stderr, "convert: error: {}\n", *r.error);
    return 2;
  }
  if (r.too_many_rejected()) {
    fmt::print(stderr, "convert: more than {}% of the lines or games were bad\n",
               ConvertMaxRejectedFraction * 100);
    return 1;
  }
  return 0;
}

CommandSyntax datainfo_syntax() {
  DataFilter filter;
  CommandSyntax syntax =
      file_tool_syntax("datainfo",
                       "Count the records of training data files, what a DataFilter keeps of "
                       "them and why it drops the others, the results (White's view) and the "
                       "mean |score|.",
                       "FILE.bin ...", "files", "FILE.bin", "binary files", true);
  cxxopts::OptionAdder add = syntax.options.add_options();
  add("max-score", "filter: largest |score| kept",
      cxxopts::value<int>()->default_value(std::to_string(filter.maxAbsScore)), "CP");
  add("min-fullmove", "filter: first full move kept",
      cxxopts::value<int>()->default_value(std::to_string(filter.minFullmove)), "N");
  add("h,help", "this help");
  return syntax;
}

int datainfo_command(int argc, char** argv) {
  DataFilter filter;
  FileTool tool("datainfo", datainfo_syntax());
  if (auto exit = tool.parse(argc, argv)) return *exit;
  filter.maxAbsScore = tool.args["max-score"].as<int>();
  filter.minFullmove = tool.args["min-fullmove"].as<int>();
  DataSummary total;
  for (const std::string& file : tool.files) {
    DataSummary one;
    if (auto error = summarize_packed_file(file, filter, one)) {
      fmt::print(stderr, "datainfo: {}\n", *error);
      return 1;
    }
    fmt::print("{}:\n{}", file, describe(one, filter));
    total.add(one);
  }
  if (tool.files.size() > 1)
    fmt::print("all {} files:\n{}", tool.files.size(), describe(total, filter));
  return 0;
}

CommandSyntax wdlfit_syntax() {
  CommandSyntax syntax =
      file_tool_syntax("wdlfit",
                       "Fit the win/draw/loss model (UCI_ShowWDL) to the results of training "
                       "data files and print it, or write it as src/wdl/params.h.",
                       "FILE.bin ...", "files", "FILE.bin", "binary files", true);
  cxxopts::OptionAdder add = syntax.options.add_options();
  add("iterations", "gradient steps", cxxopts::value<int>()->default_value("20000"), "N");
  add("output", "write the coefficients to this header (src/wdl/params.h)",
      cxxopts::value<std::string>(), "FILE.h");
  add("h,help", "this help");
  return syntax;
}

int wdlfit_command(int argc, char** argv) {
  FileTool tool("wdlfit", wdlfit_syntax());
  if (auto exit = tool.parse(argc, argv)) return *exit;
  int iterations = tool.args["iterations"].as<int>();
  if (iterations < 1 || iterations > 1000000) {
    fmt::print(stderr, "wdlfit: --iterations takes 1 to 1000000\n");
    return 2;
  }
  wdl::Histogram histogram;
  for (const std::string& file : tool.files)
    if (auto error = histogram.add_file(file)) {
      fmt::print(stderr, "wdlfit: {}\n", *error);
      return 1;
    }
  if (!histogram.positions()) {
    fmt::print(stderr, "wdlfit: no positions with |score| <= {}\n", wdl::Histogram::MaxScore);
    return 1;
  }
  wdl::FitResult result = wdl::fit(histogram, iterations);
  // The built-in model's loss on the same data says whether a refit pays.
  fmt::print(
      "{} positions, log-loss {:.5f} (the built-in model: {:.5f}; the result frequencies alone: "
      "{:.5f})\n",
      histogram.positions(), result.logLoss, wdl::log_loss(wdl::fitted(), histogram),
      wdl::baseline_log_loss(histogram));
  fmt::print("material  score(cp) for P(win)=50%  slope b(cp)  W/D/L at +100 cp\n");
  for (int m : {78, 60, 40, 25, 12}) {
    auto pm = wdl::per_mille(result.model, 100, m);
    fmt::print("{:>8}  {:>24.0f}  {:>11.0f}  {}/{}/{}\n", m,
               100 * result.model.a_at(wdl::material_x(m)),
               100 * result.model.b_at(wdl::material_x(m)), pm.win, pm.draw, pm.loss);
  }
  std::string recipe = fmt::format("Fitted to {} positions ({}) with {} steps.",
                                   histogram.positions(), fmt::join(tool.files, ", "), iterations);
  std::string header = wdl::params_header(result.model, recipe);
  if (tool.args.count("output")) {
    std::ofstream out(path_from_utf8(tool.args["output"].as<std::string>()));
    out << header;
    if (!out) {
      fmt::print(stderr, "wdlfit: cannot write {}\n", tool.args["output"].as<std::string>());
      return 1;
    }
  } else {
    fmt::print("\n{}", header);
  }
  return 0;
}

}  // namespace shiftmate
