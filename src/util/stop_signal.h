// Lets a long run stop cleanly when the user interrupts it: after
// catch_stop_signals(), SIGINT and SIGTERM set the returned flag instead of
// ending the process.
#pragma once

#include <atomic>

namespace shiftmate {

// Installs the handlers (POSIX sigaction); the flag stays set once set.
const std::atomic<bool>& catch_stop_signals();

}  // namespace shiftmate
