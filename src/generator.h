// The legal move generator, one template for every caller: the search's move
// lists and perft's bulk counts (movegen.cpp) and perft's walk, which makes
// each move as it is generated (perft.cpp). Legality comes from check and pin
// masks; nothing is generated and then tested.
#pragma once

#include <type_traits>

#include "attacks.h"
#include "bitboard.h"
#include "movegen.h"
#include "slider_fill.h"

namespace shiftmate {

// Board: Position or PerftBoard (the same read-only interface).
// Sink: what becomes of the moves, with these members:
//   add_targets<Mover>(from, targets)  normal moves from `from` to each target;
//                                      Mover is KING, KNIGHT, BISHOP (bishops and
//                                      queens along diagonals) or ROOK (rooks and
//                                      queens along lines)
//   add_pawn_moves<Step>(targets)      non-promoting pawn moves from to - Step
//                                      (Step: a push, a double push or a capture)
//   add_promotions<Step>(targets)      the four promotions on each target
//   add(move)                          en passant and castling
//   CountsOnly, add_count(n)           a sink that only counts may be given
//                                      the number of some moves instead
// The order of the calls is the search's move order for equal scores.
// Always inlined into its caller, which owns the sink: the sink's fields
// then live in registers instead of being stored after every add.
template <Color Us, GenType Type, class Board, class Sink>
[[gnu::always_inline]] inline void generate_all(const Board& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  constexpr Direction Up = pawn_push(Us);
  constexpr Direction UpWest = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  constexpr Direction UpEast = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  constexpr Bitboard PromotionRank = Us == WHITE ? RANK_8_BB : RANK_1_BB;
  constexpr Bitboard PrePromotionRank = Us == WHITE ? RANK_7_BB : RANK_2_BB;
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
  // back along a checking ray. With table lookups, asking square by square
  // beats mapping every enemy attack (the king has few squares to go to);
  // where the sliders' attacks come from a vector fill, one map is cheaper,
  // made once when first needed (never empty: the enemy king attacks).
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
  Bitboard danger = 0;
  auto safe_squares = [&](Bitboard squares) __attribute__((always_inline)) {
    if constexpr (FastSliderAttacks) {
      if (squares && !danger)
        danger = slider_attacks(enemyDiag, enemyOrth, ~occNoKing) |
                 pawn_attacks_bb<Them>(enemyPawns) | knight_attacks_of(enemyKnights) |
                 king_attacks(pos.king_square(Them));
      return squares & ~danger;
    } else {
      for (Bitboard b = squares; b;)
        if (Square s = pop_lsb(b); attacked(s)) squares ^= square_bb(s);
      return squares;
    }
  };

  sink.template add_targets<KING>(ksq, safe_squares(king_attacks(ksq) & wanted));
  if (more_than_one(checkers)) return;  // double check: only the king moves

  // Check mask: a single check is answered by capturing or blocking.
  const Bitboard checkMaskAll = checkers ? between_bb(ksq, lsb(checkers)) | checkers : ~0ULL;

  // Pin masks: the rays from king to pinner (pinner included) along which
  // exactly one of our pieces stands; a pinned piece stays on its ray.
  // Most of the time no enemy slider even shares a line with the king.
  Bitboard pinOrthAll = 0, pinDiagAll = 0;
  if (rook_rays(ksq) & enemyOrth)
    for (Bitboard b = rook_attacks(ksq, enemy) & enemyOrth; b;) {
      Square s = pop_lsb(b);
      Bitboard ray = between_bb(ksq, s);
      if (popcount(ray & own) == 1) pinOrthAll |= ray | square_bb(s);
    }
  if (bishop_rays(ksq) & enemyDiag)
    for (Bitboard b = bishop_attacks(ksq, enemy) & enemyDiag; b;) {
      Square s = pop_lsb(b);
      Bitboard ray = between_bb(ksq, s);
      if (popcount(ray & own) == 1) pinDiagAll |= ray | square_bb(s);
    }
  // Most nodes have no check and no pin: a second copy of what follows, with
  // the masks known to be empty, drops their arithmetic.
  auto generate_pieces = [&](auto constrained) __attribute__((always_inline)) {
    constexpr bool Constrained = decltype(constrained)::value;
    const Bitboard checkMask = Constrained ? checkMaskAll : ~0ULL;
    const Bitboard pinOrth = Constrained ? pinOrthAll : 0, pinDiag = Constrained ? pinDiagAll : 0;
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
        // Most nodes have no pawn about to promote: skip the promotion sets.
        if (pawns & PrePromotionRank) {
          sink.template add_promotions<UpWest>(west & PromotionRank);
          sink.template add_promotions<UpEast>(east & PromotionRank);
          sink.template add_promotions<Up>(single & PromotionRank);
          west &= ~PromotionRank;
          east &= ~PromotionRank;
          single &= ~PromotionRank;
        }
        sink.template add_pawn_moves<UpWest>(west);
        sink.template add_pawn_moves<UpEast>(east);

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
        if constexpr (Sink::CountsOnly) {
          // Single and double pushes end on different ranks: one popcount.
          sink.add_count(popcount((single & ~PromotionRank) | dbl));
        } else {
          sink.template add_pawn_moves<Up>(single & ~PromotionRank);
          sink.template add_pawn_moves<2 * Up>(dbl);
        }
      }
    }

    // Knights: a pinned knight can never move. A count needs no loop for
    // the first two (see knight_attacks_of).
    Bitboard knights = pos.pieces(Us, KNIGHT) & ~pinned;
    if constexpr (Sink::CountsOnly) {
      const Bitboard second = knights & (knights - 1);
      sink.add_count(popcount(first_knight_attacks(knights) & targets) +
                     popcount(first_knight_attacks(second) & targets));
      knights = second & (second - 1);
    }
    for (Bitboard b = knights; b;) {
      Square s = pop_lsb(b);
      sink.template add_targets<KNIGHT>(s, knight_attacks(s) & targets);
    }

    // Sliders: a pinned one stays on its pin ray. Queens are in both groups.
    auto add_slider_moves = [&]<PieceType Line>(Bitboard free, Bitboard pinnedMovers,
                                                Bitboard pinRay, auto attacks) {
      for (Bitboard b = free; b;) {
        Square s = pop_lsb(b);
        sink.template add_targets<Line>(s, attacks(s) & targets);
      }
      for (Bitboard b = pinnedMovers; b;) {
        Square s = pop_lsb(b);
        sink.template add_targets<Line>(s, attacks(s) & targets & pinRay);
      }
    };
    const Bitboard diagMovers = pos.pieces(Us, BISHOP, QUEEN) & ~pinOrth;
    const Bitboard orthMovers = pos.pieces(Us, ROOK, QUEEN) & ~pinDiag;
    Bitboard freeDiag = diagMovers & ~pinDiag, freeOrth = orthMovers & ~pinOrth;
    if constexpr (Sink::CountsOnly && FastSliderCounts) {
      sink.add_count(count_slider_moves(freeDiag, freeOrth, empty, targets));
      freeDiag = freeOrth = 0;
    } else if constexpr (Sink::CountsOnly) {
      // By lookups, the first three of each kind without a loop: a square
      // past the last is 64, whose attacks are empty.
      auto count_first_three = [&](Bitboard & sliders, auto attacks)
          __attribute__((always_inline)) {
        const Bitboard second = sliders & (sliders - 1), third = second & (second - 1);
        sink.add_count(popcount(attacks(Square(std::countr_zero(sliders))) & targets) +
                       popcount(attacks(Square(std::countr_zero(second))) & targets) +
                       popcount(attacks(Square(std::countr_zero(third))) & targets));
        sliders = third & (third - 1);
      };
      count_first_three(freeDiag, [&](Square s) { return bishop_attacks(s, occupied); });
      count_first_three(freeOrth, [&](Square s) { return rook_attacks(s, occupied); });
    }
    add_slider_moves.template operator()<BISHOP>(
        freeDiag, diagMovers & pinDiag, pinDiag,
        [&](Square s) { return bishop_attacks(s, occupied); });
    add_slider_moves.template operator()<ROOK>(freeOrth, orthMovers & pinOrth, pinOrth,
                                               [&](Square s) { return rook_attacks(s, occupied); });

    // Castling: path empty, king never crosses an attacked square, and (for
    // Chess960) no enemy rook behind our castling rook on the back rank.
    if constexpr (Type != CAPTURES) {
      // First the cheap test of both rights (held, path empty), which ends
      // most nodes' castling; then the king's path and the Chess960 rook.
      constexpr CastlingRights KingSide = castling_right(Us, true);
      constexpr CastlingRights QueenSide = castling_right(Us, false);
      auto open = [&](CastlingRights cr) {
        return pos.can_castle(cr) && !(pos.castling_path(cr) & occupied);
      };
      const bool mayCastle = !checkers && pos.can_castle(CastlingRights(KingSide | QueenSide));
      const bool kingSide = mayCastle && open(KingSide), queenSide = mayCastle && open(QueenSide);
      if (kingSide | queenSide)
        for (CastlingRights cr : {KingSide, QueenSide}) {
          if (!(cr == KingSide ? kingSide : queenSide)) continue;
          Square rsq = pos.castling_rook_square(cr), kto = castling_king_to(cr);
          const Bitboard kingPath = pos.castling_king_path(cr);
          if (safe_squares(kingPath) != kingPath) continue;
          // Only a rook that starts off the corner (Chess960) can have
          // hidden an enemy slider on the back rank from the king's square.
          const bool corner = file_of(rsq) == (cr == KingSide ? FILE_H : FILE_A);
          Bitboard after = (occupied ^ square_bb(ksq) ^ square_bb(rsq)) | square_bb(kto) |
                           square_bb(castling_rook_to(cr));
          if (!corner && (rook_attacks(kto, after) & enemyOrth)) continue;
          sink.add(Move::make<CASTLING>(ksq, rsq));
        }
    }
  };
  if (checkers | pinOrthAll | pinDiagAll)
    generate_pieces(std::true_type{});
  else
    generate_pieces(std::false_type{});
}

// A sink that writes the moves out: the search's lists.
struct MoveWriter {
  static constexpr bool CountsOnly = false;
  Move* out;

  void add(Move m) { *out++ = m; }
  template <PieceType Mover>
  void add_targets(Square from, Bitboard targets) {
    while (targets) *out++ = Move(from, pop_lsb(targets));
  }
  template <int Step>
  void add_pawn_moves(Bitboard targets) {
    while (targets) {
      Square to = pop_lsb(targets);
      *out++ = Move(Square(to - Step), to);
    }
  }
  template <int Step>
  void add_promotions(Bitboard targets) {
    while (targets) {
      Square to = pop_lsb(targets), from = Square(to - Step);
      for (PieceType pt : {QUEEN, KNIGHT, ROOK, BISHOP})
        *out++ = Move::make<PROMOTION>(from, to, pt);
    }
  }
};

// A sink that only counts: perft's last ply.
struct MoveCounter {
  static constexpr bool CountsOnly = true;
  std::uint64_t count = 0;

  void add_count(int n) { count += n; }
  void add(Move) { ++count; }
  template <PieceType Mover>
  void add_targets(Square, Bitboard targets) {
    count += popcount(targets);
  }
  template <int Step>
  void add_pawn_moves(Bitboard targets) {
    count += popcount(targets);
  }
  template <int Step>
  void add_promotions(Bitboard targets) {
    count += 4 * popcount(targets);
  }
};

// The number of legal moves of Us, the side to move on `pos`.
template <Color Us, class Board>
[[gnu::always_inline]] inline std::uint64_t count_legal_moves(const Board& pos) {
  MoveCounter counter;
  generate_all<Us, LEGAL>(pos, counter);
  return counter.count;
}

}  // namespace shiftmate
