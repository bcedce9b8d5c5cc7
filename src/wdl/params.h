// The win/draw/loss model's coefficients (model.h), written by
// `shiftmate wdlfit`; do not edit.
// Fitted to 2646563 positions (selfplay-n15-1700109-s23.bin,
// selfplay-n15-1067224-s24-first2100000.bin) with 20000 steps.
#pragma once

#include <array>

namespace shiftmate::wdl {

inline constexpr std::array<double, 4> FittedA = {3.780639, -7.152894, 6.770707, -2.263812};
inline constexpr std::array<double, 4> FittedB = {0.681494, -0.041961, 0.369620, -0.139651};

}  // namespace shiftmate::wdl
