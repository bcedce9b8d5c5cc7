#include "nnue/inference.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "nnue/simd.h"

namespace shiftmate::nnue {

namespace {

struct Active {
  std::unique_ptr<Network> net;
  std::string name;
};

// The network compiled into the binary; the build refuses to link without
// one, and nnue_test reads it back, so a failure here is a broken build. A
// build made with SHIFTMATE_NET=none starts with every weight zero.
Active embedded() {
  Active a{std::make_unique<Network>(), {}};
  if (embedded_network_file().empty()) {
    a.name = "none (built with SHIFTMATE_NET=none: every evaluation is 0 until EvalFile is set)";
    return a;
  }
  if (auto error = read_network(embedded_network_file(), *a.net, &a.name)) {
    std::fprintf(stderr, "shiftmate: the embedded network is unreadable: %s\n", error->c_str());
    std::abort();
  }
  return a;
}

// Starts as the embedded network: every search has a network.
Active& active() {
  static Active a = embedded();
  return a;
}

}  // namespace

int output(const Network& net, const Accumulator& acc, const Position& pos) {
  const Color us = pos.side_to_move();
  const int bucket = output_bucket(popcount(pos.pieces()));
  const std::int16_t* weights = net.outputWeights[bucket];
  std::int64_t sum = simd::screlu_dot(acc.values[us], weights) +
                     simd::screlu_dot(acc.values[~us], weights + HiddenSize);
  // sum is in QA^2 * QB; one QA goes so that it adds to the bias (QA * QB).
  std::int64_t out = sum / QA + net.outputBias[bucket];
  return int(out * EvalScale / (QA * QB));
}

int evaluate(const Network& net, const Position& pos) {
  auto acc = std::make_unique<Accumulator>();
  refresh(net, pos, *acc);
  return output(net, *acc, pos);
}

double reference_output(const Network& net, const Position& pos, Square without) {
  double hidden[COLOR_NB][HiddenSize];
  int pieces = 0;
  const auto mirror = mirrors(net, pos);
  for (Color viewer : {WHITE, BLACK}) {
    for (int i = 0; i < HiddenSize; ++i) hidden[viewer][i] = double(net.featureBias[i]) / QA;
    for (Bitboard b = pos.pieces(); b;) {
      const Square sq = pop_lsb(b);
      if (sq == without) continue;
      pieces += viewer == WHITE;
      const std::int16_t* w =
          net.featureWeights +
          feature_index(viewer, pos.piece_on(sq), sq, mirror[viewer]) * HiddenSize;
      for (int i = 0; i < HiddenSize; ++i) hidden[viewer][i] += double(w[i]) / QA;
    }
  }
  const Color us = pos.side_to_move();
  const int bucket = output_bucket(pieces);
  double out = double(net.outputBias[bucket]) / (QA * QB);
  for (int half = 0; half < 2; ++half) {
    const double* h = hidden[half == 0 ? us : ~us];
    for (int i = 0; i < HiddenSize; ++i) {
      double a = std::clamp(h[i], 0.0, 1.0);
      out += a * a * double(net.outputWeights[bucket][half * HiddenSize + i]) / QB;
    }
  }
  return out * EvalScale;
}

const Network& active_network() { return *active().net; }
std::string active_network_name() { return active().name; }

std::optional<std::string> use_network_file(const std::string& path) {
  auto net = std::make_unique<Network>();
  std::string description;
  if (auto error = load_network_file(path, *net, &description)) return error;
  active().net = std::move(net);
  active().name = description.empty() ? path : description;
  return std::nullopt;
}

void use_embedded_network() { active() = embedded(); }

const char* simd_name() { return simd::name(); }

}  // namespace shiftmate::nnue
