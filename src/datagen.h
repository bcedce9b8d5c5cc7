// Self-play training data for the evaluation tuner: games at a fixed node
// count from randomised openings, quiet positions written one per line as
// `<FEN> | <score> | <result>` (score in centipawns and result from White's
// point of view). The output file is only ever appended to, one whole game
// per write, so it can be resumed after an interruption.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace shiftmate {

struct DatagenOptions {
  std::uint64_t positions = 1000000;  // target number of lines in the file
  std::uint64_t nodes = 5000;         // node limit per move
  int threads = 1;                    // games played at once
  int randomPlies = 8;                // random moves after the start position or book line
  std::vector<std::string> book;      // opening FENs; empty: the start position
  std::uint64_t seed = 0;
  std::size_t hashMB = 8;        // per game thread
  double progressSeconds = 5.0;  // 0: only the final summary
};

// Adjudication and filtering thresholds.
constexpr int DatagenMaxOpeningScore = 300;  // reroll more unbalanced openings
constexpr int DatagenWinScore = 2000;        // adjudicated win after ...
constexpr int DatagenWinPlies = 4;           // ... this many plies in a row
constexpr int DatagenMaxPlies = 400;         // adjudicated draw

struct DatagenReport {
  std::uint64_t linesBefore = 0;  // complete lines found in the file
  std::uint64_t linesAfter = 0;
  std::uint64_t games = 0;  // finished and written this run
  std::uint64_t whiteWins = 0, draws = 0, blackWins = 0;
  bool started = false;      // games were played (false: an error before, or nothing to do)
  bool repaired = false;     // a partial last line was cut off
  bool interrupted = false;  // the stop flag ended the run
  double seconds = 0;
  std::optional<std::string> error;  // the file could not be read or written
};

// Reads an opening book: one position per line, EPD (the first 4 fields)
// or FEN (6 fields); blank lines and lines starting with '#' are skipped.
// Returns the message naming the problem if the file cannot be read, a line
// is not a legal position with a legal move, or there is no position.
std::optional<std::string> load_book(const std::string& path, std::vector<std::string>& fens);

// Plays games on options.threads threads and appends their positions to
// `path` until it holds options.positions lines or `stop` becomes true (the
// games in progress are then dropped). Progress and the summary go to `log`.
DatagenReport run_datagen(const DatagenOptions& options, const std::string& path,
                          const std::atomic<bool>& stop, std::ostream& log);

}  // namespace shiftmate
