#include "thread_pool.h"

#include <algorithm>
#include <cstdint>
#include <new>
#include <system_error>
#include <utility>
#include <vector>

#include "search_worker.h"

#ifdef __EMSCRIPTEN_PTHREADS__
#include <emscripten/threading.h>
#endif

namespace shiftmate {

ThreadPool::ThreadPool() = default;
ThreadPool::~ThreadPool() = default;

bool ThreadPool::resize(SharedSearchState& shared, int n) {
  const int before = std::max(1, size());
  try {
    workers.clear();
    for (int i = 0; i < std::max(1, n); ++i) workers.push_back(std::make_unique<Worker>(shared, i));
    return true;
  } catch (const std::bad_alloc&) {  // each worker's histories take a few MB
    workers.clear();
    for (int i = 0; i < before; ++i) workers.push_back(std::make_unique<Worker>(shared, i));
    return false;
  }
}

int max_search_threads() {
  if constexpr (!HasThreads) return 1;
#ifdef __EMSCRIPTEN_PTHREADS__
  return std::clamp(emscripten_num_logical_cores(), 1, 64);
#else
  return 1024;
#endif
}

void ThreadPool::clear() {
  for (auto& w : workers) w->clear();
}

void ThreadPool::prepare(const Position& pos, const std::vector<Move>& rootList) {
  for (auto& w : workers) w->prepare(pos, rootList);
}

void ThreadPool::start_helpers() {
  for (std::size_t i = 1; i < workers.size(); ++i) {
    try {
      helpers.emplace_back([w = workers[i].get()] { w->iterative_deepening(); });
    } catch (const std::system_error&) {
      break;  // the system gives no more threads: search with those it gave
    }
  }
}

void ThreadPool::join_helpers() {
  for (auto& t : helpers) t.join();
  helpers.clear();
}

Worker& ThreadPool::best() const {
  Worker* best = workers[0].get();
  const auto usable = [](const Worker& w) {
    return w.completedDepth > 0 && !w.rootMoves.empty() && w.rootMoves[0].score != -VALUE_INFINITE;
  };
  if (workers.size() == 1 || !usable(*best)) return *best;

  // Each thread votes for its best move, weighted by its depth and by how
  // far its score stands above the lowest of all threads' (plus a base, so
  // that the lowest still counts). Decisive scores are left out of the
  // lowest: one thread that sees a mate would flatten every other weight.
  constexpr int VoteScoreBase = 20;
  int minScore = VALUE_INFINITE;
  for (auto& w : workers)
    if (usable(*w) && !is_decisive(w->rootMoves[0].score))
      minScore = std::min(minScore, w->rootMoves[0].score);
  std::vector<std::pair<Move, std::int64_t>> votes;
  const auto votes_for = [&](Move m) -> std::int64_t& {
    for (auto& v : votes)
      if (v.first == m) return v.second;
    return votes.emplace_back(m, 0).second;
  };
  for (auto& w : workers)
    if (usable(*w))
      votes_for(w->rootMoves[0].move) +=
          std::int64_t(w->rootMoves[0].score - minScore + VoteScoreBase) * w->completedDepth;

  // The most votes wins (ties stay with the earlier thread, the main one
  // first). A decisive score is no matter of votes: the higher score, the
  // faster win or the slower loss, is played.
  for (auto& w : workers) {
    if (!usable(*w)) continue;
    const int score = w->rootMoves[0].score, bestScore = best->rootMoves[0].score;
    if (is_decisive(score) || is_decisive(bestScore)) {
      if (score > bestScore) best = w.get();
    } else if (votes_for(w->rootMoves[0].move) > votes_for(best->rootMoves[0].move)) {
      best = w.get();
    }
  }
  return *best;
}

std::uint64_t ThreadPool::nodes() const {
  std::uint64_t total = 0;
  for (auto& w : workers) total += w->nodes.load(std::memory_order_relaxed);
  return total;
}

std::uint64_t ThreadPool::tb_hits() const {
  std::uint64_t total = 0;
  for (auto& w : workers) total += w->tbHits.load(std::memory_order_relaxed);
  return total;
}

}  // namespace shiftmate
