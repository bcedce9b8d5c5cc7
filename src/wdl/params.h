// The win/draw/loss model's coefficients (model.h), written by
// `shiftmate wdlfit`; do not edit.
// Fitted to 2237190 positions (selfplay-n21-872247-s31-device.bin,
// selfplay-n21-872247-s31b-device.bin) with 20000 steps.
#pragma once

#include <array>

namespace shiftmate::wdl {

inline constexpr std::array<double, 4> FittedA = {2.947342, -4.353284, 3.803104, -1.245915};
inline constexpr std::array<double, 4> FittedB = {0.438083, 0.633584, -0.305151, 0.098006};

}  // namespace shiftmate::wdl
