// Standard Algebraic Notation (Nf3, exd5, O-O, e8=Q+) for display and for
// reading the move lists of other chess programs.
#pragma once

#include <string>
#include <string_view>

#include "position.h"

namespace shiftmate {

// The legal move m in SAN, with + or # when it checks or mates.
std::string move_to_san(const Position& pos, Move m);

// The one legal move that `text` names in SAN; Move::none() when the text is
// not SAN or names no legal move or several (an ambiguous "Nd2"). Check and
// mate marks and annotations (+ # ! ?) may follow and are not checked; "x"
// may be left out, but a move marked "x" must capture; "=" before the
// promotion piece may be left out; castling is O-O or O-O-O (also with
// zeros), in Chess960 too; more disambiguation than needed (Ngf3) is accepted.
Move parse_san(const Position& pos, std::string_view text);

}  // namespace shiftmate
