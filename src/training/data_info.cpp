#include "training/data_info.h"

#include <fmt/format.h>

#include <cstdlib>

namespace shiftmate {

namespace {

double percent(std::uint64_t part, std::uint64_t whole) {
  return whole ? 100.0 * double(part) / double(whole) : 0.0;
}

}  // namespace

void DataSummary::add(const PackedPosition& p, const DataFilter& filter) {
  ++records;
  const int absScore = std::abs(int(p.score));
  absScoreSum += absScore;
  DropReason reason = drop_reason(filter, p);
  if (reason == DropReason::KEPT) {
    ++kept;
    keptAbsScoreSum += absScore;
  } else {
    ++dropped[int(reason)];
  }
  const GameResult result = p.game_result();
  (result == GameResult::WHITE_WINS ? whiteWins
   : result == GameResult::DRAW     ? draws
                                    : blackWins) += 1;
}

void DataSummary::add(const DataSummary& other) {
  records += other.records;
  kept += other.kept;
  for (int i = 0; i < DropReasonCount; ++i) dropped[i] += other.dropped[i];
  whiteWins += other.whiteWins;
  draws += other.draws;
  blackWins += other.blackWins;
  absScoreSum += other.absScoreSum;
  keptAbsScoreSum += other.keptAbsScoreSum;
}

std::optional<std::string> summarize_packed_file(const std::string& path, const DataFilter& filter,
                                                 DataSummary& summary) {
  DataSummary file;
  auto error = read_packed_file(path, [&](std::span<const PackedPosition> records) {
    for (const PackedPosition& p : records) file.add(p, filter);
  });
  if (error) return error;
  summary.add(file);
  return std::nullopt;
}

std::string describe(const DataSummary& s, const DataFilter& filter) {
  auto drop = [&](DropReason r) { return s.dropped[int(r)]; };
  std::string text = fmt::format("records:  {}\n", s.records);
  text += fmt::format(
      "kept:     {} ({:.1f}%) by the filter (skip in check: {}, skip noisy best "
      "move: {}, |score| <= {}, from move {})\n",
      s.kept, percent(s.kept, s.records), filter.skipInCheck ? "yes" : "no",
      filter.skipNoisyBest ? "yes" : "no", filter.maxAbsScore, filter.minFullmove);
  text += fmt::format(
      "dropped:  {} in check, {} noisy best move, {} |score| > {}, {} before move {} "
      "(each counted under the first reason)\n",
      drop(DropReason::IN_CHECK), drop(DropReason::NOISY_BEST), drop(DropReason::SCORE),
      filter.maxAbsScore, drop(DropReason::EARLY), filter.minFullmove);
  text += fmt::format(
      "results:  white wins {} ({:.1f}%), draws {} ({:.1f}%), black wins {} ({:.1f}%)\n",
      s.whiteWins, percent(s.whiteWins, s.records), s.draws, percent(s.draws, s.records),
      s.blackWins, percent(s.blackWins, s.records));
  text += fmt::format("|score|:  mean {:.1f} cp, {:.1f} cp over the kept records\n",
                      s.records ? s.absScoreSum / double(s.records) : 0.0,
                      s.kept ? s.keptAbsScoreSum / double(s.kept) : 0.0);
  return text;
}

}  // namespace shiftmate
