// The win/draw/loss model's coefficients (model.h), written by
// `shiftmate wdlfit`; do not edit.
// Fitted to 2221977 positions (selfplay-q8-4280036-3.bin, selfplay-q8-4280036-s5.bin) with 20000
// steps.
#pragma once

#include <array>

namespace shiftmate::wdl {

inline constexpr std::array<double, 4> FittedA = {8.182568, -24.572468, 27.241214, -9.791258};
inline constexpr std::array<double, 4> FittedB = {2.936309, -8.867563, 11.211985, -4.314261};

}  // namespace shiftmate::wdl
