// Evaluation tuner: fits the weights of eval_params.h to positions labelled
// with game results (and search scores) by gradient descent on the squared
// error of a sigmoid of the evaluation (Texel's method), then writes the
// weights back as a new eval_params.h.
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "position.h"
#include "score.h"

namespace shiftmate {

// The weights being tuned, flattened in the order of eval_params.h.
struct WeightVector {
  std::vector<double> mg, eg;
};

// The weights in the build, and eval_params.h written from a WeightVector.
WeightVector current_weights();
std::string render_eval_params(const WeightVector& w);

// The evaluation of one position as a linear function of the weights:
// eval(White's view) = (mg * phase + eg * scale/64 * (24 - phase)) / 24 + fixed,
// where mg and eg are sums of coefficient * weight.
struct LinearEval {
  std::vector<std::pair<std::uint16_t, std::int16_t>> coefficients;  // weight index, count
  std::uint8_t phase = 0, scale = 64;
  std::int16_t fixed = 0;  // the parts not tuned (tempo)
};

// The linear form of the static evaluation of `fen`, or nothing for a bad FEN.
// `engineEval` receives evaluate()'s result from White's view, for checks.
std::optional<LinearEval> linearize(const std::string& fen, int* engineEval = nullptr);
LinearEval linearize(const Position& pos, int* engineEval = nullptr);
double linear_eval(const LinearEval& e, const WeightVector& w);

struct TuneOptions {
  // `datagen` records (a name ending in .bin: the positions a default
  // DataFilter keeps) or `FEN | score | result` lines (White's view).
  std::string dataPath;
  std::string outputPath;  // eval_params.h to write; empty: print only
  int epochs = 400;
  double learningRate = 1.0;     // Adam step, in centipawns
  double lambda = 0.7;           // target = lambda * result + (1 - lambda) * sigmoid(score)
  double l2 = 1e-9;              // pull toward the starting weights, per centipawn
  std::size_t maxPositions = 0;  // 0: all
  int threads = 1;
};

struct TuneReport {
  std::size_t positions = 0, rejected = 0;
  std::size_t filtered = 0;  // binary records the DataFilter skipped
  double k = 0;              // sigmoid scale fitted to the data
  double errorBefore = 0, errorAfter = 0;
  WeightVector weights;  // the fitted weights, rounded
};

// Loads, fits and writes; progress goes to `log`. Throws on unreadable files.
TuneReport run_tune(const TuneOptions& options, std::ostream& log,
                    const std::atomic<bool>* stop = nullptr);

}  // namespace shiftmate
