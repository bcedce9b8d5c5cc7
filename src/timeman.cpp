#include "timeman.h"

#include <algorithm>
#include <ratio>

namespace shiftmate {

namespace {

// The budget. Sudden death plans as if this many moves remained, and no
// plan looks further ahead than MaxHorizon moves.
constexpr int SuddenDeathHorizon = 40, MaxHorizon = 50;
// The overhead is kept in hand for at most this many of the coming moves.
constexpr int OverheadReserveMoves = 5;
// The share of the increment spent on this move on top of the clock's share.
using IncrementShare = std::ratio<3, 4>;
// The hard limit: at most this share of the time left (almost all of it
// with one move to go), and at most this many optima.
constexpr double MaxShare = 0.5, MaxShareLastMove = 0.85;
constexpr TimePoint MaxOptima = 5;

// After each iteration. Each change of the best move (halved every
// iteration) adds this much of the optimum.
constexpr double BestMoveChangeWeight = 1.5;
// A score that fell by this many centipawns doubles the time, within the
// clamp below; a rising one shortens it.
constexpr double ScoreDropScale = 100.0;
constexpr double MinScoreDropFactor = 0.7, MaxScoreDropFactor = 1.6;
// A best move that stays iteration after iteration needs less time: from
// FirstStability down by StabilityStep per iteration to MinStability.
constexpr double FirstStability = 1.2, StabilityStep = 0.06, MinStability = 0.6;
// A single root move is played after this share of the optimum.
constexpr double OnlyMoveShare = 0.2;

}  // namespace

TimeBudget allocate_time(TimePoint time, TimePoint inc, int movesToGo, TimePoint overhead) {
  // Keep the overhead in hand for every move still to come before the next
  // time control (or a few moves' worth in sudden death).
  int horizon = movesToGo > 0 ? std::min(movesToGo, MaxHorizon) : SuddenDeathHorizon;
  TimePoint available =
      std::max<TimePoint>(1, time - overhead * std::min(horizon, OverheadReserveMoves));
  inc = std::max<TimePoint>(inc, 0);

  TimePoint optimum = available / horizon + inc * IncrementShare::num / IncrementShare::den;
  // With one move to go the whole remaining time may be used, almost.
  double maxShare = movesToGo == 1 ? MaxShareLastMove : MaxShare;
  TimePoint maximum = std::min<TimePoint>(TimePoint(available * maxShare), optimum * MaxOptima);
  optimum = std::min(optimum, maximum);
  return {std::max<TimePoint>(1, optimum), std::max<TimePoint>(1, maximum)};
}

TimePoint movetime_limit(TimePoint movetime, TimePoint overhead) {
  return std::max<TimePoint>(1, movetime - overhead);
}

double iteration_time_target(TimePoint optimum, const IterationOutcome& outcome) {
  double instability = 1.0 + BestMoveChangeWeight * outcome.bestMoveChanges;
  double falling =
      std::clamp(1.0 + outcome.scoreDrop / ScoreDropScale, MinScoreDropFactor, MaxScoreDropFactor);
  double stability =
      std::max(MinStability, FirstStability - StabilityStep * outcome.stableIterations);
  double target = optimum * instability * falling * stability;
  if (outcome.onlyMove) target = std::min(target, optimum * OnlyMoveShare);
  return target;
}

}  // namespace shiftmate
