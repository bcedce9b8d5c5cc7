#include "movegen.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "generator.h"

namespace shiftmate {

namespace {

template <GenType Type, class Sink>
void dispatch(const Position& pos, Sink& sink) {
  if (pos.side_to_move() == WHITE)
    generate_all<WHITE, Type>(pos, sink);
  else
    generate_all<BLACK, Type>(pos, sink);
}
}  // namespace

template <GenType Type>
Move* generate(const Position& pos, Move* list) {
  MoveWriter writer{list};
  dispatch<Type>(pos, writer);
  return writer.out;
}

template Move* generate<CAPTURES>(const Position&, Move*);
template Move* generate<QUIETS>(const Position&, Move*);
template Move* generate<LEGAL>(const Position&, Move*);

Move parse_uci_move(const Position& pos, std::string_view input) {
  if (input.size() < 4 || input.size() > 5) return Move::none();
  // Some GUIs write the promotion piece in upper case (e7e8Q).
  std::string text(input);
  if (text.size() == 5) text[4] = char(std::tolower(static_cast<unsigned char>(text[4])));
  for (Move m : MoveList<LEGAL>(pos)) {
    if (pos.move_to_uci(m) == text) return m;
    // Accept both castling notations whatever the mode.
    if (m.kind() == CASTLING) {
      Position copy = pos;
      copy.set_chess960(!pos.is_chess960());
      if (copy.move_to_uci(m) == text) return m;
    }
  }
  return Move::none();
}

bool is_legal(const Position& pos, Move m) {
  if (!m.is_ok()) return false;  // none and null
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  const Piece piece = pos.piece_on(from);
  if (piece == NO_PIECE || color_of(piece) != us) return false;

  // Castling, en passant and promotions are rare: ask the generator.
  if (m.kind() != NORMAL) {
    Move list[MAX_MOVES];
    Move* end = m.kind() == CASTLING ? generate<QUIETS>(pos, list) : generate<CAPTURES>(pos, list);
    return std::find(list, end, m) != end;
  }
  if (m.raw() >> 12) return false;  // promotion bits on a normal move
  if (pos.pieces(us) & square_bb(to)) return false;

  const Bitboard occupied = pos.pieces();
  const PieceType type = type_of(piece);
  Bitboard reach;
  if (type == PAWN) {
    if (relative_rank(us, to) == 7) return false;  // only as a promotion
    const Square push = Square(from + pawn_push(us));
    reach = pawn_attacks(us, from) & pos.pieces(~us);
    if (pos.empty(push)) {
      reach |= square_bb(push);
      const Square twoSteps = Square(push + pawn_push(us));
      if (relative_rank(us, from) == 1 && pos.empty(twoSteps)) reach |= square_bb(twoSteps);
    }
  } else {
    reach = attacks_bb(type, from, occupied);
  }
  if (!(reach & square_bb(to))) return false;

  const Color them = ~us;
  if (type == KING) return !(pos.attackers_to(to, occupied ^ square_bb(from)) & pos.pieces(them));

  // Any other piece must answer a check by capturing or blocking, and must
  // not open a line from an enemy slider (one it does not capture) to the king.
  const Square ksq = pos.king_square(us);
  if (const Bitboard checkers = pos.checkers()) {
    if (more_than_one(checkers)) return false;
    if (!((between_bb(ksq, lsb(checkers)) | checkers) & square_bb(to))) return false;
  }
  const Bitboard after = (occupied ^ square_bb(from)) | square_bb(to);
  const Bitboard survivors = pos.pieces(them) & ~square_bb(to);
  return !(rook_attacks(ksq, after) & survivors & pos.pieces(ROOK, QUEEN)) &&
         !(bishop_attacks(ksq, after) & survivors & pos.pieces(BISHOP, QUEEN));
}

std::uint64_t count_legal_moves(const Position& pos) {
  MoveCounter counter;
  dispatch<LEGAL>(pos, counter);
  return counter.count;
}

}  // namespace shiftmate
