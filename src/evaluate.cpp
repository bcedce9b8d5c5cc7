#include "evaluate.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "eval_params.h"

namespace shiftmate {

namespace {

using namespace params;

constexpr const Score* SquareTable[PIECE_TYPE_NB] = {
    nullptr, PawnSquare, KnightSquare, BishopSquare, RookSquare, QueenSquare, KingSquare};
constexpr int PhaseWeight[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0};
constexpr Bitboard DarkSquares = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard adjacent_files(int f) {
  return (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
}
// Squares strictly in front of s (from c's side), on its own file.
constexpr Bitboard forward_file(Color c, Square s) {
  Bitboard b = 0;
  for (int r = rank_of(s) + (c == WHITE ? 1 : -1); r >= 0 && r < 8; r += c == WHITE ? 1 : -1)
    b |= square_bb(make_square(file_of(s), r));
  return b;
}
// Squares in front of s on its own and adjacent files: no enemy pawn there
// makes a pawn on s passed.
constexpr Bitboard passed_span(Color c, Square s) {
  Bitboard f = forward_file(c, s);
  return f | shift<EAST>(f) | shift<WEST>(f);
}
// Squares in front on adjacent files only: where enemy pawns could attack from.
constexpr Bitboard attack_span(Color c, Square s) {
  Bitboard f = forward_file(c, s);
  return shift<EAST>(f) | shift<WEST>(f);
}
constexpr int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

template <bool Trace>
class Evaluator {
 public:
  Evaluator(const Position& p, PawnTable& pt, EvalTrace* t) : pos(p), pawnTable(pt), trace(t) {}
  int value();

 private:
  void add(EvalTerm term, Color c, Score s) {
    total[c] += s;
    if constexpr (Trace) trace->terms[term][c] += s;
  }
  // Every weight is read through here so that a trace can tell the tuner
  // which weights a position used, and for which side.
  Score use(Color c, const Score& weight) {
    if constexpr (Trace) trace->weights.push_back({&weight, c == WHITE ? 1 : -1});
    return weight;
  }
  void init_attacks(Color c);
  template <Color C>
  void pawn_structure(PawnTable::Entry& e);
  template <Color C>
  void pieces();
  template <Color C>
  void passed(const PawnTable::Entry& e);
  template <Color C>
  void king_safety();
  template <Color C>
  void threats();
  int scale_factor(int eg) const;

  const Position& pos;
  PawnTable& pawnTable;
  EvalTrace* trace;
  Score total[COLOR_NB];
  Bitboard attackedBy[COLOR_NB][PIECE_TYPE_NB] = {};  // [c][0]: all attacks
  Bitboard attackedTwice[COLOR_NB] = {};
  Bitboard mobilityArea[COLOR_NB] = {};
  Bitboard kingZone[COLOR_NB] = {};
  int kingAttackUnits[COLOR_NB] = {};  // units against c's king
  int kingAttackers[COLOR_NB] = {};
};

template <bool Trace>
void Evaluator<Trace>::init_attacks(Color c) {
  Square ksq = pos.king_square(c);
  Bitboard pawns = pos.pieces(c, PAWN);
  attackedBy[c][KING] = king_attacks(ksq);
  attackedBy[c][PAWN] = c == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
  attackedBy[c][0] = attackedBy[c][KING] | attackedBy[c][PAWN];
  attackedTwice[c] = attackedBy[c][KING] & attackedBy[c][PAWN];
  kingZone[c] = king_attacks(ksq) | square_bb(ksq);

  // Mobility counts squares not attacked by enemy pawns and not holding our
  // own king or our blocked and backward-rank pawns.
  Bitboard enemyPawns = pos.pieces(~c, PAWN);
  Bitboard enemyPawnAttacks =
      c == WHITE ? pawn_attacks_bb<BLACK>(enemyPawns) : pawn_attacks_bb<WHITE>(enemyPawns);
  Bitboard lowRanks = c == WHITE ? RANK_2_BB | RANK_3_BB : RANK_7_BB | RANK_6_BB;
  Bitboard blocked = pawns & (c == WHITE ? shift<SOUTH>(pos.pieces()) : shift<NORTH>(pos.pieces()));
  mobilityArea[c] = ~(enemyPawnAttacks | pos.pieces(c, KING) | blocked | (pawns & lowRanks));
}

template <bool Trace>
template <Color C>
void Evaluator<Trace>::pawn_structure(PawnTable::Entry& e) {
  constexpr Color Them = ~C;
  const Bitboard ours = pos.pieces(C, PAWN), theirs = pos.pieces(Them, PAWN);
  const Bitboard theirAttacks = attackedBy[Them][PAWN];
  Score s;
  for (Bitboard b = ours; b;) {
    Square sq = pop_lsb(b);
    Square stop = sq + pawn_push(C);
    int f = file_of(sq);
    bool isolated = !(ours & adjacent_files(f));
    bool doubled = ours & forward_file(C, sq);
    bool supported = pawn_attacks(Them, sq) & ours;
    bool phalanx = ours & adjacent_files(f) & rank_bb(rank_of(sq));
    // Backward: no friendly pawn beside or behind on adjacent files, and its
    // stop square is attacked by an enemy pawn.
    bool backward = !isolated && !((ours & adjacent_files(f)) & ~attack_span(C, sq)) &&
                    (square_bb(stop) & theirAttacks);
    if (isolated) s += use(C, IsolatedPawn);
    if (doubled) s += use(C, DoubledPawn);
    if (backward) s += use(C, BackwardPawn);
    if (supported) s += use(C, SupportedPawn);
    if (phalanx) s += use(C, PhalanxPawn);
    if (!(passed_span(C, sq) & theirs) && !doubled) e.passed[C] |= square_bb(sq);
  }
  e.score[C] = s;
}

template <bool Trace>
template <Color C>
void Evaluator<Trace>::pieces() {
  constexpr Color Them = ~C;
  const Bitboard occupied = pos.pieces();
  const Bitboard enemyKingZone = kingZone[Them];
  Score placement, mobility, extras;

  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
    for (Bitboard b = pos.pieces(C, pt); b;) {
      Square sq = pop_lsb(b);
      Bitboard att = attacks_bb(pt, sq, occupied);
      attackedTwice[C] |= attackedBy[C][0] & att;
      attackedBy[C][pt] |= att;
      attackedBy[C][0] |= att;
      int moves = popcount(att & mobilityArea[C]);
      if (pt == KNIGHT)
        mobility += use(C, KnightMobility[moves]);
      else if (pt == BISHOP)
        mobility += use(C, BishopMobility[moves]);
      else if (pt == ROOK)
        mobility += use(C, RookMobility[moves]);
      else
        mobility += use(C, QueenMobility[std::min(moves, 27)]);

      if (Bitboard hits = att & enemyKingZone) {
        kingAttackers[Them]++;
        kingAttackUnits[Them] += KingAttackWeight[pt] * popcount(hits);
      }
      if (pt == ROOK) {
        Bitboard file = file_bb(file_of(sq));
        if (!(file & pos.pieces(PAWN)))
          extras += use(C, RookOpenFile);
        else if (!(file & pos.pieces(C, PAWN)))
          extras += use(C, RookSemiOpenFile);
      }
      if (pt == KNIGHT) {
        int r = relative_rank(C, sq);
        if (r >= RANK_4 && r <= RANK_6 && (pawn_attacks(Them, sq) & pos.pieces(C, PAWN)) &&
            !(attack_span(C, sq) & pos.pieces(Them, PAWN)))
          extras += use(C, KnightOutpost);
      }
    }
  }
  if (more_than_one(pos.pieces(C, BISHOP)) && (pos.pieces(C, BISHOP) & DarkSquares) &&
      (pos.pieces(C, BISHOP) & ~DarkSquares))
    extras += use(C, BishopPair);

  for (Bitboard b = pos.pieces(C); b;) {
    Square sq = pop_lsb(b);
    Piece pc = pos.piece_on(sq);
    placement += use(C, SquareTable[type_of(pc)][relative_square(C, sq)]);
    add(TERM_MATERIAL, C, use(C, PieceValue[type_of(pc)]));
  }
  add(TERM_PLACEMENT, C, placement);
  add(TERM_MOBILITY, C, mobility);
  add(TERM_PIECES, C, extras);
}

template <bool Trace>
template <Color C>
void Evaluator<Trace>::passed(const PawnTable::Entry& e) {
  constexpr Color Them = ~C;
  Score s;
  for (Bitboard b = e.passed[C]; b;) {
    Square sq = pop_lsb(b);
    Square stop = sq + pawn_push(C);
    int r = relative_rank(C, sq);
    s += use(C, PassedPawn[r]);
    s += use(C, PassedOwnKingDistance[distance(stop, pos.king_square(C))]);
    s += use(C, PassedEnemyKingDistance[distance(stop, pos.king_square(Them))]);
    if (!pos.empty(stop)) s += use(C, PassedBlocked);
  }
  add(TERM_PASSED, C, s);
}

template <bool Trace>
template <Color C>
void Evaluator<Trace>::king_safety() {
  constexpr Color Them = ~C;
  const Square ksq = pos.king_square(C);
  Score s;

  // Pawn shield on the king's file and its neighbours (centre files for an
  // edge king), only while the king stays home.
  if (relative_rank(C, ksq) <= RANK_2) {
    int center = std::clamp(file_of(ksq), 1, 6);
    for (int f = center - 1; f <= center + 1; ++f) {
      Bitboard shield =
          pos.pieces(C, PAWN) & file_bb(f) & (forward_file(C, ksq) | passed_span(C, ksq));
      int r = 0;
      if (shield) r = relative_rank(C, C == WHITE ? lsb(shield) : msb(shield));
      s += use(C, PawnShield[r]);
    }
  }

  // Enemy attacks on the king zone plus safe checking squares.
  int units = kingAttackUnits[C];
  const Bitboard occupied = pos.pieces();
  const Bitboard safe = ~attackedBy[C][0] & ~pos.pieces(Them);
  const Bitboard rookLines = rook_attacks(ksq, occupied),
                 bishopLines = bishop_attacks(ksq, occupied);
  if (knight_attacks(ksq) & attackedBy[Them][KNIGHT] & safe) units += SafeCheckWeight[KNIGHT];
  if (bishopLines & attackedBy[Them][BISHOP] & safe) units += SafeCheckWeight[BISHOP];
  if (rookLines & attackedBy[Them][ROOK] & safe) units += SafeCheckWeight[ROOK];
  if ((rookLines | bishopLines) & attackedBy[Them][QUEEN] & safe) units += SafeCheckWeight[QUEEN];
  if (kingAttackers[C] >= 2 || (kingAttackers[C] && pos.pieces(Them, QUEEN)))
    s += use(C, KingDanger[std::min(units, 63)]);
  add(TERM_KING, C, s);
}

template <bool Trace>
template <Color C>
void Evaluator<Trace>::threats() {
  constexpr Color Them = ~C;
  Score s;
  const Bitboard nonPawns = pos.pieces(Them) & ~pos.pieces(Them, PAWN, KING);
  // Targets worth attacking: pieces, and pawns no enemy pawn defends.
  const Bitboard targets = nonPawns | (pos.pieces(Them, PAWN) & ~attackedBy[Them][PAWN]);

  for (Bitboard b = nonPawns & attackedBy[C][PAWN]; b; pop_lsb(b)) s += use(C, ThreatByPawn);
  for (Bitboard b = targets & (attackedBy[C][KNIGHT] | attackedBy[C][BISHOP]); b;)
    s += use(C, ThreatByMinor[type_of(pos.piece_on(pop_lsb(b)))]);
  for (Bitboard b =
           targets & attackedBy[C][ROOK] & (pos.pieces(Them, QUEEN) | ~attackedBy[Them][0]);
       b;)
    s += use(C, ThreatByRook[type_of(pos.piece_on(pop_lsb(b)))]);
  for (Bitboard b = nonPawns & attackedBy[C][0] & ~attackedBy[Them][0]; b; pop_lsb(b))
    s += use(C, HangingPiece);
  add(TERM_THREATS, C, s);
}

// Out of 64: how much of the endgame score the stronger side can realise.
template <bool Trace>
int Evaluator<Trace>::scale_factor(int eg) const {
  Color strong = eg > 0 ? WHITE : BLACK;
  Color weak = ~strong;
  if (!pos.pieces(strong, PAWN) &&
      pos.non_pawn_material(strong) - pos.non_pawn_material(weak) <= 300)
    return pos.non_pawn_material(strong) < 500 ? 0 : 8;
  // Opposite-coloured bishops and nothing else but pawns.
  Bitboard bishops = pos.pieces(BISHOP);
  if (pos.non_pawn_material(WHITE) == 300 && pos.non_pawn_material(BLACK) == 300 &&
      popcount(bishops) == 2 && (bishops & DarkSquares) && (bishops & ~DarkSquares))
    return 32;
  return 64;
}

template <bool Trace>
int Evaluator<Trace>::value() {
  init_attacks(WHITE);
  init_attacks(BLACK);

  PawnTable::Entry& entry = pawnTable[pos.pawn_key()];
  if (entry.key != pos.pawn_key() || Trace) {
    entry.passed[WHITE] = entry.passed[BLACK] = 0;
    pawn_structure<WHITE>(entry);
    pawn_structure<BLACK>(entry);
    entry.key = pos.pawn_key();
  }
  add(TERM_PAWNS, WHITE, entry.score[WHITE]);
  add(TERM_PAWNS, BLACK, entry.score[BLACK]);

  pieces<WHITE>();
  pieces<BLACK>();
  passed<WHITE>(entry);
  passed<BLACK>(entry);
  king_safety<WHITE>();
  king_safety<BLACK>();
  threats<WHITE>();
  threats<BLACK>();

  Score s = total[WHITE] - total[BLACK];
  int phase = 0;
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
    phase += PhaseWeight[pt] * popcount(pos.pieces(pt));
  phase = std::min(phase, 24);
  int scale = scale_factor(s.eg);
  int v = (s.mg * phase + s.eg * scale / 64 * (24 - phase)) / 24;
  if constexpr (Trace) {
    trace->phase = phase;
    trace->scale = scale;
    trace->final = v;
  }
  int tempo = (Tempo.mg * phase + Tempo.eg * (24 - phase)) / 24;
  return (pos.side_to_move() == WHITE ? v : -v) + tempo;
}

}  // namespace

int evaluate(const Position& pos, PawnTable& pawns) {
  return Evaluator<false>(pos, pawns, nullptr).value();
}

int evaluate(const Position& pos, PawnTable& pawns, EvalTrace& trace) {
  trace = EvalTrace{};
  return Evaluator<true>(pos, pawns, &trace).value();
}

std::string eval_report(const Position& pos) {
  static constexpr const char* Names[TERM_NB] = {
      "Material", "Placement", "Mobility", "Pawns", "Passed", "Pieces", "Threats", "King safety"};
  // A trace recomputes the pawn entry, so one scratch table serves every call.
  thread_local auto pawns = std::make_unique<PawnTable>();
  EvalTrace t;
  int v = evaluate(pos, *pawns, t);
  std::string out =
      "      Term    |    White    |    Black    |    Total\n"
      "              |   MG    EG  |   MG    EG  |   MG    EG\n"
      " -------------+-------------+-------------+------------\n";
  Score sum;
  for (int i = 0; i < TERM_NB; ++i) {
    Score w = t.terms[i][WHITE], b = t.terms[i][BLACK], d = w - b;
    sum += d;
    out += fmt::format(" {:>12} | {:5} {:5} | {:5} {:5} | {:5} {:5}\n", Names[i], w.mg, w.eg, b.mg,
                       b.eg, d.mg, d.eg);
  }
  out += " -------------+-------------+-------------+------------\n";
  out += fmt::format(" {:>12} |             |             | {:5} {:5}\n", "Total", sum.mg, sum.eg);
  out += fmt::format("\nPhase {}/24, endgame scale {}/64\n", t.phase, t.scale);
  out += fmt::format(
      "Final evaluation: {:+} cp (White's view), {:+} cp for the side to move "
      "(includes tempo)\n",
      t.final, v);
  return out;
}

}  // namespace shiftmate
