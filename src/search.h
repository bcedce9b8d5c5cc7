// Iterative deepening alpha-beta (PVS) over a pool of Lazy SMP threads that
// share one transposition table. The search reports through callbacks and
// never prints. This class's set-up, limits and result are in search.cpp;
// what its threads share in search_shared.h; one thread's tree search in
// search_worker.* (Worker); the threads in thread_pool.*.
#pragma once

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "position.h"
#include "search_shared.h"
#include "syzygy.h"
#include "thread_pool.h"
#include "tt.h"

namespace shiftmate {

class Search {
 public:
  explicit Search(TranspositionTable& tt);
  ~Search();

  // Waits for a running search first; false (threads unchanged) when the
  // memory for n is not there.
  bool set_threads(int n);
  int threads() const { return pool.size(); }
  void clear();  // forget histories (new game)

  // Starts searching on background threads and returns at once. bestmove
  // comes through callbacks.onBestMove when the search ends.
  void start(const Position& pos, const SearchLimits& limits, const SearchOptions& options,
             SearchCallbacks callbacks);
  void stop();
  void ponderhit();
  void wait();  // until the bestmove callback has returned
  bool searching() const { return running.load(); }
  std::uint64_t nodes_searched() const;
  std::uint64_t tb_hits() const;

 private:
  void run_main();
  std::size_t keep_tablebase_moves(const syzygy::RootRanking& ranking, std::vector<Move>& rootList);
  // The reply to `best` to ponder on when the PV has none (none if no reply).
  Move ponder_move(const Position& root, Move best) const;

  TranspositionTable& tt;
  ThreadPool pool;
  SharedSearchState shared{tt, pool};
  std::thread mainThread;
  std::atomic<bool> running{false};
  std::uint64_t skillSeed = 0;
};

}  // namespace shiftmate
