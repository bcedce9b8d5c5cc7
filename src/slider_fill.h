// The moves and attacks of every slider of one side at once, by occluded
// fills in the eight directions. The rays of one direction from two sliders
// never overlap (the rear ray stops on the front slider, where the front ray
// starts), so the number of moves is the sum over the directions of the
// popcount of one fill: what perft's last ply needs. With AVX-512 the eight
// directions are the eight lanes of one vector, with AVX2 of two, and three
// Kogge-Stone steps replace a table lookup per slider and per line.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "bitboard.h"

#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
#define SHIFTMATE_SLIDER_FILL_AVX512 1
#include <immintrin.h>
#elif defined(__AVX2__)
#define SHIFTMATE_SLIDER_FILL_AVX2 1
#include <immintrin.h>
#endif

namespace shiftmate {

// Whether the generator uses the fills, as measured on perft (the scalar
// form is only the reference the tests compare the others with): with
// AVX-512, both for the map of squares the enemy attacks and for counting
// the last ply's slider moves; with AVX2, whose popcount is slower, only for
// the map (counting by table lookups was faster).
#if defined(SHIFTMATE_SLIDER_FILL_AVX512) || defined(SHIFTMATE_SLIDER_FILL_AVX2)
constexpr bool FastSliderAttacks = true;
#else
constexpr bool FastSliderAttacks = false;
#endif
#if defined(SHIFTMATE_SLIDER_FILL_AVX512)
constexpr bool FastSliderCounts = true;
#else
constexpr bool FastSliderCounts = false;
#endif

namespace fill {

// The directions as left rotations: north, south, east, west (the lines),
// then north-east, north-west, south-east, south-west (the diagonals). A
// rotation wraps across the board's edge; OnBoard drops what wrapped.
using Lanes8 = std::array<std::uint64_t, 8>;
constexpr Lanes8 Step = {8, 56, 1, 63, 9, 7, 57, 55};
constexpr Lanes8 steps(int n) {
  Lanes8 rotations{};
  for (int d = 0; d < 8; ++d) rotations[d] = Step[d] * n % 64;
  return rotations;
}
constexpr Lanes8 Step2 = steps(2), Step4 = steps(4);
constexpr Lanes8 OnBoard = {
    ~RANK_1_BB,         ~RANK_8_BB,        NOT_A, NOT_H, NOT_A & ~RANK_1_BB, NOT_H & ~RANK_1_BB,
    NOT_A & ~RANK_8_BB, NOT_H & ~RANK_8_BB};

// The lane operations the fill needs, at each width: a Bitboard is one lane.
inline Bitboard lane_and(Bitboard a, Bitboard b) { return a & b; }
inline Bitboard lane_or(Bitboard a, Bitboard b) { return a | b; }
inline Bitboard rotate(Bitboard x, std::uint64_t n) { return std::rotl(x, int(n)); }

#if defined(SHIFTMATE_SLIDER_FILL_AVX512)
inline __m512i lane_and(__m512i a, __m512i b) { return _mm512_and_si512(a, b); }
inline __m512i lane_or(__m512i a, __m512i b) { return _mm512_or_si512(a, b); }
// (Masked forms throughout: GCC 12 warns about the unmasked intrinsics'
// undefined source operand.)
inline __m512i rotate(__m512i x, __m512i n) { return _mm512_maskz_rolv_epi64(0xFF, x, n); }
#elif defined(SHIFTMATE_SLIDER_FILL_AVX2)
inline __m256i lane_and(__m256i a, __m256i b) { return _mm256_and_si256(a, b); }
inline __m256i lane_or(__m256i a, __m256i b) { return _mm256_or_si256(a, b); }
inline __m256i rotate(__m256i x, __m256i n) {
  return _mm256_or_si256(_mm256_sllv_epi64(x, n),
                         _mm256_srlv_epi64(x, _mm256_sub_epi64(_mm256_set1_epi64x(64), n)));
}
#endif

// Kogge-Stone: the sliders spread through the empty squares in three steps
// of one, two and four squares, then one more step gives the attacks.
template <class Lanes>
Lanes attacks(Lanes sliders, Lanes empty, Lanes step, Lanes step2, Lanes step4, Lanes onBoard) {
  Lanes gen = sliders, pro = lane_and(empty, onBoard);
  gen = lane_or(gen, lane_and(pro, rotate(gen, step)));
  pro = lane_and(pro, rotate(pro, step));
  gen = lane_or(gen, lane_and(pro, rotate(gen, step2)));
  pro = lane_and(pro, rotate(pro, step2));
  gen = lane_or(gen, lane_and(pro, rotate(gen, step4)));
  return lane_and(rotate(gen, step), onBoard);
}

// One direction: the squares the sliders attack, through `empty`.
inline Bitboard scalar_direction(int d, Bitboard sliders, Bitboard empty) {
  return attacks(sliders, empty, Step[d], Step2[d], Step4[d], OnBoard[d]);
}

#if defined(SHIFTMATE_SLIDER_FILL_AVX512)

inline __m512i set_lanes(const Lanes8& values) {
  return _mm512_setr_epi64(std::int64_t(values[0]), std::int64_t(values[1]),
                           std::int64_t(values[2]), std::int64_t(values[3]),
                           std::int64_t(values[4]), std::int64_t(values[5]),
                           std::int64_t(values[6]), std::int64_t(values[7]));
}

// The eight directions' attacks, one per lane.
[[gnu::always_inline]] inline __m512i directions(Bitboard diag, Bitboard orth, Bitboard empty) {
  const __m512i sliders = _mm512_mask_blend_epi64(0xF0, _mm512_set1_epi64(std::int64_t(orth)),
                                                  _mm512_set1_epi64(std::int64_t(diag)));
  return attacks(sliders, _mm512_set1_epi64(std::int64_t(empty)), set_lanes(Step), set_lanes(Step2),
                 set_lanes(Step4), set_lanes(OnBoard));
}

inline __m256i low_half(__m512i x) { return _mm512_maskz_extracti64x4_epi64(0xF, x, 0); }
inline __m256i high_half(__m512i x) { return _mm512_maskz_extracti64x4_epi64(0xF, x, 1); }

#elif defined(SHIFTMATE_SLIDER_FILL_AVX2)

inline __m256i set_lanes(const Lanes8& values, int first) {
  return _mm256_setr_epi64x(std::int64_t(values[first]), std::int64_t(values[first + 1]),
                            std::int64_t(values[first + 2]), std::int64_t(values[first + 3]));
}

// Four directions' attacks (the lines from 0, the diagonals from 4), one per lane.
[[gnu::always_inline]] inline __m256i directions(int first, Bitboard sliders, Bitboard empty) {
  return attacks(_mm256_set1_epi64x(std::int64_t(sliders)), _mm256_set1_epi64x(std::int64_t(empty)),
                 set_lanes(Step, first), set_lanes(Step2, first), set_lanes(Step4, first),
                 set_lanes(OnBoard, first));
}

// Bits set per 64-bit lane (AVX2 has no vector popcount: a nibble table).
inline __m256i popcount_lanes(__m256i x) {
  const __m256i table = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2,
                                         1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  const __m256i bytes = _mm256_add_epi8(
      _mm256_shuffle_epi8(table, _mm256_and_si256(x, nibble)),
      _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi64(x, 4), nibble)));
  return _mm256_sad_epu8(bytes, _mm256_setzero_si256());
}

#endif

}  // namespace fill

// Moves of the diagonal sliders `diag` and the line sliders `orth` (queens in
// both) to squares in `targets`, through the empty squares `empty`.
[[gnu::always_inline]] inline int count_slider_moves(Bitboard diag, Bitboard orth, Bitboard empty,
                                                     Bitboard targets) {
#if defined(SHIFTMATE_SLIDER_FILL_AVX512)
  const __m512i counts = _mm512_popcnt_epi64(_mm512_and_si512(
      fill::directions(diag, orth, empty), _mm512_set1_epi64(std::int64_t(targets))));
  const __m256i half = _mm256_add_epi64(fill::low_half(counts), fill::high_half(counts));
#elif defined(SHIFTMATE_SLIDER_FILL_AVX2)
  const __m256i wanted = _mm256_set1_epi64x(std::int64_t(targets));
  const __m256i half = _mm256_add_epi64(
      fill::popcount_lanes(_mm256_and_si256(fill::directions(0, orth, empty), wanted)),
      fill::popcount_lanes(_mm256_and_si256(fill::directions(4, diag, empty), wanted)));
#endif
#if defined(SHIFTMATE_SLIDER_FILL_AVX512) || defined(SHIFTMATE_SLIDER_FILL_AVX2)
  const __m128i quarter =
      _mm_add_epi64(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
  return int(_mm_cvtsi128_si64(quarter) + _mm_extract_epi64(quarter, 1));
#else
  int count = 0;
  for (int d = 0; d < 8; ++d)
    count += popcount(fill::scalar_direction(d, d < 4 ? orth : diag, empty) & targets);
  return count;
#endif
}

// Every square the sliders attack, through `empty`.
[[gnu::always_inline]] inline Bitboard slider_attacks(Bitboard diag, Bitboard orth,
                                                      Bitboard empty) {
#if defined(SHIFTMATE_SLIDER_FILL_AVX512)
  const __m512i attacks = fill::directions(diag, orth, empty);
  const __m256i half = _mm256_or_si256(fill::low_half(attacks), fill::high_half(attacks));
#elif defined(SHIFTMATE_SLIDER_FILL_AVX2)
  const __m256i half =
      _mm256_or_si256(fill::directions(0, orth, empty), fill::directions(4, diag, empty));
#endif
#if defined(SHIFTMATE_SLIDER_FILL_AVX512) || defined(SHIFTMATE_SLIDER_FILL_AVX2)
  const __m128i quarter =
      _mm_or_si128(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
  return Bitboard(_mm_cvtsi128_si64(quarter) | _mm_extract_epi64(quarter, 1));
#else
  Bitboard attacks = 0;
  for (int d = 0; d < 8; ++d) attacks |= fill::scalar_direction(d, d < 4 ? orth : diag, empty);
  return attacks;
#endif
}

}  // namespace shiftmate
