// Self-play training data: games at a node budget per move from randomised
// openings, every searched position appended to a binary file of 32-byte
// records (training/packed_position.h) with its search score, the game's
// result and flags; the trainer filters at load time. The output file is only
// ever appended to, one whole game per write, so it can be resumed after an
// interruption.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "training/openings.h"
#include "training/packed_position.h"

namespace shiftmate {

struct DatagenOptions {
  std::uint64_t positions = 1000000;  // target number of records in the file
  std::uint64_t nodes = 5000;         // soft limit per move: no iteration starts after it
  std::uint64_t hardNodes = 0;        // the search aborts here; 0: HardNodesFactor * nodes
  int threads = 1;                    // games played at once
  int randomPlies = 8;                // random moves after the start position or opening
  std::vector<std::string> openings;  // FENs games start from; empty: the start position
  std::uint64_t seed = 0;
  std::size_t hashMB = 8;        // per game thread
  double progressSeconds = 5.0;  // 0: only the final summary
};

// Adjudication. (Openings: training/openings.h; each is searched once and
// rerolled when |score| > MaxOpeningScore.)
constexpr int DatagenWinScore = 2000;     // adjudicated win after ...
constexpr int DatagenWinPlies = 4;        // ... this many plies in a row
constexpr int DatagenDrawAfterMove = 40;  // adjudicated draw after this full move when ...
constexpr int DatagenDrawScore = 10;      // ... |score| <= this ...
constexpr int DatagenDrawPlies = 10;      // ... for this many plies in a row
constexpr int DatagenMaxPlies = 400;      // adjudicated draw

// Ends a game by its search scores: a win after DatagenWinPlies plies in a
// row at DatagenWinScore or more (mate scores included), a draw after
// DatagenDrawPlies plies in a row within DatagenDrawScore once past full move
// DatagenDrawAfterMove. Fed every searched position in order.
class Adjudicator {
 public:
  // whiteScore: the search's score from White's view; nothing when the
  // search was cut short before its first iteration. Returns the result when
  // the game ends here, nothing while it goes on.
  std::optional<GameResult> update(std::optional<int> whiteScore, int fullmove);

 private:
  int whiteWinning = 0, blackWinning = 0, level = 0;  // plies in a row
};

struct DatagenReport {
  std::uint64_t recordsBefore = 0;  // complete records found in the file
  std::uint64_t recordsAfter = 0;
  std::uint64_t games = 0;  // finished and written this run
  std::uint64_t whiteWins = 0, draws = 0, blackWins = 0;
  bool started = false;      // games were played (false: an error before, or nothing to do)
  bool repaired = false;     // a partial last record was cut off
  bool interrupted = false;  // the stop flag ended the run
  double seconds = 0;
  std::optional<std::string> error;  // the file could not be read or written
};

// Plays games on options.threads threads and appends their positions to
// `path` until it holds options.positions records or `stop` becomes true (the
// games in progress are then dropped). Progress and the summary go to `log`.
DatagenReport run_datagen(const DatagenOptions& options, const std::string& path,
                          const std::atomic<bool>& stop, std::ostream& log);

}  // namespace shiftmate
