// Time management: how long to think from the clock, increment and moves
// to go, minus the GUI's latency (the budget), and whether another
// iteration is worth starting (the decision after each one).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace shiftmate {

using TimePoint = std::int64_t;  // milliseconds

inline TimePoint now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

struct TimeBudget {
  TimePoint optimum = 0;  // aim: stop after an iteration past this
  TimePoint maximum = 0;  // never think longer than this
};

// The budget for one move. `time` and `inc` are the side to move's clock
// and increment in ms, `movesToGo` 0 for sudden death.
TimeBudget allocate_time(TimePoint time, TimePoint inc, int movesToGo, TimePoint overhead);

// `go movetime`: when to stop, leaving the GUI its latency.
TimePoint movetime_limit(TimePoint movetime, TimePoint overhead);

// How the iterations so far went, as the decision to start another sees it.
struct IterationOutcome {
  double bestMoveChanges = 0;  // changes of the best root move, halved each iteration
  int scoreDrop = 0;           // the previous iteration's score minus this one's
  int stableIterations = 0;    // iterations in a row that kept the best move
  bool onlyMove = false;       // a single root move: nothing to choose
};

// The time after which no new iteration starts: the optimum stretched
// while the best move keeps changing or the score falls, shrunk while the
// best move stays.
double iteration_time_target(TimePoint optimum, const IterationOutcome& outcome);

// Should the search stop after the iteration that ended `elapsed` ms in?
inline bool stop_after_iteration(TimePoint elapsed, TimePoint optimum,
                                 const IterationOutcome& outcome) {
  return elapsed > iteration_time_target(optimum, outcome);
}

// A stopwatch whose start can be moved (at ponderhit) while other threads
// read it.
class Stopwatch {
 public:
  void restart() { start.store(now_ms(), std::memory_order_relaxed); }
  TimePoint elapsed() const { return now_ms() - start.load(std::memory_order_relaxed); }

 private:
  std::atomic<TimePoint> start{now_ms()};
};

}  // namespace shiftmate
