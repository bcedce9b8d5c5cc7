// The board: bitboards by type and colour, a mailbox, side to move, castling
// rights (Chess960 too), en passant, clocks and an incremental Zobrist key.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "attacks.h"
#include "types.h"

namespace shiftmate {

// What do_move changes and undo_move must restore; one per ply played.
struct StateInfo {
  Key key;
  Key pawnKey;               // pawns and kings only: the pawn correction history's index
  Key nonPawnKey[COLOR_NB];  // each side's pieces but pawns: the non-pawn correction's index
  Bitboard checkers;         // enemy pieces giving check to the side to move
  Square epSquare;           // behind a pawn that just moved two squares (as FEN says)
  std::uint8_t castling;
  std::uint16_t rule50;
  std::uint16_t pliesFromNull;
  Piece captured;
  Move move;
};

inline constexpr std::string_view START_FEN =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// The squares one side attacks: all of them, and those its cheaper pieces
// attack (its pawns; its pawns or minor pieces; its pawns, minors or rooks),
// where a piece of ours worth more stands to lose material.
struct AttackLayers {
  Bitboard all = 0, byPawns = 0, byMinors = 0, byRooks = 0;
};

class Position {
 public:
  // Calls the one-time table set-up (attacks, Zobrist keys).
  static void init();

  Position();  // the start position

  // Parses a FEN (Shredder-FEN and X-FEN castling accepted). On error the
  // position is left unchanged and the message names the problem.
  std::optional<std::string> set(std::string_view fen, bool chess960 = false);
  std::string fen() const;

  // Board access.
  Bitboard pieces() const { return byType[0]; }
  Bitboard pieces(Color c) const { return byColor[c]; }
  Bitboard pieces(PieceType pt) const { return byType[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return byType[a] | byType[b]; }
  Bitboard pieces(Color c, PieceType pt) const { return byColor[c] & byType[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    return byColor[c] & (byType[a] | byType[b]);
  }
  Piece piece_on(Square s) const { return board[s]; }
  bool empty(Square s) const { return board[s] == NO_PIECE; }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }
  Color side_to_move() const { return sideToMove; }

  // State.
  Key key() const { return st().key; }
  Key pawn_key() const { return st().pawnKey; }
  Key non_pawn_key(Color c) const { return st().nonPawnKey[c]; }
  // The key after `m`, nearly: castling, en passant and promotion details
  // and changed castling rights are left out. Good enough to prefetch the
  // transposition table's entry before the move is made.
  Key key_after(Move m) const;
  Bitboard checkers() const { return st().checkers; }
  bool in_check() const { return st().checkers != 0; }
  Square ep_square() const { return st().epSquare; }
  int castling_rights() const { return st().castling; }
  int rule50() const { return st().rule50; }
  int game_ply() const { return gamePly; }
  int fullmove_number() const { return 1 + (gamePly - (sideToMove == BLACK)) / 2; }
  Piece captured_piece() const { return st().captured; }
  Move last_move() const { return st().move; }
  bool is_chess960() const { return chess960; }
  void set_chess960(bool on) { chess960 = on; }

  // Castling geometry for one right.
  Square castling_rook_square(CastlingRights cr) const { return castlingRookSquare[cr]; }
  Bitboard castling_path(CastlingRights cr) const { return castlingPath[cr]; }
  // The squares the king crosses and lands on, which no enemy may attack.
  Bitboard castling_king_path(CastlingRights cr) const { return castlingKingPath[cr]; }
  bool can_castle(CastlingRights cr) const { return st().castling & cr; }
  // The castling rights a move from or to s cancels.
  std::uint8_t castling_rights_lost(Square s) const { return castlingRightsMask[s]; }

  // Attacks.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  // Every square a piece of `c` attacks.
  Bitboard attacks_by(Color c) const { return attack_layers(c).all; }
  // The same, and apart from it the squares c's cheaper pieces attack.
  AttackLayers attack_layers(Color c) const;
  // Own pieces that alone block a slider's line to c's king (pinned for
  // c's pieces, discovered-check candidates for the other side's).
  Bitboard blockers_for_king(Color c) const;

  // Making moves. The move must be legal.
  void do_move(Move m);
  void undo_move(Move m);
  void do_null_move();
  void undo_null_move();

  // Does the (legal) move m give check?
  bool gives_check(Move m) const;
  // Static exchange evaluation: does m win at least `threshold` centipawns
  // of material once all captures on its square are played out?
  bool see_ge(Move m, int threshold) const;
  // Key computed from scratch (the incremental key must always equal it).
  Key compute_key() const;
  Key compute_pawn_key() const;
  Key compute_non_pawn_key(Color c) const;
  // Does the side to move have a piece other than pawns and king?
  bool has_non_pawn_material(Color c) const { return pieces(c) & ~pieces(PAWN, KING); }
  // The position after m is a capture or promotion (a "noisy" move).
  bool is_capture(Move m) const {
    return (m.kind() != CASTLING && !empty(m.to())) || m.kind() == EN_PASSANT;
  }
  bool is_noisy(Move m) const { return is_capture(m) || m.kind() == PROMOTION; }
  // The type of the piece `m` takes (a pawn en passant; none for a quiet move).
  PieceType captured_type(Move m) const {
    return m.kind() == EN_PASSANT ? PAWN : type_of(piece_on(m.to()));
  }
  // Bitboards, mailbox and key agree; used by tests and debug builds.
  bool is_consistent(std::string* why = nullptr) const;

  // Draw by the 50-move rule or by repetition since the last irreversible
  // move (twice within the search, three times across the game history).
  bool is_draw(int searchPly) const;
  bool has_repeated(int searchPly) const;
  bool insufficient_material() const;

  // Text: a UCI move string, and the board for the `d` command.
  std::string move_to_uci(Move m) const;
  std::string pretty() const;

 private:
  struct Blank {};
  explicit Position(Blank) { clear(); }
  void clear();
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void add_castling_right(Color c, Square rookSq);
  void finish_setup();
  std::optional<std::string> validate() const;
  StateInfo& st() { return history.back(); }
  const StateInfo& st() const { return history.back(); }

  Bitboard byType[PIECE_TYPE_NB];  // index 0: all pieces
  Bitboard byColor[COLOR_NB];
  Piece board[SQUARE_NB];
  Color sideToMove;
  int gamePly;
  bool chess960;
  bool shredderCastling;                       // FEN used rook files (HAha) for castling
  std::uint8_t castlingRightsMask[SQUARE_NB];  // rights lost when a square is touched
  Square castlingRookSquare[CASTLING_RIGHT_NB];
  Bitboard castlingPath[CASTLING_RIGHT_NB];  // must be empty to castle
  Bitboard castlingKingPath[CASTLING_RIGHT_NB];
  std::vector<StateInfo> history;  // history.back() is the current state
};

// Where king and rook stand after castling with right cr.
constexpr Square castling_king_to(CastlingRights cr) {
  Color c = cr & (BLACK_OO | BLACK_OOO) ? BLACK : WHITE;
  return relative_square(c, cr & (WHITE_OO | BLACK_OO) ? SQ_G1 : SQ_C1);
}
constexpr Square castling_rook_to(CastlingRights cr) {
  Color c = cr & (BLACK_OO | BLACK_OOO) ? BLACK : WHITE;
  return relative_square(c, cr & (WHITE_OO | BLACK_OO) ? SQ_F1 : SQ_D1);
}

// The FEN letter of a piece (a space for NO_PIECE).
char piece_char(Piece pc);

}  // namespace shiftmate
