#include "timeman.h"

#include <algorithm>

namespace shiftmate {

TimeBudget allocate_time(TimePoint time, TimePoint inc, int movesToGo, TimePoint overhead) {
  // Keep the overhead in hand for every move still to come before the next
  // time control (or a few moves' worth in sudden death).
  int horizon = movesToGo > 0 ? std::min(movesToGo, 50) : 40;
  TimePoint available = std::max<TimePoint>(1, time - overhead * std::min(horizon, 5));
  inc = std::max<TimePoint>(inc, 0);

  TimePoint optimum = available / horizon + inc * 3 / 4;
  // With one move to go the whole remaining time may be used, almost.
  double maxShare = movesToGo == 1 ? 0.85 : 0.5;
  TimePoint maximum = std::min<TimePoint>(TimePoint(available * maxShare), optimum * 5);
  optimum = std::min(optimum, maximum);
  return {std::max<TimePoint>(1, optimum), std::max<TimePoint>(1, maximum)};
}

}  // namespace shiftmate
