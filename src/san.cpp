#include "san.h"

#include <optional>

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

// A SAN text taken apart, before it is matched against the legal moves.
struct SanParts {
  enum Castling { NONE, KING_SIDE, QUEEN_SIDE } castling = NONE;
  PieceType piece = PAWN;
  int fromFile = -1, fromRank = -1;  // disambiguation, -1 when not given
  Square to = SQ_NONE;
  bool capture = false;                 // written with "x"
  PieceType promotion = NO_PIECE_TYPE;  // what a pawn becomes, if it says
};

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

PieceType piece_of(char letter) {
  auto index = std::string_view(PieceLetters).find(letter);
  return index == std::string_view::npos || letter == ' ' ? NO_PIECE_TYPE : PieceType(index);
}

// None when the text is not SAN.
std::optional<SanParts> read_san(std::string_view text) {
  // Check, mate and annotation marks do not tell which move it is.
  while (!text.empty() && std::string_view("+#!?").find(text.back()) != std::string_view::npos)
    text.remove_suffix(1);
  SanParts s;
  if (text == "O-O" || text == "0-0") s.castling = SanParts::KING_SIDE;
  if (text == "O-O-O" || text == "0-0-0") s.castling = SanParts::QUEEN_SIDE;
  if (s.castling != SanParts::NONE) return s;

  std::size_t start = 0;
  if (!text.empty() && piece_of(text[0]) != NO_PIECE_TYPE) s.piece = piece_of(text[0]), start = 1;
  // A pawn's promotion piece comes last: e8=Q or e8Q.
  if (s.piece == PAWN && !text.empty() && piece_of(text.back()) != NO_PIECE_TYPE) {
    s.promotion = piece_of(text.back());
    if (s.promotion == PAWN || s.promotion == KING) return std::nullopt;
    text.remove_suffix(1);
    if (!text.empty() && text.back() == '=') text.remove_suffix(1);
  }
  if (text.size() < start + 2) return std::nullopt;
  const char file = text[text.size() - 2], rank = text.back();
  if (!is_file(file) || !is_rank(rank)) return std::nullopt;
  s.to = make_square(file - 'a', rank - '1');
  std::string_view middle = text.substr(start, text.size() - 2 - start);
  if (!middle.empty() && middle.back() == 'x') s.capture = true, middle.remove_suffix(1);
  if (!middle.empty() && is_file(middle.front()))
    s.fromFile = middle.front() - 'a', middle.remove_prefix(1);
  if (!middle.empty() && is_rank(middle.front()))
    s.fromRank = middle.front() - '1', middle.remove_prefix(1);
  // Only a pawn's file is SAN: "e2e4" is UCI, not SAN.
  if (!middle.empty() || (s.piece == PAWN && s.fromRank >= 0)) return std::nullopt;
  return s;
}

// Is m (legal here) a move that the parts describe?
bool matches(const Position& pos, Move m, const SanParts& s) {
  if (s.castling != SanParts::NONE)
    return m.kind() == CASTLING && (m.to() > m.from()) == (s.castling == SanParts::KING_SIDE);
  // Castling is stored as king takes rook: never a king move to that square.
  if (m.kind() == CASTLING || m.to() != s.to) return false;
  const Square from = m.from();
  if (type_of(pos.piece_on(from)) != s.piece) return false;
  if (s.fromFile >= 0 && file_of(from) != s.fromFile) return false;
  if (s.fromRank >= 0 && rank_of(from) != s.fromRank) return false;
  if (s.capture && !pos.is_capture(m)) return false;
  // A pawn capture names the file it leaves: "d5" is never exd5.
  if (s.piece == PAWN && file_of(from) != file_of(s.to) && s.fromFile < 0) return false;
  // A promotion must name its piece, and only a promotion may.
  return (m.kind() == PROMOTION ? m.promotion() : NO_PIECE_TYPE) == s.promotion;
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
  const auto parts = read_san(text);
  if (!parts) return Move::none();
  Move found = Move::none();
  for (Move m : MoveList<LEGAL>(pos)) {
    if (!matches(pos, m, *parts)) continue;
    if (found) return Move::none();  // ambiguous
    found = m;
  }
  return found;
}

}  // namespace shiftmate
