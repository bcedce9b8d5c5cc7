#include "san.h"

#include "movegen.h"

namespace shiftmate {

namespace {

constexpr char PieceLetters[] = " PNBRQK";

// The SAN of m without the check mark.
std::string san_body(const Position& pos, Move m) {
  const Square from = m.from(), to = m.to();
  if (m.kind() == CASTLING) return to > from ? "O-O" : "O-O-O";
  const PieceType pt = type_of(pos.piece_on(from));
  std::string text;
  if (pt == PAWN) {
    if (pos.is_capture(m)) text = std::string(1, char('a' + file_of(from))) + "x";
    text += square_name(to);
    if (m.kind() == PROMOTION) text += std::string("=") + PieceLetters[m.promotion()];
    return text;
  }
  text = PieceLetters[pt];
  // Another piece of the same type that can also go to `to` calls for the
  // file of origin, else the rank, else both.
  bool clash = false, fileClash = false, rankClash = false;
  for (Move other : MoveList<LEGAL>(pos)) {
    if (other == m || other.to() != to || other.kind() == CASTLING) continue;
    if (type_of(pos.piece_on(other.from())) != pt) continue;
    clash = true;
    fileClash |= file_of(other.from()) == file_of(from);
    rankClash |= rank_of(other.from()) == rank_of(from);
  }
  if (clash) {
    if (!fileClash)
      text += char('a' + file_of(from));
    else if (!rankClash)
      text += char('1' + rank_of(from));
    else
      text += square_name(from);
  }
  if (pos.is_capture(m)) text += 'x';
  return text + square_name(to);
}

std::string strip_marks(std::string_view text) {
  std::string out;
  for (char c : text)
    if (c != '+' && c != '#' && c != '!' && c != '?' && c != 'x') out += c;
  // "0-0" is a common spelling of castling.
  for (char& c : out)
    if (c == '0') c = 'O';
  return out;
}

}  // namespace

std::string move_to_san(const Position& pos, Move m) {
  std::string text = san_body(pos, m);
  Position after = pos;
  after.do_move(m);
  if (after.in_check()) text += MoveList<LEGAL>(after).size() ? "+" : "#";
  return text;
}

Move parse_san(const Position& pos, std::string_view text) {
  const std::string wanted = strip_marks(text);
  if (wanted.empty()) return Move::none();
  for (Move m : MoveList<LEGAL>(pos))
    if (strip_marks(san_body(pos, m)) == wanted) return m;
  return Move::none();
}

}  // namespace shiftmate
