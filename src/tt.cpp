#include "tt.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

#include "util/memory.h"

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace shiftmate {

static_assert(sizeof(TTEntry) == 10);

namespace {

// The x86-64 and ARM64 huge page size: an aligned table starts on one.
constexpr std::size_t HugePageSize = std::size_t(2) << 20;

}  // namespace

void TranspositionTable::AlignedDelete::operator()(Cluster* clusters) const {
  ::operator delete(static_cast<void*>(clusters), std::align_val_t(HugePageSize));
}

bool TranspositionTable::resize(std::size_t mb, int threads) {
  if (mb == 0 || mb > max_table_mb()) return false;
  std::size_t count = mb * 1024 * 1024 / sizeof(Cluster);
  void* memory =
      ::operator new(count * sizeof(Cluster), std::align_val_t(HugePageSize), std::nothrow);
  if (!memory) return false;
#ifdef __linux__
  // Linux gives huge pages only to memory that asks (THP "madvise" mode):
  // far fewer page faults while clearing, and fewer TLB misses in search.
  madvise(memory, count * sizeof(Cluster), MADV_HUGEPAGE);
#endif
  table.reset(static_cast<Cluster*>(memory));
  clusterCount = count;
  sizeMB = mb;
  clear(threads);
  return true;
}

// Each thread zeroes its own slice; for a large table the first touch of its
// pages, not the writing, is most of the time.
void TranspositionTable::clear(int threads) {
  const std::size_t parts = std::max<std::size_t>(1, std::min<std::size_t>(threads, clusterCount));
  auto zero = [this, parts](std::size_t part) {
    const std::size_t begin = clusterCount * part / parts, end = clusterCount * (part + 1) / parts;
    std::memset(static_cast<void*>(table.get() + begin), 0, (end - begin) * sizeof(Cluster));
  };
  std::vector<std::thread> helpers;
  for (std::size_t part = 1; part < parts; ++part) {
    try {
      helpers.emplace_back(zero, part);
    } catch (const std::system_error&) {  // no thread to be had: this one clears the part
      zero(part);
    }
  }
  zero(0);
  for (std::thread& t : helpers) t.join();
  generation8 = 0;
}

TTEntry* TranspositionTable::probe(Key key, bool& found) const {
  TTEntry* entries = cluster_for(key)->entry;
  const auto key16 = std::uint16_t(key);
  for (int i = 0; i < ClusterSize; ++i)
    if (entries[i].key16 == key16 || !entries[i].depth8) {
      found = entries[i].depth8 != 0;
      return &entries[i];
    }

  // Replace the entry worth least: shallow and from old searches.
  auto worth = [&](const TTEntry& e) {
    int age = std::uint8_t(generation8 - e.generation()) >> 3;
    return e.depth8 - 8 * age;
  };
  TTEntry* replace = entries;
  for (int i = 1; i < ClusterSize; ++i)
    if (worth(entries[i]) < worth(*replace)) replace = &entries[i];
  found = false;
  return replace;
}

void TranspositionTable::store(TTEntry* e, Key key, int value, bool pv, Bound b, int depth, Move m,
                               int eval) {
  const auto key16 = std::uint16_t(key);
  // Keep the old move when this store has none for the same position.
  if (m || key16 != e->key16) e->move16 = m.raw();
  // Overwrite unless the entry holds a deeper result for the same position
  // from this search.
  if (b == BOUND_EXACT || key16 != e->key16 ||
      depth - TTEntry::DepthOffset + 2 * pv > e->depth8 - 4 || e->generation() != generation8) {
    e->key16 = key16;
    e->value16 = std::int16_t(value);
    e->eval16 = std::int16_t(eval);
    e->depth8 = std::uint8_t(depth - TTEntry::DepthOffset);
    e->genBound8 = std::uint8_t(generation8 | (pv << 2) | b);
  }
}

int TranspositionTable::hashfull() const {
  int used = 0;
  std::size_t samples = std::min<std::size_t>(1000, clusterCount);
  for (std::size_t i = 0; i < samples; ++i)
    for (const TTEntry& e : table.get()[i].entry) used += e.depth8 && e.generation() == generation8;
  return int(used * 1000 / (samples * ClusterSize));
}

}  // namespace shiftmate
