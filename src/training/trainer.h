// `shiftmate train`: fits the evaluation network to self-play positions.
//
// The model is the network of nnue/network.h in float: (768 -> H) x 2 -> 1,
// SCReLU, one output neuron per piece-count bucket. Its output times EvalScale is a centipawn
// score; the loss is the squared difference between sigmoid(output) and a target that blends the
// game result with sigmoid(search score / EvalScale). AdamW with a cosine
// learning-rate decay; the batch is split over threads in fixed slices and
// their gradients summed in a fixed order, so a run is reproducible from
// its seed whatever the timing.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "nnue/network.h"
#include "training/packed_position.h"

namespace shiftmate {

struct TrainerOptions {
  int epochs = 40;  // passes over the training positions
  int batchSize = 16384;
  double learningRate = 0.01;
  double finalLearningRate = 0.00001;  // the cosine decay's end point
  double weightDecay = 0.3;            // AdamW's, on weights (not biases); docs/strength.md
  double resultWeight =
      0.0;  // target = w * result + (1 - w) * sigmoid(score); see docs/strength.md
  // Where the result's weight ends: it moves in a straight line from
  // resultWeight over the run (held-out losses are measured at this end
  // weight, so that epochs compare on one target). Unset: fixed.
  std::optional<double> finalResultWeight;
  int threads = 1;
  std::uint64_t seed = 1;
  // Written after every epoch that is kept, when not empty; its float
  // weights go beside it (outputPath + FloatCheckpointSuffix).
  std::string outputPath;
  // Keep the epoch whose rounded net (the one that plays) has the lowest
  // held-out loss: the number of epochs chosen by the measure, not guessed.
  // False (or no held-out positions): the last epoch's.
  bool keepBestEpoch = true;
  std::string description;  // stored in the net file
};

// The network in floating point, as trained.
struct FloatNetwork {
  std::vector<float> featureWeights;  // InputSize x HiddenSize, feature-major
  std::vector<float> featureBias;     // HiddenSize
  std::vector<float> outputWeights;   // OutputBuckets x 2 x HiddenSize, side to move first
  std::vector<float> outputBias;      // OutputBuckets
  nnue::InputMapping mapping = nnue::InputMapping::Plain;  // how positions become inputs

  FloatNetwork();
  // Small random weights from the seed.
  void randomise(std::uint64_t seed);
  // A plain net becomes a mirrored one that plays as it did wherever both
  // kings stand on files e-h (most positions: the kings start there and
  // castle short): each square's weights move to its mirror square, where a
  // mirrored viewer with its king there reads them.
  void mirror_inputs();
  // Output in EvalScale units (1.0 = EvalScale centipawns), side to move's view.
  float forward(const PackedPosition& p) const;
  // Rounded to the engine's integer network; weights beyond what int16
  // arithmetic allows are clamped (the trainer keeps them inside anyway).
  void quantise(nnue::Network& out) const;
  // The integer network's weights as floats: quantise's inverse, so that
  // quantise(dequantise(net)) is net again for every net inside the
  // trainer's weight limits (all that train writes). Training can go on from
  // a net whose data is gone, and a net's loss can be measured on any positions.
  void dequantise(const nnue::Network& in);
};

// The positions a run learns from and those it measures the loss on.
struct TrainingSplit {
  std::vector<PackedPosition> training, validation;
};

// Shuffles `positions` with `seed` (so the held-out positions come from every
// file), keeps the first `maxPositions` (0: all) and holds out the last
// `validationFraction` of those.
TrainingSplit split_positions(std::vector<PackedPosition> positions, double validationFraction,
                              std::size_t maxPositions, std::uint64_t seed);

// Rounds `net` to the engine's integers (quantise), then refits each output
// bucket on `sample`: every output weight is rounded down or up from its
// float value, whichever brings the rounded net's output closer to the float
// net's over the sample (errors weighted by the sigmoid's slope, as the loss
// sees them), and the bias, kept in much finer steps, centres it. Rounding
// 512 output weights each to its nearest step of 1/QB can shift every
// evaluation by 10 cp and more (measured), and the feature weights' rounding
// moves the activations too: the written net's held-out loss trailed the
// float net's by up to 0.00024 with plain rounding (n4's games), 0.00004 with
// the bias alone corrected and 0.00001 with this refit (n5's games).
void quantise_corrected(const FloatNetwork& net, std::span<const PackedPosition> sample,
                        int threads, nnue::Network& out);

// The training positions quantise_corrected refits on: the
// first CorrectionSample of them (train shuffles them every epoch).
constexpr std::size_t CorrectionSample = 131072;
inline std::span<const PackedPosition> correction_sample(
    const std::vector<PackedPosition>& trainingSet) {
  return {trainingSet.data(), std::min(trainingSet.size(), CorrectionSample)};
}

// The result's weight after `progress` (0 to 1) of the run's steps.
double result_weight_at(const TrainerOptions& options, double progress);

// sigmoid(output) against the blended target, averaged over the positions.
double mean_loss(const FloatNetwork& net, const std::vector<PackedPosition>& data,
                 double resultWeight, int threads);

struct TrainingReport {
  std::vector<double> trainLoss, validationLoss;  // per epoch, of the float net
  std::vector<double> roundedValidationLoss;      // per epoch, of quantise_corrected's net
  int keptEpoch = 0;                              // the epoch written to outputPath (1-based)
};

// Trains `net` in place; progress lines go to `log`.
TrainingReport train_network(FloatNetwork& net, std::vector<PackedPosition>& trainingSet,
                             const std::vector<PackedPosition>& validationSet,
                             const TrainerOptions& options, std::ostream& log);

}  // namespace shiftmate
