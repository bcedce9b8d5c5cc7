#include "detect.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>

#include "movegen.h"
#include "parse.h"

namespace shiftmate {

namespace {

bool same_placement(const Position& a, const Position& b) {
  for (Square s = SQ_A1; s <= SQ_H8; ++s)
    if (a.piece_on(s) != b.piece_on(s)) return false;
  return true;
}

template <typename Matches>
std::vector<Move> matching_moves(const Position& root, Matches matches) {
  std::vector<Move> found;
  Position pos = root;
  for (Move m : MoveList<LEGAL>(root)) {
    pos.do_move(m);
    if (matches(pos)) found.push_back(m);
    pos.undo_move(m);
  }
  return found;
}

std::optional<Bitboard> parse_hex(std::string_view text) {
  if (text.rfind("0x", 0) == 0 || text.rfind("0X", 0) == 0) text.remove_prefix(2);
  if (text.size() > 16) return std::nullopt;
  return parse_number<Bitboard>(text, 0, ~0ULL, 16);
}

}  // namespace

std::vector<Move> moves_matching_placement(const Position& pos, const Position& after) {
  return matching_moves(pos, [&](const Position& p) { return same_placement(p, after); });
}

std::vector<Move> moves_matching_occupancy(const Position& pos, Bitboard occupied) {
  return matching_moves(pos, [&](const Position& p) { return p.pieces() == occupied; });
}

int run_detect(const DetectRequest& req, std::ostream& out) {
  Position before;
  if (auto error = before.set(req.fen, req.chess960)) {
    fmt::print(out, "error: bad --fen: {}\n", *error);
    return 2;
  }
  std::vector<Move> moves;
  if (req.after) {
    Position after;
    if (auto error = after.set(*req.after, req.chess960)) {
      fmt::print(out, "error: bad --after: {}\n", *error);
      return 2;
    }
    moves = moves_matching_placement(before, after);
  } else {
    auto occupied = parse_hex(req.occupancy.value_or(""));
    if (!occupied) {
      fmt::print(out, "error: --occupancy must be a hex number of at most 16 digits\n");
      return 2;
    }
    moves = moves_matching_occupancy(before, *occupied);
  }

  if (moves.empty()) {
    fmt::print(out, "no legal move explains the change\n");
    return 1;
  }
  for (Move m : moves) fmt::print(out, "{}\n", before.move_to_uci(m));
  if (moves.size() > 1) {
    bool promotions = std::all_of(moves.begin(), moves.end(), [&](Move m) {
      return m.kind() == PROMOTION && m.from() == moves[0].from() && m.to() == moves[0].to();
    });
    if (promotions && !req.after)
      fmt::print(out,
                 "ambiguous: a promotion, and occupancy alone cannot show the piece chosen "
                 "({} candidates)\n",
                 moves.size());
    else
      fmt::print(out, "ambiguous: {} legal moves explain the change\n", moves.size());
  }
  return 0;
}

}  // namespace shiftmate
