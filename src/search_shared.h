// What a search is asked (limits, options), what it reports (callbacks), and
// the state every search thread shares with the Search that runs them: set
// by Search::start before the threads run and only read while they search,
// except the atomic flags and what the main thread decides at the end of an
// iteration (stop now or on ponderhit).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "score.h"
#include "skill.h"
#include "thread_pool.h"
#include "timeman.h"
#include "tt.h"
#include "types.h"

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
  // UCI `nodestime`: nodes per millisecond stand in for time (0: real time),
  // so that a timed game is the same on any machine.
  int nodesTime = 0;
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

struct SharedSearchState {
  SharedSearchState(TranspositionTable& table, const ThreadPool& threads)
      : tt(table), pool(threads) {}

  // Hard limits (movetime, the time budget's maximum, nodes): the main
  // thread checks them; never while pondering.
  bool hard_limit_reached() const;
  std::uint64_t nodes_searched() const { return pool.nodes(); }
  std::uint64_t tb_hits() const { return pool.tb_hits(); }

  TranspositionTable& tt;
  const ThreadPool& pool;  // every thread's node and tablebase-hit counts
  std::atomic<bool> stopFlag{false};
  std::atomic<bool> pondering{false};
  std::atomic<bool> stopOnPonderhit{false};  // the time is up, but we ponder

  SearchLimits limits;
  SearchOptions options;
  SearchCallbacks callbacks;
  TimeBudget budget;
  bool timeManaged = false;
  Stopwatch sinceGo;  // what info lines report (time, nodes/s): from the go, pondering included
  Stopwatch clock;    // what the time limits count: from the go, or from ponderhit

  // Milliseconds for the limits and for the reports; with `nodestime` set,
  // the nodes searched over that many per millisecond, as Stockfish counts.
  TimePoint limit_elapsed() const { return elapsed_of(clock); }
  TimePoint report_elapsed() const { return elapsed_of(sinceGo); }
  TimePoint elapsed_of(const Stopwatch& watch) const {
    return options.nodesTime ? TimePoint(nodes_searched() / std::uint64_t(options.nodesTime))
                             : watch.elapsed();
  }
  int searchMultiPV = 1;  // lines searched: more than shown when weakened
  int depthCap = 0;       // go depth, or the weakened search's depth (0: none)
  int tbCardinality = 0;  // probe positions with at most this many pieces (0: none)
  bool rootInTB = false;
  int rootTbScore = 0;
};

}  // namespace shiftmate
