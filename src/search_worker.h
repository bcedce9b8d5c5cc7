// One Lazy SMP search thread (a Worker): its own copy of the position,
// its histories and the network's accumulators. Its tree search, the
// iterative deepening, negamax and quiescence, is in search_worker.cpp; the
// pool that runs the workers is in thread_pool.*.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "history.h"
#include "movegen.h"
#include "movepick.h"
#include "nnue/inference.h"
#include "position.h"
#include "random.h"
#include "search_params.h"
#include "search_shared.h"
#include "skill.h"

namespace shiftmate {

// A tablebase win or loss that the 50-move rule turns into a draw scores
// this (or its negation): a hair from the draw, on the side it would be.
constexpr int CursedResultScore = 2;

// The kinds of node negamax is compiled for: null-window, principal
// variation, and the root (a PV node too).
enum NodeType { NonPV, PV, Root };

// A root move with its score in this and the last iteration, and its line.
struct RootMove {
  Move move;
  int score = -VALUE_INFINITE;
  int previousScore = -VALUE_INFINITE;
  int selDepth = 0;
  std::vector<Move> pv;

  explicit RootMove(Move m) : move(m), pv{m} {}
  bool operator<(const RootMove& o) const {  // sorts best first
    return o.score != score ? o.score < score : o.previousScore < previousScore;
  }
};

// Per-ply search state.
struct Stack {
  Move* pv;
  int ply;
  Move currentMove;
  Move excludedMove;
  Move killers[2];
  int staticEval;
  bool inCheck;
  bool ttPv;
  int doubleExtensions;  // on the path from the root, including this ply's move
  int cutoffCount;       // beta cutoffs at this ply's nodes under the parent's current node
  int moveCount;         // the number of currentMove in its node's move loop
  int reduction;     // plies the late move reduction took off currentMove's search (0 outside it)
  Piece movedPiece;  // by currentMove (NO_PIECE for none or a null move)
  AttackLayers threats;  // squares the opponent attacks (.all: main history's index)
  PieceToHistory* continuation;
  PieceToCorrection* continuationCorrection;
};

// Empties a table whose all-zero bytes are its empty state.
template <typename Table>
void zero(Table& table) {
  static_assert(std::is_trivially_copyable_v<Table>);
  std::memset(static_cast<void*>(&table), 0, sizeof(table));
}

class Worker {
 public:
  Worker(SharedSearchState& s, int i) : shared(s), id(i) { clear(); }

  // All-zero bytes are empty entries and Move::none(): one memset per table
  // (element loops cost ucinewgame milliseconds in instrumented builds).
  void clear() {
    zero(mainHistory);
    zero(captureHistory);
    zero(continuationHistory);
    zero(counterMoves);
    zero(pawnCorrection);
    zero(nonPawnCorrection);
    zero(continuationCorrection);
  }

  void prepare(const Position& root, const std::vector<Move>& rootList) {
    pos = root;
    network = &nnue::active_network();
    accumulators.reset(*network, pos);
    rootMoves.clear();
    for (Move m : rootList) rootMoves.emplace_back(m);
    nodes = 0;
    tbHits = 0;
    completedDepth = 0;
    bestMoveChanges = 0;
  }

  void iterative_deepening();
  // A root move's line as `info` shows it (its score, or the previous
  // iteration's when this one did not reach it).
  SearchInfo line_info(const RootMove& rm, int depth) const;
  // The root move a weakened search plays: one of its MultiPV lines.
  const RootMove& weakened_choice(std::uint64_t seed) const {
    std::vector<Skill::Candidate> candidates;
    std::size_t lines = std::min<std::size_t>(std::max(multiPV, 1), rootMoves.size());
    for (std::size_t i = 0; i < lines; ++i) {
      const RootMove& rm = rootMoves[i];
      int score = rm.score != -VALUE_INFINITE ? rm.score : rm.previousScore;
      if (score == -VALUE_INFINITE) continue;  // never searched to the end
      candidates.push_back({rm.move, score});
    }
    Random rng(seed);
    Move m = shared.options.skill.pick(candidates, rng.uniform());
    for (const RootMove& rm : rootMoves)
      if (rm.move == m) return rm;
    return rootMoves[0];
  }

  Position pos;
  std::vector<RootMove> rootMoves;
  std::atomic<std::uint64_t> nodes{0};
  std::atomic<std::uint64_t> tbHits{0};
  int completedDepth = 0;

 private:
  template <NodeType NT>
  int negamax(Stack* ss, int alpha, int beta, int depth, bool cutNode);
  template <NodeType NT>
  int qsearch(Stack* ss, int alpha, int beta);

  OrderingContext ordering(const Stack* ss) const {
    Move prev = (ss - 1)->currentMove;
    Move counter = prev.is_ok() && prev != Move::null()
                       ? counterMoves[pos.piece_on(prev.to())][prev.to()]
                       : Move::none();
    return {&mainHistory,
            ss->threats,
            &captureHistory,
            {(ss - 1)->continuation, (ss - 2)->continuation, (ss - 4)->continuation},
            {ss->killers[0], ss->killers[1]},
            counter,
            search_params::QuietCheckBonus,
            {0, 0, search_params::ThreatEscapeMinor, search_params::ThreatEscapeMinor,
             search_params::ThreatEscapeRook, search_params::ThreatEscapeQueen, 0}};
  }
  // The correction tables' entries for this node: pawns and each side's
  // other pieces (by the side to move), and the two moves that led here (by
  // their pieces, which carry the colour).
  struct Corrections {
    CorrectionEntry *pawn, *nonPawn[COLOR_NB], *continuation;
  };
  Corrections corrections(const Stack* ss) {
    const Color us = pos.side_to_move();
    const Move prev = (ss - 1)->currentMove;
    const auto slot = [](Key k) { return k & (CorrectionSize - 1); };
    return {
        &pawnCorrection[us][slot(pos.pawn_key())],
        {&nonPawnCorrection[WHITE][us][slot(pos.non_pawn_key(WHITE))],
         &nonPawnCorrection[BLACK][us][slot(pos.non_pawn_key(BLACK))]},
        &(*(ss - 2)->continuationCorrection)[(ss - 1)->movedPiece][prev.is_ok() ? prev.to() : 0]};
  }
  // The static evaluation adjusted by what the tables have learned, each
  // by its weight (search_params.h, in 1/64).
  int corrected_eval(int raw, const Stack* ss) {
    using namespace search_params;
    const Corrections c = corrections(ss);
    const int sum = CorrectionPawnWeight * c.pawn->correction() +
                    CorrectionNonPawnWeight *
                        (c.nonPawn[WHITE]->correction() + c.nonPawn[BLACK]->correction()) +
                    CorrectionContinuationWeight * c.continuation->correction();
    return std::clamp(raw + sum / 64, VALUE_TB_LOSS_IN_MAX_PLY + 1, VALUE_TB_WIN_IN_MAX_PLY - 1);
  }
  void update_corrections(const Stack* ss, int error, int depth) {
    const Corrections c = corrections(ss);
    for (CorrectionEntry* e : {c.pawn, c.nonPawn[WHITE], c.nonPawn[BLACK], c.continuation})
      e->update(error, depth);
  }
  // The one way the search moves through the tree: every make and unmake
  // passes here, so state that follows the position (history pointers, node
  // count, the network's accumulators) stays in step with it.
  void make_move(Stack* ss, Move move) {
    ss->currentMove = move;
    ss->movedPiece = pos.piece_on(move.from());
    ss->continuation = &continuationHistory[ss->movedPiece][move.to()];
    ss->continuationCorrection = &continuationCorrection[ss->movedPiece][move.to()];
    accumulators.push(pos, move);
    pos.do_move(move);
    count_node();
  }
  void unmake_move(Move move) {
    pos.undo_move(move);
    accumulators.pop();
  }
  void make_null_move(Stack* ss) {
    ss->currentMove = Move::null();
    ss->movedPiece = NO_PIECE;
    ss->continuation = &continuationHistory[NO_PIECE][0];
    ss->continuationCorrection = &continuationCorrection[NO_PIECE][0];
    accumulators.push_null();
    pos.do_null_move();
    count_node();
  }
  void unmake_null_move() {
    pos.undo_null_move();
    accumulators.pop();
  }
  // The static evaluation of the current position, side to move's view.
  int evaluate() { return nnue::output(*network, accumulators.current(*network, pos), pos); }
  // A quiet move's histories, for `side` moving piece `pc` (at ss's ply).
  void update_quiet_stats(Stack* ss, Color side, Piece pc, Move m, int bonus);
  void update_continuations(Stack* ss, Piece pc, Square to, int bonus);
  void punish_refuted_early_move(Stack* ss, int depth);
  void update_stats(Stack* ss, Move best, int depth, const Move* quiets, int quietCount,
                    const Move* captures, int captureCount);
  bool is_main() const { return id == 0; }
  // A draw by repetition, material or the 50-move rule, except a mate given
  // on the hundredth half-move: the rule yields to it (a mate cannot be a
  // repetition, having had no move played from it before).
  bool is_draw(const Stack* ss) const {
    return pos.is_draw(ss->ply) &&
           (pos.rule50() < 100 || !pos.in_check() || MoveList<LEGAL>(pos).size());
  }
  // Did a quiet move (no capture, promotion or null move) lead to this node?
  // Only such a move has a main-history entry to teach.
  bool prior_move_was_quiet(const Stack* ss) const {
    const Move prev = (ss - 1)->currentMove;
    return prev.is_ok() && prev != Move::null() && !pos.captured_piece() &&
           prev.kind() != PROMOTION;
  }
  // Only this thread writes its counter: a plain increment, no locked add.
  void count_node() {
    nodes.store(nodes.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  void count_tb_hit() {
    tbHits.store(tbHits.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  bool stopped() const { return shared.stopFlag.load(std::memory_order_relaxed); }
  void check_limits();
  void report(int depth, int alpha, int beta);

  SharedSearchState& shared;
  int id;
  int rootDepth = 0, pvIdx = 0, selDepth = 0, multiPV = 1;
  double bestMoveChanges = 0;
  int callsToCheck = 0;
  const nnue::Network* network = nullptr;  // the active network when the search started
  nnue::AccumulatorStack accumulators;
  ButterflyHistory mainHistory;
  CaptureHistory captureHistory;
  ContinuationHistory continuationHistory;
  CounterMoves counterMoves;
  CorrectionHistory pawnCorrection;
  std::array<CorrectionHistory, COLOR_NB> nonPawnCorrection;  // by the side whose pieces
  ContinuationCorrection continuationCorrection;
};

}  // namespace shiftmate
