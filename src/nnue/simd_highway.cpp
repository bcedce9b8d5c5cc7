// The kernels of simd.h through Highway: compiled once per x86 target
// (SSSE3, SSE4, AVX2, AVX-512, ...) and chosen at run time for the CPU.
#ifdef SHIFTMATE_HIGHWAY

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "nnue/simd_highway.cpp"
#include <hwy/foreach_target.h>  // re-includes this file for every target
#include <hwy/highway.h>

#include <algorithm>
#include <string>

#include "nnue/network.h"
#include "nnue/simd.h"

HWY_BEFORE_NAMESPACE();
namespace shiftmate::nnue::simd::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

std::int64_t ScreluDot(const std::int16_t* acc, const std::int16_t* w) {
  const hn::ScalableTag<std::int16_t> d16;
  const hn::Repartition<std::int32_t, decltype(d16)> d32;
  const auto zero = hn::Zero(d16), one = hn::Set(d16, std::int16_t(QA));
  // Highway's scalar target has one int32 lane for every term: the lanes
  // go into the int64 total every 256 neurons (simd.h), in every target.
  constexpr int Chunk = 256;
  std::int64_t total = 0;
  for (int start = 0; start < HiddenSize; start += Chunk) {
    auto sum0 = hn::Zero(d32), sum1 = hn::Zero(d32);
    for (int i = start; i < std::min(start + Chunk, HiddenSize); i += int(hn::Lanes(d16))) {
      const auto v = hn::Min(hn::Max(hn::Load(d16, acc + i), zero), one);
      const auto vw = hn::Mul(v, hn::LoadU(d16, w + i));  // low 16 bits, as mullo
      sum0 = hn::ReorderWidenMulAccumulate(d32, vw, v, sum0, sum1);
    }
    HWY_ALIGN std::int32_t lanes[hn::MaxLanes(d32)];
    hn::Store(hn::RearrangeToOddPlusEven(sum0, sum1), d32, lanes);
    for (std::size_t i = 0; i < hn::Lanes(d32); ++i) total += lanes[i];
  }
  return total;
}

void AddSub(std::int16_t* out, const std::int16_t* in, const std::int16_t* add,
            const std::int16_t* sub) {
  const hn::ScalableTag<std::int16_t> d;
  for (int i = 0; i < HiddenSize; i += int(hn::Lanes(d)))
    hn::Store(hn::Sub(hn::Add(hn::Load(d, in + i), hn::LoadU(d, add + i)), hn::LoadU(d, sub + i)),
              d, out + i);
}

void AddSubSub(std::int16_t* out, const std::int16_t* in, const std::int16_t* add,
               const std::int16_t* sub1, const std::int16_t* sub2) {
  const hn::ScalableTag<std::int16_t> d;
  for (int i = 0; i < HiddenSize; i += int(hn::Lanes(d)))
    hn::Store(hn::Sub(hn::Sub(hn::Add(hn::Load(d, in + i), hn::LoadU(d, add + i)),
                              hn::LoadU(d, sub1 + i)),
                      hn::LoadU(d, sub2 + i)),
              d, out + i);
}

}  // namespace shiftmate::nnue::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace shiftmate::nnue::simd {

HWY_EXPORT(ScreluDot);
HWY_EXPORT(AddSub);
HWY_EXPORT(AddSubSub);

std::int64_t screlu_dot(const std::int16_t* acc, const std::int16_t* w) {
  return HWY_DYNAMIC_DISPATCH(ScreluDot)(acc, w);
}

void add_sub(std::int16_t* out, const std::int16_t* in, const std::int16_t* add,
             const std::int16_t* sub) {
  HWY_DYNAMIC_DISPATCH(AddSub)(out, in, add, sub);
}

void add_sub_sub(std::int16_t* out, const std::int16_t* in, const std::int16_t* add,
                 const std::int16_t* sub1, const std::int16_t* sub2) {
  HWY_DYNAMIC_DISPATCH(AddSubSub)(out, in, add, sub1, sub2);
}

const char* name() {
  // Dispatch takes the best compiled target the CPU supports: the lowest bit.
  const std::int64_t usable = hwy::SupportedTargets() & HWY_TARGETS;
  static const std::string chosen = std::string("highway ") + hwy::TargetName(usable & -usable);
  return chosen.c_str();
}

}  // namespace shiftmate::nnue::simd
#endif  // HWY_ONCE

#endif  // SHIFTMATE_HIGHWAY
