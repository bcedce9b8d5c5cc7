#include "util/stop_signal.h"

#include <csignal>

namespace shiftmate {

namespace {

std::atomic<bool> stopRequested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

void request_stop(int) { stopRequested.store(true); }

}  // namespace

const std::atomic<bool>& catch_stop_signals() {
  struct sigaction action = {};
  action.sa_handler = request_stop;
  action.sa_flags = SA_RESTART;  // reads and writes in progress carry on
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  return stopRequested;
}

}  // namespace shiftmate
