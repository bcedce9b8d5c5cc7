// The win/draw/loss model's coefficients (model.h), written by
// `shiftmate wdlfit`; do not edit.
// Fitted to 5511803 positions (selfplay-n6e-4111022-s16.bin, dev-n6e-4111022-s2026112701.bin, dev-n6e-4111022-s2026112702.bin) with 20000 steps.
#pragma once

#include <array>

namespace shiftmate::wdl {

inline constexpr std::array<double, 4> FittedA = {4.773947, -11.238085, 11.298490, -3.872158};
inline constexpr std::array<double, 4> FittedB = {0.996192, -1.156691, 1.609226, -0.615794};

}  // namespace shiftmate::wdl
