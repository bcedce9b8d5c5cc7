// Search values: mate, tablebase and draw scores and their ranges.
#pragma once

namespace shiftmate {

constexpr int MAX_PLY = 240;
constexpr int VALUE_DRAW = 0;
constexpr int VALUE_MATE = 32000;
constexpr int VALUE_INFINITE = 32001;
constexpr int VALUE_NONE = 32002;
constexpr int VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;
constexpr int VALUE_MATED_IN_MAX_PLY = -VALUE_MATE_IN_MAX_PLY;

// Tablebase results sit just below the mate range: a won ending is not a
// mate the search has seen.
constexpr int VALUE_TB = VALUE_MATE_IN_MAX_PLY - 1;
constexpr int VALUE_TB_WIN_IN_MAX_PLY = VALUE_TB - MAX_PLY;
constexpr int VALUE_TB_LOSS_IN_MAX_PLY = -VALUE_TB_WIN_IN_MAX_PLY;

constexpr int mate_in(int ply) { return VALUE_MATE - ply; }
constexpr int mated_in(int ply) { return -VALUE_MATE + ply; }
constexpr bool is_mate_score(int v) {
  return v >= VALUE_MATE_IN_MAX_PLY || v <= VALUE_MATED_IN_MAX_PLY;
}
// A mate or a tablebase result: a value no evaluation produces.
constexpr bool is_decisive(int v) {
  return v >= VALUE_TB_WIN_IN_MAX_PLY || v <= VALUE_TB_LOSS_IN_MAX_PLY;
}

// The transposition table stores mate and tablebase scores relative to the
// node, not the root.
constexpr int value_to_tt(int v, int ply) {
  return v >= VALUE_TB_WIN_IN_MAX_PLY ? v + ply : v <= VALUE_TB_LOSS_IN_MAX_PLY ? v - ply : v;
}
// The table does not know the half-move count a score was stored at: a mate
// or tablebase result further off than the 50-move rule now allows
// (`rule50`, the node's count) comes back as the largest ordinary win or
// loss, which no cutoff takes for a mate.
constexpr int value_from_tt(int v, int ply, int rule50) {
  if (v == VALUE_NONE) return v;
  if (v >= VALUE_TB_WIN_IN_MAX_PLY) {
    const int distance = v >= VALUE_MATE_IN_MAX_PLY ? VALUE_MATE - v : VALUE_TB - v;
    return distance > 100 - rule50 ? VALUE_TB_WIN_IN_MAX_PLY - 1 : v - ply;
  }
  if (v <= VALUE_TB_LOSS_IN_MAX_PLY) {
    const int distance = v <= VALUE_MATED_IN_MAX_PLY ? VALUE_MATE + v : VALUE_TB + v;
    return distance > 100 - rule50 ? VALUE_TB_LOSS_IN_MAX_PLY + 1 : v + ply;
  }
  return v;
}

}  // namespace shiftmate
