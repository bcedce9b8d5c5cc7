#include "movegen.h"

#include <algorithm>

#include "perft_board.h"

namespace shiftmate {

namespace {

// Writes moves, or only counts them: the same generator serves the search
// (Out = true) and perft's bulk counting (Out = false).
template <bool Out>
struct Sink {
  Move* out;
  std::uint64_t count = 0;

  void add(Move m) {
    if constexpr (Out)
      *out++ = m;
    else
      ++count;
  }
  // A normal move from one square to every square in `targets`.
  void add_targets(Square from, Bitboard targets) {
    if constexpr (Out)
      while (targets) *out++ = Move(from, pop_lsb(targets));
    else
      count += popcount(targets);
  }
  // Pawn moves whose origin is `to - step`.
  void add_pawn_moves(Bitboard targets, int step) {
    if constexpr (Out)
      while (targets) {
        Square to = pop_lsb(targets);
        *out++ = Move(Square(to - step), to);
      }
    else
      count += popcount(targets);
  }
  void add_promotions(Bitboard targets, int step) {
    if constexpr (Out)
      while (targets) {
        Square to = pop_lsb(targets), from = Square(to - step);
        for (PieceType pt : {QUEEN, KNIGHT, ROOK, BISHOP})
          *out++ = Move::make<PROMOTION>(from, to, pt);
      }
    else
      count += 4 * popcount(targets);
  }
};

// Board is Position (the search) or PerftBoard (perft's make/unmake board).
template <Color Us, GenType Type, bool Out, class Board>
void generate_all(const Board& pos, Sink<Out>& sink) {
  constexpr Color Them = ~Us;
  constexpr Direction Up = pawn_push(Us);
  constexpr Direction UpWest = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  constexpr Direction UpEast = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  constexpr Bitboard PromotionRank = Us == WHITE ? RANK_8_BB : RANK_1_BB;
  constexpr Bitboard DoublePushRank = Us == WHITE ? RANK_3_BB : RANK_6_BB;

  const Bitboard occupied = pos.pieces();
  const Bitboard own = pos.pieces(Us);
  const Bitboard enemy = pos.pieces(Them);
  const Bitboard enemyDiag = pos.pieces(Them, BISHOP, QUEEN);
  const Bitboard enemyOrth = pos.pieces(Them, ROOK, QUEEN);
  const Square ksq = pos.king_square(Us);
  const Bitboard checkers = pos.checkers();

  // Which destinations this generation type wants.
  const Bitboard wanted = Type == CAPTURES ? enemy : Type == QUIETS ? ~occupied : ~own;

  // Squares the enemy attacks, seen through our king so that it cannot step
  // back along a checking ray. The king usually has few squares to go to,
  // so asking square by square beats mapping every enemy attack.
  const Bitboard occNoKing = occupied ^ square_bb(ksq);
  const Bitboard enemyPawns = pos.pieces(Them, PAWN);
  const Bitboard enemyKnights = pos.pieces(Them, KNIGHT);
  const Bitboard enemyKing = pos.pieces(Them, KING);
  auto attacked = [&](Square s) {
    return (pawn_attacks(Us, s) & enemyPawns) || (knight_attacks(s) & enemyKnights) ||
           (king_attacks(s) & enemyKing) ||
           ((bishop_rays(s) & enemyDiag) && (bishop_attacks(s, occNoKing) & enemyDiag)) ||
           ((rook_rays(s) & enemyOrth) && (rook_attacks(s, occNoKing) & enemyOrth));
  };
  auto safe_squares = [&](Bitboard squares) {
    for (Bitboard b = squares; b;)
      if (Square s = pop_lsb(b); attacked(s)) squares ^= square_bb(s);
    return squares;
  };

  sink.add_targets(ksq, safe_squares(king_attacks(ksq) & wanted));
  if (more_than_one(checkers)) return;  // double check: only the king moves

  // Check mask: a single check is answered by capturing or blocking.
  const Bitboard checkMask = checkers ? between_bb(ksq, lsb(checkers)) | checkers : ~0ULL;

  // Pin masks: the rays from king to pinner (pinner included) along which
  // exactly one of our pieces stands; a pinned piece stays on its ray.
  // Most of the time no enemy slider even shares a line with the king.
  Bitboard pinOrth = 0, pinDiag = 0;
  if (rook_rays(ksq) & enemyOrth)
    for (Bitboard b = rook_attacks(ksq, enemy) & enemyOrth; b;) {
      Square s = pop_lsb(b);
      Bitboard ray = between_bb(ksq, s);
      if (popcount(ray & own) == 1) pinOrth |= ray | square_bb(s);
    }
  if (bishop_rays(ksq) & enemyDiag)
    for (Bitboard b = bishop_attacks(ksq, enemy) & enemyDiag; b;) {
      Square s = pop_lsb(b);
      Bitboard ray = between_bb(ksq, s);
      if (popcount(ray & own) == 1) pinDiag |= ray | square_bb(s);
    }
  const Bitboard pinned = pinOrth | pinDiag;
  const Bitboard targets = wanted & checkMask;

  // Pawns. Orthogonally pinned pawns may only push, diagonally pinned ones
  // may only capture along their pin.
  const Bitboard pawns = pos.pieces(Us, PAWN);
  const Bitboard empty = ~occupied;
  {
    Bitboard pushers = pawns & ~pinDiag;
    Bitboard single =
        (shift<Up>(pushers & ~pinOrth) | (shift<Up>(pushers & pinOrth) & pinOrth)) & empty;
    Bitboard dbl = shift<Up>(single & DoublePushRank) & empty & checkMask;
    single &= checkMask;

    Bitboard capturers = pawns & ~pinOrth;
    Bitboard west =
        (shift<UpWest>(capturers & ~pinDiag) | (shift<UpWest>(capturers & pinDiag) & pinDiag)) &
        enemy & checkMask;
    Bitboard east =
        (shift<UpEast>(capturers & ~pinDiag) | (shift<UpEast>(capturers & pinDiag) & pinDiag)) &
        enemy & checkMask;

    if constexpr (Type != QUIETS) {
      sink.add_promotions(west & PromotionRank, UpWest);
      sink.add_promotions(east & PromotionRank, UpEast);
      sink.add_promotions(single & PromotionRank, Up);
      sink.add_pawn_moves(west & ~PromotionRank, UpWest);
      sink.add_pawn_moves(east & ~PromotionRank, UpEast);

      // En passant: rare, so test it exactly by taking both pawns off the
      // board and looking for a slider on the king (covers the pin along
      // the rank that no pin mask sees).
      if (Square ep = pos.ep_square(); ep != SQ_NONE) {
        Square captured = Square(ep - Up);
        if (checkMask & (square_bb(ep) | square_bb(captured)))
          for (Bitboard b = pawn_attacks(Them, ep) & capturers; b;) {
            Square from = pop_lsb(b);
            Bitboard after = occupied ^ square_bb(from) ^ square_bb(captured) ^ square_bb(ep);
            if (!(rook_attacks(ksq, after) & enemyOrth) &&
                !(bishop_attacks(ksq, after) & enemyDiag))
              sink.add(Move::make<EN_PASSANT>(from, ep));
          }
      }
    }
    if constexpr (Type != CAPTURES) {
      sink.add_pawn_moves(single & ~PromotionRank, Up);
      sink.add_pawn_moves(dbl, 2 * Up);
    }
  }

  // Knights: a pinned knight can never move.
  for (Bitboard b = pos.pieces(Us, KNIGHT) & ~pinned; b;) {
    Square s = pop_lsb(b);
    sink.add_targets(s, knight_attacks(s) & targets);
  }

  // Sliders: a pinned one stays on its pin ray. Queens are in both groups.
  auto add_slider_moves = [&](Bitboard movers, Bitboard pinRay, auto attacks) {
    for (Bitboard b = movers & ~pinRay; b;) {
      Square s = pop_lsb(b);
      sink.add_targets(s, attacks(s) & targets);
    }
    for (Bitboard b = movers & pinRay; b;) {
      Square s = pop_lsb(b);
      sink.add_targets(s, attacks(s) & targets & pinRay);
    }
  };
  add_slider_moves(pos.pieces(Us, BISHOP, QUEEN) & ~pinOrth, pinDiag,
                   [&](Square s) { return bishop_attacks(s, occupied); });
  add_slider_moves(pos.pieces(Us, ROOK, QUEEN) & ~pinDiag, pinOrth,
                   [&](Square s) { return rook_attacks(s, occupied); });

  // Castling: path empty, king never crosses an attacked square, and (for
  // Chess960) no enemy rook behind our castling rook on the back rank.
  if constexpr (Type != CAPTURES) {
    if (!checkers)
      for (CastlingRights cr : {castling_right(Us, true), castling_right(Us, false)}) {
        if (!pos.can_castle(cr) || (pos.castling_path(cr) & occupied)) continue;
        Square rsq = pos.castling_rook_square(cr), kto = castling_king_to(cr);
        const Bitboard kingPath = between_bb(ksq, kto) | square_bb(kto);
        if (safe_squares(kingPath) != kingPath) continue;
        Bitboard after = (occupied ^ square_bb(ksq) ^ square_bb(rsq)) | square_bb(kto) |
                         square_bb(castling_rook_to(cr));
        if (rook_attacks(kto, after) & enemyOrth) continue;
        sink.add(Move::make<CASTLING>(ksq, rsq));
      }
  }
}

template <GenType Type, bool Out>
void dispatch(const Position& pos, Sink<Out>& sink) {
  if (pos.side_to_move() == WHITE)
    generate_all<WHITE, Type, Out>(pos, sink);
  else
    generate_all<BLACK, Type, Out>(pos, sink);
}

}  // namespace

template <GenType Type>
Move* generate(const Position& pos, Move* list) {
  Sink<true> sink{list};
  dispatch<Type>(pos, sink);
  return sink.out;
}

template Move* generate<CAPTURES>(const Position&, Move*);
template Move* generate<QUIETS>(const Position&, Move*);
template Move* generate<LEGAL>(const Position&, Move*);

Move parse_uci_move(const Position& pos, std::string_view text) {
  if (text.size() < 4 || text.size() > 5) return Move::none();
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
  Sink<false> sink{nullptr};
  dispatch<LEGAL>(pos, sink);
  return sink.count;
}

template <Color Us>
Move* generate_legal(const PerftBoard& board, Move* list) {
  Sink<true> sink{list};
  generate_all<Us, LEGAL>(board, sink);
  return sink.out;
}

template <Color Us>
std::uint64_t count_legal_moves(const PerftBoard& board) {
  Sink<false> sink{nullptr};
  generate_all<Us, LEGAL>(board, sink);
  return sink.count;
}

template Move* generate_legal<WHITE>(const PerftBoard&, Move*);
template Move* generate_legal<BLACK>(const PerftBoard&, Move*);
template std::uint64_t count_legal_moves<WHITE>(const PerftBoard&);
template std::uint64_t count_legal_moves<BLACK>(const PerftBoard&);

}  // namespace shiftmate
