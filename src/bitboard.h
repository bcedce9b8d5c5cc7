// Bitboard constants, bit tricks, masked-shift leaper attacks and the
// between/line tables. Slider attacks live in attacks.h.
#pragma once

#include <array>
#include <bit>
#include <string>

#include "types.h"

namespace shiftmate {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_B_BB = FILE_A_BB << 1;
constexpr Bitboard FILE_G_BB = FILE_A_BB << 6;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_2_BB = RANK_1_BB << 8;
constexpr Bitboard RANK_3_BB = RANK_1_BB << 16;
constexpr Bitboard RANK_6_BB = RANK_1_BB << 40;
constexpr Bitboard RANK_7_BB = RANK_1_BB << 48;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;

// Masks that remove the files a shift would wrap across.
constexpr Bitboard NOT_A = ~FILE_A_BB;
constexpr Bitboard NOT_AB = ~(FILE_A_BB | FILE_B_BB);
constexpr Bitboard NOT_H = ~FILE_H_BB;
constexpr Bitboard NOT_GH = ~(FILE_G_BB | FILE_H_BB);

constexpr Bitboard square_bb(Square s) { return 1ULL << s; }
constexpr Bitboard file_bb(int f) { return FILE_A_BB << f; }
constexpr Bitboard rank_bb(int r) { return RANK_1_BB << (8 * r); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }

// Shift every bit one step in direction D; bits that would wrap around the
// board edge are masked off after the shift.
template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == NORTH)
    return b << 8;
  else if constexpr (D == SOUTH)
    return b >> 8;
  else if constexpr (D == EAST)
    return (b << 1) & NOT_A;
  else if constexpr (D == WEST)
    return (b >> 1) & NOT_H;
  else if constexpr (D == NORTH_EAST)
    return (b << 9) & NOT_A;
  else if constexpr (D == NORTH_WEST)
    return (b << 7) & NOT_H;
  else if constexpr (D == SOUTH_EAST)
    return (b >> 7) & NOT_A;
  else
    return (b >> 9) & NOT_H;
}

// Squares attacked by all pawns of colour C in `pawns`, in one pair of shifts.
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard pawns) {
  return C == WHITE ? shift<NORTH_WEST>(pawns) | shift<NORTH_EAST>(pawns)
                    : shift<SOUTH_WEST>(pawns) | shift<SOUTH_EAST>(pawns);
}

// Knight jumps for every knight in `b` at once.
constexpr Bitboard knight_attacks_bb(Bitboard b) {
  return ((b << 17) & NOT_A) | ((b << 15) & NOT_H) | ((b << 10) & NOT_AB) | ((b << 6) & NOT_GH) |
         ((b >> 6) & NOT_AB) | ((b >> 10) & NOT_GH) | ((b >> 15) & NOT_A) | ((b >> 17) & NOT_H);
}

constexpr Bitboard king_attacks_bb(Bitboard b) {
  Bitboard sides = shift<EAST>(b) | shift<WEST>(b);
  Bitboard row = b | sides;
  return sides | shift<NORTH>(row) | shift<SOUTH>(row);
}

// Every square a bishop or a rook on b's square reaches on an empty board:
// a cheap test of whether a slider lookup can find anything at all.
constexpr Bitboard bishop_rays_bb(Bitboard b) {
  Bitboard rays = 0, ne = b, nw = b, se = b, sw = b;
  for (int i = 0; i < 7; ++i) {
    ne = shift<NORTH_EAST>(ne), nw = shift<NORTH_WEST>(nw);
    se = shift<SOUTH_EAST>(se), sw = shift<SOUTH_WEST>(sw);
    rays |= ne | nw | se | sw;
  }
  return rays;
}
constexpr Bitboard rook_rays_bb(Bitboard b) {
  Bitboard rays = 0, n = b, s = b, e = b, w = b;
  for (int i = 0; i < 7; ++i) {
    n = shift<NORTH>(n), s = shift<SOUTH>(s), e = shift<EAST>(e), w = shift<WEST>(w);
    rays |= n | s | e | w;
  }
  return rays;
}

namespace detail {
template <typename F>
constexpr std::array<Bitboard, 64> per_square(F f) {
  std::array<Bitboard, 64> t{};
  for (int s = 0; s < 64; ++s) t[s] = f(1ULL << s);
  return t;
}
// One more entry, empty, for "no square" (the 64 that std::countr_zero gives
// for an empty set), so that knight_attacks_of can look up without a branch.
inline constexpr auto KnightTable = [] {
  std::array<Bitboard, 65> t{};
  for (int s = 0; s < 64; ++s) t[s] = knight_attacks_bb(1ULL << s);
  return t;
}();
inline constexpr auto KingTable = per_square(king_attacks_bb);
inline constexpr std::array<std::array<Bitboard, 64>, 2> PawnTable = {
    per_square(pawn_attacks_bb<WHITE>), per_square(pawn_attacks_bb<BLACK>)};
inline constexpr auto BishopRaysTable = per_square(bishop_rays_bb);
inline constexpr auto RookRaysTable = per_square(rook_rays_bb);
}  // namespace detail

// Single-square leaper attacks, tabulated at compile time from the shifts.
inline Bitboard knight_attacks(Square s) { return detail::KnightTable[s]; }
inline Bitboard king_attacks(Square s) { return detail::KingTable[s]; }

// The attacks of the knight on b's lowest square; none if b is empty.
inline Bitboard first_knight_attacks(Bitboard b) {
  return detail::KnightTable[std::countr_zero(b)];
}

// Every square the knights in b attack: two lookups without a branch (there
// are seldom more than two knights; any others by the shifts).
inline Bitboard knight_attacks_of(Bitboard b) {
  const Bitboard second = b & (b - 1), others = second & (second - 1);
  Bitboard attacks = first_knight_attacks(b) | first_knight_attacks(second);
  if (others) [[unlikely]]
    attacks |= knight_attacks_bb(others);
  return attacks;
}
inline Bitboard pawn_attacks(Color c, Square s) { return detail::PawnTable[c][s]; }
inline Bitboard bishop_rays(Square s) { return detail::BishopRaysTable[s]; }
inline Bitboard rook_rays(Square s) { return detail::RookRaysTable[s]; }

// Squares strictly between a and b on a shared line (empty if none), and the
// whole line through both (empty if none). Filled by init_attacks().
extern Bitboard BetweenBB[64][64];
extern Bitboard LineBB[64][64];
inline Bitboard between_bb(Square a, Square b) { return BetweenBB[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return LineBB[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

// An 8x8 picture of a bitboard, rank 8 on top; for debugging and tests.
std::string bitboard_string(Bitboard b);

}  // namespace shiftmate
