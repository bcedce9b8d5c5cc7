// A Russian checkers position: four 32-bit boards and the side to move, with
// PDN FEN text in and out.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "checkers/move.h"
#include "checkers/squares.h"

namespace shiftmate::checkers {

inline constexpr std::string_view StartFen =
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

struct Position {
  std::array<Board, 2> pieces{};  // every piece of each side
  std::array<Board, 2> men{};     // the side's men; its kings are pieces ^ men
  Side sideToMove = White;

  Board occupied() const { return pieces[White] | pieces[Black]; }
  Board empty() const { return ~occupied(); }
  Board kings(Side s) const { return pieces[s] ^ men[s]; }

  // The position after `move`, which must be legal here.
  Position after(const Move& move) const {
    Position next = *this;
    Side us = sideToMove, them = opponent(us);
    Board from = square_bb(move.from), to = square_bb(move.to);
    bool wasMan = men[us] & from;
    // `from` is cleared before `to` is set: a sequence may end where it began.
    next.pieces[us] = (pieces[us] & ~from) | to;
    next.men[us] &= ~from;
    if (wasMan && !move.promotes) next.men[us] |= to;
    next.pieces[them] &= ~move.taken;
    next.men[them] &= ~move.taken;
    next.sideToMove = them;
    return next;
  }

  // PDN FEN: side to move, then each side's squares (kings prefixed K).
  std::string fen() const;

  bool operator==(const Position&) const = default;
};

// Why a FEN text is not a position.
enum class FenError {
  EmptyText,           // nothing but spaces
  BadSide,             // the side to move is not W or B
  MissingPieceField,   // fewer than the two piece fields
  BadPieceField,       // a field that does not start with W or B, a colour twice, or extra fields
  BadSquare,           // not a number 1..32 (with an optional K)
  BadRange,            // a range whose end is below its start
  DuplicateSquare,     // a square listed twice
  TooManyPieces,       // more than twelve pieces on a side
  ManOnPromotionRank,  // a man on the rank where it would have been crowned
};

std::string_view fen_error_message(FenError error);

// Reads `text` into `position`; on error `position` is left unchanged.
// Accepts ranges (`1-12`, `K1-3`) and a final '.' as some PDN writers add.
std::optional<FenError> parse_fen(std::string_view text, Position& position);

// The start position (parsing StartFen cannot fail).
Position start_position();

}  // namespace shiftmate::checkers
