#include "checkers/notation.h"

namespace shiftmate::checkers {

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

std::optional<Square> parse_square_name(std::string_view name) {
  if (name.size() != 2) return std::nullopt;
  int file = name[0] - 'a', rank = name[1] - '1';
  if (!on_board(file, rank) || (file + rank) % 2) return std::nullopt;
  return square_at(file, rank);
}

std::string move_text(const Move& move) {
  std::string text = square_name(move.from);
  if (!move.is_capture()) return text + '-' + square_name(move.to);
  for (int i = 0; i < move.stopCount; ++i) text += ':' + square_name(move.stops[i]);
  return text + ':' + square_name(move.to);
}

}  // namespace shiftmate::checkers
