// The UCI protocol loop: parses commands and drives the engine. Supported:
//   uci, isready, ucinewgame, setoption, position, go, stop, ponderhit,
//   debug, quit, and the non-standard d, eval, bench, go perft.
#pragma once

#include <fstream>
#include <iosfwd>
#include <istream>
#include <mutex>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "book/polyglot.h"
#include "engine.h"
#include "random.h"
#include "uci_options.h"
#include "util/printable_text.h"

namespace shiftmate {

// One UCI session: an engine driven one command line at a time. Replies,
// including those of searches running in the background, go to `out`.
class UciSession {
 public:
  explicit UciSession(std::ostream& o);
  bool execute(const std::string& line);  // false on quit
  // Ends a running search (its bestmove is sent) and waits for it.
  void finish() {
    engine.stop();
    engine.wait();
  }

 private:
  void uci();
  void position(std::istringstream& in);
  void setoption(std::istringstream& in);
  void declare_options();  // fills `options`, each bound to this session
  void go(std::istringstream& in);
  void bench(std::istringstream& in);
  void genfens(std::istringstream& in);
  void syzygy_path(const std::string& value);
  void book_file(const std::string& value);
  bool play_book_move(const Position& root, const SearchLimits& limits);
  void send(const std::string& text) {
    std::lock_guard lock(outputMutex);
    out << text << std::endl;  // flush: a GUI waits on each line
    if (debugLog.is_open()) log_line(">>", text);
  }
  // Debug Log File: everything received (<<) and sent (>>), with times.
  void log_line(const char* direction, const std::string& text);
  void set_debug_log(const std::string& path);
  void update_skill();
  // Messages quote what came in: made printable and at most 1,000 bytes.
  void info_string(const std::string& text) {
    send("info string " + printable_text(text, MaxInfoStringBytes));
  }
  static constexpr std::size_t MaxInfoStringBytes = 1000;

  std::ostream& out;
  Engine engine;
  UciOptions options;
  std::mutex outputMutex;
  bool showWdl = false;  // UCI_ShowWDL: `wdl W D L` in info lines
  int skillLevel = Skill::MaxLevel, elo = Skill::MinElo;
  bool limitStrength = false;
  bool analyseMode = false;  // UCI_AnalyseMode: the GUI analyses, no game is played
  std::ofstream debugLog;    // guarded by outputMutex
  book::PolyglotBook book;   // BookFile, used when OwnBook is on
  bool ownBook = false, bestBookMove = false;
  Random bookRandom{std::random_device{}()};  // a different game each run
};

// Runs `first` as commands, then reads `in` until `quit` or end of input
// (which ends a running search, with its bestmove). Replies go to `out`.
void run_uci(std::istream& in, std::ostream& out, const std::vector<std::string>& first = {});

// Runs the arguments as commands first, then reads standard input until
// `quit` or end of input. Returns the process exit code.
int uci_main(int argc, char** argv);

}  // namespace shiftmate
