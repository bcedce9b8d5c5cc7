// Time management: how long to think from the clock, increment and
// moves to go, minus the GUI's latency.
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
