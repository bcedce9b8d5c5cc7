// The search's margins as named parameters in one place. A normal build
// makes them constants; a build with `make SPSA=on` (SHIFTMATE_SPSA) makes
// each one a UCI spin option, so that scripts/spsa.py can tune them by
// self-play. `shiftmate search-params` lists them in either build.
#pragma once

#include <string_view>

namespace shiftmate::search_params {

// name, default, min, max, SPSA's final perturbation (c_end, about a tenth
// of the value, at least 1). Centipawns unless the name or comment says
// otherwise; fractions are scaled to integers (x100: hundredths). What guards
// against search explosions (the extension caps, the check extension's depth)
// and a few structural limits stay hand-set in search_worker.cpp.
#define SHIFTMATE_SEARCH_PARAMETERS(P)                                                      \
  /* Pruning before the move loop. */                                                       \
  P(RazorMaxDepth, 3, 1, 6, 1)                                                              \
  P(RazorBase, 296, 100, 600, 30)                                                           \
  P(RazorPerDepthSquared, 262, 100, 500, 25)                                                \
  P(ReverseFutilityMaxDepth, 8, 4, 14, 1)                                                   \
  P(ReverseFutilityPerDepth, 70, 40, 160, 8)                                                \
  P(NullMoveEvalBase, 144, 0, 400, 20)                                                      \
  P(NullMoveEvalPerDepth, 24, 0, 60, 3)                                                     \
  P(NullMoveBaseReduction, 4, 2, 6, 1)     /* plies */                                      \
  P(NullMoveDepthDivisor, 2, 2, 6, 1)      /* one more ply per this much depth */           \
  P(NullMoveEvalPerPly, 204, 100, 400, 20) /* eval above beta per extra ply */              \
  P(NullMoveMaxEvalReduction, 4, 1, 6, 1)  /* plies */                                      \
  P(IirMinDepth, 3, 2, 8, 1)                                                                \
  /* Pruning in the move loop. */                                                           \
  P(LmpBase, 4, 0, 10, 1) /* quiets after (this + depth^2) / 2 moves (x2 improving) */      \
  P(SeeNoisyMaxDepth, 6, 3, 12, 1)                                                          \
  P(SeeNoisyPerDepth, 86, 30, 200, 10)                                                      \
  P(SeeQuietPerLmrDepthSquared, 27, 5, 60, 3)                                               \
  P(HistoryPruneMaxLmrDepth, 3, 1, 8, 1)                                                    \
  P(HistoryPrunePerDepth, 2893, 1000, 6000, 300) /* history points */                       \
  P(FutilityMaxLmrDepth, 6, 3, 12, 1)                                                       \
  P(FutilityBase, 104, 40, 300, 12)                                                         \
  P(FutilityPerLmrDepth, 95, 40, 250, 11)                                                   \
  P(QsearchFutilityMargin, 187, 60, 400, 18)                                                \
  P(QsearchMaxMoves, 2, 1, 6, 1)         /* then only checks, promotions, recaptures */     \
  P(QsearchMaxQuietEvasions, 1, 1, 4, 1) /* in check, after mate is escaped */              \
  P(CaptureFutilityMaxLmrDepth, 6, 2, 12, 1)                                                \
  P(CaptureFutilityBase, 220, 60, 500, 24)                                                  \
  P(CaptureFutilityPerLmrDepth, 180, 60, 400, 18)                                           \
  P(CaptureFutilityHistoryDivisor, 16, 4, 40, 3)                                            \
  P(QuietCheckBonus, 12000, 0, 32000, 1600) /* ordering: a quiet direct check */            \
  /* Ordering: a quiet move out of a cheaper enemy piece's attack (minus: into one). */     \
  P(ThreatEscapeMinor, 8000, 0, 32000, 800)                                                 \
  P(ThreatEscapeRook, 12000, 0, 32000, 1200)                                                \
  P(ThreatEscapeQueen, 20000, 0, 40000, 2000)                                               \
  /* Extensions. */                                                                         \
  P(SingularMinDepth, 5, 4, 12, 1)                                                          \
  P(SingularTtDepthMargin, 2, 1, 6, 1) /* plies the hash entry may be shallower */          \
  P(SingularBetaPerDepth, 2, 1, 4, 1)  /* below the hash move's score, per ply of depth */  \
  P(SingularDoubleMargin, 21, 5, 60, 3)                                                     \
  /* Late move reductions: base + ln(depth) ln(moves) / divisor, and history. */            \
  P(LmrBase, 87, 0, 200, 8)                          /* x100 plies */                       \
  P(LmrDivisor, 210, 150, 400, 15)                   /* x100 */                             \
  P(HistoryReductionDivisor, 8905, 2048, 16384, 800) /* history points per ply */           \
  P(LmrCutoffCountMin, 2, 1, 8, 1) /* one ply more beyond this many refuted replies */      \
  P(LmrDeeperBase, 39, 10, 100, 5) /* a re-search one ply deeper above best + this */       \
  P(LmrDeeperPerDepth, 2, 0, 8, 1)                                                          \
  /* A ply off the later moves each time one raises alpha (PV nodes), up to this depth. */  \
  P(AlphaRaiseMaxDepth, 13, 4, 20, 1)                                                       \
  /* Hindsight: a node the parent reduced by at least this many plies gets one back when */ \
  /* the two static evaluations sum to at most the margin (the opponent's move gained), */  \
  /* and gives one up when they sum above the quiet margin (cp). */                         \
  P(HindsightExtendMinReduction, 3, 1, 6, 1)                                                \
  P(HindsightWorseningMargin, 0, -100, 100, 10)                                             \
  P(HindsightReduceMinReduction, 2, 1, 6, 1)                                                \
  P(HindsightQuietMargin, 175, 50, 400, 15)                                                 \
  /* Move ordering: a cutoff's history bonus, min(q d^2 + l d, max). */                     \
  P(HistoryBonusQuadratic, 18, 4, 40, 2)                                                    \
  P(HistoryBonusLinear, 33, 0, 100, 4)                                                      \
  P(HistoryBonusMax, 1609, 600, 3200, 120)                                                  \
  P(PriorMoveBonusPercent, 94, 0, 200,                                                      \
    10) /* of the bonus, to a move all replies fail low against */                          \
  P(EarlyRefutedMalusPercent, 100, 0, 200,                                                  \
    10) /* of the bonus, to a refuted first or second move */                               \
  /* A cutoff this far above beta: its bonus and the others' maluses a ply deeper. */       \
  P(HistoryBonusDepthMargin, 106, 30, 300, 10)                                              \
  /* The opponent's quiet move: history per cp it moved the static eval, capped. */         \
  P(EvalDiffHistoryScale, 10, 2, 30, 1)                                                     \
  P(EvalDiffHistoryMax, 1605, 400, 3200, 120)                                               \
  /* The static evaluation's correction histories, each weighed in 1/64. */                 \
  P(CorrectionPawnWeight, 60, 0, 128, 6)                                                    \
  P(CorrectionNonPawnWeight, 43, 0, 128, 4) /* each side's */                               \
  P(CorrectionContinuationWeight, 40, 0, 128, 4)                                            \
  /* Aspiration windows: base + |score| / divisor, around the last score. */                \
  P(AspirationBase, 13, 5, 40, 2)                                                           \
  P(AspirationScoreDivisor, 49, 20, 200, 5)                                                 \
  /* Time (timeman.cpp): the budget, and the stop after each iteration. */                  \
  P(TimeSuddenDeathHorizon, 24, 12, 60, 3)      /* moves planned for in sudden death */     \
  P(TimeIncrementShare, 75, 40, 100, 5)         /* % of the increment spent on this move */ \
  P(TimeBestMoveChangeWeight, 150, 50, 300, 15) /* x100 of the optimum per change */        \
  P(TimeScoreDropScale, 100, 40, 300, 10)       /* cp of fall that doubles the time */      \
  P(TimeMinScoreDropFactor, 70, 40, 100, 5)     /* x100 */                                  \
  P(TimeMaxScoreDropFactor, 160, 100, 250, 10)  /* x100 */                                  \
  P(TimeFirstStability, 120, 80, 200, 8)        /* x100 */                                  \
  P(TimeStabilityStep, 6, 1, 20, 1)             /* x100 per stable iteration */             \
  P(TimeMinStability, 75, 30, 100, 5)           /* x100 */

#ifdef SHIFTMATE_SPSA
#define SHIFTMATE_DECLARE_PARAMETER(name, value, lo, hi, step) inline int name = value;
#else
#define SHIFTMATE_DECLARE_PARAMETER(name, value, lo, hi, step) constexpr int name = value;
#endif
SHIFTMATE_SEARCH_PARAMETERS(SHIFTMATE_DECLARE_PARAMETER)
#undef SHIFTMATE_DECLARE_PARAMETER

struct Parameter {
  std::string_view name;
  int defaultValue, min, max, step;
};

#define SHIFTMATE_PARAMETER_ROW(name, value, lo, hi, step) Parameter{#name, value, lo, hi, step},
inline constexpr Parameter Parameters[] = {SHIFTMATE_SEARCH_PARAMETERS(SHIFTMATE_PARAMETER_ROW)};
#undef SHIFTMATE_PARAMETER_ROW

// Are the parameters settable (an SPSA build)?
#ifdef SHIFTMATE_SPSA
inline constexpr bool Tunable = true;
#else
inline constexpr bool Tunable = false;
#endif

// Sets the parameter called `name` (exact spelling) in an SPSA build; false
// for an unknown name, a value out of range, or a normal build.
inline bool set(std::string_view name, int value) {
#ifdef SHIFTMATE_SPSA
#define SHIFTMATE_SET_PARAMETER(param, def, lo, hi, step) \
  if (name == #param) {                                   \
    if (value < lo || value > hi) return false;           \
    param = value;                                        \
    return true;                                          \
  }
  SHIFTMATE_SEARCH_PARAMETERS(SHIFTMATE_SET_PARAMETER)
#undef SHIFTMATE_SET_PARAMETER
#endif
  (void)name;
  (void)value;
  return false;
}

}  // namespace shiftmate::search_params
