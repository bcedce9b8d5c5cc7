// The Lazy SMP thread pool: every worker searches the same root on its own
// thread, sharing only the transposition table, so that the helpers' results
// reach the main worker through the table; at the end one worker's move is
// played.
#pragma once

#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "position.h"

namespace shiftmate {

// The one-thread WebAssembly build (make web, for pages that are not
// cross-origin isolated) has no threads: the search runs on the caller's
// thread to its limits, since no command is read while it runs.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool HasThreads = false;
#else
inline constexpr bool HasThreads = true;
#endif

// The most threads the Threads option offers: Stockfish's maximum; in the
// browser's threads build, the logical cores (as many workers are made when
// the engine starts, so none has to wait for the event loop).
int max_search_threads();

struct SharedSearchState;
class Worker;

class ThreadPool {
 public:
  ThreadPool();
  ~ThreadPool();

  // `n` workers (at least one) that share `shared`; worker 0 is the main
  // one, which checks the limits and reports. False, with as many workers
  // as before, when the memory for n is not there.
  bool resize(SharedSearchState& shared, int n);
  int size() const { return int(workers.size()); }
  void clear();  // every worker's histories (new game)

  // Each worker gets a copy of the position and the root moves to search.
  void prepare(const Position& pos, const std::vector<Move>& rootList);
  Worker& main() const { return *workers[0]; }
  Worker& worker(int i) const { return *workers[i]; }

  // The helpers start iterating on their own threads (the main worker runs
  // on the caller's), as many as the system gives threads; join_helpers
  // waits for them once the search is told to stop.
  void start_helpers();
  void join_helpers();

  // The worker whose move is played, chosen by the threads' votes
  // (thread_pool.cpp); the main one with a single thread.
  Worker& best() const;

  std::uint64_t nodes() const;
  std::uint64_t tb_hits() const;

 private:
  std::vector<std::unique_ptr<Worker>> workers;
  std::vector<std::thread> helpers;
};

}  // namespace shiftmate
