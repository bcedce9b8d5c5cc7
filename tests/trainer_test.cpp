// The network trainer: it must fit a target it can represent, its quantised
// output must follow the float network, and a run must be reproducible.
#include "training/trainer.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "movegen.h"
#include "nnue/inference.h"
#include "nnue/network.h"
#include "position.h"
#include "random.h"
#include "training/float_checkpoint.h"

using namespace shiftmate;

namespace {

int material(const Position& pos, Color c) {
  constexpr int Value[PIECE_TYPE_NB] = {0, 100, 300, 300, 500, 900, 0};
  int sum = 0;
  for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN})
    sum += Value[pt] * __builtin_popcountll(pos.pieces(c, pt));
  return sum;
}

// Positions from random games, labelled with the material balance (side to
// move's view): a target the network can represent.
// With sign -1 the labels are the opposite of what the material says.
std::vector<PackedPosition> material_positions(int count, std::uint64_t seed, int sign = 1) {
  Random rng(seed);
  std::vector<PackedPosition> out;
  while (int(out.size()) < count) {
    Position pos;
    // One position from each game, after 10 to 209 plies of mostly captures:
    // every piece-count bucket gets positions, and none are near copies.
    int plies = 10 + int(rng.below(200));
    for (int ply = 0; ply < plies; ++ply) {
      MoveList<LEGAL> moves(pos);
      if (!moves.size()) break;
      // Prefer captures so that material becomes unbalanced.
      Move m = moves.begin()[rng.below(moves.size())];
      for (Move c : moves)
        if (pos.is_capture(c) && rng.below(4)) m = c;
      pos.do_move(m);
      if (ply == plies - 1 && !pos.in_check()) {
        Color us = pos.side_to_move();
        int balance = sign * (material(pos, us) - material(pos, ~us));
        out.push_back(PackedPosition::pack(pos, balance, StmResult::DRAW, false));
      }
    }
  }
  out.resize(count);
  return out;
}

TrainerOptions small_run() {
  TrainerOptions o;
  o.epochs = 12;
  o.batchSize = 128;
  o.learningRate = 0.005;
  o.finalLearningRate = 0.0005;
  o.resultWeight = 0;  // the score alone
  o.threads = 2;
  o.seed = 11;
  return o;
}

// An integer network read back as floats over random weights (so that every
// weight must be overwritten); rounding those floats again must give the same
// file byte for byte.
FloatNetwork dequantised_exactly(const nnue::Network& quantised, std::uint64_t seed) {
  FloatNetwork net;
  net.randomise(seed);
  net.dequantise(quantised);
  auto again = std::make_unique<nnue::Network>();
  net.quantise(*again);
  EXPECT_EQ(nnue::write_network(*again, ""), nnue::write_network(quantised, ""));
  return net;
}

// A network randomised from `seed` and trained on its own copy of `data`.
FloatNetwork trained(std::vector<PackedPosition> data, const TrainerOptions& o,
                     std::uint64_t seed) {
  FloatNetwork net;
  net.randomise(seed);
  std::ostringstream log;
  train_network(net, data, {}, o, log);
  return net;
}

}  // namespace

TEST(Trainer, FitsASyntheticMaterialTarget) {
  std::vector<PackedPosition> train = material_positions(6000, 1);
  std::set<int> buckets;
  for (const PackedPosition& p : train) {
    int pieces = 0;
    p.for_each_piece([&](Piece, Square) { ++pieces; });
    buckets.insert(nnue::output_bucket(pieces));
  }
  EXPECT_EQ(int(buckets.size()), nnue::OutputBuckets) << "every output neuron gets positions";
  const std::vector<PackedPosition> validation = material_positions(500, 2);
  FloatNetwork net;
  net.randomise(5);
  const double before = mean_loss(net, validation, 0, 2);
  std::ostringstream log;
  TrainingReport report = train_network(net, train, validation, small_run(), log);
  ASSERT_EQ(report.validationLoss.size(), 12u);
  EXPECT_LT(report.validationLoss.back(), before / 10) << log.str();
  EXPECT_LT(report.trainLoss.back(), report.trainLoss.front()) << log.str();

  // The integer network follows the float one it was rounded from (output
  // weights in steps of 1/QB: a few centipawns each, up to about 20 in all).
  auto quantised = std::make_unique<nnue::Network>();
  net.quantise(*quantised);
  for (const PackedPosition& p : validation) {
    Position pos;
    ASSERT_FALSE(p.unpack(pos));
    double expected = net.forward(p) * nnue::EvalScale;
    EXPECT_NEAR(nnue::evaluate(*quantised, pos), expected, 25 + std::abs(expected) * 0.03);
  }

  // It learned what a queen is worth: up a queen is far better than level.
  Position up, level;
  ASSERT_FALSE(up.set("3qk3/8/8/8/8/8/8/4K3 b - - 0 1"));
  ASSERT_FALSE(level.set("4k3/8/8/8/8/8/8/4K3 b - - 0 1"));
  EXPECT_GT(nnue::evaluate(*quantised, up), nnue::evaluate(*quantised, level) + 400);
}

TEST(Trainer, TheSameSeedGivesTheSameNetwork) {
  std::vector<PackedPosition> data = material_positions(1500, 3);
  TrainerOptions o = small_run();
  o.epochs = 2;
  FloatNetwork a = trained(data, o, 9), b = trained(data, o, 9);
  EXPECT_EQ(a.featureWeights, b.featureWeights);
  EXPECT_EQ(a.outputWeights, b.outputWeights);
  EXPECT_EQ(a.outputBias, b.outputBias);
  FloatNetwork fresh;
  fresh.randomise(9);
  EXPECT_NE(a.featureWeights, fresh.featureWeights);  // it did train
}

// A last batch smaller than the thread count runs on fewer threads; the idle
// ones must not add the previous batch's gradients to it, so the run follows
// the one-thread run (up to the order of float sums).
TEST(Trainer, ALastBatchSmallerThanTheThreadsUsesOnlyItsOwnGradients) {
  std::vector<PackedPosition> data = material_positions(2 * 64 + 1, 5);
  TrainerOptions o = small_run();
  o.epochs = 1;
  o.batchSize = 64;
  o.threads = 1;
  FloatNetwork one = trained(data, o, 4);
  o.threads = 3;
  FloatNetwork three = trained(data, o, 4);
  for (std::size_t b = 0; b < one.outputBias.size(); ++b)
    EXPECT_NEAR(one.outputBias[b], three.outputBias[b], 1e-5) << "bucket " << b;
}

// The shuffle and hold-out of `shiftmate train`: every position lands on
// exactly one side, the held-out share follows --validation, --max-positions
// cuts first, and the seed alone decides the split.
TEST(Trainer, SplitIsADisjointSeededCoverOfThePositions) {
  std::vector<PackedPosition> positions;
  for (int i = 0; i < 1000; ++i)  // each position told apart by its score
    positions.push_back(PackedPosition::pack(Position(), i, StmResult::DRAW, false));
  auto scores = [](const std::vector<PackedPosition>& part) {
    std::vector<int> out;
    for (const PackedPosition& p : part) out.push_back(p.score);
    return out;
  };

  TrainingSplit split = split_positions(positions, 0.1, 0, 7);
  EXPECT_EQ(split.training.size(), 900u);
  EXPECT_EQ(split.validation.size(), 100u);
  std::vector<int> all = scores(split.training), held = scores(split.validation);
  all.insert(all.end(), held.begin(), held.end());
  std::sort(all.begin(), all.end());
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(all[i], i) << "each position exactly once";
  EXPECT_NE(scores(split.training), std::vector<int>(all.begin(), all.begin() + 900)) << "shuffled";

  TrainingSplit again = split_positions(positions, 0.1, 0, 7);
  EXPECT_EQ(scores(again.training), scores(split.training));
  EXPECT_EQ(scores(again.validation), scores(split.validation));
  TrainingSplit otherSeed = split_positions(positions, 0.1, 0, 8);
  EXPECT_NE(scores(otherSeed.training), scores(split.training));

  EXPECT_EQ(split_positions(positions, 0.25, 0, 7).validation.size(), 250u);
  EXPECT_TRUE(split_positions(positions, 0, 0, 7).validation.empty());
  TrainingSplit capped = split_positions(positions, 0.5, 200, 7);
  EXPECT_EQ(capped.training.size(), 100u);
  EXPECT_EQ(capped.validation.size(), 100u);
}

// Training from a net file: the float weights read back from the embedded
// integer network round to it again exactly, and they evaluate as the engine
// does, up to the engine's integer divisions at the end (under 2 cp).
TEST(Trainer, DequantisedEmbeddedNetworkRoundsBackAndEvaluatesAsTheEngine) {
  if (nnue::embedded_network_file().empty()) GTEST_SKIP() << "a NET=none build embeds no net";
  auto embedded = std::make_unique<nnue::Network>();
  ASSERT_FALSE(nnue::read_network(nnue::embedded_network_file(), *embedded));
  const FloatNetwork net = dequantised_exactly(*embedded, 3);

  int compared = 0;
  for (const PackedPosition& p : material_positions(300, 21)) {
    Position pos;
    ASSERT_FALSE(p.unpack(pos));
    const double expected = net.forward(p) * nnue::EvalScale;
    EXPECT_NEAR(nnue::evaluate(*embedded, pos), expected, 2.0) << pos.fen();
    ++compared;
  }
  EXPECT_EQ(compared, 300);
}

// A mirrored net's float forward pass (the trainer's features) agrees with
// the engine's evaluation of the same net rounded, over positions where
// kings stand on both halves of the board; the same weights read plainly
// give other evaluations, so the mapping is really applied on both sides.
TEST(Trainer, MirroredFeaturesAreTheEnginesMirroredInputs) {
  FloatNetwork net;
  net.randomise(13);
  net.mapping = nnue::InputMapping::Mirrored;
  auto quantised = std::make_unique<nnue::Network>();
  net.quantise(*quantised);
  ASSERT_EQ(quantised->mapping, nnue::InputMapping::Mirrored);
  FloatNetwork rounded;
  rounded.dequantise(*quantised);
  ASSERT_EQ(rounded.mapping, nnue::InputMapping::Mirrored);
  auto plain = std::make_unique<nnue::Network>(*quantised);
  plain->mapping = nnue::InputMapping::Plain;

  int kingsRight = 0, differ = 0, compared = 0;
  for (const PackedPosition& p : material_positions(300, 23)) {
    Position pos;
    ASSERT_FALSE(p.unpack(pos));
    EXPECT_NEAR(nnue::evaluate(*quantised, pos), rounded.forward(p) * nnue::EvalScale, 2.0)
        << pos.fen();
    kingsRight += file_of(pos.king_square(WHITE)) >= FILE_E;
    differ += nnue::evaluate(*plain, pos) != nnue::evaluate(*quantised, pos);
    ++compared;
  }
  EXPECT_EQ(compared, 300);
  EXPECT_GT(kingsRight, 30);
  EXPECT_GT(differ, 30);
}

// A plain net made mirrored (`train --init PLAIN --mirror`) plays as before
// wherever both kings stand on files e-h, and otherwise as it would in the
// left-to-right mirror for the viewer whose king is on a-d.
TEST(Trainer, AMirroredStartFromAPlainNetKeepsItsEvaluationsWithKingsOnTheRight) {
  FloatNetwork plain;
  plain.randomise(14);
  FloatNetwork mirrored = plain;
  mirrored.mirror_inputs();
  ASSERT_EQ(mirrored.mapping, nnue::InputMapping::Mirrored);
  int right = 0, left = 0;
  for (const PackedPosition& p : material_positions(400, 24)) {
    Position pos;
    ASSERT_FALSE(p.unpack(pos));
    if (file_of(pos.king_square(WHITE)) >= FILE_E && file_of(pos.king_square(BLACK)) >= FILE_E) {
      EXPECT_EQ(mirrored.forward(p), plain.forward(p)) << pos.fen();
      ++right;
    } else {
      left += mirrored.forward(p) != plain.forward(p);
    }
  }
  EXPECT_GT(right, 30);
  EXPECT_GT(left, 30);
  FloatNetwork twice = mirrored;
  twice.mirror_inputs();  // already mirrored: nothing moves
  EXPECT_EQ(twice.featureWeights, mirrored.featureWeights);
}

// A net trained, written as integers and read back keeps what it learned:
// it rounds to the same integers, its loss is far from a fresh net's (and is
// what the training report said of the rounded net), and training goes on
// from there rather than from the start.
TEST(Trainer, TrainingGoesOnFromAQuantisedNetwork) {
  std::vector<PackedPosition> train = material_positions(3000, 31);
  const std::vector<PackedPosition> validation = material_positions(400, 32);
  TrainerOptions o = small_run();
  o.epochs = 6;
  FloatNetwork trained;
  trained.randomise(5);
  const double fresh = mean_loss(trained, validation, 0, 2);
  std::ostringstream log;
  const TrainingReport report = train_network(trained, train, validation, o, log);
  const double learned = mean_loss(trained, validation, 0, 2);
  ASSERT_LT(learned, fresh / 4) << log.str();
  ASSERT_EQ(report.roundedValidationLoss.size(), 6u);

  // The file holds the rounded net with its bias corrected on the training
  // positions, in the order the last epoch left them.
  auto quantised = std::make_unique<nnue::Network>();
  quantise_corrected(trained, correction_sample(train), o.threads, *quantised);
  FloatNetwork resumed = dequantised_exactly(*quantised, 6);
  const double readBack = mean_loss(resumed, validation, 0, 2);
  EXPECT_LT(readBack, fresh / 4);
  // The report's loss of the rounded net is the read-back net's, not the float one's.
  EXPECT_EQ(report.roundedValidationLoss.back(), readBack);
  EXPECT_EQ(report.validationLoss.back(), learned);

  o.epochs = 1;
  o.learningRate = 0.001;
  TrainingReport more = train_network(resumed, train, validation, o, log);
  ASSERT_EQ(more.trainLoss.size(), 1u);
  EXPECT_LT(more.trainLoss.front(), fresh / 4) << "the first epoch starts from the read-back net";
}

// The file written holds the epoch whose rounded net measured best on the
// held-out positions, not the last one. Held-out labels that contradict the
// training ones get worse as the net learns, so the first epoch is the one kept;
// keepBestEpoch = false keeps the last. The float checkpoint beside it holds
// the same epoch.
TEST(Trainer, WritesTheEpochWithTheLowestRoundedValidationLoss) {
  const std::vector<PackedPosition> train = material_positions(2000, 41);
  const std::vector<PackedPosition> contrary = material_positions(300, 42, -1);
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("shiftmate-trainer-" + std::to_string(::getpid()) + ".nnue"))
                               .string();
  auto written_loss = [&] {
    auto read = std::make_unique<nnue::Network>();
    EXPECT_FALSE(nnue::load_network_file(path, *read));
    return mean_loss(dequantised_exactly(*read, 8), contrary, 0, 2);
  };
  for (bool keepBest : {true, false}) {
    SCOPED_TRACE(keepBest ? "best epoch" : "last epoch");
    TrainerOptions o = small_run();
    o.epochs = 4;
    o.outputPath = path;
    o.keepBestEpoch = keepBest;
    FloatNetwork net;
    net.randomise(6);
    std::vector<PackedPosition> data = train;
    std::ostringstream log;
    const TrainingReport report = train_network(net, data, contrary, o, log);
    const std::vector<double>& rounded = report.roundedValidationLoss;
    ASSERT_EQ(rounded.size(), 4u);
    ASSERT_LT(rounded.front(), rounded.back()) << log.str();
    const auto best = std::min_element(rounded.begin(), rounded.end()) - rounded.begin();
    const int expected = keepBest ? int(best) + 1 : 4;
    EXPECT_EQ(report.keptEpoch, expected) << log.str();
    EXPECT_EQ(written_loss(), rounded[std::size_t(expected - 1)]);
    // Beside it, that epoch's float weights: the next run's start.
    FloatNetwork checkpoint;
    ASSERT_FALSE(load_float_checkpoint(path + FloatCheckpointSuffix, checkpoint));
    EXPECT_EQ(mean_loss(checkpoint, contrary, 0, 2),
              report.validationLoss[std::size_t(expected - 1)]);
    EXPECT_EQ(checkpoint.featureWeights == net.featureWeights, expected == 4);
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path + FloatCheckpointSuffix);
}

// The result's weight moves in a straight line from --wdl to --final-wdl.
TEST(Trainer, ResultWeightMovesFromTheStartToTheEndWeight) {
  TrainerOptions o;
  o.resultWeight = 0.2;
  EXPECT_DOUBLE_EQ(result_weight_at(o, 0.7), 0.2) << "without an end weight it stays";
  o.finalResultWeight = 0.4;
  EXPECT_DOUBLE_EQ(result_weight_at(o, 0), 0.2);
  EXPECT_NEAR(result_weight_at(o, 0.5), 0.3, 1e-12);
  EXPECT_DOUBLE_EQ(result_weight_at(o, 1), 0.4);
}

// Results that contradict the scores (the side ahead in material lost): a run
// whose result weight rises to 1 ends fitting the results, which a run on the
// scores alone does not, and its held-out loss is measured at the end weight.
TEST(Trainer, ARisingResultWeightEndsFittingTheResults) {
  auto contrary_results = [](std::vector<PackedPosition> positions) {
    for (PackedPosition& p : positions)
      p.result = std::uint8_t(p.score > 0   ? StmResult::LOSS
                              : p.score < 0 ? StmResult::WIN
                                            : StmResult::DRAW);
    return positions;
  };
  const std::vector<PackedPosition> train = contrary_results(material_positions(3000, 51));
  const std::vector<PackedPosition> validation = contrary_results(material_positions(400, 52));
  auto run = [&](std::optional<double> finalWeight, TrainingReport& report) {
    TrainerOptions o = small_run();
    o.epochs = 6;
    o.finalResultWeight = finalWeight;
    FloatNetwork net;
    net.randomise(7);
    std::vector<PackedPosition> data = train;
    std::ostringstream log;
    report = train_network(net, data, validation, o, log);
    return net;
  };
  TrainingReport fixedReport, risingReport;
  const FloatNetwork fixed = run(std::nullopt, fixedReport);
  const FloatNetwork rising = run(1.0, risingReport);
  const double risingOnResults = mean_loss(rising, validation, 1, 2);
  EXPECT_DOUBLE_EQ(risingReport.validationLoss.back(), risingOnResults);
  EXPECT_DOUBLE_EQ(fixedReport.validationLoss.back(), mean_loss(fixed, validation, 0, 2));
  EXPECT_LT(risingOnResults, mean_loss(fixed, validation, 1, 2) * 0.8);
}

// Output weights just under half a step above the grid all round down, so
// plain rounding lowers every evaluation; the refit takes that shift back and
// brings the rounded net's outputs closer to the float net's, also on
// positions it was not fitted on, while every weight stays one of the two
// steps around its float value.
TEST(Trainer, RoundingRefitBringsTheOutputsBackToTheFloatNetwork) {
  FloatNetwork net;
  net.randomise(12);
  Random rng(13);
  for (float& w : net.outputWeights) w = (float(int(rng.below(61)) - 30) + 0.45f) / nnue::QB;
  const std::vector<PackedPosition> sample = material_positions(1500, 14);
  const std::vector<PackedPosition> others = material_positions(500, 15);
  struct Error {
    double shift = 0, squared = 0;
  };
  auto error = [&](const nnue::Network& integers, const std::vector<PackedPosition>& on) {
    FloatNetwork rounded = dequantised_exactly(integers, 16);
    Error e;
    for (const PackedPosition& p : on) {
      const double d = net.forward(p) - rounded.forward(p);
      e.shift += d / double(on.size());
      e.squared += d * d / double(on.size());
    }
    return e;
  };
  auto plain = std::make_unique<nnue::Network>(), refit = std::make_unique<nnue::Network>();
  net.quantise(*plain);
  quantise_corrected(net, sample, 2, *refit);
  const Error before = error(*plain, others), after = error(*refit, others);
  ASSERT_GT(before.shift, 0.05) << "every output weight rounded down";
  EXPECT_LT(std::abs(after.shift), before.shift / 5);
  // Better than taking back the mean shift alone.
  const double spread = before.squared - before.shift * before.shift;
  EXPECT_LT(after.squared, spread / 10) << before.squared << " " << spread;
  int changed = 0;
  for (int i = 0; i < 2 * nnue::HiddenSize; ++i) {
    const float scaled = net.outputWeights[std::size_t(i)] * nnue::QB;
    const int w = refit->outputWeights[0][i];
    EXPECT_TRUE(w == int(std::floor(scaled)) || w == int(std::ceil(scaled))) << i;
    changed += w != plain->outputWeights[0][i];
  }
  EXPECT_GT(changed, 0);
}

// However far training drives the first layer, the engine's accumulator
// (a neuron's bias plus the weights of up to 32 pieces, in int16) must not
// wrap: a learning rate far too large for scores far too large pushes the
// weights and biases to the trainer's limits.
TEST(Trainer, TheFirstLayerStaysInsideTheAccumulatorsRange) {
  std::vector<PackedPosition> data = material_positions(2000, 13);
  for (std::size_t i = 0; i < data.size(); ++i) data[i].score = i % 3 ? 30000 : -30000;
  TrainerOptions o = small_run();
  o.epochs = 3;
  o.batchSize = 8;
  o.learningRate = o.finalLearningRate = 2.0;
  o.weightDecay = 0;
  FloatNetwork net = trained(data, o, 17);
  auto quantised = std::make_unique<nnue::Network>();
  net.quantise(*quantised);
  int worst = 0, largestBias = 0, largestWeight = 0;
  for (int j = 0; j < nnue::HiddenSize; ++j) {
    std::vector<int> column;
    for (int f = 0; f < nnue::InputSize; ++f)
      column.push_back(std::abs(quantised->featureWeights[f * nnue::HiddenSize + j]));
    std::partial_sort(column.begin(), column.begin() + 32, column.end(), std::greater<>());
    int bound = std::abs(quantised->featureBias[j]);
    for (int k = 0; k < 32; ++k) bound += column[k];
    worst = std::max(worst, bound);
    largestBias = std::max(largestBias, int(std::abs(quantised->featureBias[j])));
    largestWeight = std::max(largestWeight, column[0]);
  }
  EXPECT_LE(worst, 32767);
  // The run reached the limits, or the bound above says nothing.
  EXPECT_GT(largestWeight, 900) << "largest bias " << largestBias;
}
