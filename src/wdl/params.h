// The win/draw/loss model's coefficients (model.h), written by
// `shiftmate wdlfit`; do not edit.
// Fitted to 1546867 positions (selfplay-n17-1069604-s25.bin,
// selfplay-n17-1041961-s26-first1495810.bin) with 20000 steps.
#pragma once

#include <array>

namespace shiftmate::wdl {

inline constexpr std::array<double, 4> FittedA = {3.719656, -7.345995, 7.390164, -2.584281};
inline constexpr std::array<double, 4> FittedB = {0.716698, -0.442827, 0.952055, -0.374277};

}  // namespace shiftmate::wdl
