// `shiftmate convert`: training records from the text format that datagen
// wrote before the binary records (`FEN | score | result`, White's view) or
// from PGN games with scores in the move comments (training/pgn.h). An input
// whose first non-blank line starts with '[' is PGN.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "training/pgn.h"

namespace shiftmate {

// More rejected lines (or skipped games) than this fraction of the lines (or
// games) read fails the run: the input is probably not this format.
constexpr double ConvertMaxRejectedFraction = 0.01;
// Bad lines and skipped games reported one by one; the rest are only counted.
constexpr std::uint64_t ConvertMaxErrorMessages = 20;

struct ConvertOptions {
  std::vector<std::string> inputs;  // "-" or none: standard input
  std::string output;
  bool append = false;  // add to an existing output instead of replacing it
  // PGN: only the moves of the engine with this White or Black tag (PgnReader::record_only).
  std::optional<std::string> player = std::nullopt;
};

struct ConvertReport {
  std::uint64_t converted = 0;  // records written, from both formats
  // Text inputs.
  std::uint64_t lines = 0;        // read, not counting blank lines and '#' comments
  std::uint64_t lineRecords = 0;  // records written from them
  std::uint64_t rejected = 0;     // bad lines, skipped
  // PGN inputs.
  std::uint64_t games = 0;           // read, whole or not
  std::uint64_t gamesConverted = 0;  // whose scored positions were written
  std::uint64_t gamesSkipped[PgnSkipCount] = {};
  std::uint64_t gameRecords = 0;         // records written from them
  std::uint64_t unscoredMoves = 0;       // moves of converted games with no score: no record
  std::uint64_t gamesWithoutPlayer = 0;  // converted games without the --player engine

  std::optional<std::string> error;  // an input or the output could not be used

  // Games skipped for a fault in them (a game cut off by the end of its
  // input is not one: the file may still be being written; nor is one whose
  // Termination tag puts its result off the board, as a time forfeit).
  std::uint64_t bad_games() const;
  bool too_many_rejected() const {
    return rejected > lines * ConvertMaxRejectedFraction ||
           bad_games() > games * ConvertMaxRejectedFraction;
  }
};

// Converts every input in order into the output; each bad line or skipped
// game is reported to `log` with its file and line number. `standardInput`
// is read for "-".
ConvertReport run_convert(const ConvertOptions& options, std::istream& standardInput,
                          std::ostream& log);

// The summary lines the command prints: lines read, converted and rejected
// (when a text input was read), games read, converted and skipped by reason
// and the positions written (when a PGN input was read).
std::string describe(const ConvertReport& report);

}  // namespace shiftmate
