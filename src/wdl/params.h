// The win/draw/loss model's coefficients (model.h), written by
// `shiftmate wdlfit`; do not edit.
// Fitted to 1995927 positions (selfplay-n13-4554636-s19-first2020000.bin) with 20000 steps.
#pragma once

#include <array>

namespace shiftmate::wdl {

inline constexpr std::array<double, 4> FittedA = {4.169196, -8.908782, 8.747144, -2.974038};
inline constexpr std::array<double, 4> FittedB = {0.604552, 0.321346, -0.098763, 0.037943};

}  // namespace shiftmate::wdl
