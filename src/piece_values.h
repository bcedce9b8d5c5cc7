// Piece values outside the evaluation, in one place. The evaluation has its
// own fitted values (the network); these only order and
// prune moves, so they stay fixed.
#pragma once

#include "types.h"

namespace shiftmate {

// Static exchange evaluation: round numbers, and a king worth more than any
// exchange so that capturing into a defended square is never "won".
inline constexpr int SeeValue[PIECE_TYPE_NB] = {0, 100, 300, 300, 500, 900, 20000};

// What a capture gains in capture ordering (most valuable victim first) and
// in quiescence futility: bishops a little above knights, the king never captured.
inline constexpr int TradeValue[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 0};

}  // namespace shiftmate
