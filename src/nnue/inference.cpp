#include "nnue/inference.h"

#include <immintrin.h>

#include <algorithm>
#include <memory>

namespace shiftmate::nnue {

namespace {

// sum over i of clamp(acc[i], 0, QA)^2 * w[i], in units of QA^2 * QB. The
// product clamp * w fits in int16 because the trainer keeps |w| < 128 / QB.
std::int32_t screlu_dot(const std::int16_t* acc, const std::int16_t* w) {
#if defined(__AVX512BW__)
  const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi16(QA);
  __m512i sum = _mm512_setzero_si512();
  for (int i = 0; i < HiddenSize; i += 32) {
    __m512i v = _mm512_min_epi16(_mm512_max_epi16(_mm512_load_si512(acc + i), zero), one);
    __m512i vw = _mm512_mullo_epi16(v, _mm512_loadu_si512(w + i));
    sum = _mm512_add_epi32(sum, _mm512_madd_epi16(vw, v));
  }
  alignas(64) std::int32_t lanes[16];  // (GCC 12's reduce intrinsic warns spuriously)
  _mm512_store_si512(lanes, sum);
  std::int32_t total = 0;
  for (std::int32_t lane : lanes) total += lane;
  return total;
#elif defined(__AVX2__)
  const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi16(QA);
  __m256i sum = _mm256_setzero_si256();
  for (int i = 0; i < HiddenSize; i += 16) {
    __m256i v = _mm256_min_epi16(
        _mm256_max_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(acc + i)), zero), one);
    __m256i vw = _mm256_mullo_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i)));
    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
  }
  __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
  s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
  return _mm_cvtsi128_si32(s);
#else
  std::int32_t sum = 0;
  for (int i = 0; i < HiddenSize; ++i) {
    std::int32_t v = std::clamp<std::int32_t>(acc[i], 0, QA);
    sum += std::int16_t(v * w[i]) * v;
  }
  return sum;
#endif
}

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
      screlu_dot(acc.values[sideToMove], net.outputWeights) +
      std::int64_t(screlu_dot(acc.values[~sideToMove], net.outputWeights + HiddenSize));
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

const char* simd_name() {
#if defined(__AVX512BW__)
  return "avx512";
#elif defined(__AVX2__)
  return "avx2";
#else
  return "scalar";
#endif
}

}  // namespace shiftmate::nnue
