// Perft's board: a position cut down to what legal move generation reads, and
// made and unmade in place. No Zobrist keys and no history: cheaper than
// Position's do_move/undo_move when nothing but the leaf count is wanted.
// (Copy-make of this board was slower: reading fields back right after the
// wide vector stores of the copy stalls store-to-load forwarding.) The move
// generator is the search's own (generator.h), instantiated for this type.
#pragma once

#include "position.h"
#include "zobrist.h"

namespace shiftmate {

// The sliders among `diag` (bishops and queens) and `orth` (rooks and
// queens) that attack ksq through `occupied`, looked up only where one of
// them shares a line with the square.
inline Bitboard slider_checkers(Square ksq, Bitboard occupied, Bitboard diag, Bitboard orth) {
  Bitboard checkers = 0;
  if (bishop_rays(ksq) & diag) checkers |= bishop_attacks(ksq, occupied) & diag;
  if (rook_rays(ksq) & orth) checkers |= rook_attacks(ksq, occupied) & orth;
  return checkers;
}

class PerftBoard {
  friend class LeafBoard;

 public:
  // Castling geometry (rook squares, paths, the squares that cancel rights)
  // is read from `pos`, which must outlive every board made from it.
  explicit PerftBoard(const Position& pos) : geometry(&pos) {
    for (int pt = 0; pt < PIECE_TYPE_NB; ++pt) byType[pt] = pos.pieces(PieceType(pt));
    for (Color c : {WHITE, BLACK}) byColor[c] = pos.pieces(c);
    checkersBB = pos.checkers();
    epSquare = pos.ep_square();
    for (Square s = SQ_A1; s <= SQ_H8; ++s) board[s] = pos.piece_on(s);
    castling = std::uint8_t(pos.castling_rights());
    sideToMove = pos.side_to_move();
  }

  // What the generator reads; the same names as Position's.
  Bitboard pieces() const { return byType[0]; }
  Bitboard pieces(Color c) const { return byColor[c]; }
  Bitboard pieces(Color c, PieceType pt) const { return byColor[c] & byType[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    return byColor[c] & (byType[a] | byType[b]);
  }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }
  Color side_to_move() const { return sideToMove; }
  Bitboard checkers() const { return checkersBB; }
  Square ep_square() const { return epSquare; }
  bool can_castle(CastlingRights cr) const { return castling & cr; }
  int castling_rights() const { return castling; }
  Bitboard castling_path(CastlingRights cr) const { return geometry->castling_path(cr); }
  Bitboard castling_king_path(CastlingRights cr) const { return geometry->castling_king_path(cr); }
  Square castling_rook_square(CastlingRights cr) const {
    return geometry->castling_rook_square(cr);
  }

  Piece piece_on(Square s) const { return board[s]; }

  bool operator==(const PerftBoard&) const = default;

  // What unmake needs back.
  struct Undo {
    Bitboard checkers;
    Piece captured;
    Square epSquare;
    std::uint8_t castling;
  };

  // Plays the legal move m; Us is the side to move.
  template <Color Us>
  Undo make(Move m) {
    constexpr Color Them = ~Us;
    Undo undo{checkersBB, NO_PIECE, epSquare, castling};
    const Square from = m.from(), to = m.to();
    const Piece piece = board[from];
    epSquare = SQ_NONE;
    if (m.kind() == CASTLING) {
      const CastlingRights cr = castling_right(Us, to > from);
      const Piece rook = board[to];
      remove(from);  // both first: in Chess960 the squares may overlap
      remove(to);
      put(piece, castling_king_to(cr));
      put(rook, castling_rook_to(cr));
    } else {
      const Square capSq = m.kind() == EN_PASSANT ? Square(to - pawn_push(Us)) : to;
      undo.captured = board[capSq];
      if (undo.captured != NO_PIECE) remove(capSq);
      move(piece, from, to);
      if (type_of(piece) == PAWN) {
        if ((from ^ to) == 16)
          epSquare = Square(from + pawn_push(Us));
        else if (m.kind() == PROMOTION) {
          remove(to);
          put(make_piece(Us, m.promotion()), to);
        }
      }
    }
    if (castling)
      castling &= ~(geometry->castling_rights_lost(from) | geometry->castling_rights_lost(to));
    sideToMove = Them;

    const Square ksq = king_square(Them);
    set_checkers<Us>(ksq, (pawn_attacks(Them, ksq) & pieces(Us, PAWN)) |
                              (knight_attacks(ksq) & pieces(Us, KNIGHT)));
    return undo;
  }

  // A normal move (no castling, en passant or promotion) of `piece`, which
  // moves as Mover (PAWN, KNIGHT, KING, or BISHOP and ROOK for the lines,
  // queens included), to an enemy piece if Capture. What the generator
  // already knows at compile time, make<Us>(Move) has to branch on.
  template <Color Us, PieceType Mover, bool Capture, bool DoublePush = false>
  Undo make_normal(Piece piece, Square from, Square to) {
    constexpr Color Them = ~Us;
    Undo undo{checkersBB, NO_PIECE, epSquare, castling};
    if constexpr (Capture) {
      undo.captured = board[to];
      remove(to);
    }
    move(piece, from, to);
    epSquare = DoublePush ? Square(from + pawn_push(Us)) : SQ_NONE;
    if constexpr (Mover == KING || Mover == ROOK)
      castling &= ~(geometry->castling_rights_lost(from) | geometry->castling_rights_lost(to));
    else if constexpr (Capture)
      castling &= ~geometry->castling_rights_lost(to);
    sideToMove = Them;
    // Before the move Them was not in check: only the piece that moved can
    // give check other than by a slider.
    const Square ksq = king_square(Them);
    Bitboard direct = 0;
    if constexpr (Mover == PAWN) direct = pawn_attacks(Them, ksq) & square_bb(to);
    if constexpr (Mover == KNIGHT) direct = knight_attacks(ksq) & square_bb(to);
    set_checkers<Us>(ksq, direct);
    return undo;
  }

  template <Color Us, PieceType Mover, bool Capture>
  void unmake_normal(Piece piece, Square from, Square to, const Undo& undo) {
    move(piece, to, from);
    if constexpr (Capture) put(undo.captured, to);
    checkersBB = undo.checkers;
    epSquare = undo.epSquare;
    castling = undo.castling;
    sideToMove = Us;
  }

  // Takes back m, played by Us with make<Us>.
  template <Color Us>
  void unmake(Move m, const Undo& undo) {
    const Square from = m.from(), to = m.to();
    if (m.kind() == CASTLING) {
      const CastlingRights cr = castling_right(Us, to > from);
      const Square kto = castling_king_to(cr), rto = castling_rook_to(cr);
      const Piece king = board[kto], rook = board[rto];
      remove(kto);
      remove(rto);
      put(king, from);
      put(rook, to);
    } else {
      if (m.kind() == PROMOTION) {
        remove(to);
        put(make_piece(Us, PAWN), to);
      }
      move(board[to], to, from);
      if (undo.captured != NO_PIECE)
        put(undo.captured, m.kind() == EN_PASSANT ? Square(to - pawn_push(Us)) : to);
    }
    checkersBB = undo.checkers;
    epSquare = undo.epSquare;
    castling = undo.castling;
    sideToMove = Us;
  }

 private:
  // Checkers of the king on ksq after a move by Us: `others` plus the sliders,
  // looked up only where a slider shares a line with the king.
  template <Color Us>
  void set_checkers(Square ksq, Bitboard others) {
    checkersBB =
        others | slider_checkers(ksq, pieces(), pieces(Us, BISHOP, QUEEN), pieces(Us, ROOK, QUEEN));
  }

  void put(Piece p, Square s) {
    const Bitboard b = square_bb(s);
    board[s] = p;
    byType[0] |= b;
    byType[type_of(p)] |= b;
    byColor[color_of(p)] |= b;
  }
  void remove(Square s) {
    const Piece p = board[s];
    const Bitboard b = square_bb(s);
    board[s] = NO_PIECE;
    byType[0] ^= b;
    byType[type_of(p)] ^= b;
    byColor[color_of(p)] ^= b;
  }
  void move(Piece p, Square from, Square to) {
    const Bitboard b = square_bb(from) | square_bb(to);
    board[from] = NO_PIECE;
    board[to] = p;
    byType[0] ^= b;
    byType[type_of(p)] ^= b;
    byColor[color_of(p)] ^= b;
  }

  Bitboard byType[PIECE_TYPE_NB];  // index 0: all pieces
  Bitboard byColor[COLOR_NB];
  Bitboard checkersBB;
  const Position* geometry;
  Piece board[SQUARE_NB];
  Square epSquare;
  std::uint8_t castling;
  Color sideToMove;
};

// The board of perft's last ply: what the generator reads to count the
// moves, as a value made from the PerftBoard one ply above and the move
// played there. Pieces are kept by colour and by how they move (a queen is
// in both line sets), so a move is a few register operations on the
// parent's bitboards: no mailbox, no make, no unmake. Inlined with the
// count into the walk at the node above the leaves, the whole board stays
// in registers.
class LeafBoard {
 public:
  // The castling rights a LeafBoard made from `board` after a move by Us
  // keeps: Them's rights whose path holds a piece of Them's can be used on
  // no board made after a move by Us (that piece stays, or ours takes its
  // square), so they are dropped once for all the moves.
  template <Color Us>
  static std::uint8_t castling_mask(const PerftBoard& board) {
    constexpr Color Them = ~Us;
    std::uint8_t mask = ALL_CASTLING;
    for (CastlingRights cr : {castling_right(Them, true), castling_right(Them, false)})
      if (board.castling_path(cr) & board.pieces(Them)) mask &= ~cr;
    return mask;
  }

  // The position on `board` as it stands, with the castling rights in
  // `castlingMask` (see castling_mask).
  explicit LeafBoard(const PerftBoard& board, std::uint8_t castlingMask = ALL_CASTLING)
      : colors{board.byColor[WHITE], board.byColor[BLACK]},
        pawns(board.byType[PAWN]),
        knights(board.byType[KNIGHT]),
        diagonal(board.byType[BISHOP] | board.byType[QUEEN]),
        orthogonal(board.byType[ROOK] | board.byType[QUEEN]),
        kings(board.byType[KING]),
        checkersBB(board.checkersBB),
        geometry(board.geometry),
        epSquare(board.epSquare),
        castling(board.castling & castlingMask) {}

  // The position after Us plays the normal move of `piece` (moving as
  // Mover, as PerftBoard::make_normal is told) on `board`, with the
  // castling rights in castlingMask (castling_mask<Us>(board)).
  template <Color Us, PieceType Mover, bool Capture, bool DoublePush = false>
  [[gnu::always_inline]] static LeafBoard after_normal(const PerftBoard& board,
                                                       std::uint8_t castlingMask, Piece piece,
                                                       Square from, Square to) {
    constexpr Color Them = ~Us;
    LeafBoard b(board, castlingMask);
    const Bitboard toBB = square_bb(to), fromTo = square_bb(from) | toBB;
    if constexpr (Capture) {
      b.colors[Them] ^= toBB;
      b.pawns &= ~toBB;
      b.knights &= ~toBB;
      b.diagonal &= ~toBB;
      b.orthogonal &= ~toBB;
    }
    b.colors[Us] ^= fromTo;
    if constexpr (Mover == PAWN) b.pawns ^= fromTo;
    if constexpr (Mover == KNIGHT) b.knights ^= fromTo;
    if constexpr (Mover == KING) b.kings ^= fromTo;
    if constexpr (Mover == BISHOP || Mover == ROOK) {
      const bool queen = type_of(piece) == QUEEN;
      (Mover == BISHOP ? b.diagonal : b.orthogonal) ^= fromTo;
      if (queen) (Mover == BISHOP ? b.orthogonal : b.diagonal) ^= fromTo;
    }
    b.epSquare = DoublePush ? Square(from + pawn_push(Us)) : SQ_NONE;
    if constexpr (Mover == KING || Mover == ROOK)
      b.castling &=
          ~(b.geometry->castling_rights_lost(from) | b.geometry->castling_rights_lost(to));
    else if constexpr (Capture)
      b.castling &= ~b.geometry->castling_rights_lost(to);
    // As in PerftBoard::make_normal: besides the sliders, only the piece
    // that moved can give check.
    const Square ksq = b.king_square(Them);
    Bitboard direct = 0;
    if constexpr (Mover == PAWN) direct = pawn_attacks(Them, ksq) & toBB;
    if constexpr (Mover == KNIGHT) direct = knight_attacks(ksq) & toBB;
    b.checkersBB = direct | slider_checkers(ksq, b.pieces(), b.pieces(Us, BISHOP, QUEEN),
                                            b.pieces(Us, ROOK, QUEEN));
    return b;
  }

  // What the generator reads; the same names as Position's.
  Bitboard pieces() const { return colors[WHITE] | colors[BLACK]; }
  Bitboard pieces(Color c) const { return colors[c]; }
  Bitboard pieces(Color c, PieceType pt) const { return colors[c] & of_type(pt); }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    // The two pairs the generator asks for are the line sets themselves.
    if ((a == BISHOP && b == QUEEN) || (a == QUEEN && b == BISHOP)) return colors[c] & diagonal;
    if ((a == ROOK && b == QUEEN) || (a == QUEEN && b == ROOK)) return colors[c] & orthogonal;
    return colors[c] & (of_type(a) | of_type(b));
  }
  Square king_square(Color c) const { return lsb(colors[c] & kings); }
  Bitboard checkers() const { return checkersBB; }
  Square ep_square() const { return epSquare; }
  bool can_castle(CastlingRights cr) const { return castling & cr; }
  Bitboard castling_path(CastlingRights cr) const { return geometry->castling_path(cr); }
  Bitboard castling_king_path(CastlingRights cr) const { return geometry->castling_king_path(cr); }
  Square castling_rook_square(CastlingRights cr) const {
    return geometry->castling_rook_square(cr);
  }

  bool operator==(const LeafBoard&) const = default;

 private:
  Bitboard of_type(PieceType pt) const {
    switch (pt) {
      case PAWN:
        return pawns;
      case KNIGHT:
        return knights;
      case BISHOP:
        return diagonal & ~orthogonal;
      case ROOK:
        return orthogonal & ~diagonal;
      case QUEEN:
        return diagonal & orthogonal;
      case KING:
        return kings;
      default:
        return pieces();
    }
  }

  Bitboard colors[COLOR_NB];
  Bitboard pawns, knights, diagonal, orthogonal, kings;
  Bitboard checkersBB;
  const Position* geometry;
  Square epSquare;
  std::uint8_t castling;
};

// The hashed perft's board: PerftBoard plus a Zobrist key kept move by move,
// equal to Position::key() (en passant hashed, as there, only when a pawn
// stands beside the pawn that moved two squares). A separate class so that
// the unhashed walk keeps PerftBoard's code untouched; only nodes that probe
// the table need the key, so a walk may hand this board to code that takes
// a PerftBoard&, which leaves the key as it was once the board is restored.
class KeyedPerftBoard : public PerftBoard {
 public:
  explicit KeyedPerftBoard(const Position& pos) : PerftBoard(pos), keyValue(pos.key()) {}

  Key key() const { return keyValue; }

  bool operator==(const KeyedPerftBoard&) const = default;

  // Unmake puts the key back rather than undoing each XOR.
  struct Undo : PerftBoard::Undo {
    Key key;
  };

  template <Color Us>
  Undo make(Move m) {
    using namespace zobrist;
    const Square from = m.from(), to = m.to();
    const Piece piece = piece_on(from);
    Key k = keyValue ^ SideToMove ^ ep_key<Us>() ^ Castling[castling_rights()];
    if (m.kind() == CASTLING) {
      const CastlingRights cr = castling_right(Us, to > from);
      const Piece rook = piece_on(to);
      k ^= PieceSquare[piece][from] ^ PieceSquare[piece][castling_king_to(cr)] ^
           PieceSquare[rook][to] ^ PieceSquare[rook][castling_rook_to(cr)];
    } else {
      const Square capSq = m.kind() == EN_PASSANT ? Square(to - pawn_push(Us)) : to;
      if (const Piece captured = piece_on(capSq); captured != NO_PIECE)
        k ^= PieceSquare[captured][capSq];
      const Piece arriving = m.kind() == PROMOTION ? make_piece(Us, m.promotion()) : piece;
      k ^= PieceSquare[piece][from] ^ PieceSquare[arriving][to];
    }
    const Undo undo{PerftBoard::make<Us>(m), keyValue};
    keyValue = k ^ ep_key<~Us>() ^ Castling[castling_rights()];
    return undo;
  }

  template <Color Us, PieceType Mover, bool Capture, bool DoublePush = false>
  Undo make_normal(Piece piece, Square from, Square to) {
    using namespace zobrist;
    // Only a king or rook move, or a capture on a rook's square, can cost
    // castling rights.
    constexpr bool MayLoseRights = Mover == KING || Mover == ROOK || Capture;
    Key k = keyValue ^ SideToMove ^ PieceSquare[piece][from] ^ PieceSquare[piece][to];
    if (ep_square() != SQ_NONE) k ^= ep_key<Us>();
    if constexpr (Capture) k ^= PieceSquare[piece_on(to)][to];
    if constexpr (MayLoseRights) k ^= Castling[castling_rights()];
    const Undo undo{PerftBoard::make_normal<Us, Mover, Capture, DoublePush>(piece, from, to),
                    keyValue};
    if constexpr (MayLoseRights) k ^= Castling[castling_rights()];
    if constexpr (DoublePush) k ^= ep_key<~Us>();
    keyValue = k;
    return undo;
  }

  template <Color Us, PieceType Mover, bool Capture>
  void unmake_normal(Piece piece, Square from, Square to, const Undo& undo) {
    PerftBoard::unmake_normal<Us, Mover, Capture>(piece, from, to, undo);
    keyValue = undo.key;
  }

  template <Color Us>
  void unmake(Move m, const Undo& undo) {
    PerftBoard::unmake<Us>(m, undo);
    keyValue = undo.key;
  }

 private:
  // The en passant part of the key with Stm to move: as Position hashes it,
  // only if one of Stm's pawns attacks the square.
  template <Color Stm>
  Key ep_key() const {
    const Square ep = ep_square();
    return ep != SQ_NONE && (pawn_attacks(~Stm, ep) & pieces(Stm, PAWN))
               ? zobrist::EnPassantFile[file_of(ep)]
               : 0;
  }

  Key keyValue;
};

}  // namespace shiftmate
