#include "thread_pool.h"

#include <algorithm>
#include <new>
#include <system_error>

#include "search_worker.h"

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
  for (auto& w : workers)
    if (!w->rootMoves.empty() && w->completedDepth > best->completedDepth &&
        w->rootMoves[0].score > best->rootMoves[0].score)
      best = w.get();
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
