// `shiftmate datainfo`: what a file of training records holds and what a
// DataFilter keeps of it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "training/packed_position.h"

namespace shiftmate {

constexpr int DropReasonCount = int(DropReason::EARLY) + 1;

struct DataSummary {
  std::uint64_t records = 0, kept = 0;
  std::uint64_t dropped[DropReasonCount] = {};  // by DropReason (KEPT's entry unused)
  std::uint64_t whiteWins = 0, draws = 0, blackWins = 0;
  double absScoreSum = 0, keptAbsScoreSum = 0;  // centipawns

  void add(const PackedPosition& p, const DataFilter& filter);
  void add(const DataSummary& other);
};

// Adds every record of a binary file to `summary`; the message names the
// problem (see read_packed_file).
std::optional<std::string> summarize_packed_file(const std::string& path, const DataFilter& filter,
                                                 DataSummary& summary);

// A few lines for people: counts, what the filter dropped and why, the
// results from White's view and the mean |score|.
std::string describe(const DataSummary& summary, const DataFilter& filter);

}  // namespace shiftmate
