// Slider attacks from magic bitboards (or PEXT where the target has BMI2),
// and attacks by piece type.
#pragma once

#include <array>

#include "bitboard.h"

#if defined(USE_PEXT)
#include <immintrin.h>
#endif

namespace shiftmate {

// One square's entry: the relevant-occupancy mask, its magic, the shift and
// where its block of the shared attack table starts.
struct Magic {
  Bitboard mask;
  Bitboard magic;
  Bitboard* attacks;
  unsigned shift;

  unsigned magic_index(Bitboard occupied) const {
    return unsigned(((occupied & mask) * magic) >> shift);
  }
  // 64-bit, so that indexing the table needs no zero-extension.
  std::size_t index(Bitboard occupied) const {
#if defined(USE_PEXT)
    return _pext_u64(occupied, mask);
#else
    return magic_index(occupied);
#endif
  }
};

// One entry per square, and a 65th with no attacks for "no square" (the 64
// that std::countr_zero gives for an empty set), so that a count can look up
// a fixed number of sliders without a branch.
constexpr int SliderEntries = 65;
extern Magic RookMagics[SliderEntries];
extern Magic BishopMagics[SliderEntries];

// Builds the magic tables and the between/line tables. Call once at start-up
// (idempotent and thread-safe through a static guard).
void init_attacks();

#if defined(USE_PEXT)
namespace detail {
// With PEXT a lookup needs only the mask and where the square's block
// starts: two flat arrays of 8-byte entries, which the square indexes
// directly (the 32-byte Magic would cost a shift and an add per lookup).
struct PextTable {
  Bitboard mask[SliderEntries];
  const Bitboard* block[SliderEntries];
};
extern PextTable RookPext, BishopPext;
}  // namespace detail
#endif

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
#if defined(USE_PEXT)
  return detail::RookPext.block[s][_pext_u64(occupied, detail::RookPext.mask[s])];
#else
  const Magic& m = RookMagics[s];
  return m.attacks[m.index(occupied)];
#endif
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
#if defined(USE_PEXT)
  return detail::BishopPext.block[s][_pext_u64(occupied, detail::BishopPext.mask[s])];
#else
  const Magic& m = BishopMagics[s];
  return m.attacks[m.index(occupied)];
#endif
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}

// Attacks of a non-pawn piece type from s.
inline Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT:
      return knight_attacks(s);
    case BISHOP:
      return bishop_attacks(s, occupied);
    case ROOK:
      return rook_attacks(s, occupied);
    case QUEEN:
      return queen_attacks(s, occupied);
    case KING:
      return king_attacks(s);
    default:
      return 0;
  }
}

// Reference slider attacks by walking rays square by square; used to build the
// tables and by the tests to check them.
Bitboard slider_attacks_slow(PieceType pt, Square s, Bitboard occupied);

// Runs our seeded search for all 64 magics of a slider (about 0.1 s). The
// `magics` tool writes its result to magic_numbers.h, which start-up uses.
std::array<Bitboard, 64> search_magics(PieceType pt);

}  // namespace shiftmate
