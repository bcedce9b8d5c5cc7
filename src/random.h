// A small, fast, seeded PRNG (xorshift64*): the same sequence on every
// machine, so magics, Zobrist keys and test positions are reproducible.
#pragma once

#include <cstdint>

namespace shiftmate {

class Random {
 public:
  explicit Random(std::uint64_t seed) : state(seed ? seed : 0x9E3779B97F4A7C15ULL) {}

  std::uint64_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
  }

  // Few bits set: good candidates for magic numbers.
  std::uint64_t sparse() { return next() & next() & next(); }

  // Uniform-enough integer in [0, n).
  std::uint64_t below(std::uint64_t n) { return next() % n; }

  // Uniform in [0, 1), from the top 53 bits.
  double uniform() { return double(next() >> 11) / double(1ULL << 53); }

 private:
  std::uint64_t state;
};

}  // namespace shiftmate
