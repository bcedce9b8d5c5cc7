// The kernels of simd.h with the intrinsics of the build's ARCH.
#ifndef SHIFTMATE_HIGHWAY

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#elif defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include <algorithm>

#include "nnue/network.h"
#include "nnue/simd.h"

namespace shiftmate::nnue::simd {

std::int64_t screlu_dot(const std::int16_t* acc, const std::int16_t* w) {
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
  std::int64_t total = 0;
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
  alignas(32) std::int32_t lanes[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), sum);
  std::int64_t total = 0;
  for (std::int32_t lane : lanes) total += lane;
  return total;
#elif defined(__ARM_NEON) && defined(__aarch64__)
  // The AVX2 sum with 8 lanes: the product v * w wraps to 16 bits like
  // mullo, then widening multiply-accumulates of its halves by v.
  const int16x8_t zero = vdupq_n_s16(0), one = vdupq_n_s16(QA);
  int32x4_t sum = vdupq_n_s32(0);
  for (int i = 0; i < HiddenSize; i += 8) {
    int16x8_t v = vminq_s16(vmaxq_s16(vld1q_s16(acc + i), zero), one);
    int16x8_t vw = vmulq_s16(v, vld1q_s16(w + i));
    sum = vmlal_s16(sum, vget_low_s16(vw), vget_low_s16(v));
    sum = vmlal_high_s16(sum, vw, v);
  }
  return vaddlvq_s32(sum);
#elif defined(__wasm_simd128__)
  // WebAssembly's 128-bit SIMD (make web): the AVX2 sum with 8 lanes; its
  // dot product is madd's.
  const v128_t zero = wasm_i16x8_splat(0), one = wasm_i16x8_splat(QA);
  v128_t sum = wasm_i32x4_splat(0);
  for (int i = 0; i < HiddenSize; i += 8) {
    v128_t v = wasm_i16x8_min(wasm_i16x8_max(wasm_v128_load(acc + i), zero), one);
    v128_t vw = wasm_i16x8_mul(v, wasm_v128_load(w + i));
    sum = wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(vw, v));
  }
  return std::int64_t(wasm_i32x4_extract_lane(sum, 0)) + wasm_i32x4_extract_lane(sum, 1) +
         std::int64_t(wasm_i32x4_extract_lane(sum, 2)) + wasm_i32x4_extract_lane(sum, 3);
#else
  std::int64_t sum = 0;
  for (int i = 0; i < HiddenSize; ++i) {
    std::int32_t v = std::clamp<std::int32_t>(acc[i], 0, QA);
    sum += std::int16_t(v * w[i]) * v;
  }
  return sum;
#endif
}

// Plain loops: the compiler vectorises them for the build's ARCH.
void add_sub(std::int16_t* out, const std::int16_t* in, const std::int16_t* add,
             const std::int16_t* sub) {
  for (int i = 0; i < HiddenSize; ++i) out[i] = std::int16_t(in[i] + add[i] - sub[i]);
}

void add_sub_sub(std::int16_t* out, const std::int16_t* in, const std::int16_t* add,
                 const std::int16_t* sub1, const std::int16_t* sub2) {
  for (int i = 0; i < HiddenSize; ++i) out[i] = std::int16_t(in[i] + add[i] - sub1[i] - sub2[i]);
}

const char* name() {
#if defined(__AVX512BW__)
  return "avx512";
#elif defined(__AVX2__)
  return "avx2";
#elif defined(__ARM_NEON) && defined(__aarch64__)
  return "neon";
#elif defined(__wasm_simd128__)
  return "wasm-simd128";
#else
  return "scalar";
#endif
}

}  // namespace shiftmate::nnue::simd

#endif  // !SHIFTMATE_HIGHWAY
