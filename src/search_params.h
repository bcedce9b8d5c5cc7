// The search's margins as named parameters in one place. A normal build
// makes them constants; a build with `make SPSA=on` (SHIFTMATE_SPSA) makes
// each one a UCI spin option, so that scripts/spsa.py can tune them by
// self-play. `shiftmate search-params` lists them in either build.
#pragma once

#include <string_view>

namespace shiftmate::search_params {

// name, default, min, max, SPSA's final perturbation (about 10% of the value).
// Centipawns unless the name says otherwise.
#define SHIFTMATE_SEARCH_PARAMETERS(P)                                                    \
  P(RazorBase, 300, 100, 600, 30)                                                         \
  P(RazorPerDepthSquared, 250, 100, 500, 25)                                              \
  P(ReverseFutilityPerDepth, 80, 40, 160, 8)                                              \
  P(NullMoveEvalBase, 160, 0, 400, 20)                                                    \
  P(NullMoveEvalPerDepth, 20, 0, 60, 3)                                                   \
  P(NullMoveEvalPerPly, 200, 100, 400, 20) /* eval above beta per extra ply */            \
  P(SeeNoisyPerDepth, 90, 30, 200, 10)                                                    \
  P(SeeQuietPerLmrDepthSquared, 25, 5, 60, 3)                                             \
  P(HistoryPrunePerDepth, 3000, 1000, 6000, 300) /* history points */                     \
  P(FutilityBase, 120, 40, 300, 12)                                                       \
  P(FutilityPerLmrDepth, 110, 40, 250, 11)                                                \
  P(SingularBetaPerDepth, 2, 1, 4, 1) /* below the hash move's score, per ply of depth */ \
  P(SingularDoubleMargin, 20, 5, 60, 3)                                                   \
  P(MaxDoubleExtensions, 6, 1, 16, 1) /* per path from the root, a count */               \
  P(QsearchFutilityMargin, 180, 60, 400, 18)                                              \
  P(AspirationBase, 15, 5, 40, 2)                                                         \
  P(AspirationScoreDivisor, 50, 20, 200, 5)          /* window = base + |score| / this */ \
  P(HistoryReductionDivisor, 8192, 2048, 16384, 800) /* history points per ply */

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
