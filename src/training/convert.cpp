#include "training/convert.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <filesystem>
#include <fstream>
#include <istream>
#include <memory>
#include <ostream>
#include <span>
#include <string_view>

#include "training/packed_position.h"
#include "util/platform.h"

namespace shiftmate {

namespace {

// Whether a skipped game counts against its file: one cut off by the end of
// an input still being written, or decided off the board, does not.
bool is_fault(PgnSkip why) { return why != PgnSkip::CUT_OFF && why != PgnSkip::OFF_THE_BOARD; }

// Records written per append: 2 MiB.
constexpr std::size_t BatchRecords = 1 << 16;

constexpr std::string_view UnicodeByteOrderMark = "\xEF\xBB\xBF";

bool is_blank(const std::string& line) {
  return line.find_first_not_of(" \t\r") == std::string::npos;
}

bool is_blank_or_comment(const std::string& line) {
  auto first = line.find_first_not_of(" \t\r");
  return first == std::string::npos || line[first] == '#';
}

// Prints the first ConvertMaxErrorMessages problems, then only counts.
class ProblemLog {
 public:
  explicit ProblemLog(std::ostream& out) : log(out) {}
  void report(const std::string& name, std::uint64_t line, const std::string& message) {
    if (++count <= ConvertMaxErrorMessages)
      fmt::print(log, "convert: {}:{}: {}\n", name, line, message);
    if (count == ConvertMaxErrorMessages)
      fmt::print(log, "convert: further bad lines and games are only counted\n");
  }

 private:
  std::ostream& log;
  std::uint64_t count = 0;
};

// Records on their way to the output, appended in batches.
class Output {
 public:
  Output(const std::string& outputPath, ConvertReport& r) : path(outputPath), report(r) {
    batch.reserve(BatchRecords);
  }
  // False once the output could not be written (report.error says why).
  bool add(const PackedPosition& record) {
    batch.push_back(record);
    return batch.size() < BatchRecords || flush();
  }
  bool flush() {
    if (report.error) return false;
    if (auto error = append_packed_file(path, batch)) {
      report.error = *error;
      return false;
    }
    report.converted += batch.size();
    batch.clear();
    return true;
  }

 private:
  const std::string& path;
  ConvertReport& report;
  std::vector<PackedPosition> batch;
};

// Converts one input, text or PGN (`pgn` is set for PGN); false when the
// output could not be written.
bool convert_stream(std::istream& in, const std::string& name, Output& output,
                    ConvertReport& report, ProblemLog& problems, std::ostream& log,
                    const std::optional<std::string>& player, std::optional<PgnReader>& pgn) {
  bool formatKnown = false;
  std::uint64_t number = 0;
  for (std::string line; std::getline(in, line);) {
    if (++number == 1 && line.starts_with(UnicodeByteOrderMark))
      line.erase(0, UnicodeByteOrderMark.size());
    if (!formatKnown) {
      if (is_blank(line)) continue;
      formatKnown = true;
      if (line[line.find_first_not_of(" \t")] == '[')
        pgn.emplace(
            [&](std::span<const PackedPosition> records) {
              ++report.gamesConverted;
              for (const PackedPosition& r : records)
                if (!output.add(r)) return;
            },
            [&](const PgnReader::Skip& skip) {
              ++report.gamesSkipped[int(skip.why)];
              if (skip.why == PgnSkip::CUT_OFF)  // not a fault: always said, never counted
                fmt::print(log, "convert: {}:{}: game {} is not converted: {}\n", name, skip.line,
                           skip.game, skip.message);
              else if (is_fault(skip.why))  // off-board games: in the summary only
                problems.report(name, skip.line,
                                fmt::format("game {} skipped: {}", skip.game, skip.message));
            });
      if (pgn && player) pgn->record_only(*player);
    }
    if (pgn) {
      pgn->read_line(line, number);
      if (report.error) return false;
      continue;
    }
    if (is_blank_or_comment(line)) continue;
    ++report.lines;
    PackedPosition record;
    if (auto error = parse_text_record(line, record)) {
      ++report.rejected;
      problems.report(name, number, *error);
      continue;
    }
    if (!output.add(record)) return false;
  }
  if (in.bad()) {
    report.error = fmt::format("cannot read {}", name);
    return false;
  }
  if (pgn) {
    pgn->finish();
    report.games += pgn->games();
    report.unscoredMoves += pgn->unscored_moves();
    report.gamesWithoutPlayer += pgn->games_without_player();
  }
  return output.flush();
}

// The same, with the records written counted for the input's format.
bool convert_input(std::istream& in, const std::string& name, const ConvertOptions& options,
                   ConvertReport& report, ProblemLog& problems, std::ostream& log) {
  Output output(options.output, report);
  std::optional<PgnReader> pgn;
  const std::uint64_t before = report.converted;
  const bool ok = convert_stream(in, name, output, report, problems, log, options.player, pgn);
  (pgn ? report.gameRecords : report.lineRecords) += report.converted - before;
  return ok;
}

}  // namespace

ConvertReport run_convert(const ConvertOptions& options, std::istream& standardInput,
                          std::ostream& log) {
  ConvertReport report;
  std::vector<std::string> inputs = options.inputs;
  if (inputs.empty()) inputs.push_back("-");
  // Every input opened before the output is replaced.
  std::vector<std::unique_ptr<std::ifstream>> files;
  for (const std::string& input : inputs) {
    if (input == "-") continue;
    std::error_code ec;
    if (std::filesystem::equivalent(path_from_utf8(input), path_from_utf8(options.output), ec)) {
      report.error = fmt::format("'{}' is both an input and the output", input);
      return report;
    }
    files.push_back(std::make_unique<std::ifstream>(path_from_utf8(input)));
    if (!*files.back()) {
      report.error = fmt::format("cannot open '{}'", input);
      return report;
    }
  }
  if (!options.append &&
      !std::ofstream(path_from_utf8(options.output), std::ios::binary | std::ios::trunc)) {
    report.error = fmt::format("cannot create '{}'", options.output);
    return report;
  }
  ProblemLog problems(log);
  auto file = files.begin();
  for (const std::string& input : inputs) {
    bool fromStandardInput = input == "-";
    std::istream& in = fromStandardInput ? standardInput : **file++;
    if (!convert_input(in, fromStandardInput ? "standard input" : input, options, report, problems,
                       log))
      break;
  }
  return report;
}

std::uint64_t ConvertReport::bad_games() const {
  std::uint64_t bad = 0;
  for (int why = 0; why < PgnSkipCount; ++why)
    if (is_fault(PgnSkip(why))) bad += gamesSkipped[why];
  return bad;
}

std::string describe(const ConvertReport& r) {
  std::string text;
  if (r.lines || !r.games)
    text += fmt::format("{} lines read, {} converted, {} rejected\n", r.lines, r.lineRecords,
                        r.rejected);
  if (!r.games) return text;
  std::string reasons;
  for (int why = 0; why < PgnSkipCount; ++why)
    if (is_fault(PgnSkip(why)))
      reasons += fmt::format("{}{} {}", reasons.empty() ? "" : ", ", r.gamesSkipped[why],
                             pgn_skip_name(PgnSkip(why)));
  text += fmt::format("{} games read, {} converted, {} skipped ({})", r.games, r.gamesConverted,
                      r.bad_games(), reasons);
  if (const auto cut = r.gamesSkipped[int(PgnSkip::CUT_OFF)])
    text += fmt::format(", {} cut off by the end of the input", cut);
  if (const auto off = r.gamesSkipped[int(PgnSkip::OFF_THE_BOARD)])
    text += fmt::format(", {} left out for a result from off the board (Termination)", off);
  text += fmt::format("\n{} positions converted; {} moves without a score not recorded\n",
                      r.gameRecords, r.unscoredMoves);
  if (r.gamesWithoutPlayer)
    text += fmt::format("{} converted games without the --player engine: nothing recorded\n",
                        r.gamesWithoutPlayer);
  return text;
}

}  // namespace shiftmate
