// Lets a long run stop cleanly when the user interrupts it: after
// catch_stop_signals(), SIGINT and SIGTERM (on Windows: Ctrl-C, Ctrl-Break
// and closing the console) set the returned flag instead of ending the
// process.
#pragma once

#include <atomic>

namespace shiftmate {

// Installs the handlers (sigaction, SetConsoleCtrlHandler); the flag stays set once set.
const std::atomic<bool>& catch_stop_signals();

}  // namespace shiftmate
