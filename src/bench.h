// The benchmark: a fixed search over varied positions; its node count is
// the search's signature (the same on every run and machine).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace shiftmate {

class Engine;

constexpr int BenchDepth = 11;

const std::vector<std::string>& bench_positions();

// Searches every bench position to `depth` with one thread and 16 MB, then
// prints "N nodes N nps" as the last line. Returns the total node count.
std::uint64_t run_bench(Engine& engine, int depth, std::ostream& out);

}  // namespace shiftmate
