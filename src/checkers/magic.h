// Flying-king tables indexed by magic multiplication. For each square and
// each of its two diagonals, the occupied squares of that diagonal (the
// king's own square left out) are multiplied by a 32-bit constant that
// gathers them into the top bits; shifted down, they index a table that says
// where the king can slide, which piece it would take each way and where it
// could land behind it. The constants come from our own seeded search
// (`shiftmate checkers magics`, committed in magic_numbers.h).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "checkers/squares.h"

namespace shiftmate::checkers {

// What a king sees along one diagonal for one occupancy. Index 0 of the
// arrays is the way the bit index rises (UpLeft or UpRight), 1 the way it
// falls (DownRight or DownLeft): direction = 2 * diagonal + way.
struct DiagonalReach {
  Board slides = 0;  // empty squares before the first piece, both ways
  // The first piece met, only when an empty square lies right behind it
  // (otherwise nothing can be taken that way): 0 or one bit.
  std::array<Board, 2> victim{};
  // The empty squares behind that piece up to the next piece or the edge.
  std::array<Board, 2> landings{};

  bool operator==(const DiagonalReach&) const = default;
};

struct DiagonalMagic {
  Board mask = 0;  // the diagonal's squares without the king's own
  std::uint32_t magic = 0;
  int shift = 31;  // 32 minus the index bits (at least one bit, so never 32)
  std::uint32_t offset = 0;

  std::uint32_t index(Board occupied) const { return ((occupied & mask) * magic) >> shift; }
};

constexpr int DiagonalCount = 2;

// The squares of the diagonal (0: the +1 family, 1: the +7 family) through s,
// s itself left out.
constexpr Board diagonal_mask(Square s, int diagonal) {
  Board mask = 0;
  for (int way = 0; way < 2; ++way) {
    Direction d = Direction(2 * diagonal + way);
    for (int f = file_of(s) + FileStep[d], r = rank_of(s) + RankStep[d]; on_board(f, r);
         f += FileStep[d], r += RankStep[d])
      mask |= square_bb(square_at(f, r));
  }
  return mask;
}

// Index bits of a (square, diagonal) table: one per square of the mask, but
// at least one so that the shift stays below 32.
constexpr int index_bits(Board mask) { return std::max(1, std::popcount(mask)); }

// The answer walked square by square: what the tables are filled from.
DiagonalReach reach_slow(Square s, int diagonal, Board occupied);

class KingTables {
 public:
  KingTables();

  const DiagonalReach& reach(Square s, int diagonal, Board occupied) const {
    const DiagonalMagic& m = magics[s][diagonal];
    return reaches[m.offset + m.index(occupied)];
  }
  const DiagonalMagic& magic(Square s, int diagonal) const { return magics[s][diagonal]; }

  // The (square, diagonal) tables one after another.
  static constexpr std::size_t Size = [] {
    std::size_t size = 0;
    for (Square s = 0; s < SquareCount; ++s)
      for (int diagonal = 0; diagonal < DiagonalCount; ++diagonal)
        size += std::size_t(1) << index_bits(diagonal_mask(s, diagonal));
    return size;
  }();

 private:
  DiagonalMagic magics[SquareCount][DiagonalCount];
  std::array<DiagonalReach, Size> reaches;
};

// Built on first use from the committed magics.
const KingTables& king_tables();

constexpr std::uint64_t DefaultMagicSeed = 0x5EEDC4EC4E25ULL;

using MagicNumbers = std::array<std::array<std::uint32_t, DiagonalCount>, SquareCount>;

// The seeded search: sparse random candidates until each indexes its
// diagonal without a harmful collision. The same seed gives the same numbers.
MagicNumbers search_magics(std::uint64_t seed);

// The text of magic_numbers.h for the numbers found from `seed`.
std::string magic_numbers_header(std::uint64_t seed);

}  // namespace shiftmate::checkers
