// Iterative deepening alpha-beta (PVS) over a pool of Lazy SMP threads that
// share one transposition table. The search reports through callbacks and
// never prints. The tree search is in search.cpp (one thread's Worker,
// search_worker.h), the threads in thread_pool.*, and this class's set-up,
// limits and result in search_control.cpp.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "position.h"
#include "score.h"
#include "skill.h"
#include "syzygy.h"
#include "thread_pool.h"
#include "timeman.h"
#include "tt.h"

namespace shiftmate {

struct SearchLimits {
  TimePoint time[COLOR_NB] = {0, 0};
  TimePoint inc[COLOR_NB] = {0, 0};
  int movesToGo = 0;
  int depth = 0;            // 0: no limit
  std::uint64_t nodes = 0;  // 0: no limit
  // No iteration starts after this many nodes (0: no limit).
  std::uint64_t softNodes = 0;
  TimePoint movetime = 0;
  int mate = 0;  // find a mate in this many moves
  bool infinite = false;
  bool ponder = false;
  std::vector<Move> searchMoves;  // empty: all moves
};

struct SearchOptions {
  int multiPV = 1;
  TimePoint moveOverhead = 10;
  // Tablebases: probe positions with at most this many pieces (and as many
  // as the largest table only this deep or deeper); results the 50-move
  // rule spoils count as draws unless the rule is off.
  int syzygyProbeLimit = 7;
  int syzygyProbeDepth = 1;
  bool syzygy50MoveRule = true;
  Skill skill;  // full strength unless a level or an Elo is set
};

// One `info` line's content.
struct SearchInfo {
  int depth = 0, selDepth = 0, multiPV = 1;
  int score = 0;
  Bound bound = BOUND_EXACT;
  std::uint64_t nodes = 0;
  std::uint64_t tbHits = 0;
  TimePoint time = 0;
  int hashfull = 0;
  std::vector<Move> pv;
};

struct SearchCallbacks {
  std::function<void(const SearchInfo&)> onInfo;
  std::function<void(Move best, Move ponder)> onBestMove;
  // The root move being searched, once a search has run a while.
  std::function<void(int depth, Move move, int number)> onCurrentMove;
};

class Worker;

class Search {
 public:
  explicit Search(TranspositionTable& tt);
  ~Search();

  void set_threads(int n);  // waits for a running search first
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
  friend class Worker;
  void run_main();
  bool should_stop_now() const;  // hard limits, checked by the main thread
  std::size_t keep_tablebase_moves(const syzygy::RootRanking& ranking, std::vector<Move>& rootList);
  // The reply to `best` to ponder on when the PV has none (none if no reply).
  Move ponder_move(const Position& root, Move best) const;

  TranspositionTable& tt;
  ThreadPool pool;
  std::thread mainThread;
  std::atomic<bool> running{false};
  std::atomic<bool> stopFlag{false};
  std::atomic<bool> pondering{false};
  std::atomic<bool> stopOnPonderhit{false};

  SearchLimits limits;
  SearchOptions options;
  SearchCallbacks callbacks;
  TimeBudget budget;
  bool timeManaged = false;
  Stopwatch clock;
  int searchMultiPV = 1;  // lines searched: more than shown when weakened
  int depthCap = 0;       // go depth, or the weakened search's depth (0: none)
  std::uint64_t skillSeed = 0;
  int tbCardinality = 0;  // probe positions with at most this many pieces (0: none)
  bool rootInTB = false;
  int rootTbScore = 0;
};

}  // namespace shiftmate
