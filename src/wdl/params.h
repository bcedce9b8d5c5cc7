// The win/draw/loss model's coefficients (model.h), written by
// `shiftmate wdlfit`; do not edit.
// Fitted to 389931 positions (selfplay-n22-888443-s33.bin, train22/match-1205-n22c-n21-n22side.bin,
// train22/match-1205-n22c-n21-b-n22side.bin) with 20000 steps.
#pragma once

#include <array>

namespace shiftmate::wdl {

inline constexpr std::array<double, 4> FittedA = {2.858494, -4.192103, 3.498921, -1.064680};
inline constexpr std::array<double, 4> FittedB = {0.438745, 0.772786, -0.667125, 0.303654};

}  // namespace shiftmate::wdl
