#include "training/trainer.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <memory>
#include <numbers>
#include <thread>

#include "random.h"
#include "training/float_checkpoint.h"

namespace shiftmate {

namespace {

using nnue::EvalScale;
using nnue::HiddenSize;
using nnue::InputSize;
using nnue::OutputBuckets;
constexpr int OutputSize = 2 * HiddenSize;  // one bucket's weights

constexpr int MaxPieces = 32;
constexpr float OutputWeightLimit = 127.0f / nnue::QB;  // clamp * weight must fit int16
// A hidden neuron's bias and up to 32 pieces' weights add up in the
// engine's int16 accumulator: each is kept within a 33rd of its range.
constexpr float FeatureWeightLimit = 32000.0f / nnue::QA / (MaxPieces + 1);
// The output bias becomes int32 x QA x QB in the engine; 1000 (170,000 cp)
// is far beyond any useful bias and well inside int32.
constexpr float OutputBiasLimit = 1000.0f;
constexpr double Beta1 = 0.9, Beta2 = 0.999, Epsilon = 1e-8;

// The active inputs of both halves: [0] as the side to move sees the
// board, [1] as the other side does.
struct Features {
  int count = 0;
  int index[2][MaxPieces];
  int bucket() const { return nnue::output_bucket(count); }
};

Features features_of(const PackedPosition& p, nnue::InputMapping mapping) {
  Features f;
  const Color us = p.side_to_move();
  bool mirror[COLOR_NB] = {false, false};
  if (mapping != nnue::InputMapping::Plain)
    p.for_each_piece([&](Piece pc, Square sq) {
      if (type_of(pc) == KING) mirror[color_of(pc)] = nnue::mirrors_for(mapping, sq);
    });
  p.for_each_piece([&](Piece pc, Square sq) {
    if (f.count == MaxPieces) return;
    f.index[0][f.count] = nnue::feature_index(us, pc, sq, mirror[us]);
    f.index[1][f.count] = nnue::feature_index(~us, pc, sq, mirror[~us]);
    ++f.count;
  });
  return f;
}

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

float target_of(const PackedPosition& p, float resultWeight) {
  float result = 0.5f * float(p.result);
  float score = sigmoid(float(p.score) / EvalScale);
  return resultWeight * result + (1 - resultWeight) * score;
}

// The hidden layer of one position, both halves.
struct Hidden {
  alignas(64) float sums[2][HiddenSize];
};

float forward(const FloatNetwork& net, const Features& f, Hidden& h) {
  const int bucket = f.bucket();
  float out = net.outputBias[bucket];
  for (int half = 0; half < 2; ++half) {
    float* s = h.sums[half];
    std::copy(net.featureBias.begin(), net.featureBias.end(), s);
    for (int k = 0; k < f.count; ++k) {
      const float* row = &net.featureWeights[std::size_t(f.index[half][k]) * HiddenSize];
      for (int i = 0; i < HiddenSize; ++i) s[i] += row[i];
    }
    const float* w = &net.outputWeights[bucket * OutputSize + half * HiddenSize];
    float dot = 0;
    for (int i = 0; i < HiddenSize; ++i) {
      float a = std::clamp(s[i], 0.0f, 1.0f);
      dot += w[i] * a * a;
    }
    out += dot;
  }
  return out;
}

// One thread's share of a batch: gradient sums and the loss.
struct Gradients {
  std::vector<float> featureWeights, featureBias, outputWeights, outputBias;
  double loss = 0;

  Gradients()
      : featureWeights(std::size_t(InputSize) * HiddenSize),
        featureBias(HiddenSize),
        outputWeights(OutputBuckets * OutputSize),
        outputBias(OutputBuckets) {}
  void clear() {
    for (auto* v : {&featureWeights, &featureBias, &outputWeights, &outputBias})
      std::fill(v->begin(), v->end(), 0.0f);
    loss = 0;
  }
  void add(const Gradients& o) {
    auto sum = [](std::vector<float>& to, const std::vector<float>& from) {
      for (std::size_t i = 0; i < to.size(); ++i) to[i] += from[i];
    };
    sum(featureWeights, o.featureWeights);
    sum(featureBias, o.featureBias);
    sum(outputWeights, o.outputWeights);
    sum(outputBias, o.outputBias);
    loss += o.loss;
  }
};

void backward(const FloatNetwork& net, const PackedPosition& p, float resultWeight, Gradients& g) {
  Features f = features_of(p, net.mapping);
  Hidden h;
  float pred = sigmoid(forward(net, f, h));
  float err = pred - target_of(p, resultWeight);
  g.loss += double(err) * err;
  float dOut = 2 * err * pred * (1 - pred);
  const int bucket = f.bucket();
  g.outputBias[bucket] += dOut;
  alignas(64) float dSum[HiddenSize];
  for (int half = 0; half < 2; ++half) {
    const float* s = h.sums[half];
    const float* w = &net.outputWeights[bucket * OutputSize + half * HiddenSize];
    float* gw = &g.outputWeights[bucket * OutputSize + half * HiddenSize];
    for (int i = 0; i < HiddenSize; ++i) {
      float a = std::clamp(s[i], 0.0f, 1.0f);
      gw[i] += dOut * a * a;
      dSum[i] = s[i] > 0.0f && s[i] < 1.0f ? dOut * w[i] * 2 * a : 0.0f;
    }
    for (int i = 0; i < HiddenSize; ++i) g.featureBias[i] += dSum[i];
    for (int k = 0; k < f.count; ++k) {
      float* row = &g.featureWeights[std::size_t(f.index[half][k]) * HiddenSize];
      for (int i = 0; i < HiddenSize; ++i) row[i] += dSum[i];
    }
  }
}

// Runs work(thread, begin, end) over [0, n) in fixed contiguous slices;
// returns how many threads ran (fewer than asked when n is smaller).
template <typename F>
int parallel_slices(std::size_t n, int threads, F&& work) {
  threads = std::max(1, std::min<int>(threads, int(n)));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t)
    pool.emplace_back([&, t] { work(t, n * t / threads, n * (t + 1) / threads); });
  work(0, 0, n / threads);
  for (auto& th : pool) th.join();
  return threads;
}

struct AdamState {
  std::vector<float> m, v;
  explicit AdamState(std::size_t n) : m(n), v(n) {}
};

// One AdamW step on a parameter array with the batch-mean gradient.
void adam_step(std::vector<float>& params, const std::vector<float>& grad, AdamState& s, double lr,
               double decay, double scale, double c1, double c2, float limit) {
  for (std::size_t i = 0; i < params.size(); ++i) {
    double g = grad[i] * scale;
    s.m[i] = float(Beta1 * s.m[i] + (1 - Beta1) * g);
    s.v[i] = float(Beta2 * s.v[i] + (1 - Beta2) * g * g);
    double step = (s.m[i] / c1) / (std::sqrt(s.v[i] / c2) + Epsilon) + decay * params[i];
    params[i] = std::clamp(float(params[i] - lr * step), -limit, limit);
  }
}

}  // namespace

FloatNetwork::FloatNetwork()
    : featureWeights(std::size_t(InputSize) * HiddenSize),
      featureBias(HiddenSize),
      outputWeights(OutputBuckets * OutputSize),
      outputBias(OutputBuckets) {}

void FloatNetwork::randomise(std::uint64_t seed) {
  Random rng(seed);
  auto uniform = [&](float limit) {
    return limit * (2.0f * float(rng.next() >> 11) / float(1ULL << 53) - 1.0f);
  };
  // About 30 pieces add up in each hidden sum: keep the sums near 0.5.
  for (float& w : featureWeights) w = uniform(0.1f);
  for (float& b : featureBias) b = 0.25f;
  for (float& w : outputWeights) w = uniform(1.0f / std::sqrt(float(OutputSize)));
  std::fill(outputBias.begin(), outputBias.end(), 0.0f);
}

void FloatNetwork::mirror_inputs() {
  if (mapping == nnue::InputMapping::Mirrored) return;
  std::vector<float> mirrored(featureWeights.size());
  for (int feature = 0; feature < InputSize; ++feature)
    std::copy_n(&featureWeights[std::size_t(feature) * HiddenSize], HiddenSize,
                &mirrored[std::size_t(feature ^ 7) * HiddenSize]);
  featureWeights = std::move(mirrored);
  mapping = nnue::InputMapping::Mirrored;
}

float FloatNetwork::forward(const PackedPosition& p) const {
  Hidden h;
  return shiftmate::forward(*this, features_of(p, mapping), h);
}

void FloatNetwork::quantise(nnue::Network& out) const {
  auto to_int16 = [](float x, float scale) {
    return std::int16_t(std::clamp(std::lround(x * scale), -32767L, 32767L));
  };
  for (std::size_t i = 0; i < featureWeights.size(); ++i)
    out.featureWeights[i] = to_int16(featureWeights[i], nnue::QA);
  for (int i = 0; i < HiddenSize; ++i) out.featureBias[i] = to_int16(featureBias[i], nnue::QA);
  for (int b = 0; b < OutputBuckets; ++b) {
    for (int i = 0; i < OutputSize; ++i)
      out.outputWeights[b][i] = to_int16(
          std::clamp(outputWeights[b * OutputSize + i], -OutputWeightLimit, OutputWeightLimit),
          nnue::QB);
    out.outputBias[b] = std::int32_t(std::lround(double(outputBias[b]) * nnue::QA * nnue::QB));
  }
  out.mapping = mapping;
}

void FloatNetwork::dequantise(const nnue::Network& in) {
  for (std::size_t i = 0; i < featureWeights.size(); ++i)
    featureWeights[i] = float(in.featureWeights[i]) / nnue::QA;
  for (int i = 0; i < HiddenSize; ++i) featureBias[i] = float(in.featureBias[i]) / nnue::QA;
  for (int b = 0; b < OutputBuckets; ++b) {
    for (int i = 0; i < OutputSize; ++i)
      outputWeights[b * OutputSize + i] = float(in.outputWeights[b][i]) / nnue::QB;
    outputBias[b] = float(double(in.outputBias[b]) / (nnue::QA * nnue::QB));
  }
  mapping = in.mapping;
}

namespace {

// What the output layer's refit needs of one bucket, summed over the sample
// with weights: the rounded net's hidden activations x (both halves), the
// float net's output y, and their products.
struct OutputMoments {
  double weight = 0, y = 0;
  std::vector<double> x, xy, xx;  // xx: OutputSize x OutputSize, upper triangle filled

  void add(const float* activations, float output, double w) {
    if (x.empty()) {
      x.assign(OutputSize, 0);
      xy.assign(OutputSize, 0);
      xx.assign(std::size_t(OutputSize) * OutputSize, 0);
    }
    weight += w;
    y += w * output;
    // Many activations are 0 (clamped): only their rows are skipped, the
    // rest run over the whole row, which vectorises.
    alignas(64) double dense[OutputSize];
    for (int i = 0; i < OutputSize; ++i) dense[i] = activations[i];
    for (int i = 0; i < OutputSize; ++i) {
      if (dense[i] == 0) continue;
      const double wx = w * dense[i];
      x[i] += wx;
      xy[i] += wx * output;
      double* row = &xx[std::size_t(i) * OutputSize];
      for (int j = i; j < OutputSize; ++j) row[j] += wx * dense[j];
    }
  }
  void add(const OutputMoments& o) {
    if (o.x.empty()) return;
    if (x.empty()) {
      *this = o;
      return;
    }
    weight += o.weight, y += o.y;
    for (std::size_t i = 0; i < x.size(); ++i) x[i] += o.x[i], xy[i] += o.xy[i];
    for (std::size_t i = 0; i < xx.size(); ++i) xx[i] += o.xx[i];
  }
};

// Chooses each output weight's rounding (down or up from the float weight)
// so that the rounded net's output is closest to the float net's over the
// sample, then the bias that centres it. Rounding each weight to its nearest
// step leaves errors that add up over 512 weights (and the feature weights'
// own rounding moves the activations); choosing the directions together
// cancels most of them, a search over 512 binary choices by coordinate
// descent on the weighted least-squares error.
void refit_output_bucket(const FloatNetwork& net, const OutputMoments& m, int bucket,
                         nnue::Network& out) {
  if (m.x.empty() || m.weight <= 0) return;
  const int n = OutputSize;
  // The error is w'Cw - 2d'w + const with C the activations' weighted
  // covariance and d their covariance with y; the bias takes the means.
  std::vector<double> mean(n), c(std::size_t(n) * n), d(n);
  const double meanY = m.y / m.weight;
  for (int i = 0; i < n; ++i) mean[i] = m.x[i] / m.weight;
  for (int i = 0; i < n; ++i) {
    d[i] = m.xy[i] / m.weight - mean[i] * meanY;
    for (int j = i; j < n; ++j) {
      const double v = m.xx[std::size_t(i) * n + j] / m.weight - mean[i] * mean[j];
      c[std::size_t(i) * n + j] = c[std::size_t(j) * n + i] = v;
    }
  }
  auto* weights = out.outputWeights[bucket];
  const float* floats = &net.outputWeights[std::size_t(bucket) * n];
  std::vector<double> w(n), residual(n);  // residual = Cw - d, the half-gradient
  for (int i = 0; i < n; ++i) w[i] = double(weights[i]) / nnue::QB;
  for (int i = 0; i < n; ++i) {
    double r = -d[i];
    for (int j = 0; j < n; ++j) r += c[std::size_t(i) * n + j] * w[j];
    residual[i] = r;
  }
  for (int pass = 0; pass < 50; ++pass) {
    bool changed = false;
    for (int i = 0; i < n; ++i) {
      const float limited = std::clamp(floats[i], -OutputWeightLimit, OutputWeightLimit);
      const int down = std::max(int(std::floor(limited * nnue::QB)), -127);
      const int up = std::min(int(std::ceil(limited * nnue::QB)), 127);
      const int other = weights[i] == down ? up : down;
      if (other == weights[i]) continue;
      const double step = double(other - weights[i]) / nnue::QB;
      const double gain = 2 * step * residual[i] + step * step * c[std::size_t(i) * n + i];
      if (gain >= -1e-15) continue;
      weights[i] = std::int16_t(other);
      w[i] += step;
      for (int j = 0; j < n; ++j) residual[j] += step * c[std::size_t(j) * n + i];
      changed = true;
    }
    if (!changed) break;
  }
  double bias = meanY;
  for (int i = 0; i < n; ++i) bias -= w[i] * mean[i];
  out.outputBias[bucket] = std::int32_t(std::lround(
      std::clamp(bias, double(-OutputBiasLimit), double(OutputBiasLimit)) * nnue::QA * nnue::QB));
}

}  // namespace

void quantise_corrected(const FloatNetwork& net, std::span<const PackedPosition> sample,
                        int threads, nnue::Network& out) {
  net.quantise(out);
  if (sample.empty()) return;
  auto rounded = std::make_unique<FloatNetwork>();
  rounded->dequantise(out);
  const int slices = std::max(1, threads);
  std::vector<std::vector<OutputMoments>> moments(slices,
                                                  std::vector<OutputMoments>(OutputBuckets));
  parallel_slices(sample.size(), slices, [&](int t, std::size_t begin, std::size_t end) {
    Hidden h;
    alignas(64) float activations[OutputSize];
    for (std::size_t i = begin; i < end; ++i) {
      const Features f = features_of(sample[i], net.mapping);
      const float target = forward(net, f, h);  // the features once for both nets
      forward(*rounded, f, h);
      for (int half = 0; half < 2; ++half)
        for (int k = 0; k < HiddenSize; ++k) {
          const float a = std::clamp(h.sums[half][k], 0.0f, 1.0f);
          activations[half * HiddenSize + k] = a * a;
        }
      // The loss sees an output error through the sigmoid's slope.
      const double p = sigmoid(target), slope = p * (1 - p);
      moments[t][f.bucket()].add(activations, target, slope * slope);
    }
  });
  for (int b = 0; b < OutputBuckets; ++b) {
    for (int t = 1; t < slices; ++t) moments[0][b].add(moments[t][b]);
    refit_output_bucket(net, moments[0][b], b, out);
  }
}

TrainingSplit split_positions(std::vector<PackedPosition> positions, double validationFraction,
                              std::size_t maxPositions, std::uint64_t seed) {
  Random rng(seed);
  for (std::size_t i = positions.size(); i > 1; --i)
    std::swap(positions[i - 1], positions[rng.below(i)]);
  if (maxPositions && positions.size() > maxPositions) positions.resize(maxPositions);
  const auto held = std::size_t(double(positions.size()) * validationFraction);
  TrainingSplit split;
  split.validation.assign(positions.end() - std::ptrdiff_t(held), positions.end());
  positions.resize(positions.size() - held);
  split.training = std::move(positions);
  return split;
}

double mean_loss(const FloatNetwork& net, const std::vector<PackedPosition>& data,
                 double resultWeight, int threads) {
  if (data.empty()) return 0;
  std::vector<double> sums(std::max(1, threads));
  parallel_slices(data.size(), threads, [&](int t, std::size_t begin, std::size_t end) {
    double sum = 0;
    for (std::size_t i = begin; i < end; ++i) {
      float err = sigmoid(net.forward(data[i])) - target_of(data[i], float(resultWeight));
      sum += double(err) * err;
    }
    sums[t] = sum;
  });
  double total = 0;
  for (double s : sums) total += s;
  return total / double(data.size());
}

double result_weight_at(const TrainerOptions& o, double progress) {
  const double end = o.finalResultWeight.value_or(o.resultWeight);
  return o.resultWeight + (end - o.resultWeight) * std::clamp(progress, 0.0, 1.0);
}

TrainingReport train_network(FloatNetwork& net, std::vector<PackedPosition>& trainingSet,
                             const std::vector<PackedPosition>& validationSet,
                             const TrainerOptions& o, std::ostream& log) {
  TrainingReport report;
  if (trainingSet.empty() || o.epochs <= 0) return report;
  const int threads = std::max(1, o.threads);
  const std::size_t batch = std::size_t(std::max(1, o.batchSize));
  const std::size_t batchesPerEpoch = (trainingSet.size() + batch - 1) / batch;
  const double totalSteps = double(batchesPerEpoch) * o.epochs;
  const double validationWeight = result_weight_at(o, 1.0);

  std::vector<Gradients> grads(threads);
  AdamState adamFeatureWeights(net.featureWeights.size()), adamFeatureBias(HiddenSize),
      adamOutputWeights(OutputBuckets * OutputSize), adamOutputBias(OutputBuckets);
  Random rng(o.seed ^ 0x5EED5EED5EEDULL);
  std::uint64_t step = 0;

  for (int epoch = 1; epoch <= o.epochs; ++epoch) {
    auto started = std::chrono::steady_clock::now();
    for (std::size_t i = trainingSet.size() - 1; i > 0; --i)  // Fisher-Yates, seeded
      std::swap(trainingSet[i], trainingSet[rng.below(i + 1)]);
    double epochLoss = 0, lr = o.learningRate;

    for (std::size_t first = 0; first < trainingSet.size(); first += batch) {
      const std::size_t count = std::min(batch, trainingSet.size() - first);
      const double progress = double(step++) / totalSteps;
      const float resultWeight = float(result_weight_at(o, progress));
      // A batch smaller than the thread count runs on fewer threads: the
      // others still hold the previous batch's gradients.
      const int ran =
          parallel_slices(count, threads, [&](int t, std::size_t begin, std::size_t end) {
            grads[t].clear();
            for (std::size_t i = begin; i < end; ++i)
              backward(net, trainingSet[first + i], resultWeight, grads[t]);
          });
      for (int t = 1; t < ran; ++t) grads[0].add(grads[t]);
      epochLoss += grads[0].loss;

      // Cosine decay from learningRate to finalLearningRate over the run.
      lr = o.finalLearningRate + 0.5 * (o.learningRate - o.finalLearningRate) *
                                     (1 + std::cos(std::numbers::pi * progress));
      const double scale = 1.0 / double(count);
      const double c1 = 1 - std::pow(Beta1, double(step)), c2 = 1 - std::pow(Beta2, double(step));
      adam_step(net.featureWeights, grads[0].featureWeights, adamFeatureWeights, lr, o.weightDecay,
                scale, c1, c2, FeatureWeightLimit);
      adam_step(net.featureBias, grads[0].featureBias, adamFeatureBias, lr, 0, scale, c1, c2,
                FeatureWeightLimit);
      adam_step(net.outputWeights, grads[0].outputWeights, adamOutputWeights, lr, o.weightDecay,
                scale, c1, c2, OutputWeightLimit);
      adam_step(net.outputBias, grads[0].outputBias, adamOutputBias, lr, 0, scale, c1, c2,
                OutputBiasLimit);
    }

    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    report.trainLoss.push_back(epochLoss / double(trainingSet.size()));
    report.validationLoss.push_back(mean_loss(net, validationSet, validationWeight, threads));
    // The net that plays is the rounded one: its loss (what `train --init NET
    // --epochs 0 --wdl END` measures of the file written) is the one to choose by.
    auto quantised = std::make_unique<nnue::Network>();
    quantise_corrected(net, correction_sample(trainingSet), threads, *quantised);
    auto rounded = std::make_unique<FloatNetwork>();
    rounded->dequantise(*quantised);
    report.roundedValidationLoss.push_back(
        mean_loss(*rounded, validationSet, validationWeight, threads));
    fmt::print(log,
               "epoch {:3}/{}  lr {:.6f}  train loss {:.6f}  validation loss {:.6f} (rounded net "
               "{:.6f})  {:.0f}k pos/s\n",
               epoch, o.epochs, lr, report.trainLoss.back(), report.validationLoss.back(),
               report.roundedValidationLoss.back(), double(trainingSet.size()) / seconds / 1000);
    const bool keep = !o.keepBestEpoch || validationSet.empty() || report.keptEpoch == 0 ||
                      report.roundedValidationLoss.back() <
                          report.roundedValidationLoss[std::size_t(report.keptEpoch - 1)];
    if (keep) {
      report.keptEpoch = epoch;
      if (!o.outputPath.empty()) {
        if (auto error = nnue::save_network_file(o.outputPath, *quantised, o.description))
          fmt::print(log, "train: {}\n", *error);
        if (auto error = save_float_checkpoint(o.outputPath + FloatCheckpointSuffix, net))
          fmt::print(log, "train: {}\n", *error);
      }
    }
    log.flush();
  }
  return report;
}

}  // namespace shiftmate
