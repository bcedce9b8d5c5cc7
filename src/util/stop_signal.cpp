#include "util/stop_signal.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <csignal>
#endif

namespace shiftmate {

namespace {

std::atomic<bool> stopRequested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

#ifdef _WIN32

// Runs on a thread of its own. Windows ends the process when the handler of
// a closing console returns, so that one waits a little for the run to stop.
BOOL WINAPI request_stop(DWORD event) {
  switch (event) {
    case CTRL_C_EVENT:
    case CTRL_BREAK_EVENT:
      stopRequested.store(true);
      return TRUE;
    case CTRL_CLOSE_EVENT:
    case CTRL_LOGOFF_EVENT:
    case CTRL_SHUTDOWN_EVENT:
      stopRequested.store(true);
      ::Sleep(3000);  // the system allows about 5 s
      return TRUE;
    default:
      return FALSE;
  }
}

#else

void request_stop(int) { stopRequested.store(true); }

#endif

}  // namespace

const std::atomic<bool>& catch_stop_signals() {
#ifdef _WIN32
  ::SetConsoleCtrlHandler(request_stop, TRUE);
#else
  struct sigaction action = {};
  action.sa_handler = request_stop;
  action.sa_flags = SA_RESTART;  // reads and writes in progress carry on
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
#endif
  return stopRequested;
}

}  // namespace shiftmate
