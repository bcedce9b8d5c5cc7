// Basic types shared by every layer: squares, pieces, colours, moves.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace shiftmate {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Piece types start at 1 so that 0 can mean "none" in the mailbox.
enum PieceType : std::uint8_t {
  NO_PIECE_TYPE,
  PAWN,
  KNIGHT,
  BISHOP,
  ROOK,
  QUEEN,
  KING,
  PIECE_TYPE_NB = 7
};

// A piece is its type plus 8 for black: the colour is bit 3.
enum Piece : std::uint8_t {
  NO_PIECE,
  W_PAWN = 1,
  W_KNIGHT,
  W_BISHOP,
  W_ROOK,
  W_QUEEN,
  W_KING,
  B_PAWN = 9,
  B_KNIGHT,
  B_BISHOP,
  B_ROOK,
  B_QUEEN,
  B_KING,
  PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Squares run a1 = 0, b1 = 1, ..., h8 = 63.
enum Square : std::int8_t {
  // clang-format off
  SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
  SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
  SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
  SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
  SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
  SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
  SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
  SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
  // clang-format on
  SQ_NONE = 64,
  SQUARE_NB = 64
};

enum File : std::uint8_t { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H };
enum Rank : std::uint8_t { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8 };

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr bool is_ok(Square s) { return s >= SQ_A1 && s <= SQ_H8; }
// The square as seen from `c`'s side of the board (rank mirrored for black).
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr int relative_rank(Color c, Square s) { return rank_of(s) ^ (c * 7); }
inline std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

constexpr Square operator+(Square s, int d) { return Square(int(s) + d); }
constexpr Square operator-(Square s, int d) { return Square(int(s) - d); }
inline Square& operator++(Square& s) { return s = Square(s + 1); }

// Directions as square offsets.
enum Direction : int {
  NORTH = 8,
  SOUTH = -8,
  EAST = 1,
  WEST = -1,
  NORTH_EAST = 9,
  NORTH_WEST = 7,
  SOUTH_EAST = -7,
  SOUTH_WEST = -9
};

constexpr Direction pawn_push(Color c) { return c == WHITE ? NORTH : SOUTH; }

// Castling rights: one bit per side and wing.
enum CastlingRights : std::uint8_t {
  NO_CASTLING = 0,
  WHITE_OO = 1,
  WHITE_OOO = 2,
  BLACK_OO = 4,
  BLACK_OOO = 8,
  ALL_CASTLING = 15,
  CASTLING_RIGHT_NB = 16
};

constexpr CastlingRights castling_right(Color c, bool kingSide) {
  return CastlingRights((kingSide ? WHITE_OO : WHITE_OOO) << (2 * c));
}

// A move in 16 bits: destination (0-5), origin (6-11), promotion piece minus
// knight (12-13), kind (14-15). Castling is stored as "king takes own rook",
// which covers Chess960 with the same code.
enum MoveKind : std::uint16_t {
  NORMAL = 0,
  PROMOTION = 1 << 14,
  EN_PASSANT = 2 << 14,
  CASTLING = 3 << 14
};

class Move {
 public:
  constexpr Move() = default;
  constexpr explicit Move(std::uint16_t raw) : data(raw) {}
  constexpr Move(Square from, Square to) : data(std::uint16_t((from << 6) | to)) {}

  template <MoveKind K>
  static constexpr Move make(Square from, Square to, PieceType promo = KNIGHT) {
    return Move(std::uint16_t(K | ((promo - KNIGHT) << 12) | (from << 6) | to));
  }

  constexpr Square from() const { return Square((data >> 6) & 0x3F); }
  constexpr Square to() const { return Square(data & 0x3F); }
  constexpr MoveKind kind() const { return MoveKind(data & (3 << 14)); }
  constexpr PieceType promotion() const { return PieceType(((data >> 12) & 3) + KNIGHT); }
  constexpr std::uint16_t raw() const { return data; }
  constexpr bool is_ok() const { return from() != to(); }

  static constexpr Move none() { return Move(); }
  static constexpr Move null() { return Move(std::uint16_t(65)); }

  constexpr bool operator==(const Move&) const = default;
  constexpr explicit operator bool() const { return data != 0; }

 private:
  std::uint16_t data = 0;
};

}  // namespace shiftmate
