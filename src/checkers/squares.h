// Russian checkers: the 32 dark squares as bits of a 32-bit word, numbered so
// that every diagonal is an arithmetic progression mod 32. The dark square on
// file f, rank r (both 0..7, f + r even) is bit (3f + 4r) mod 32:
//
//   8  . 31  .  5  . 11  . 17        a step up-left    (f-1, r+1) adds 1,
//   7 24  . 30  .  4  . 10  .        a step up-right   (f+1, r+1) adds 7,
//   6  . 23  . 29  .  3  .  9        down-right subtracts 1, down-left 7,
//   5 16  . 22  . 28  .  2  .        all mod 32: moving every piece one step
//   4  . 15  . 21  . 27  .  1        is one rotation of the word, after a mask
//   3  8  . 14  . 20  . 26  .        drops the pieces whose step would leave
//   2  .  7  . 13  . 19  . 25        the board (they would wrap around).
//   1  0  .  6  . 12  . 18  .
//      a  b  c  d  e  f  g  h
//
// PDN numbers squares 1..32 row by row from b8 (1) to g1 (32); squares.h
// converts between the two.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace shiftmate::checkers {

using Board = std::uint32_t;  // one bit per dark square
using Square = int;           // bit index 0..31

constexpr int SquareCount = 32;

enum Side : std::uint8_t { White, Black };
constexpr Side opponent(Side s) { return Side(s ^ 1); }

constexpr Board square_bb(Square s) { return Board(1) << s; }

// The bit of the dark square (file, rank); the caller keeps file + rank even.
constexpr Square square_at(int file, int rank) { return (3 * file + 4 * rank) % 32; }

namespace detail {
// file * 8 + rank of every bit, the inverse of square_at.
constexpr std::array<std::uint8_t, SquareCount> coordinates = [] {
  std::array<std::uint8_t, SquareCount> c{};
  for (int rank = 0; rank < 8; ++rank)
    for (int file = rank % 2; file < 8; file += 2) c[square_at(file, rank)] = file * 8 + rank;
  return c;
}();
}  // namespace detail

constexpr int file_of(Square s) { return detail::coordinates[s] / 8; }
constexpr int rank_of(Square s) { return detail::coordinates[s] % 8; }
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

// The four diagonal directions, ordered so that direction / 2 is the diagonal
// family (0: the +1 diagonals such as g1-a7, 1: the +7 diagonals such as
// a1-h8) and direction % 2 says whether the bit index falls along it.
enum Direction : std::uint8_t { UpLeft, DownRight, UpRight, DownLeft };
constexpr std::array<Direction, 4> AllDirections = {UpLeft, DownRight, UpRight, DownLeft};

constexpr int FileStep[4] = {-1, 1, 1, -1};
constexpr int RankStep[4] = {1, -1, 1, -1};
// Left-rotation that moves a bit one step in each direction (31 = -1, 25 = -7).
constexpr int Rotation[4] = {1, 31, 7, 25};

constexpr Board step(Board b, Direction d) { return std::rotl(b, Rotation[d]); }
constexpr Board step_back(Board b, Direction d) { return std::rotr(b, Rotation[d]); }

namespace detail {
// Squares from which `distance` steps in each direction stay on the board.
constexpr std::array<Board, 4> room_for(int distance) {
  std::array<Board, 4> room{};
  for (Direction d : AllDirections)
    for (Square s = 0; s < SquareCount; ++s)
      if (on_board(file_of(s) + distance * FileStep[d], rank_of(s) + distance * RankStep[d]))
        room[d] |= square_bb(s);
  return room;
}
constexpr Board rank_mask(int rank) {
  Board b = 0;
  for (Square s = 0; s < SquareCount; ++s)
    if (rank_of(s) == rank) b |= square_bb(s);
  return b;
}
}  // namespace detail

// Masks applied before a rotation so that no bit wraps around the board.
constexpr std::array<Board, 4> CanStep = detail::room_for(1);
constexpr std::array<Board, 4> CanJump = detail::room_for(2);

// Men move forward: White up the board, Black down; both capture all four ways.
constexpr Direction Forward[2][2] = {{UpLeft, UpRight}, {DownRight, DownLeft}};
// The rank where each side's men become kings.
constexpr Board PromotionRank[2] = {detail::rank_mask(7), detail::rank_mask(0)};

// PDN numbers 1..32: four squares a row, from b8, d8, f8, h8 (1-4) down to
// a1, c1, e1, g1 (29-32).
constexpr Square square_of_pdn(int number) {
  int row = (number - 1) / 4, column = (number - 1) % 4;
  int rank = 7 - row;
  return square_at(2 * column + (rank % 2), rank);
}
constexpr int pdn_of(Square s) { return (7 - rank_of(s)) * 4 + file_of(s) / 2 + 1; }

}  // namespace shiftmate::checkers
