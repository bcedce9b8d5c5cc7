// The win/draw/loss model's coefficients (model.h), written by
// `shiftmate wdlfit`; do not edit.
// Fitted to 2212941 positions (selfplay-n14-2255211-s22-first2237860.bin) with 20000 steps.
#pragma once

#include <array>

namespace shiftmate::wdl {

inline constexpr std::array<double, 4> FittedA = {4.374625, -9.812491, 9.960445, -3.459218};
inline constexpr std::array<double, 4> FittedB = {0.862624, -0.882937, 1.525964, -0.623168};

}  // namespace shiftmate::wdl
