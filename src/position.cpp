#include "position.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstring>
#include <sstream>

#include "parse.h"
#include "piece_values.h"
#include "zobrist.h"

namespace shiftmate {

namespace {

constexpr std::string_view PieceChars = " PNBRQK  pnbrqk";
constexpr std::size_t MaxFenLength = 256;

// The en passant square enters the key only when a pawn of the side to move
// could capture there, so that transpositions with a useless ep square match.
bool ep_matters(const Position& pos, Square ep) {
  Color us = pos.side_to_move();
  return ep != SQ_NONE && (pawn_attacks(~us, ep) & pos.pieces(us, PAWN));
}

}  // namespace

void Position::init() {
  init_attacks();
  zobrist::init();
}

Position::Position() {
  init();
  set(START_FEN);
}

void Position::clear() {
  std::memset(byType, 0, sizeof(byType));
  std::memset(byColor, 0, sizeof(byColor));
  std::memset(castlingRightsMask, 0, sizeof(castlingRightsMask));
  std::memset(castlingPath, 0, sizeof(castlingPath));
  std::memset(castlingKingPath, 0, sizeof(castlingKingPath));
  for (Piece& p : board) p = NO_PIECE;
  for (Square& s : castlingRookSquare) s = SQ_NONE;
  sideToMove = WHITE;
  gamePly = 0;
  chess960 = false;
  shredderCastling = false;
  history.clear();
  history.reserve(512);
  history.push_back(StateInfo{0, 0, {0, 0}, 0, SQ_NONE, 0, 0, 0, NO_PIECE, Move::none()});
}

void Position::put_piece(Piece p, Square s) {
  board[s] = p;
  Bitboard b = square_bb(s);
  byType[0] |= b;
  byType[type_of(p)] |= b;
  byColor[color_of(p)] |= b;
}

void Position::remove_piece(Square s) {
  Piece p = board[s];
  Bitboard b = square_bb(s);
  byType[0] ^= b;
  byType[type_of(p)] ^= b;
  byColor[color_of(p)] ^= b;
  board[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
  Piece p = board[from];
  Bitboard b = square_bb(from) | square_bb(to);
  byType[0] ^= b;
  byType[type_of(p)] ^= b;
  byColor[color_of(p)] ^= b;
  board[from] = NO_PIECE;
  board[to] = p;
}

void Position::add_castling_right(Color c, Square rookSq) {
  Square ksq = king_square(c);
  CastlingRights cr = castling_right(c, rookSq > ksq);
  st().castling |= cr;
  castlingRightsMask[ksq] |= cr;
  castlingRightsMask[rookSq] |= cr;
  castlingRookSquare[cr] = rookSq;
  Square kto = castling_king_to(cr), rto = castling_rook_to(cr);
  castlingPath[cr] =
      (between_bb(ksq, kto) | between_bb(rookSq, rto) | square_bb(kto) | square_bb(rto)) &
      ~(square_bb(ksq) | square_bb(rookSq));
  castlingKingPath[cr] = between_bb(ksq, kto) | square_bb(kto);
}

std::optional<std::string> Position::set(std::string_view fen, bool is960) {
  init();
  if (fen.size() > MaxFenLength)
    return fmt::format("FEN is too long ({} characters, at most {})", fen.size(), MaxFenLength);

  std::vector<std::string> fields;
  {
    std::istringstream in{std::string(fen)};
    for (std::string f; in >> f;) fields.push_back(f);
  }
  if (fields.size() < 4 || fields.size() > 6)
    return fmt::format("FEN needs 4 to 6 fields, got {}", fields.size());

  Position p{Blank{}};  // built aside so that a bad FEN leaves *this untouched

  // 1. Piece placement, rank 8 first.
  int rank = 7, file = 0;
  for (char c : fields[0]) {
    if (c == '/') {
      if (file != 8) return fmt::format("rank {} has {} squares, not 8", rank + 1, file);
      if (--rank < 0) return std::string("FEN has more than 8 ranks");
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return fmt::format("rank {} has more than 8 squares", rank + 1);
    } else if (auto idx = PieceChars.find(c); idx != std::string_view::npos && c != ' ') {
      if (file >= 8) return fmt::format("rank {} has more than 8 squares", rank + 1);
      p.put_piece(Piece(idx), make_square(file++, rank));
    } else {
      return fmt::format("bad piece letter '{}' in FEN", c);
    }
  }
  if (rank != 0) return fmt::format("FEN has {} ranks, not 8", 8 - rank);
  if (file != 8) return fmt::format("rank 1 has {} squares, not 8", file);
  for (Color c : {WHITE, BLACK}) {
    const char* name = c == WHITE ? "white" : "black";
    if (popcount(p.pieces(c, KING)) != 1)
      return fmt::format("{} must have exactly one king, has {}", name,
                         popcount(p.pieces(c, KING)));
    if (popcount(p.pieces(c)) > 16) return fmt::format("{} has more than 16 pieces", name);
    if (popcount(p.pieces(c, PAWN)) > 8) return fmt::format("{} has more than 8 pawns", name);
  }
  if (p.pieces(PAWN) & (RANK_1_BB | RANK_8_BB))
    return std::string("pawns on the first or last rank");

  // 2. Side to move.
  if (fields[1] != "w" && fields[1] != "b")
    return fmt::format("side to move must be 'w' or 'b', not '{}'", fields[1]);
  p.sideToMove = fields[1] == "w" ? WHITE : BLACK;

  // 3. Castling: KQkq (X-FEN: outermost rook) or rook files (Shredder-FEN).
  if (fields[2] != "-") {
    if (fields[2].size() > 4) return fmt::format("bad castling field '{}'", fields[2]);
    for (char c : fields[2]) {
      Color color = std::islower(static_cast<unsigned char>(c)) ? BLACK : WHITE;
      char upper = char(std::toupper(static_cast<unsigned char>(c)));
      Square ksq = p.king_square(color);
      Piece rook = make_piece(color, ROOK);
      if (relative_rank(color, ksq) != RANK_1)
        return fmt::format("castling right '{}' but the king is not on its first rank", c);
      Square rsq = SQ_NONE;
      if (upper == 'K' || upper == 'Q') {
        bool kingSide = upper == 'K';
        for (int f = kingSide ? 7 : 0; kingSide ? f > file_of(ksq) : f < file_of(ksq);
             f += kingSide ? -1 : 1) {
          Square s = relative_square(color, make_square(f, RANK_1));
          if (p.board[s] == rook) {
            rsq = s;
            break;
          }
        }
      } else if (upper >= 'A' && upper <= 'H') {
        p.shredderCastling = true;
        Square s = relative_square(color, make_square(upper - 'A', RANK_1));
        if (p.board[s] == rook && s != ksq) rsq = s;
      } else {
        return fmt::format("bad castling letter '{}'", c);
      }
      if (rsq == SQ_NONE) return fmt::format("castling right '{}' has no rook to castle with", c);
      CastlingRights cr = castling_right(color, rsq > ksq);
      if (p.st().castling & cr) return fmt::format("castling right '{}' given twice", c);
      p.add_castling_right(color, rsq);
    }
  }

  // 4. En passant square: behind a pawn that could just have moved two squares.
  if (fields[3] != "-") {
    const std::string& e = fields[3];
    int needRank = p.sideToMove == WHITE ? 5 : 2;
    if (e.size() != 2 || e[0] < 'a' || e[0] > 'h' || e[1] - '1' != needRank)
      return fmt::format("impossible en passant square '{}'", e);
    Square ep = make_square(e[0] - 'a', needRank);
    Color them = ~p.sideToMove;
    Square pawnSq = ep + pawn_push(them);  // where the pawn that moved two squares stands
    Square origin = ep - pawn_push(them);  // where it came from
    if (p.board[pawnSq] != make_piece(them, PAWN) || !p.empty(ep) || !p.empty(origin))
      return fmt::format("impossible en passant square '{}'", e);
    p.st().epSquare = ep;
  }

  // 5. Clocks (optional in 4-field FENs).
  int rule50 = 0, fullmove = 1;
  if (fields.size() > 4) {
    auto v = parse_number(fields[4], 0, 10000);
    if (!v) return fmt::format("halfmove clock '{}' is not a number", fields[4]);
    rule50 = *v;
  }
  if (fields.size() > 5) {
    auto v = parse_number(fields[5], 0, 100000);
    if (!v) return fmt::format("fullmove number '{}' is not a number", fields[5]);
    fullmove = std::max(1, *v);
  }
  p.st().rule50 = std::uint16_t(rule50);
  p.gamePly = 2 * (fullmove - 1) + (p.sideToMove == BLACK);

  // Non-standard king or rook files need Chess960 castling rules.
  bool standardGeometry = true;
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
    if (p.st().castling & cr) {
      Color c = cr & (WHITE_OO | WHITE_OOO) ? WHITE : BLACK;
      standardGeometry &= p.king_square(c) == relative_square(c, SQ_E1) &&
                          p.castlingRookSquare[cr] ==
                              relative_square(c, cr & (WHITE_OO | BLACK_OO) ? SQ_H1 : SQ_A1);
    }
  p.chess960 = is960 || !standardGeometry;

  p.finish_setup();
  if (auto error = p.validate()) return error;
  *this = std::move(p);
  return std::nullopt;
}

void Position::finish_setup() {
  st().checkers = attackers_to(king_square(sideToMove)) & pieces(~sideToMove);
  st().key = compute_key();
  st().pawnKey = compute_pawn_key();
  for (Color c : {WHITE, BLACK}) st().nonPawnKey[c] = compute_non_pawn_key(c);
}

std::optional<std::string> Position::validate() const {
  if (attackers_to(king_square(~sideToMove)) & pieces(sideToMove))
    return std::string("the side not to move is in check");
  if (popcount(checkers()) > 2) return std::string("the king is attacked by more than two pieces");
  return std::nullopt;
}

std::string Position::fen() const {
  std::string out;
  for (int r = 7; r >= 0; --r) {
    int emptyRun = 0;
    for (int f = 0; f < 8; ++f) {
      Piece p = board[make_square(f, r)];
      if (p == NO_PIECE) {
        ++emptyRun;
        continue;
      }
      if (emptyRun) out += char('0' + emptyRun), emptyRun = 0;
      out += PieceChars[p];
    }
    if (emptyRun) out += char('0' + emptyRun);
    if (r) out += '/';
  }
  out += sideToMove == WHITE ? " w " : " b ";

  std::string castling;
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
    if (!can_castle(cr)) continue;
    bool black = cr & (BLACK_OO | BLACK_OOO);
    char c;
    if (shredderCastling)
      c = char('A' + file_of(castlingRookSquare[cr]));
    else
      c = cr & (WHITE_OO | BLACK_OO) ? 'K' : 'Q';
    castling += black ? char(std::tolower(c)) : c;
  }
  out += castling.empty() ? "-" : castling;
  out += ' ';
  out += ep_square() == SQ_NONE ? "-" : square_name(ep_square());
  out += fmt::format(" {} {}", rule50(), fullmove_number());
  return out;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) |
         (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) | (knight_attacks(s) & pieces(KNIGHT)) |
         (king_attacks(s) & pieces(KING)) | (rook_attacks(s, occupied) & pieces(ROOK, QUEEN)) |
         (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN));
}

AttackLayers Position::attack_layers(Color c) const {
  const Bitboard occupied = pieces();
  AttackLayers a;
  a.byPawns = c == WHITE ? pawn_attacks_bb<WHITE>(pieces(WHITE, PAWN))
                         : pawn_attacks_bb<BLACK>(pieces(BLACK, PAWN));
  a.byMinors = a.byPawns | knight_attacks_bb(pieces(c, KNIGHT));
  for (Bitboard b = pieces(c, BISHOP); b;) a.byMinors |= bishop_attacks(pop_lsb(b), occupied);
  a.byRooks = a.byMinors;
  for (Bitboard b = pieces(c, ROOK); b;) a.byRooks |= rook_attacks(pop_lsb(b), occupied);
  a.all = a.byRooks | king_attacks_bb(pieces(c, KING));
  for (Bitboard b = pieces(c, QUEEN); b;) a.all |= queen_attacks(pop_lsb(b), occupied);
  return a;
}

Bitboard Position::blockers_for_king(Color c) const {
  Square ksq = king_square(c);
  Bitboard snipers = ((rook_attacks(ksq, 0) & pieces(ROOK, QUEEN)) |
                      (bishop_attacks(ksq, 0) & pieces(BISHOP, QUEEN))) &
                     pieces(~c);
  Bitboard blockers = 0;
  while (snipers) {
    Bitboard between = between_bb(ksq, pop_lsb(snipers)) & pieces();
    if (between && !more_than_one(between)) blockers |= between;
  }
  return blockers;
}

void Position::do_move(Move m) {
  using namespace zobrist;
  Color us = sideToMove, them = ~us;
  Square from = m.from(), to = m.to();
  Piece pc = board[from];

  StateInfo next = st();
  next.move = m;
  next.captured = NO_PIECE;
  ++next.rule50;
  ++next.pliesFromNull;
  Key k = next.key ^ SideToMove;
  if (next.epSquare != SQ_NONE) {
    if (ep_matters(*this, next.epSquare)) k ^= EnPassantFile[file_of(next.epSquare)];
    next.epSquare = SQ_NONE;
  }

  if (m.kind() == CASTLING) {
    CastlingRights cr = castling_right(us, to > from);
    Square kto = castling_king_to(cr), rto = castling_rook_to(cr);
    Piece rook = board[to];
    // Remove both first: in Chess960 the squares may overlap.
    remove_piece(from);
    remove_piece(to);
    put_piece(pc, kto);
    put_piece(rook, rto);
    k ^= PieceSquare[pc][from] ^ PieceSquare[pc][kto] ^ PieceSquare[rook][to] ^
         PieceSquare[rook][rto];
    next.pawnKey ^= PieceSquare[pc][from] ^ PieceSquare[pc][kto];
    next.nonPawnKey[us] ^= PieceSquare[pc][from] ^ PieceSquare[pc][kto] ^ PieceSquare[rook][to] ^
                           PieceSquare[rook][rto];
  } else {
    Square capSq = m.kind() == EN_PASSANT ? Square(to - pawn_push(us)) : to;
    Piece captured = board[capSq];
    if (captured != NO_PIECE) {
      remove_piece(capSq);
      k ^= PieceSquare[captured][capSq];
      if (type_of(captured) == PAWN)
        next.pawnKey ^= PieceSquare[captured][capSq];
      else
        next.nonPawnKey[them] ^= PieceSquare[captured][capSq];
      next.captured = captured;
      next.rule50 = 0;
    }
    move_piece(from, to);
    k ^= PieceSquare[pc][from] ^ PieceSquare[pc][to];
    if (type_of(pc) == PAWN || type_of(pc) == KING)
      next.pawnKey ^= PieceSquare[pc][from] ^ PieceSquare[pc][to];
    if (type_of(pc) != PAWN) next.nonPawnKey[us] ^= PieceSquare[pc][from] ^ PieceSquare[pc][to];
    if (type_of(pc) == PAWN) {
      next.rule50 = 0;
      if ((from ^ to) == 16) {
        Square ep = Square(from + pawn_push(us));
        next.epSquare = ep;
        if (pawn_attacks(us, ep) & pieces(them, PAWN)) k ^= EnPassantFile[file_of(ep)];
      } else if (m.kind() == PROMOTION) {
        Piece promoted = make_piece(us, m.promotion());
        remove_piece(to);
        put_piece(promoted, to);
        k ^= PieceSquare[pc][to] ^ PieceSquare[promoted][to];
        next.pawnKey ^= PieceSquare[pc][to];
        next.nonPawnKey[us] ^= PieceSquare[promoted][to];
      }
    }
  }

  if (next.castling && (castlingRightsMask[from] | castlingRightsMask[to])) {
    k ^= Castling[next.castling];
    next.castling &= ~(castlingRightsMask[from] | castlingRightsMask[to]);
    k ^= Castling[next.castling];
  }

  sideToMove = them;
  ++gamePly;
  next.key = k;
  next.checkers = attackers_to(king_square(them)) & pieces(us);
  history.push_back(next);
  assert(is_consistent());
}

void Position::undo_move(Move m) {
  sideToMove = ~sideToMove;
  --gamePly;
  Color us = sideToMove;
  Square from = m.from(), to = m.to();

  if (m.kind() == CASTLING) {
    CastlingRights cr = castling_right(us, to > from);
    Square kto = castling_king_to(cr), rto = castling_rook_to(cr);
    Piece king = board[kto], rook = board[rto];
    remove_piece(kto);
    remove_piece(rto);
    put_piece(king, from);
    put_piece(rook, to);
  } else {
    if (m.kind() == PROMOTION) {
      remove_piece(to);
      put_piece(make_piece(us, PAWN), to);
    }
    move_piece(to, from);
    if (Piece captured = st().captured; captured != NO_PIECE)
      put_piece(captured, m.kind() == EN_PASSANT ? Square(to - pawn_push(us)) : to);
  }
  history.pop_back();
  assert(is_consistent());
}

void Position::do_null_move() {
  StateInfo next = st();
  next.move = Move::null();
  next.captured = NO_PIECE;
  next.key ^= zobrist::SideToMove;
  if (next.epSquare != SQ_NONE) {
    if (ep_matters(*this, next.epSquare))
      next.key ^= zobrist::EnPassantFile[file_of(next.epSquare)];
    next.epSquare = SQ_NONE;
  }
  ++next.rule50;
  next.pliesFromNull = 0;
  sideToMove = ~sideToMove;
  ++gamePly;
  next.checkers = 0;  // null moves are never played in check
  history.push_back(next);
}

void Position::undo_null_move() {
  sideToMove = ~sideToMove;
  --gamePly;
  history.pop_back();
}

bool Position::gives_check(Move m) const {
  Color us = sideToMove;
  Square ksq = king_square(~us), from = m.from(), to = m.to();
  PieceType moved = type_of(board[from]);
  Bitboard occupied = (pieces() ^ square_bb(from)) | square_bb(to);
  Bitboard orth = pieces(us, ROOK, QUEEN) & ~square_bb(from);
  Bitboard diag = pieces(us, BISHOP, QUEEN) & ~square_bb(from);

  if (m.kind() == PROMOTION) moved = m.promotion();
  if (m.kind() == EN_PASSANT) occupied ^= square_bb(to - pawn_push(us));
  if (m.kind() == CASTLING) {
    // The king cannot give check; the rook on its new square can.
    CastlingRights cr = castling_right(us, to > from);
    Square kto = castling_king_to(cr), rto = castling_rook_to(cr);
    occupied = (pieces() ^ square_bb(from) ^ square_bb(to)) | square_bb(kto) | square_bb(rto);
    orth = (orth & ~square_bb(to)) | square_bb(rto);
    return rook_attacks(ksq, occupied) & orth;
  }
  if (moved == ROOK || moved == QUEEN) orth |= square_bb(to);
  if (moved == BISHOP || moved == QUEEN) diag |= square_bb(to);
  if (moved == KNIGHT && (knight_attacks(ksq) & square_bb(to))) return true;
  if (moved == PAWN && (pawn_attacks(~us, ksq) & square_bb(to))) return true;
  return (rook_attacks(ksq, occupied) & orth) || (bishop_attacks(ksq, occupied) & diag);
}

Key Position::key_after(Move m) const {
  using namespace zobrist;
  Key k = st().key ^ SideToMove;
  if (m.kind() == CASTLING) return k;
  const Square from = m.from(), to = m.to();
  const Piece pc = board[from], captured = board[to];
  k ^= PieceSquare[pc][from] ^ PieceSquare[pc][to];
  return captured == NO_PIECE ? k : k ^ PieceSquare[captured][to];
}

Key Position::compute_non_pawn_key(Color c) const {
  Key k = 0;
  for (Bitboard b = pieces(c) & ~pieces(PAWN); b;) {
    Square s = pop_lsb(b);
    k ^= zobrist::PieceSquare[board[s]][s];
  }
  return k;
}

Key Position::compute_pawn_key() const {
  Key k = 0;
  for (Bitboard b = pieces(PAWN, KING); b;) {
    Square s = pop_lsb(b);
    k ^= zobrist::PieceSquare[board[s]][s];
  }
  return k;
}

bool Position::see_ge(Move m, int threshold) const {
  // Castling, en passant and promotions are rare enough to call neutral.
  if (m.kind() != NORMAL) return 0 >= threshold;
  Square from = m.from(), to = m.to();

  // `balance` is what we are up after each capture, from the point of view
  // of the side that just captured; stop as soon as the result is decided.
  int balance = SeeValue[type_of(board[to])] - threshold;
  if (balance < 0) return false;
  balance = SeeValue[type_of(board[from])] - balance;
  if (balance <= 0) return true;

  Bitboard occupied = pieces() ^ square_bb(from) ^ square_bb(to);
  Color side = color_of(board[from]);
  Bitboard attackers = attackers_to(to, occupied);
  const Bitboard diagonal = pieces(BISHOP, QUEEN), orthogonal = pieces(ROOK, QUEEN);
  bool win = true;  // does the side that moved first come out ahead?

  for (;;) {
    side = ~side;
    attackers &= occupied;
    Bitboard mine = attackers & pieces(side);
    if (!mine) break;
    win = !win;

    // Capture with the least valuable attacker, then reveal x-rays behind it.
    PieceType pt = PAWN;
    while (!(mine & pieces(pt))) pt = PieceType(pt + 1);
    if (pt == KING) return (attackers & pieces(~side)) ? win ^ 1 : win;
    balance = SeeValue[pt] - balance;
    if (balance < int(win)) break;
    occupied ^= square_bb(lsb(mine & pieces(pt)));
    if (pt == PAWN || pt == BISHOP || pt == QUEEN)
      attackers |= bishop_attacks(to, occupied) & diagonal;
    if (pt == ROOK || pt == QUEEN) attackers |= rook_attacks(to, occupied) & orthogonal;
  }
  return win;
}

Key Position::compute_key() const {
  Key k = 0;
  for (Bitboard b = pieces(); b;) {
    Square s = pop_lsb(b);
    k ^= zobrist::PieceSquare[board[s]][s];
  }
  if (sideToMove == BLACK) k ^= zobrist::SideToMove;
  k ^= zobrist::Castling[st().castling];
  if (ep_matters(*this, st().epSquare)) k ^= zobrist::EnPassantFile[file_of(st().epSquare)];
  return k;
}

bool Position::is_consistent(std::string* why) const {
  auto fail = [&](std::string msg) {
    if (why) *why = std::move(msg);
    return false;
  };
  Bitboard type[PIECE_TYPE_NB] = {}, color[COLOR_NB] = {};
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    Piece p = board[s];
    if (p == NO_PIECE) continue;
    if (type_of(p) == NO_PIECE_TYPE || type_of(p) > KING) return fail("bad piece in mailbox");
    type[0] |= square_bb(s);
    type[type_of(p)] |= square_bb(s);
    color[color_of(p)] |= square_bb(s);
  }
  for (int i = 0; i < PIECE_TYPE_NB; ++i)
    if (type[i] != byType[i]) return fail(fmt::format("type bitboard {} disagrees", i));
  for (int c = 0; c < COLOR_NB; ++c)
    if (color[c] != byColor[c]) return fail(fmt::format("colour bitboard {} disagrees", c));
  if (popcount(pieces(WHITE, KING)) != 1 || popcount(pieces(BLACK, KING)) != 1)
    return fail("not one king per side");
  if (key() != compute_key()) return fail("incremental key differs from computed key");
  if (pawn_key() != compute_pawn_key()) return fail("incremental pawn key differs");
  for (Color c : {WHITE, BLACK})
    if (non_pawn_key(c) != compute_non_pawn_key(c))
      return fail(fmt::format("incremental non-pawn key of colour {} differs", int(c)));
  if (checkers() != (attackers_to(king_square(sideToMove)) & pieces(~sideToMove)))
    return fail("checkers disagree");
  return true;
}

bool Position::has_repeated(int searchPly) const {
  int size = int(history.size());
  int end = std::min<int>({st().rule50, st().pliesFromNull, size - 1});
  int repetitions = 0;
  for (int i = 4; i <= end; i += 2) {
    if (history[size - 1 - i].key != st().key) continue;
    // Once inside the search tree is enough; before the root it takes three.
    if (i < searchPly || ++repetitions == 2) return true;
  }
  return false;
}

bool Position::insufficient_material() const {
  if (pieces(PAWN, ROOK) || pieces(QUEEN)) return false;
  Bitboard minors = pieces(KNIGHT, BISHOP);
  if (!more_than_one(minors)) return true;
  // Only bishops, all on squares of one colour.
  constexpr Bitboard Dark = 0xAA55AA55AA55AA55ULL;
  return !pieces(KNIGHT) && (!(minors & Dark) || !(minors & ~Dark));
}

bool Position::is_draw(int searchPly) const {
  return st().rule50 >= 100 || has_repeated(searchPly) || insufficient_material();
}

std::string Position::move_to_uci(Move m) const {
  if (m == Move::none() || m == Move::null()) return "0000";
  Square from = m.from(), to = m.to();
  if (m.kind() == CASTLING && !chess960)
    to = castling_king_to(castling_right(color_of(board[from]), to > from));
  std::string s = square_name(from) + square_name(to);
  if (m.kind() == PROMOTION) s += PieceChars[make_piece(BLACK, m.promotion())];
  return s;
}

char piece_char(Piece pc) { return PieceChars[pc]; }

std::string Position::pretty() const {
  std::string out = "\n +---+---+---+---+---+---+---+---+\n";
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) out += fmt::format(" | {}", PieceChars[board[make_square(f, r)]]);
    out += fmt::format(" | {}\n +---+---+---+---+---+---+---+---+\n", r + 1);
  }
  out += "   a   b   c   d   e   f   g   h\n\n";
  out += fmt::format("Fen: {}\nKey: {:016X}\nCheckers:", fen(), key());
  for (Bitboard b = checkers(); b;) out += fmt::format(" {}", square_name(pop_lsb(b)));
  out += "\n";
  return out;
}

}  // namespace shiftmate
