// The win/draw/loss model's coefficients (model.h), written by
// `shiftmate wdlfit`; do not edit.
// Fitted to 2826188 positions (selfplay-n2-4430961-s6.bin) with 20000 steps.
#pragma once

#include <array>

namespace shiftmate::wdl {

inline constexpr std::array<double, 4> FittedA = {7.640413, -22.340433, 24.523474, -8.771394};
inline constexpr std::array<double, 4> FittedB = {2.394624, -6.774074, 8.594516, -3.313239};

}  // namespace shiftmate::wdl
