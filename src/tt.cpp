#include "tt.h"

#include <cstring>
#include <new>

#include "util/memory.h"

namespace shiftmate {

static_assert(sizeof(TTEntry) == 10);

bool TranspositionTable::resize(std::size_t mb) {
  if (mb == 0 || mb > max_table_mb()) return false;
  std::size_t count = mb * 1024 * 1024 / sizeof(Cluster);
  Cluster* fresh = new (std::nothrow) Cluster[count];
  if (!fresh) return false;
  table.reset(fresh);
  clusterCount = count;
  sizeMB = mb;
  clear();
  return true;
}

void TranspositionTable::clear() {
  std::memset(static_cast<void*>(table.get()), 0, clusterCount * sizeof(Cluster));
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
    int age = std::uint8_t(generation8 - e.genBound8) >> 3;
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
      depth - TTEntry::DepthOffset + 2 * pv > e->depth8 - 4 ||
      (e->genBound8 & 0xF8) != generation8) {
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
    for (const TTEntry& e : table[i].entry) used += e.depth8 && (e.genBound8 & 0xF8) == generation8;
  return int(used * 1000 / (samples * ClusterSize));
}

}  // namespace shiftmate
