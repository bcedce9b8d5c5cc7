#include "nnue/inference.h"

#include <algorithm>
#include <memory>

#include "nnue/simd.h"

namespace shiftmate::nnue {

namespace {

struct Active {
  std::unique_ptr<Network> net;
  std::string name;
};
Active& active() {
  static Active a;
  return a;
}

}  // namespace

int output(const Network& net, const Accumulator& acc, Color sideToMove) {
  std::int64_t sum =
      simd::screlu_dot(acc.values[sideToMove], net.outputWeights) +
      std::int64_t(simd::screlu_dot(acc.values[~sideToMove], net.outputWeights + HiddenSize));
  // sum is in QA^2 * QB; one QA goes so that it adds to the bias (QA * QB).
  std::int64_t out = sum / QA + net.outputBias;
  return int(out * EvalScale / (QA * QB));
}

int evaluate(const Network& net, const Position& pos) {
  auto acc = std::make_unique<Accumulator>();
  refresh(net, pos, *acc);
  return output(net, *acc, pos.side_to_move());
}

double reference_output(const Network& net, const Position& pos) {
  double hidden[COLOR_NB][HiddenSize];
  for (Color viewer : {WHITE, BLACK}) {
    for (int i = 0; i < HiddenSize; ++i) hidden[viewer][i] = double(net.featureBias[i]) / QA;
    for (Bitboard b = pos.pieces(); b; b &= b - 1) {
      Square sq = Square(__builtin_ctzll(b));
      const std::int16_t* w =
          net.featureWeights + feature_index(viewer, pos.piece_on(sq), sq) * HiddenSize;
      for (int i = 0; i < HiddenSize; ++i) hidden[viewer][i] += double(w[i]) / QA;
    }
  }
  const Color us = pos.side_to_move();
  double out = double(net.outputBias) / (QA * QB);
  for (int half = 0; half < 2; ++half) {
    const double* h = hidden[half == 0 ? us : ~us];
    for (int i = 0; i < HiddenSize; ++i) {
      double a = std::clamp(h[i], 0.0, 1.0);
      out += a * a * double(net.outputWeights[half * HiddenSize + i]) / QB;
    }
  }
  return out * EvalScale;
}

const Network* active_network() { return active().net.get(); }
std::string active_network_name() { return active().name; }

std::optional<std::string> use_network_file(const std::string& path) {
  auto net = std::make_unique<Network>();
  std::string description;
  if (auto error = load_network_file(path, *net, &description)) return error;
  active().net = std::move(net);
  active().name = description.empty() ? path : description;
  return std::nullopt;
}

bool use_embedded_network() {
  std::span<const char> file = embedded_network_file();
  if (file.empty()) return false;
  auto net = std::make_unique<Network>();
  std::string description;
  if (read_network(file, *net, &description)) return false;
  active().net = std::move(net);
  active().name = description;
  return true;
}

void use_no_network() {
  active().net.reset();
  active().name.clear();
}

const char* simd_name() { return simd::name(); }

}  // namespace shiftmate::nnue
