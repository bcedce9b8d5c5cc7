#include "training/convert.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <filesystem>
#include <fstream>
#include <istream>
#include <memory>
#include <ostream>

#include "training/packed_position.h"
#include "util/platform.h"

namespace shiftmate {

namespace {

// Records written per append: 2 MiB.
constexpr std::size_t BatchRecords = 1 << 16;

bool is_blank_or_comment(const std::string& line) {
  auto first = line.find_first_not_of(" \t\r");
  return first == std::string::npos || line[first] == '#';
}

// Converts one input; false when the output could not be written.
bool convert_stream(std::istream& in, const std::string& name, const std::string& output,
                    ConvertReport& report, std::ostream& log) {
  std::vector<PackedPosition> batch;
  batch.reserve(BatchRecords);
  auto flush = [&] {
    if (auto error = append_packed_file(output, batch)) {
      report.error = *error;
      return false;
    }
    report.converted += batch.size();
    batch.clear();
    return true;
  };
  std::uint64_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (is_blank_or_comment(line)) continue;
    ++report.lines;
    PackedPosition record;
    if (auto error = parse_text_record(line, record)) {
      if (++report.rejected <= ConvertMaxErrorMessages)
        fmt::print(log, "convert: {}:{}: {}\n", name, number, *error);
      if (report.rejected == ConvertMaxErrorMessages)
        fmt::print(log, "convert: further bad lines are only counted\n");
      continue;
    }
    batch.push_back(record);
    if (batch.size() == BatchRecords && !flush()) return false;
  }
  if (in.bad()) {
    report.error = fmt::format("cannot read {}", name);
    return false;
  }
  return flush();
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
  auto file = files.begin();
  for (const std::string& input : inputs) {
    bool fromStandardInput = input == "-";
    std::istream& in = fromStandardInput ? standardInput : **file++;
    if (!convert_stream(in, fromStandardInput ? "standard input" : input, options.output, report,
                        log))
      break;
  }
  return report;
}

}  // namespace shiftmate
