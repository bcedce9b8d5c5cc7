#include "timeman.h"

#include <algorithm>

#include "search_params.h"

namespace shiftmate {

namespace {

using namespace search_params;

// The budget. Sudden death plans as if TimeSuddenDeathHorizon moves remained,
// and no plan looks further ahead than MaxHorizon moves. On top of the
// clock's share, TimeIncrementShare % of the increment.
constexpr int MaxHorizon = 50;
// The overhead is kept in hand for at most this many of the coming moves.
constexpr int OverheadReserveMoves = 5;
// The hard limit: at most this share of the time left (almost all of it
// with one move to go), and at most this many optima.
constexpr double MaxShare = 0.5, MaxShareLastMove = 0.85;
constexpr TimePoint MaxOptima = 5;

// After each iteration (the factors in search_params.h, x100). Each change
// of the best move (halved every iteration) adds TimeBestMoveChangeWeight of
// the optimum. A score that fell by TimeScoreDropScale centipawns doubles
// the time, within the clamp of the Min/Max factors; a rising one shortens
// it. A best move that stays iteration after iteration needs less time: from
// TimeFirstStability down by TimeStabilityStep per iteration to
// TimeMinStability.
// A single root move is played after this share of the optimum.
constexpr double OnlyMoveShare = 0.2;

}  // namespace

TimeBudget allocate_time(TimePoint time, TimePoint inc, int movesToGo, TimePoint overhead) {
  // Keep the overhead in hand for the moves still to come before the next
  // time control, at most OverheadReserveMoves of them.
  int horizon = movesToGo > 0 ? std::min(movesToGo, MaxHorizon) : TimeSuddenDeathHorizon;
  TimePoint available =
      std::max<TimePoint>(1, time - overhead * std::min(horizon, OverheadReserveMoves));
  inc = std::max<TimePoint>(inc, 0);

  TimePoint optimum = available / horizon + inc * TimeIncrementShare / 100;
  // With one move to go the whole remaining time may be used, almost.
  double maxShare = movesToGo == 1 ? MaxShareLastMove : MaxShare;
  TimePoint maximum = std::min<TimePoint>(TimePoint(available * maxShare), optimum * MaxOptima);
  // An increment above the overhead pays for the moves to come, so a clock
  // already inside the reserve may still spend part of it on this move.
  if (inc > overhead) {
    TimePoint spare =
        std::min<TimePoint>(TimePoint((time - overhead) * maxShare), (inc - overhead) / 2);
    maximum = std::max(maximum, spare);
  }
  optimum = std::min(optimum, maximum);
  return {std::max<TimePoint>(1, optimum), std::max<TimePoint>(1, maximum)};
}

TimePoint movetime_limit(TimePoint movetime, TimePoint overhead) {
  return std::max<TimePoint>(1, movetime - overhead);
}

double iteration_time_target(TimePoint optimum, const IterationOutcome& outcome) {
  double instability = 1.0 + TimeBestMoveChangeWeight / 100.0 * outcome.bestMoveChanges;
  double falling = std::clamp(1.0 + outcome.scoreDrop / double(TimeScoreDropScale),
                              TimeMinScoreDropFactor / 100.0, TimeMaxScoreDropFactor / 100.0);
  double stability =
      std::max(TimeMinStability / 100.0,
               TimeFirstStability / 100.0 - TimeStabilityStep / 100.0 * outcome.stableIterations);
  double target = optimum * instability * falling * stability;
  if (outcome.onlyMove) target = std::min(target, optimum * OnlyMoveShare);
  return target;
}

}  // namespace shiftmate
