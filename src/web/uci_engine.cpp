// The engine inside a browser's Web Worker (make web): web/engine/uci-worker.js
// hands each UCI line the page posts to web_uci_command, and the engine's
// replies go back to it line by line through Module.print.
//
// In the threads build the search runs on its own thread, so its lines are
// queued and posted by the runtime's main thread (the worker's own), in the
// order they were sent: after each command and on uci-worker.js's timer
// (web_uci_poll). A thread that is not the main one cannot post to the page.
#include <emscripten.h>
#include <emscripten/threading.h>

#include <deque>
#include <memory>
#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>

#include "position.h"
#include "uci.h"

namespace {

// Gathers characters into lines; each whole line waits in `lines`.
class LineQueue : public std::streambuf {
 public:
  // Posts the waiting lines; only on the runtime's main thread.
  void post_waiting() {
    std::deque<std::string> ready;
    {
      std::lock_guard lock(mutex);
      ready.swap(lines);
    }
    for (const std::string& line : ready) EM_ASM({ out(UTF8ToString($0)); }, line.c_str());
  }

 protected:
  int_type overflow(int_type c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    std::lock_guard lock(mutex);
    if (c == '\n') {
      lines.push_back(std::move(partial));
      partial.clear();
    } else {
      partial.push_back(char(c));
    }
    return c;
  }

  int sync() override {
    if (emscripten_is_main_runtime_thread()) post_waiting();
    return 0;
  }

 private:
  std::mutex mutex;
  std::string partial;
  std::deque<std::string> lines;
};

LineQueue replies;
std::ostream replyStream(&replies);
std::unique_ptr<shiftmate::UciSession> session;
bool ended = false;  // after `quit`: the page is told nothing more

}  // namespace

extern "C" {

// Runs one UCI line; returns 0 once `quit` has been run (the worker closes).
EMSCRIPTEN_KEEPALIVE int web_uci_command(const char* line) {
  if (ended) return 0;
  if (!session) {
    shiftmate::Position::init();
    session = std::make_unique<shiftmate::UciSession>(replyStream);
  }
  std::string text(line);
  if (!text.empty() && text.back() == '\r') text.pop_back();
  if (!session->execute(text)) {
    session->finish();
    ended = true;
  }
  replies.post_waiting();
  return ended ? 0 : 1;
}

// Posts what the search thread has sent since the last call.
EMSCRIPTEN_KEEPALIVE void web_uci_poll() { replies.post_waiting(); }

}  // extern "C"
