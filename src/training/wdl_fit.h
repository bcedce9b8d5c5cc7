// Fitting the win/draw/loss model (model.h) to self-play results: the
// positions are counted by material, score and result, and the model's
// eight coefficients follow the gradient of the log-loss over those counts.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "training/packed_position.h"
#include "wdl/model.h"

namespace shiftmate::wdl {

class Histogram {
 public:
  static constexpr int MaxScore = 3000;  // centipawns; beyond it: mates, skipped
  static constexpr int BinWidth = 10;
  static constexpr int MaterialBins = 79, ScoreBins = 2 * MaxScore / BinWidth + 1;

  Histogram() : cells(std::size_t(MaterialBins) * ScoreBins) {}
  // `score` in centipawns and `result` from the side to move's view.
  void add(int score, int material, StmResult result, double weight = 1.0);
  void add(const PackedPosition& p);
  // Every record of a binary training file; the message names a bad file.
  std::optional<std::string> add_file(const std::string& path);

  std::uint64_t positions() const { return added; }
  // counts[result] of one cell (result: 0 loss, 1 draw, 2 win).
  const std::array<double, 3>& cell(int material, int bin) const {
    return cells[std::size_t(material) * ScoreBins + bin];
  }
  static double bin_pawns(int bin) { return (bin * BinWidth - MaxScore) / 100.0; }

 private:
  std::vector<std::array<double, 3>> cells;
  std::uint64_t added = 0;
};

struct FitResult {
  Model model;
  double logLoss;  // mean per position
};

FitResult fit(const Histogram& histogram, int iterations = 20000);

// Mean log-loss of a model over the histogram, and of the best guess that
// ignores score and material (the overall result frequencies).
double log_loss(const Model& model, const Histogram& histogram);
double baseline_log_loss(const Histogram& histogram);

// src/wdl/params.h for a model, with how it was made (plain text, written
// as comment lines that fit the line width).
std::string params_header(const Model& model, std::string_view recipe);

}  // namespace shiftmate::wdl
