// Transposition table: clustered buckets, generation aging, depth-preferred
// replacement, mate scores stored relative to the node.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "types.h"

namespace shiftmate {

enum Bound : std::uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT = 3 };

struct TTEntry {
  Move move() const { return Move(move16); }
  int value() const { return value16; }
  int eval() const { return eval16; }
  int depth() const { return depth8 + DepthOffset; }
  Bound bound() const { return Bound(genBound8 & 3); }
  bool is_pv() const { return genBound8 & 4; }

  static constexpr int DepthOffset = -7;  // lets qsearch depths be stored
  static constexpr int DepthQsearch = 0;
  static constexpr int DepthEvalOnly = -6;  // only the static eval is known

 private:
  friend class TranspositionTable;
  // The search that wrote it, without the pv and bound bits beside it.
  std::uint8_t generation() const { return genBound8 & 0xF8; }
  std::uint16_t key16;
  std::uint16_t move16;
  std::int16_t value16;
  std::int16_t eval16;
  std::uint8_t depth8;
  std::uint8_t genBound8;  // generation (bits 3-7), pv (bit 2), bound (0-1)
};

class TranspositionTable {
 public:
  static constexpr int ClusterSize = 3;

  TranspositionTable() { resize(16); }

  // Returns false (and keeps the old table) if the memory cannot be had.
  // The new table is cleared by `threads` threads.
  bool resize(std::size_t mb, int threads = 1);
  void clear(int threads = 1);
  void new_search() { generation8 += 8; }

  // The entry for `key` if found (found = true), else the slot to replace.
  TTEntry* probe(Key key, bool& found) const;
  // Starts loading `key`'s cluster into the cache, for a probe soon after.
  void prefetch(Key key) const { __builtin_prefetch(cluster_for(key)); }
  void store(TTEntry* e, Key key, int value, bool pv, Bound b, int depth, Move m, int eval);

  // Permille of sampled entries written in the current search.
  int hashfull() const;
  std::size_t size_mb() const { return sizeMB; }

 private:
  struct alignas(32) Cluster {
    TTEntry entry[ClusterSize];
    char padding[2];
  };
  Cluster* cluster_for(Key key) const {
    return &table.get()[(static_cast<unsigned __int128>(key) * clusterCount) >> 64];
  }

  struct AlignedDelete {
    void operator()(Cluster* clusters) const;
  };
  // Aligned to 2 MiB so that the kernel can back it with huge pages.
  std::unique_ptr<Cluster, AlignedDelete> table;
  std::size_t clusterCount = 0;
  std::size_t sizeMB = 0;
  std::uint8_t generation8 = 0;
};

}  // namespace shiftmate
