// What the machine can give: tables larger than this are refused up front,
// because with memory overcommit an allocation may succeed and then fail
// only when the table is cleared.
#pragma once

#include <cstddef>

namespace shiftmate {

// Physical memory in MiB (sysconf on POSIX, GlobalMemoryStatusEx on Windows).
std::size_t physical_memory_mb();

// The largest hash table we agree to allocate.
inline std::size_t max_table_mb() { return physical_memory_mb() * 3 / 4; }

}  // namespace shiftmate
