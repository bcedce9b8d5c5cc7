// The win/draw/loss model's coefficients (model.h), written by
// `shiftmate wdlfit`; do not edit.
// Fitted to 3549387 positions (shared-hce.bin, device-hce.bin, local-hce-a.bin, local-hce-b.bin)
// with 40000 steps.
#pragma once

#include <array>

namespace shiftmate::wdl {

inline constexpr std::array<double, 4> FittedA = {7.231042, -22.402219, 25.437702, -9.252078};
inline constexpr std::array<double, 4> FittedB = {2.878711, -8.361241, 11.034539, -4.257619};

}  // namespace shiftmate::wdl
