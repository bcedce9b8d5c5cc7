// The Search object (search.h) around the tree search: it sets up the
// root (legal and requested moves, tablebase ranking, the weakened level,
// the time budget), runs the workers of the thread pool, enforces the hard
// limits, answers stop and ponderhit, and reports the move played.
#include "search.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "movegen.h"
#include "nnue/inference.h"
#include "random.h"
#include "search_shared.h"
#include "search_worker.h"
#include "syzygy.h"

namespace shiftmate {

Search::Search(TranspositionTable& table) : tt(table) { set_threads(1); }

Search::~Search() {
  stop();
  wait();
}

bool Search::set_threads(int n) {
  wait();
  return pool.resize(shared, n);
}

void Search::clear() {
  wait();
  pool.clear();
}

void Search::start(const Position& pos, const SearchLimits& l, const SearchOptions& o,
                   SearchCallbacks cb) {
  stop();
  wait();
  shared.sinceGo.restart();
  shared.clock.restart();
  shared.limits = l;
  shared.options = o;
  shared.callbacks = std::move(cb);
  shared.stopFlag = false;
  shared.pondering = l.ponder;
  shared.stopOnPonderhit = false;

  // A weakened search is random twice: the whole level it plays at (of the
  // two around a fractional one) and the candidate it picks at the end.
  Random skillRng(std::uint64_t(std::chrono::steady_clock::now().time_since_epoch().count()));
  shared.options.skill = o.skill.settled(skillRng.uniform());
  skillSeed = skillRng.next();
  const Skill& skill = shared.options.skill;
  shared.searchMultiPV = skill.enabled() ? std::max(o.multiPV, skill.candidates()) : o.multiPV;
  shared.depthCap = l.depth;
  if (skill.enabled())
    shared.depthCap =
        shared.depthCap ? std::min(shared.depthCap, skill.depth_limit()) : skill.depth_limit();

  Color us = pos.side_to_move();
  // A clock bounds every search that has one, whatever else limits it: a
  // GUI may send depth or nodes beside the clock and still expect its move
  // in time (movetime, a budget of its own, replaces it).
  shared.timeManaged = !l.infinite && !l.movetime && l.time[us] > 0;
  if (shared.timeManaged)
    shared.budget = allocate_time(l.time[us], l.inc[us], l.movesToGo, o.moveOverhead);

  std::vector<Move> rootList;
  for (Move m : MoveList<LEGAL>(pos))
    if (l.searchMoves.empty() ||
        std::find(l.searchMoves.begin(), l.searchMoves.end(), m) != l.searchMoves.end())
      rootList.push_back(m);
  shared.tbCardinality = std::min(o.syzygyProbeLimit, syzygy::max_pieces());
  shared.rootInTB = false;
  std::size_t rootProbes = 0;
  if (shared.tbCardinality && !rootList.empty() && popcount(pos.pieces()) <= shared.tbCardinality)
    if (auto ranking = syzygy::rank_root_moves(pos, o.syzygy50MoveRule))
      rootProbes = keep_tablebase_moves(*ranking, rootList);
  pool.prepare(pos, rootList);
  pool.main().tbHits = rootProbes;
  tt.new_search();

  running = true;
  // The helpers start here, on the caller's thread: in the WebAssembly
  // threads build a thread started from another thread waits for the event
  // loop of the caller, which may be blocked waiting for this search.
  if (!rootList.empty()) pool.start_helpers();
  if constexpr (HasThreads)
    mainThread = std::thread([this] { run_main(); });
  else
    run_main();
}

// Keeps the root moves that preserve the tablebase result best (for a win,
// those that stay within reach of the 50-move rule); returns the probes made.
std::size_t Search::keep_tablebase_moves(const syzygy::RootRanking& ranking,
                                         std::vector<Move>& rootList) {
  auto in_list = [&](Move m) {
    return std::find(rootList.begin(), rootList.end(), m) != rootList.end();
  };
  const syzygy::RankedMove* best = nullptr;
  for (const auto& rm : ranking.moves)
    if (in_list(rm.move) && (!best || rm.rank > best->rank)) best = &rm;
  if (!best) return 0;
  std::vector<Move> kept;
  for (const auto& rm : ranking.moves)
    if (rm.rank == best->rank && in_list(rm.move)) kept.push_back(rm.move);
  rootList = std::move(kept);
  shared.rootInTB = true;
  using syzygy::Wdl;
  shared.rootTbScore = best->wdl == Wdl::Win           ? VALUE_TB
                       : best->wdl == Wdl::CursedWin   ? CursedResultScore
                       : best->wdl == Wdl::Draw        ? VALUE_DRAW
                       : best->wdl == Wdl::BlessedLoss ? -CursedResultScore
                                                       : -VALUE_TB;
  // With DTZ the root moves already lead the way, and probing below a
  // drawn or lost root tells the search nothing it can use; WDL alone
  // cannot tell a fast win from a slow one, so the search keeps probing.
  if (ranking.byDtz || best->wdl != Wdl::Win) shared.tbCardinality = 0;
  return ranking.moves.size();
}

bool SharedSearchState::hard_limit_reached() const {
  // Acquire: ponderhit restarts the clock before it clears the flag, so a
  // thread that sees the flag cleared sees the new start too.
  if (pondering.load(std::memory_order_acquire)) return false;
  TimePoint elapsed = limit_elapsed();
  if (limits.movetime && elapsed >= movetime_limit(limits.movetime, options.moveOverhead))
    return true;
  if (timeManaged && elapsed >= budget.maximum) return true;
  return limits.nodes && nodes_searched() >= limits.nodes;
}

void Search::run_main() {
  Worker& main = pool.main();
  if (!main.rootMoves.empty()) {
    main.iterative_deepening();
    // In ponder and infinite mode the GUI must say stop (or ponderhit) first.
    while (HasThreads && !shared.stopFlag && (shared.pondering || shared.limits.infinite))
      std::this_thread::sleep_for(std::chrono::microseconds(500));
    shared.stopFlag = true;
    pool.join_helpers();
  } else {
    if (shared.callbacks.onInfo) {
      SearchInfo info;
      info.score = main.pos.in_check() ? -VALUE_MATE : VALUE_DRAW;
      shared.callbacks.onInfo(info);
    }
    while (HasThreads && !shared.stopFlag && (shared.pondering || shared.limits.infinite))
      std::this_thread::sleep_for(std::chrono::microseconds(500));
  }

  // With several lines (MultiPV, a weakened level) the main thread's are
  // shown and played; the threads vote only on a single best move.
  Worker* best = shared.searchMultiPV == 1 ? &pool.best() : &pool.main();
  Move bestMove = Move::none(), ponderMove = Move::none();
  if (!best->rootMoves.empty()) {
    const RootMove* chosen = &best->rootMoves[0];
    // A helper's move: its line is the last one a GUI sees, as for a
    // weakened choice below.
    if (best != &pool.main() && !shared.options.skill.enabled() && shared.callbacks.onInfo)
      shared.callbacks.onInfo(best->line_info(*chosen, best->completedDepth));
    if (shared.options.skill.enabled()) {
      chosen = &best->weakened_choice(skillSeed);
      // The last line a GUI sees is the one played (fastchess warns when
      // bestmove is not the last PV's first move).
      if (chosen != &best->rootMoves[0] && shared.callbacks.onInfo)
        shared.callbacks.onInfo(best->line_info(*chosen, std::max(1, best->completedDepth)));
    }
    bestMove = chosen->move;
    ponderMove = chosen->pv.size() > 1 ? chosen->pv[1] : ponder_move(best->pos, bestMove);
  }
  if (shared.callbacks.onBestMove) shared.callbacks.onBestMove(bestMove, ponderMove);
  running = false;
}

// A PV cut short (depth 1, a fail at the root, a stop) has no second move, but
// GUIs ponder on one. The table may know the reply from another line; a table
// move is only a guess (16 bits of key), so it must be legal there. When the
// table has none (a first search to depth 1: its replies were only stood pat
// on), the reply the network likes best for the opponent, one ply deep, among
// those that lose no material by SEE (the network alone cannot see a recapture).
Move Search::ponder_move(const Position& root, Move best) const {
  Position after = root;
  after.do_move(best);
  bool found;
  const TTEntry* entry = tt.probe(after.key(), found);
  if (found && is_legal(after, entry->move())) return entry->move();

  const nnue::Network& net = nnue::active_network();
  Move reply = Move::none();
  bool replySafe = false;
  int replyValue = 0;
  for (Move m : MoveList<LEGAL>(after)) {
    const bool safe = after.see_ge(m, 0);
    if (reply && safe < replySafe) continue;
    after.do_move(m);
    const int value = -nnue::evaluate(net, after);  // the opponent's view
    after.undo_move(m);
    if (!reply || safe > replySafe || value > replyValue)
      reply = m, replySafe = safe, replyValue = value;
  }
  return reply;
}

void Search::stop() { shared.stopFlag = true; }

std::uint64_t Search::nodes_searched() const { return pool.nodes(); }

std::uint64_t Search::tb_hits() const { return pool.tb_hits(); }

void Search::ponderhit() {
  shared.clock.restart();    // the limits count from now; the reports from the go
  shared.pondering = false;  // first: the main thread writes and reads the other way round
  if (shared.stopOnPonderhit) shared.stopFlag = true;
}

void Search::wait() {
  if (mainThread.joinable()) mainThread.join();
}

}  // namespace shiftmate
