// The network's vector kernels over one hidden layer (HiddenSize int16
// lanes), in two interchangeable builds: intrinsics for the ARCH the binary
// is compiled for (simd_intrinsics.cpp, the default), or Highway's run-time
// dispatch (simd_highway.cpp, `make SIMD=highway`), which lets one portable
// binary use AVX2 or AVX-512 wherever the CPU has them. The intrinsics
// build has AVX-512, AVX2, NEON and WebAssembly SIMD kernels and a scalar one
// for any other CPU.
#pragma once

#include <cstdint>

namespace shiftmate::nnue::simd {

// sum over i of clamp(acc[i], 0, QA)^2 * w[i], in units of QA^2 * QB. The
// product clamp * w fits in int16 because the trainer keeps |w| < 128 / QB
// (a file's other weights wrap there, alike in every kernel). Vector lanes
// sum in int32, each at most 256 terms of at most QA * 32768 (HiddenSize / 4
// with 4 lanes or more: HiddenSize up to 1024, network.h; Highway's scalar
// target starts its lanes again every 256); the lanes add up in int64, since
// a full layer's sum can pass int32's range from HiddenSize 258.
std::int64_t screlu_dot(const std::int16_t* acc, const std::int16_t* weights);

// out = in + add - sub: a quiet move.
void add_sub(std::int16_t* out, const std::int16_t* in, const std::int16_t* add,
             const std::int16_t* sub);
// out = in + add - sub1 - sub2: a capture.
void add_sub_sub(std::int16_t* out, const std::int16_t* in, const std::int16_t* add,
                 const std::int16_t* sub1, const std::int16_t* sub2);

// The instruction set in use: "avx512", "avx2", "neon", "wasm-simd128",
// "scalar", or Highway's name of the target it chose ("highway AVX3", ...).
const char* name();

}  // namespace shiftmate::nnue::simd
