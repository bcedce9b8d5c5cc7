// Move-ordering statistics learned during the search.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>

#include "types.h"

namespace shiftmate {

// A history value moves toward +/-Limit under repeated bonuses ("gravity"),
// so old information fades as new arrives.
template <int Limit>
struct HistoryEntry {
  std::int16_t value = 0;
  operator int() const { return value; }
  void update(int bonus) {
    bonus = std::clamp(bonus, -Limit, Limit);
    value = std::int16_t(value + bonus - value * std::abs(bonus) / Limit);
  }
};

// Quiet moves by side, by whether the opponent attacks the origin and the
// destination (a move that escapes or walks into an attack is another move),
// and by origin and destination: butterfly_index.
using ButterflyHistory = std::array<std::array<HistoryEntry<16384>, 4 * 64 * 64>, COLOR_NB>;
// Captures by moving piece, destination and captured piece type.
using CaptureHistory =
    std::array<std::array<std::array<HistoryEntry<16384>, PIECE_TYPE_NB>, 64>, PIECE_NB>;
// Quiet moves by piece and destination, following a given earlier move.
using PieceToHistory = std::array<std::array<HistoryEntry<16384>, 64>, PIECE_NB>;
using ContinuationHistory = std::array<std::array<PieceToHistory, 64>, PIECE_NB>;
// The reply that refuted a given move last time.
using CounterMoves = std::array<std::array<Move, 64>, PIECE_NB>;

// How far searches have found the static evaluation off, in positions that
// share something (a pawn structure, one side's pieces, the last two moves):
// a running average in 1/Grain centipawns.
struct CorrectionEntry {
  static constexpr int Grain = 32, MaxCorrection = 300;
  // Deeper searches are trusted more: weight (depth + 1) / Rate, at most 16 / Rate.
  static constexpr int Rate = 128;
  std::int16_t value = 0;
  int correction() const { return value / Grain; }
  void update(int error, int depth) {
    int weight = std::min(depth + 1, 16);
    int target = std::clamp(error, -MaxCorrection, MaxCorrection) * Grain;
    value = std::int16_t((value * (Rate - weight) + target * weight) / Rate);
  }
};
constexpr int CorrectionSize = 16384;
// By side to move and a key of part of the position (pawns, one side's pieces).
using CorrectionHistory = std::array<std::array<CorrectionEntry, CorrectionSize>, COLOR_NB>;
// By the last two moves' pieces and destinations.
using PieceToCorrection = std::array<std::array<CorrectionEntry, 64>, PIECE_NB>;
using ContinuationCorrection = std::array<std::array<PieceToCorrection, 64>, PIECE_NB>;

// `threats`: the squares the opponent of the side to move attacks.
inline int butterfly_index(Move m, Bitboard threats) {
  const int attacked = int(threats >> m.from() & 1) * 2 + int(threats >> m.to() & 1);
  return attacked << 12 | (m.raw() & 0xFFF);
}

}  // namespace shiftmate
