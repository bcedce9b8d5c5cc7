// The tree search of one thread (Worker, search_worker.h): iterative
// deepening with aspiration windows, the principal variation search
// (negamax) and the quiescence search, each in numbered steps.
#include "search_worker.h"

#include <algorithm>
#include <cmath>

#include "history.h"
#include "movepick.h"
#include "nnue/inference.h"
#include "piece_values.h"
#include "search_params.h"
#include "syzygy.h"

namespace shiftmate {

namespace {

// Pruning and extension margins and depths live in search_params.h, where
// SPSA can tune them; here stay what guards against search explosions and
// the limits that are structure rather than tuning.
using namespace search_params;
// Checks extend only this deep and above: extending every safe check lets
// queen-check sequences (KQ vs KR) keep the depth from falling for 2 x rootDepth plies.
constexpr int CheckExtensionMinDepth = 10;
// Double extensions per path from the root.
constexpr int MaxDoubleExtensions = 6;
// Extensions stop this many times the root depth from the root, so that no
// line can grow without end.
constexpr int ExtensionMaxPlyPerRootDepth = 2;
// ms: after this the main thread also reports the root move being searched
// and each aspiration failure's bound, which GUIs show while they wait.
constexpr TimePoint LiveReportAfter = 3000;
constexpr int TablebaseDepthBonus = 6;  // a table's answer is worth a deep search
// Nodes of the main thread between two looks at the clock and node limits.
constexpr int NodesBetweenLimitChecks = 512;
// No cutoff on a stored score this near the 50-move draw (half-moves): the
// score may not know that the draw is coming.
constexpr int TtCutoffMaxRule50 = 90;
// A key for the singular search's node apart from the node's own: the
// excluded move times 2^64 / golden ratio, which spreads its bits.
constexpr Key ExcludedMoveKeyMultiplier = 0x9E3779B97F4A7C15ULL;
// Late move reductions from this depth on.
constexpr int LmrMinDepth = 2;
// The aspiration window is used from this depth on; below, a full window.
constexpr int AspirationMinDepth = 4;
// Moves remembered per node to be punished after a cutoff by another.
constexpr int MaxQuietsTried = 64, MaxCapturesTried = 32;

// Late move reductions: LmrBase + ln(depth) ln(moves) / LmrDivisor (both
// x100), from a table of the logarithms' product.
struct LogProductTable {
  static constexpr int Size = 64;  // depths and move counts beyond share the last entry
  double v[Size][Size];
  LogProductTable() {
    for (int d = 0; d < Size; ++d)
      for (int m = 0; m < Size; ++m) v[d][m] = d && m ? std::log(d) * std::log(m) : 0;
  }
};
const LogProductTable LogProducts;
int reduction(int depth, int moveCount) {
  constexpr int Last = LogProductTable::Size - 1;
  if (!depth || !moveCount) return 0;
  return int(LmrBase / 100.0 +
             LogProducts.v[std::min(depth, Last)][std::min(moveCount, Last)] * 100.0 / LmrDivisor);
}

// Bonus for a move that caused a cutoff at `depth` (and malus for the others).
int history_bonus(int depth) {
  return std::min(HistoryBonusQuadratic * depth * depth + HistoryBonusLinear * depth,
                  HistoryBonusMax);
}

// pv = move followed by the child's pv; a child searched without a pv
// (null window, or not at all) contributes nothing.
void update_pv(Move* pv, Move move, const Move* childPv) {
  *pv++ = move;
  while (childPv && *childPv) *pv++ = *childPv++;
  *pv = Move::none();
}

int lmp_threshold(int depth, bool improving) { return (LmpBase + depth * depth) / (2 - improving); }

}  // namespace

void Worker::check_limits() {
  if (--callsToCheck > 0) return;
  callsToCheck = NodesBetweenLimitChecks;
  if (shared.hard_limit_reached()) shared.stopFlag = true;
}

void Worker::update_quiet_stats(Stack* ss, Color side, Piece pc, Move m, int bonus) {
  mainHistory[side][butterfly_index(m, ss->threats.all)].update(bonus);
  update_continuations(ss, pc, m.to(), bonus);
}

void Worker::update_continuations(Stack* ss, Piece pc, Square to, int bonus) {
  for (int back : {1, 2, 4})
    if ((ss - back)->currentMove.is_ok()) (*(ss - back)->continuation)[pc][to].update(bonus);
}

// This node fails high: the opponent's quiet move that led here is refuted.
// Tried first or second, its node ordered it too early, so its continuation
// histories learn against it.
void Worker::punish_refuted_early_move(Stack* ss, int depth) {
  if (prior_move_was_quiet(ss) && (ss - 1)->moveCount <= 2)
    update_continuations(ss - 1, (ss - 1)->movedPiece, (ss - 1)->currentMove.to(),
                         -history_bonus(depth + 1) * EarlyRefutedMalusPercent / 100);
}

// After `best` raised alpha or cut off: reward it, punish the other moves
// tried (at a PV node also those after it; an earlier best move is spared).
void Worker::update_stats(Stack* ss, Move best, int depth, const Move* quiets, int quietCount,
                          const Move* captures, int captureCount) {
  const int bonus = history_bonus(depth);
  const Color us = pos.side_to_move();
  auto quiet = [&](Move m, int b) { update_quiet_stats(ss, us, pos.piece_on(m.from()), m, b); };
  auto capture_entry = [&](Move m) -> auto& {
    return captureHistory[pos.piece_on(m.from())][m.to()][pos.captured_type(m)];
  };
  if (!pos.is_noisy(best)) {
    quiet(best, bonus);
    if (ss->killers[0] != best) {
      ss->killers[1] = ss->killers[0];
      ss->killers[0] = best;
    }
    Move prev = (ss - 1)->currentMove;
    if (prev.is_ok() && prev != Move::null())
      counterMoves[pos.piece_on(prev.to())][prev.to()] = best;
    for (int i = 0; i < quietCount; ++i) quiet(quiets[i], -bonus);
  } else {
    capture_entry(best).update(bonus);
  }
  for (int i = 0; i < captureCount; ++i) capture_entry(captures[i]).update(-bonus);
}

template <NodeType NT>
int Worker::negamax(Stack* ss, int alpha, int beta, int depth, bool cutNode) {
  constexpr bool PvNode = NT != NonPV;
  constexpr bool RootNode = NT == Root;

  constexpr NodeType QsearchType = PvNode ? PV : NonPV;
  if (depth <= 0) return qsearch<QsearchType>(ss, alpha, beta);

  // Step 1. Initialise the node.
  Move pv[MAX_PLY + 1];
  const Color us = pos.side_to_move();
  ss->inCheck = pos.in_check();
  ss->doubleExtensions = (ss - 1)->doubleExtensions;  // null-move children read it
  if (is_main()) check_limits();
  if (PvNode) selDepth = std::max(selDepth, ss->ply + 1);

  if (!RootNode) {
    // Step 2. Aborted search, draws and the ply limit.
    if (stopped()) return 0;
    if (is_draw(ss)) return VALUE_DRAW;
    if (ss->ply >= MAX_PLY - 1) return ss->inCheck ? 0 : evaluate();

    // Step 3. Mate distance pruning: no mate found deeper can beat a shorter one.
    alpha = std::max(mated_in(ss->ply), alpha);
    beta = std::min(mate_in(ss->ply + 1), beta);
    if (alpha >= beta) return alpha;
  }
  (ss + 1)->killers[0] = (ss + 1)->killers[1] = Move::none();
  (ss + 1)->cutoffCount = 0;
  (ss + 1)->excludedMove = Move::none();

  // Step 4. Transposition table look-up.
  const Move excluded = ss->excludedMove;
  const Key key = pos.key() ^ (excluded ? Key(excluded.raw()) * ExcludedMoveKeyMultiplier : 0);
  bool ttHit;
  TTEntry* tte = shared.tt.probe(key, ttHit);
  const int ttValue = ttHit ? value_from_tt(tte->value(), ss->ply, pos.rule50()) : VALUE_NONE;
  Move ttMove = RootNode ? rootMoves[pvIdx].move : ttHit ? tte->move() : Move::none();
  // Copied now: by the time the singular test reads them, the null-move
  // search below or another thread may have given the slot to another position.
  const Bound ttBound = ttHit ? tte->bound() : BOUND_NONE;
  const int ttDepth = ttHit ? tte->depth() : 0;
  const int ttEval = ttHit ? tte->eval() : VALUE_NONE;
  const bool ttCapture = ttMove && pos.is_capture(ttMove);
  // The singular search (excluded move) re-enters this node: keep its flag.
  if (!excluded) ss->ttPv = PvNode || (ttHit && tte->is_pv());

  if (!PvNode && !excluded && ttHit && ttDepth >= depth && ttValue != VALUE_NONE &&
      (ttBound & (ttValue >= beta ? BOUND_LOWER : BOUND_UPPER)) &&
      pos.rule50() < TtCutoffMaxRule50) {
    // A quiet hash move that still beats beta earns its history here too.
    if (ttMove && ttValue >= beta && !pos.is_noisy(ttMove) &&
        pos.piece_on(ttMove.from()) != NO_PIECE && color_of(pos.piece_on(ttMove.from())) == us) {
      ss->threats = pos.attack_layers(~us);
      update_quiet_stats(ss, us, pos.piece_on(ttMove.from()), ttMove, history_bonus(depth));
    }
    if (ttValue >= beta) punish_refuted_early_move(ss, depth);
    return ttValue;
  }

  // Step 4b. Tablebases: right after a capture or pawn move (the tables
  // know no 50-move counter), an exact result or a bound that decides.
  int bestValue = -VALUE_INFINITE, maxValue = VALUE_INFINITE;
  if (!RootNode && !excluded && shared.tbCardinality && !pos.rule50()) {
    const int pieces = popcount(pos.pieces());
    if (pieces < shared.tbCardinality ||
        (pieces == shared.tbCardinality && depth >= shared.options.syzygyProbeDepth)) {
      if (auto wdl = syzygy::probe_wdl(pos)) {
        count_tb_hit();
        const int w = int(*wdl), drawScore = shared.options.syzygy50MoveRule;
        const int value = w < -drawScore  ? -VALUE_TB + ss->ply
                          : w > drawScore ? VALUE_TB - ss->ply
                                          : VALUE_DRAW + CursedResultScore * w * drawScore;
        const Bound b = w < -drawScore ? BOUND_UPPER : w > drawScore ? BOUND_LOWER : BOUND_EXACT;
        if (b == BOUND_EXACT || (b == BOUND_LOWER ? value >= beta : value <= alpha)) {
          shared.tt.store(tte, key, value_to_tt(value, ss->ply), ss->ttPv, b,
                          std::min(MAX_PLY - 1, depth + TablebaseDepthBonus), Move::none(),
                          VALUE_NONE);
          return value;
        }
        // A won ending is at least this good; a lost one at most this.
        if (PvNode && b == BOUND_LOWER) {
          bestValue = value;
          alpha = std::max(alpha, value);
        } else if (PvNode) {
          maxValue = value;
        }
      }
    }
  }

  // Step 5. Static evaluation. The table keeps the raw evaluation; the
  // search uses it corrected by the correction histories (pawns alone:
  // +25.7 Elo [+5.1, +46.3], docs/strength.md, 2026-11-22).
  int eval, rawEval = VALUE_NONE;
  bool improving;
  if (ss->inCheck) {
    ss->staticEval = eval = VALUE_NONE;
    improving = false;
  } else {
    if (excluded) {
      eval = ss->staticEval;
    } else if (ttHit) {
      rawEval = ttEval != VALUE_NONE ? ttEval : evaluate();
      eval = ss->staticEval = corrected_eval(rawEval, ss);
      if (ttValue != VALUE_NONE && (ttBound & (ttValue > eval ? BOUND_LOWER : BOUND_UPPER)))
        eval = ttValue;
    } else {
      rawEval = evaluate();
      eval = ss->staticEval = corrected_eval(rawEval, ss);
      shared.tt.store(tte, key, VALUE_NONE, ss->ttPv, BOUND_NONE, TTEntry::DepthEvalOnly,
                      Move::none(), rawEval);
    }
    // The opponent's last move, judged by the two static evaluations: each
    // from its mover's side, they sum to minus the move's gain.
    if (!excluded && (ss - 1)->staticEval != VALUE_NONE) {
      const int swing = ss->staticEval + (ss - 1)->staticEval;
      // A quiet move is taught by how far it moved the evaluation its way.
      // (With the ply off after alpha is raised and the deeper bonus for a
      // large cutoff: +32.2 +- 12.0 Elo at 20,000 nodes a move;
      // docs/strength.md, 2026-12-01.)
      if (prior_move_was_quiet(ss)) {
        const Move prev = (ss - 1)->currentMove;
        const int bonus =
            std::clamp(-EvalDiffHistoryScale * swing, -EvalDiffHistoryMax, EvalDiffHistoryMax);
        mainHistory[~us][butterfly_index(prev, (ss - 1)->threats.all)].update(bonus);
      }
      // Hindsight on the parent's late move reduction: a move reduced by
      // much that lost no ground gets a ply back; one that lost much gives
      // a ply more (Stockfish's practice; +11.2 +- 9.8 Elo at 20,000 nodes a
      // move, docs/strength.md, 2026-12-07).
      const int priorReduction = (ss - 1)->reduction;
      if (priorReduction >= HindsightExtendMinReduction && swing <= HindsightWorseningMargin)
        ++depth;
      if (priorReduction >= HindsightReduceMinReduction && depth >= 2 &&
          swing > HindsightQuietMargin)
        --depth;
    }
    improving = (ss - 2)->staticEval != VALUE_NONE   ? ss->staticEval > (ss - 2)->staticEval
                : (ss - 4)->staticEval != VALUE_NONE ? ss->staticEval > (ss - 4)->staticEval
                                                     : true;

    // Step 6. Razoring: hopeless positions drop straight into quiescence.
    if (!PvNode && depth <= RazorMaxDepth &&
        eval < alpha - RazorBase - RazorPerDepthSquared * depth * depth) {
      int v = qsearch<NonPV>(ss, alpha - 1, alpha);
      if (v < alpha) return v;
    }

    // Step 7. Reverse futility pruning: far above beta at low depth.
    if (!ss->ttPv && depth <= ReverseFutilityMaxDepth &&
        eval - ReverseFutilityPerDepth * (depth - improving) >= beta &&
        eval < VALUE_TB_WIN_IN_MAX_PLY)
      return eval;

    // Step 8. Null move pruning: if passing still beats beta, a real move
    // will too (not in pawn endings, where zugzwang is common). Steps 7 and 8
    // also stand against a mated-in-N beta: a side that is not mated within N
    // after passing is not mated within N. Without them every defence was
    // searched at full width to prove a mate's length (KQ vs KR: 81 M nodes).
    if (!PvNode && !excluded && (ss - 1)->currentMove != Move::null() && eval >= beta &&
        ss->staticEval >= beta - NullMoveEvalPerDepth * depth + NullMoveEvalBase &&
        pos.has_non_pawn_material(us)) {
      int R = NullMoveBaseReduction + depth / NullMoveDepthDivisor +
              std::min((eval - beta) / NullMoveEvalPerPly, NullMoveMaxEvalReduction);
      make_null_move(ss);
      int v = -negamax<NonPV>(ss + 1, -beta, -beta + 1, depth - R, !cutNode);
      unmake_null_move();
      if (stopped()) return 0;
      if (v >= beta) return v >= VALUE_TB_WIN_IN_MAX_PLY ? beta : v;
    }
  }

  // ProbCut was tried after step 8 and rejected: -11.6 +- 24.2 Elo
  // (docs/strength.md, 2026-11-23).

  // Step 9. Internal iterative reduction: without a hash move this node was
  // not searched before, so search it shallower first.
  if (!RootNode && !ttMove && depth >= IirMinDepth && (PvNode || cutNode)) --depth;

  // The squares the opponent attacks index the main history (+24 Elo at
  // equal nodes for 5% fewer nodes/s; docs/strength.md, 2026-11-28): worked
  // out only by nodes that get this far.
  ss->threats = pos.attack_layers(~us);

  // Step 10. The move loop, in the staged picker's order (the picker:
  // +22.6 +- 33.8 Elo with 17-24% more nodes per second; docs/strength.md,
  // 2026-11-23).
  MovePicker picker(pos, ttMove, ordering(ss));
  Move quiets[MaxQuietsTried], captures[MaxCapturesTried];
  int quietCount = 0, captureCount = 0, moveCount = 0;
  Move bestMove = Move::none();
  bool skipQuiets = false;

  for (Move move; (move = picker.next(skipQuiets));) {
    if (move == excluded) continue;
    if (RootNode &&
        std::find_if(rootMoves.begin() + pvIdx, rootMoves.end(),
                     [&](const RootMove& rm) { return rm.move == move; }) == rootMoves.end())
      continue;
    ++moveCount;
    shared.tt.prefetch(pos.key_after(move));  // early: loads while the move is judged
    if (PvNode) (ss + 1)->pv = nullptr;
    if (RootNode && is_main() && shared.callbacks.onCurrentMove &&
        shared.report_elapsed() > LiveReportAfter)
      shared.callbacks.onCurrentMove(depth, move, moveCount + pvIdx);

    const bool capture = pos.is_noisy(move);
    const bool givesCheck = pos.gives_check(move);
    const Piece moved = pos.piece_on(move.from());
    int newDepth = depth - 1;
    // A quiet move's history for pruning and reductions: the main table and
    // the continuations after the opponent's last move and our own before it.
    int history = capture ? 0
                          : int(mainHistory[us][butterfly_index(move, ss->threats.all)]) +
                                int((*(ss - 1)->continuation)[moved][move.to()]) +
                                int((*(ss - 2)->continuation)[moved][move.to()]);

    // Step 11. Pruning at shallow depth, once a non-losing move is known.
    if (!RootNode && pos.has_non_pawn_material(us) && bestValue > VALUE_TB_LOSS_IN_MAX_PLY) {
      if (moveCount >= lmp_threshold(depth, improving)) skipQuiets = true;  // late move pruning
      int lmrDepth = std::max(newDepth - reduction(depth, moveCount), 0);
      if (capture || givesCheck) {
        // Futility for captures: even the captured piece and a margin that
        // grows with depth (and the capture's history) cannot reach alpha.
        // With quiet checks ordered early: +25.5 Elo at 20,000 nodes, about +5
        // each alone (docs/strength.md, 2026-12-04).
        if (capture && !givesCheck && !ss->inCheck && move.kind() != PROMOTION &&
            lmrDepth <= CaptureFutilityMaxLmrDepth) {
          const PieceType victim = pos.captured_type(move);
          if (ss->staticEval + CaptureFutilityBase + CaptureFutilityPerLmrDepth * lmrDepth +
                  TradeValue[victim] +
                  captureHistory[moved][move.to()][victim] / CaptureFutilityHistoryDivisor <=
              alpha)
            continue;
        }
        if (depth <= SeeNoisyMaxDepth && !pos.see_ge(move, -SeeNoisyPerDepth * depth))
          continue;  // SEE pruning
      } else {
        if (lmrDepth <= HistoryPruneMaxLmrDepth && history < -HistoryPrunePerDepth * depth)
          continue;  // history pruning
        // Futility pruning: the static eval is too far below alpha.
        if (!ss->inCheck && lmrDepth <= FutilityMaxLmrDepth &&
            ss->staticEval + FutilityBase + FutilityPerLmrDepth * lmrDepth <= alpha)
          continue;
        if (!pos.see_ge(move, -SeeQuietPerLmrDepthSquared * lmrDepth * lmrDepth))
          continue;  // SEE pruning
      }
    }

    // Step 12. Extensions.
    int extension = 0;
    if (!RootNode && depth >= SingularMinDepth && move == ttMove && !excluded &&
        ttValue != VALUE_NONE && !is_decisive(ttValue) && (ttBound & BOUND_LOWER) &&
        ttDepth >= depth - SingularTtDepthMargin &&
        ss->ply < ExtensionMaxPlyPerRootDepth * rootDepth) {
      // Singular extension: is the hash move much better than all others?
      int singularBeta = ttValue - SingularBetaPerDepth * depth;
      // The excluded search re-enters this frame, and its razoring's
      // quiescence search rewrites the threats and static evaluation that
      // this node's later moves and its children still read.
      const AttackLayers threats = ss->threats;
      const int staticEval = ss->staticEval;
      ss->excludedMove = move;
      int v = negamax<NonPV>(ss, singularBeta - 1, singularBeta, (depth - 1) / 2, cutNode);
      ss->excludedMove = Move::none();
      ss->threats = threats;
      ss->staticEval = staticEval;
      shared.tt.prefetch(pos.key_after(move));  // the search above may have evicted it
      if (v < singularBeta)
        // Double extensions are capped per path, so that no line can keep
        // its depth from falling for long.
        extension = !PvNode && v < singularBeta - SingularDoubleMargin &&
                            (ss - 1)->doubleExtensions < MaxDoubleExtensions
                        ? 2
                        : 1;
      else if (singularBeta >= beta)
        return singularBeta;  // multi-cut: several moves beat beta
      else if (ttValue >= beta)
        extension = -1;
    } else if (givesCheck && depth >= CheckExtensionMinDepth &&
               ss->ply < ExtensionMaxPlyPerRootDepth * rootDepth && pos.see_ge(move, 0)) {
      // Check extension, from CheckExtensionMinDepth only and with double
      // extensions capped: +18.6 +- 24.8 Elo against every safe check
      // extended (docs/strength.md, 2026-11-23).
      extension = 1;
    }
    newDepth += extension;
    ss->doubleExtensions = (ss - 1)->doubleExtensions + (extension == 2);

    // Step 13. Make the move.
    ss->moveCount = moveCount;  // after the singular search, which reuses this frame
    make_move(ss, move);
    int value = 0;

    // Step 14. Late move reductions: later moves get a reduced null-window
    // search first and a full one only if they beat alpha.
    bool fullSearch;
    if (depth >= LmrMinDepth && moveCount > 1 + RootNode && (!capture || !ss->ttPv)) {
      int r = reduction(depth, moveCount);
      r -= ss->ttPv;
      r += cutNode;
      r += ttCapture;
      r -= PvNode;
      r -= givesCheck;
      r -= history / HistoryReductionDivisor;
      r += !capture && !improving;
      r += (ss + 1)->cutoffCount > LmrCutoffCountMin;  // the replies keep refuting our moves
      if (move == ss->killers[0] || move == ss->killers[1]) --r;
      int d = std::clamp(newDepth - r, 1, newDepth + 1);
      ss->reduction = newDepth - d;
      value = -negamax<NonPV>(ss + 1, -(alpha + 1), -alpha, d, true);
      ss->reduction = 0;
      fullSearch = value > alpha && d < newDepth;
      // The reduced search beat alpha: search deeper if it did so by far,
      // shallower if only just.
      if (fullSearch) {
        newDepth += value > bestValue + LmrDeeperBase + LmrDeeperPerDepth * newDepth;
        newDepth -= value < bestValue + newDepth;
      }
    } else {
      fullSearch = !PvNode || moveCount > 1;
    }
    // Step 15. Principal variation search: null window, then full window.
    if (fullSearch) value = -negamax<NonPV>(ss + 1, -(alpha + 1), -alpha, newDepth, !cutNode);
    if (PvNode && (moveCount == 1 || (value > alpha && (RootNode || value < beta)))) {
      pv[0] = Move::none();
      (ss + 1)->pv = pv;
      value = -negamax<PV>(ss + 1, -beta, -alpha, newDepth, false);
    }
    unmake_move(move);
    if (stopped()) return 0;

    if (RootNode) {
      RootMove& rm = *std::find_if(rootMoves.begin(), rootMoves.end(),
                                   [&](const RootMove& r) { return r.move == move; });
      if (moveCount == 1 || value > alpha) {
        rm.score = value;
        rm.selDepth = selDepth;
        rm.pv.assign(1, move);
        for (const Move* m = (ss + 1)->pv; m && *m; ++m) rm.pv.push_back(*m);
        if (moveCount > 1 && !pvIdx) ++bestMoveChanges;
      } else {
        rm.score = -VALUE_INFINITE;  // keeps the order of moves that fail low
      }
    }

    // Step 16. New best move?
    if (value > bestValue) {
      bestValue = value;
      if (value > alpha) {
        bestMove = move;
        if (PvNode && !RootNode) update_pv(ss->pv, move, (ss + 1)->pv);
        if (value >= beta) {  // fail high
          ++ss->cutoffCount;
          break;
        }
        alpha = value;
        // A good move found: the rest need only show they are no better, so
        // each raise of alpha (PV nodes only: elsewhere it is a cutoff) takes
        // a ply off the moves after it, down to depth 2.
        if (!RootNode && depth > 2 && depth <= AlphaRaiseMaxDepth && !is_decisive(value)) --depth;
      }
    }
    if (move != bestMove) {
      if (capture && captureCount < MaxCapturesTried)
        captures[captureCount++] = move;
      else if (!capture && quietCount < MaxQuietsTried)
        quiets[quietCount++] = move;
    }
  }

  // Step 17. Checkmate, stalemate, and learning from the result.
  if (!moveCount) return excluded ? alpha : ss->inCheck ? mated_in(ss->ply) : VALUE_DRAW;
  // Every best move teaches, a cutoff's and a PV node's that only raised
  // alpha (+12.0 +- 9.8 Elo at 20,000 nodes a move against cutoffs only;
  // docs/strength.md, 2026-12-03).
  if (bestMove)
    update_stats(ss, bestMove, depth + (bestValue > beta + HistoryBonusDepthMargin), quiets,
                 quietCount, captures, captureCount);
  if (bestValue >= beta && !excluded) punish_refuted_early_move(ss, depth);
  // Every move failed low: the opponent's quiet move that led here was good.
  if (!bestMove && !excluded && prior_move_was_quiet(ss))
    update_quiet_stats(ss - 1, ~us, (ss - 1)->movedPiece, (ss - 1)->currentMove,
                       history_bonus(depth) * PriorMoveBonusPercent / 100);
  if (PvNode) bestValue = std::min(bestValue, maxValue);

  if (!excluded && !(RootNode && pvIdx)) {
    Bound b = bestValue >= beta ? BOUND_LOWER : PvNode && bestMove ? BOUND_EXACT : BOUND_UPPER;
    shared.tt.store(tte, key, value_to_tt(bestValue, ss->ply), ss->ttPv, b, depth, bestMove,
                    rawEval);
    // Teach the correction table when the result says more than the bound
    // allows and the best move was quiet (captures are qsearch's business).
    if (!ss->inCheck && (!bestMove || !pos.is_capture(bestMove)) && !is_decisive(bestValue) &&
        !(b == BOUND_LOWER && bestValue <= ss->staticEval) &&
        !(b == BOUND_UPPER && bestValue >= ss->staticEval))
      update_corrections(ss, bestValue - ss->staticEval, depth);
  }
  return bestValue;
}

template <NodeType NT>
int Worker::qsearch(Stack* ss, int alpha, int beta) {
  constexpr bool PvNode = NT == PV;

  // Step 1. Initialise the node.
  Move pv[MAX_PLY + 1];
  if (PvNode) {
    ss->pv[0] = Move::none();
    selDepth = std::max(selDepth, ss->ply + 1);
  }
  if (is_main()) check_limits();

  // Step 2. Aborted search, draws and the ply limit.
  if (stopped()) return 0;
  ss->inCheck = pos.in_check();
  if (is_draw(ss)) return VALUE_DRAW;
  if (ss->ply >= MAX_PLY - 1) return ss->inCheck ? 0 : evaluate();

  // Step 3. Transposition table look-up: only a noisy hash move is tried
  // (any move when in check), and a bound that decides cuts at once.
  bool ttHit;
  const Key key = pos.key();
  TTEntry* tte = shared.tt.probe(key, ttHit);
  const int ttValue = ttHit ? value_from_tt(tte->value(), ss->ply, pos.rule50()) : VALUE_NONE;
  Move ttMove = ttHit ? tte->move() : Move::none();
  if (ttMove && !ss->inCheck && !pos.is_noisy(ttMove)) ttMove = Move::none();
  const bool ttPv = ttHit && tte->is_pv();
  // Copied with its value: another thread may reuse the slot.
  const Bound ttBound = ttHit ? tte->bound() : BOUND_NONE;
  const int ttEval = ttHit ? tte->eval() : VALUE_NONE;
  if (!PvNode && ttHit && ttValue != VALUE_NONE &&
      (ttBound & (ttValue >= beta ? BOUND_LOWER : BOUND_UPPER)))
    return ttValue;

  // Step 4. Stand pat: the side to move may decline every capture (not
  // when in check, where every evasion is searched).
  int bestValue, futilityBase, rawEval = VALUE_NONE;
  if (ss->inCheck) {
    ss->staticEval = VALUE_NONE;
    bestValue = futilityBase = -VALUE_INFINITE;
  } else {
    rawEval = ttEval != VALUE_NONE ? ttEval : evaluate();
    ss->staticEval = bestValue = corrected_eval(rawEval, ss);
    if (ttValue != VALUE_NONE && (ttBound & (ttValue > bestValue ? BOUND_LOWER : BOUND_UPPER)))
      bestValue = ttValue;
    if (bestValue >= beta) {
      if (!ttHit)
        shared.tt.store(tte, key, value_to_tt(bestValue, ss->ply), false, BOUND_LOWER,
                        TTEntry::DepthQsearch, Move::none(), rawEval);
      return bestValue;
    }
    if (bestValue > alpha) alpha = bestValue;
    futilityBase = bestValue + QsearchFutilityMargin;
  }

  // Step 5. The move loop: captures and promotions (to a queen only), or
  // every evasion when in check. Only evasions are quiet moves here, ordered
  // by the main history, which the opponent's attacks index.
  ss->threats = ss->inCheck ? pos.attack_layers(~pos.side_to_move()) : AttackLayers{};
  MovePicker picker(pos, ttMove, ordering(ss), true);
  Move bestMove = Move::none();
  const Square prevTo = (ss - 1)->currentMove.is_ok() ? (ss - 1)->currentMove.to() : SQ_NONE;
  int moveCount = 0, quietEvasions = 0;
  for (Move move; (move = picker.next());) {
    if (!ss->inCheck && move.kind() == PROMOTION && move.promotion() != QUEEN) continue;
    ++moveCount;
    shared.tt.prefetch(pos.key_after(move));  // early: loads while the move is judged
    const bool givesCheck = pos.gives_check(move);

    // Step 6. Pruning, not while every line loses; move-count pruning is
    // +12.3 +- 9.6 Elo at 20,000 nodes (docs/strength.md, 2026-12-04). In
    // check, once a line escapes mate, only QsearchMaxQuietEvasions more
    // quiet evasions are searched: the others rarely do better.
    if (bestValue > VALUE_TB_LOSS_IN_MAX_PLY && ss->inCheck && !pos.is_noisy(move) &&
        ++quietEvasions > QsearchMaxQuietEvasions)
      continue;
    if (bestValue > VALUE_TB_LOSS_IN_MAX_PLY && !ss->inCheck) {
      if (!givesCheck && move.kind() != PROMOTION) {
        // The picker's best captures come first: later ones that neither
        // check, promote nor recapture are left alone.
        if (moveCount > QsearchMaxMoves && move.to() != prevTo) continue;
        // Futility: even winning this piece cannot lift us to alpha.
        int gain = futilityBase + TradeValue[pos.captured_type(move)];
        if (gain <= alpha) {
          bestValue = std::max(bestValue, gain);
          continue;
        }
      }
      if (!pos.see_ge(move, 0)) continue;  // losing captures
    }

    // Step 7. Make the move and search it.
    make_move(ss, move);
    if (PvNode) (ss + 1)->pv = pv;
    int value = -qsearch<NT>(ss + 1, -beta, -alpha);
    unmake_move(move);
    if (stopped()) return 0;

    // Step 8. New best move?
    if (value > bestValue) {
      bestValue = value;
      if (value > alpha) {
        bestMove = move;
        if (PvNode) update_pv(ss->pv, move, (ss + 1)->pv);
        if (value >= beta) break;
        alpha = value;
      }
    }
  }

  // Step 9. Checkmate (no evasion), and the result into the table.
  if (ss->inCheck && bestValue == -VALUE_INFINITE) return mated_in(ss->ply);

  Bound b = bestValue >= beta ? BOUND_LOWER : BOUND_UPPER;
  shared.tt.store(tte, key, value_to_tt(bestValue, ss->ply), ttPv, b, TTEntry::DepthQsearch,
                  bestMove, rawEval);
  return bestValue;
}

void Worker::report(int depth, int alpha, int beta) {
  if (!shared.callbacks.onInfo) return;
  for (int i = 0; i < std::min(multiPV, shared.options.multiPV); ++i) {
    const RootMove& rm = rootMoves[i];
    bool updated = rm.score != -VALUE_INFINITE;
    if (depth == 1 && !updated && i > 0) continue;
    SearchInfo info = line_info(rm, updated ? depth : std::max(1, depth - 1));
    info.multiPV = i + 1;
    info.bound = i == pvIdx && updated && rm.score <= alpha  ? BOUND_UPPER
                 : i == pvIdx && updated && rm.score >= beta ? BOUND_LOWER
                                                             : BOUND_EXACT;
    // At a tablebase root the tables know the result; the search only
    // chooses among the moves that keep it (unless it has seen a mate).
    if (shared.rootInTB && !is_mate_score(info.score)) {
      info.score = shared.rootTbScore;
      info.bound = BOUND_EXACT;
    }
    shared.callbacks.onInfo(info);
  }
}

SearchInfo Worker::line_info(const RootMove& rm, int depth) const {
  SearchInfo info;
  info.depth = depth;
  info.score = rm.score != -VALUE_INFINITE ? rm.score : rm.previousScore;
  if (info.score == -VALUE_INFINITE) info.score = 0;
  info.selDepth = rm.selDepth;
  info.nodes = shared.nodes_searched();
  info.tbHits = shared.tb_hits();
  info.time = shared.report_elapsed();
  info.hashfull = shared.tt.hashfull();
  info.pv = rm.pv;
  return info;
}

void Worker::iterative_deepening() {
  // Room below the root for the plies that nodes look back at, and above
  // the deepest ply for the ones they look ahead to.
  constexpr int PliesBelowRoot = 7, PliesPastMax = 3;
  Stack stack[PliesBelowRoot + MAX_PLY + PliesPastMax] = {};
  Stack* ss = stack + PliesBelowRoot;
  Move rootPv[MAX_PLY + 1];
  for (int i = -PliesBelowRoot; i < MAX_PLY + PliesPastMax; ++i) {
    (ss + i)->movedPiece = NO_PIECE;
    (ss + i)->continuation = &continuationHistory[NO_PIECE][0];
    (ss + i)->continuationCorrection = &continuationCorrection[NO_PIECE][0];
    (ss + i)->staticEval = VALUE_NONE;
    (ss + i)->ply = std::max(i, 0);
  }
  ss->pv = rootPv;
  multiPV = std::min<int>(shared.searchMultiPV, int(rootMoves.size()));
  int previousBest = 0;
  Move lastBestMove = Move::none();
  int stableIterations = 0;

  for (rootDepth = 1; rootDepth < MAX_PLY && !stopped(); ++rootDepth) {
    // Every thread stops at the cap: a helper one iteration deeper would
    // otherwise win the vote and report a depth past the one asked for.
    if (shared.depthCap && rootDepth > shared.depthCap) break;
    bestMoveChanges /= 2;
    for (RootMove& rm : rootMoves) rm.previousScore = rm.score;

    int alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
    for (pvIdx = 0; pvIdx < multiPV && !stopped(); ++pvIdx) {
      selDepth = 0;
      // Aspiration window around the last score, widened on each failure.
      int prev = rootMoves[pvIdx].previousScore;
      int delta = AspirationBase + std::abs(prev) / AspirationScoreDivisor;
      if (rootDepth >= AspirationMinDepth && !is_decisive(prev)) {
        alpha = std::max(prev - delta, -VALUE_INFINITE);
        beta = std::min(prev + delta, VALUE_INFINITE);
      } else {
        alpha = -VALUE_INFINITE;
        beta = VALUE_INFINITE;
      }
      for (;;) {
        int value = negamax<Root>(ss, alpha, beta, rootDepth, false);
        std::stable_sort(rootMoves.begin() + pvIdx, rootMoves.end());
        if (stopped()) break;
        if (is_main() && (value <= alpha || value >= beta) &&
            shared.report_elapsed() > LiveReportAfter)
          report(rootDepth, alpha, beta);
        // A bound that widens into the decisive range opens completely: a
        // window edge there is no score, yet null move returns it as a
        // lower bound, and the GUI would show it (cp 19914).
        if (value <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = value - delta <= VALUE_TB_LOSS_IN_MAX_PLY ? -VALUE_INFINITE : value - delta;
        } else if (value >= beta) {
          beta = value + delta >= VALUE_TB_WIN_IN_MAX_PLY ? VALUE_INFINITE : value + delta;
        } else {
          break;
        }
        delta += delta / 2;
      }
      std::stable_sort(rootMoves.begin(), rootMoves.begin() + pvIdx + 1);
      if (is_main() && (stopped() ? completedDepth > 0 : pvIdx + 1 == multiPV))
        report(stopped() ? completedDepth : rootDepth, alpha, beta);
    }
    if (stopped()) break;
    completedDepth = rootDepth;
    if (!is_main()) continue;
    if (shared.limits.softNodes && shared.nodes_searched() >= shared.limits.softNodes)
      shared.stopFlag = true;

    // Limits checked between iterations: mate found, or time.
    const int best = rootMoves[0].score;
    if (shared.limits.mate && best >= mate_in(2 * shared.limits.mate)) shared.stopFlag = true;
    if (shared.timeManaged && !shared.stopFlag) {
      stableIterations = rootMoves[0].move == lastBestMove ? stableIterations + 1 : 0;
      lastBestMove = rootMoves[0].move;
      const IterationOutcome outcome{bestMoveChanges, previousBest - best, stableIterations,
                                     rootMoves.size() == 1};
      if (stop_after_iteration(shared.limit_elapsed(), shared.budget.optimum, outcome)) {
        // ponderhit clears `pondering` and then reads `stopOnPonderhit`; here
        // the other order: one of the two sees the other's write (seq_cst),
        // so a ponderhit between the test and the write still stops.
        if (shared.pondering) shared.stopOnPonderhit = true;
        if (!shared.pondering) shared.stopFlag = true;
      }
    }
    previousBest = best;
  }
}

}  // namespace shiftmate
