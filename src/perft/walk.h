// Perft's walk on PerftBoard and its hash table, shared by perft.cpp (the
// unhashed walk) and hashed.cpp (the hashed one). Each walk is
// instantiated in its own file: without link-time optimisation the compiler
// weighs inlining file by file, so the hashed walk's code leaves that of the
// unhashed walk as it was.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "generator.h"
#include "movegen.h"
#include "perft/board.h"

namespace shiftmate {

// A lockless table of (key, depth) -> count. Each slot stores the count and
// the key XOR the count, so a slot torn by a concurrent write never matches.
class PerftTable {
 public:
  // The largest power of two of slots that fits in `mb` (checked by the
  // caller against the machine's memory).
  explicit PerftTable(std::size_t mb) {
    std::size_t n = 1;
    while (n * 2 * sizeof(Slot) <= (mb << 20)) n *= 2;
    slots = std::make_unique<Slot[]>(n);
    mask = n - 1;
  }

  bool probe(Key key, int depth, std::uint64_t& nodes) const {
    Key k = key ^ depth_key(depth);
    const Slot& s = slots[k & mask];
    std::uint64_t data = s.data.load(std::memory_order_relaxed);
    if ((s.check.load(std::memory_order_relaxed) ^ data) != k) return false;
    nodes = data;
    return true;
  }

  void prefetch(Key key, int depth) const {
    __builtin_prefetch(&slots[(key ^ depth_key(depth)) & mask]);
  }

  void store(Key key, int depth, std::uint64_t nodes) {
    Key k = key ^ depth_key(depth);
    Slot& s = slots[k & mask];
    s.data.store(nodes, std::memory_order_relaxed);
    s.check.store(k ^ nodes, std::memory_order_relaxed);
  }

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0}, data{0};
  };
  static Key depth_key(int depth) { return 0x9E3779B97F4A7C15ULL * std::uint64_t(depth + 1); }

  std::unique_ptr<Slot[]> slots;
  std::size_t mask;
};

// A generator sink that hands each move over on its own: normal moves to
// Walk::visit<Mover, Capture, DoublePush>(piece, from, to), told at compile
// time which piece moves (KING, KNIGHT, PAWN, or BISHOP and ROOK for the
// lines, queens included) and whether it captures; castling, en passant
// and promotions to Walk::add(move). Walk derives from it and has `board`.
template <Color Us, class Walk>
struct MoveByMove {
  static constexpr bool CountsOnly = false;

  template <PieceType Mover>
  void add_targets(Square from, Bitboard targets) {
    Walk& walk = static_cast<Walk&>(*this);
    const Piece piece =
        Mover == KING || Mover == KNIGHT ? make_piece(Us, Mover) : walk.board.piece_on(from);
    const Bitboard enemy = walk.board.pieces(~Us);
    for (Bitboard b = targets & enemy; b;)
      walk.template visit<Mover, true>(piece, from, pop_lsb(b));
    for (Bitboard b = targets & ~enemy; b;)
      walk.template visit<Mover, false>(piece, from, pop_lsb(b));
  }
  template <int Step>
  void add_pawn_moves(Bitboard targets) {
    constexpr bool Push = Step == pawn_push(Us), DoublePush = Step == 2 * pawn_push(Us);
    Walk& walk = static_cast<Walk&>(*this);
    while (targets) {
      const Square to = pop_lsb(targets);
      walk.template visit<PAWN, !Push && !DoublePush, DoublePush>(make_piece(Us, PAWN),
                                                                  Square(to - Step), to);
    }
  }
  template <int Step>
  void add_promotions(Bitboard targets) {
    while (targets) {
      const Square to = pop_lsb(targets), from = Square(to - Step);
      for (PieceType pt : {QUEEN, KNIGHT, ROOK, BISHOP})
        static_cast<Walk&>(*this).add(Move::make<PROMOTION>(from, to, pt));
    }
  }
};

// Plays each move as it is generated and counts the leaves below it: no
// move list, and make and unmake know the kind of move at compile time.
// Board: PerftBoard or KeyedPerftBoard. Below(board) counts the leaves
// under the move just made.
template <Color Us, class Board, class Below>
struct PerftWalk : MoveByMove<Us, PerftWalk<Us, Board, Below>> {
  Board& board;
  Below below;
  std::uint64_t nodes = 0;

  PerftWalk(Board& b, Below counter) : board(b), below(counter) {}

  void add(Move m) {
    const typename Board::Undo undo = board.template make<Us>(m);
    nodes += below(board);
    board.template unmake<Us>(m, undo);
  }
  template <PieceType Mover, bool Capture, bool DoublePush = false>
  void visit(Piece piece, Square from, Square to) {
    const typename Board::Undo undo =
        board.template make_normal<Us, Mover, Capture, DoublePush>(piece, from, to);
    nodes += below(board);
    board.template unmake_normal<Us, Mover, Capture>(piece, from, to, undo);
  }
};

// The walk at a node two plies above the leaves: each normal move's replies
// are counted on the LeafBoard it leads to, made in registers from the board
// and the move, with the count inlined here; the board itself is not
// touched. Castling, en passant and promotions are rare enough to be made
// and unmade on the board and counted there.
template <Color Us>
struct PerftLastWalk : MoveByMove<Us, PerftLastWalk<Us>> {
  PerftBoard& board;
  const std::uint8_t castlingMask;
  std::uint64_t nodes = 0;

  explicit PerftLastWalk(PerftBoard& b) : board(b), castlingMask(LeafBoard::castling_mask<Us>(b)) {}

  void add(Move m) {
    const PerftBoard::Undo undo = board.make<Us>(m);
    nodes += count_legal_moves<~Us>(board);
    board.unmake<Us>(m, undo);
  }
  template <PieceType Mover, bool Capture, bool DoublePush = false>
  [[gnu::always_inline]] void visit(Piece piece, Square from, Square to) {
    nodes += count_legal_moves<~Us>(LeafBoard::after_normal<Us, Mover, Capture, DoublePush>(
        board, castlingMask, piece, from, to));
  }
};

// The unhashed walk (perft.cpp), for the hashed walk's subtrees below its
// table; Us is the side to move.
template <Color Us>
std::uint64_t perft_unhashed(PerftBoard& board, int depth);

// The hashed walk (hashed.cpp) from pos.
std::uint64_t perft_hashed(const Position& pos, int depth, PerftTable& table);

}  // namespace shiftmate
