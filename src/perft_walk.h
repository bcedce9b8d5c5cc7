// Perft's walk on PerftBoard and its hash table, shared by perft.cpp (the
// unhashed walk) and perft_hashed.cpp (the hashed one). Each walk is
// instantiated in its own file: without link-time optimisation the compiler
// weighs inlining file by file, so the hashed walk's code leaves that of the
// unhashed walk as it was.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "generator.h"
#include "movegen.h"
#include "perft_board.h"

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

// A generator sink that plays each move as it is generated and counts the
// leaves below it: no move list, and the kind of move (piece, capture or
// not) is known at compile time at every make and unmake. Board: PerftBoard
// or KeyedPerftBoard. Below(board) counts the leaves under the move just
// made.
template <Color Us, class Board, class Below>
struct PerftWalk {
  static constexpr bool CountsOnly = false;
  Board& board;
  Below below;
  std::uint64_t nodes = 0;

  template <PieceType Mover>
  void add_targets(Square from, Bitboard targets) {
    const Piece piece =
        Mover == KING || Mover == KNIGHT ? make_piece(Us, Mover) : board.piece_on(from);
    const Bitboard enemy = board.pieces(~Us);
    for (Bitboard b = targets & enemy; b;) visit<Mover, true>(piece, from, pop_lsb(b));
    for (Bitboard b = targets & ~enemy; b;) visit<Mover, false>(piece, from, pop_lsb(b));
  }
  template <int Step>
  void add_pawn_moves(Bitboard targets) {
    constexpr bool Push = Step == pawn_push(Us), DoublePush = Step == 2 * pawn_push(Us);
    while (targets) {
      const Square to = pop_lsb(targets);
      visit<PAWN, !Push && !DoublePush, DoublePush>(make_piece(Us, PAWN), Square(to - Step), to);
    }
  }
  template <int Step>
  void add_promotions(Bitboard targets) {
    while (targets) {
      const Square to = pop_lsb(targets), from = Square(to - Step);
      for (PieceType pt : {QUEEN, KNIGHT, ROOK, BISHOP}) add(Move::make<PROMOTION>(from, to, pt));
    }
  }
  void add(Move m) {
    const typename Board::Undo undo = board.template make<Us>(m);
    nodes += below(board);
    board.template unmake<Us>(m, undo);
  }

 private:
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
struct PerftLastWalk {
  static constexpr bool CountsOnly = false;
  PerftBoard& board;
  const std::uint8_t castlingMask;
  std::uint64_t nodes = 0;

  explicit PerftLastWalk(PerftBoard& b) : board(b), castlingMask(LeafBoard::castling_mask<Us>(b)) {}

  // Each adds up its moves' counts in a local: a store to `nodes` could
  // alias the board's bitboards and make every count reload them.
  template <PieceType Mover>
  void add_targets(Square from, Bitboard targets) {
    const PerftBoard& parent = board;
    const std::uint8_t mask = castlingMask;
    const Piece piece =
        Mover == KING || Mover == KNIGHT ? make_piece(Us, Mover) : parent.piece_on(from);
    const Bitboard enemy = parent.pieces(~Us);
    std::uint64_t sum = 0;
    for (Bitboard b = targets & enemy; b;)
      sum += count<Mover, true>(parent, mask, piece, from, pop_lsb(b));
    for (Bitboard b = targets & ~enemy; b;)
      sum += count<Mover, false>(parent, mask, piece, from, pop_lsb(b));
    nodes += sum;
  }
  template <int Step>
  void add_pawn_moves(Bitboard targets) {
    constexpr bool Push = Step == pawn_push(Us), DoublePush = Step == 2 * pawn_push(Us);
    constexpr bool Capture = !Push && !DoublePush;
    const PerftBoard& parent = board;
    const std::uint8_t mask = castlingMask;
    std::uint64_t sum = 0;
    while (targets) {
      const Square to = pop_lsb(targets);
      sum += count<PAWN, Capture, DoublePush>(parent, mask, make_piece(Us, PAWN), Square(to - Step),
                                              to);
    }
    nodes += sum;
  }
  template <int Step>
  void add_promotions(Bitboard targets) {
    while (targets) {
      const Square to = pop_lsb(targets), from = Square(to - Step);
      for (PieceType pt : {QUEEN, KNIGHT, ROOK, BISHOP}) add(Move::make<PROMOTION>(from, to, pt));
    }
  }
  void add(Move m) {
    const PerftBoard::Undo undo = board.make<Us>(m);
    nodes += count_legal_moves<~Us>(board);
    board.unmake<Us>(m, undo);
  }

 private:
  template <PieceType Mover, bool Capture, bool DoublePush = false>
  [[gnu::always_inline]] static std::uint64_t count(const PerftBoard& parent,
                                                    std::uint8_t castlingMask, Piece piece,
                                                    Square from, Square to) {
    return count_moves<~Us>(LeafBoard::after_normal<Us, Mover, Capture, DoublePush>(
        parent, castlingMask, piece, from, to));
  }
};

// The unhashed walk (perft.cpp), for the hashed walk's subtrees below its
// table; Us is the side to move.
template <Color Us>
std::uint64_t perft_unhashed(PerftBoard& board, int depth);

// The hashed walk (perft_hashed.cpp) from pos.
std::uint64_t perft_hashed(const Position& pos, int depth, PerftTable& table);

}  // namespace shiftmate
