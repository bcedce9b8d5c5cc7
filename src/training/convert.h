// `shiftmate convert`: the text format that datagen wrote before the binary
// records (`FEN | score | result`, White's view) turned into records.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace shiftmate {

// More rejected lines than this fraction of the lines read fails the run:
// the input is probably not this format.
constexpr double ConvertMaxRejectedFraction = 0.01;
// Bad lines reported one by one; the rest are only counted.
constexpr std::uint64_t ConvertMaxErrorMessages = 20;

struct ConvertOptions {
  std::vector<std::string> inputs;  // "-" or none: standard input
  std::string output;
  bool append = false;  // add to an existing output instead of replacing it
};

struct ConvertReport {
  std::uint64_t lines = 0;           // read, not counting blank lines and '#' comments
  std::uint64_t converted = 0;       // records written
  std::uint64_t rejected = 0;        // bad lines, skipped
  std::optional<std::string> error;  // an input or the output could not be used
  bool too_many_rejected() const { return rejected > lines * ConvertMaxRejectedFraction; }
};

// Converts every input in order into the output; each bad line is reported
// to `log` with its file and line number and skipped. `standardInput` is
// read for "-".
ConvertReport run_convert(const ConvertOptions& options, std::istream& standardInput,
                          std::ostream& log);

}  // namespace shiftmate
