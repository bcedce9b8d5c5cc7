#include "checkers/position.h"

#include <cassert>

#include "parse.h"

namespace shiftmate::checkers {

namespace {

constexpr std::string_view Spaces = " \t\r\n";

std::string_view trim(std::string_view text) {
  std::size_t first = text.find_first_not_of(Spaces);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(Spaces) - first + 1);
}

// The squares of one side, kings and men, as they are read.
struct SideBoards {
  Board pieces = 0, men = 0;
};

// Adds the squares of one comma-separated token (`21`, `K3`, `1-12`, `K1-3`).
std::optional<FenError> read_token(std::string_view token, Side side, SideBoards& boards,
                                   Board occupiedSoFar) {
  token = trim(token);
  bool king = !token.empty() && token[0] == 'K';
  if (king) token.remove_prefix(1);
  std::size_t dash = token.find('-');
  auto first = parse_number<int>(token.substr(0, dash), 1, SquareCount);
  auto last = dash == std::string_view::npos
                  ? first
                  : parse_number<int>(token.substr(dash + 1), 1, SquareCount);
  if (!first || !last) return FenError::BadSquare;
  if (*last < *first) return FenError::BadRange;
  for (int number = *first; number <= *last; ++number) {
    Board b = square_bb(square_of_pdn(number));
    if ((occupiedSoFar | boards.pieces) & b) return FenError::DuplicateSquare;
    if (!king && (PromotionRank[side] & b)) return FenError::ManOnPromotionRank;
    boards.pieces |= b;
    if (!king) boards.men |= b;
    if (std::popcount(boards.pieces) > 12) return FenError::TooManyPieces;
  }
  return std::nullopt;
}

// The squares of one side in PDN order, kings prefixed K.
std::string side_squares(Board pieces, Board men) {
  std::string text;
  for (int number = 1; number <= SquareCount; ++number) {
    Board b = square_bb(square_of_pdn(number));
    if (!(pieces & b)) continue;
    if (!text.empty()) text += ',';
    if (!(men & b)) text += 'K';
    text += std::to_string(number);
  }
  return text;
}

}  // namespace

std::string Position::fen() const {
  return std::string(sideToMove == White ? "W" : "B") + ":W" +
         side_squares(pieces[White], men[White]) + ":B" + side_squares(pieces[Black], men[Black]);
}

std::string_view fen_error_message(FenError error) {
  switch (error) {
    case FenError::EmptyText:
      return "empty text";
    case FenError::BadSide:
      return "the side to move must be W or B";
    case FenError::MissingPieceField:
      return "expected a White and a Black field (W:W21,...:B1,...)";
    case FenError::BadPieceField:
      return "each piece field starts with W or B, once per colour";
    case FenError::BadSquare:
      return "a square must be a number from 1 to 32, K for a king";
    case FenError::BadRange:
      return "a range must run upward (1-12)";
    case FenError::DuplicateSquare:
      return "a square is listed twice";
    case FenError::TooManyPieces:
      return "a side has more than twelve pieces";
    case FenError::ManOnPromotionRank:
      return "a man stands on the rank where it would be a king";
  }
  return "unknown error";
}

std::optional<FenError> parse_fen(std::string_view text, Position& position) {
  text = trim(text);
  if (!text.empty() && text.back() == '.') text.remove_suffix(1);
  if (trim(text).empty()) return FenError::EmptyText;

  std::size_t colon = text.find(':');
  std::string_view side = trim(text.substr(0, colon));
  if (side != "W" && side != "B") return FenError::BadSide;
  if (colon == std::string_view::npos) return FenError::MissingPieceField;

  SideBoards boards[2];
  bool seen[2] = {false, false};
  std::string_view rest = text.substr(colon + 1);
  if (trim(rest).empty()) return FenError::MissingPieceField;
  for (int field = 0;; ++field) {
    std::size_t end = rest.find(':');
    std::string_view body = trim(rest.substr(0, end));
    if (field >= 2 || body.empty() || (body[0] != 'W' && body[0] != 'B'))
      return FenError::BadPieceField;
    Side colour = body[0] == 'W' ? White : Black;
    if (seen[colour]) return FenError::BadPieceField;
    seen[colour] = true;
    body.remove_prefix(1);
    // A colour with no squares is allowed: that side has lost everything.
    while (!trim(body).empty()) {
      std::size_t comma = body.find(',');
      if (auto error = read_token(body.substr(0, comma), colour, boards[colour],
                                  boards[opponent(colour)].pieces))
        return error;
      if (comma == std::string_view::npos) break;
      body.remove_prefix(comma + 1);
      if (trim(body).empty()) return FenError::BadSquare;  // a trailing comma
    }
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  if (!seen[White] || !seen[Black]) return FenError::MissingPieceField;

  position.sideToMove = side == "W" ? White : Black;
  for (Side s : {White, Black}) {
    position.pieces[s] = boards[s].pieces;
    position.men[s] = boards[s].men;
  }
  return std::nullopt;
}

Position start_position() {
  Position position;
  [[maybe_unused]] auto error = parse_fen(StartFen, position);
  assert(!error);
  return position;
}

}  // namespace shiftmate::checkers
