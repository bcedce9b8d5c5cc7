// Perft: counts the leaves of the legal move tree, to check the move
// generator against published counts and to measure its speed.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "perft/result.h"
#include "position.h"

namespace shiftmate {

struct PerftOptions {
  int depth = 1;
  int threads = 1;
  std::size_t hashMB = 0;  // 0: no perft hash table
};

// Single-threaded, no hash: the reference the others are checked against.
std::uint64_t perft(Position& pos, int depth);

// Splits the root moves across threads, optionally with a hash table.
PerftResult run_perft(const Position& pos, const PerftOptions& options);

// One line of an EPD perft suite: `FEN ;D1 20 ;D2 400 ...`.
struct EpdCase {
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> expected;  // (depth, nodes)
};
// Parses a suite line; empty/comment lines give nullopt with no error.
std::optional<EpdCase> parse_epd_line(const std::string& line, std::string& error);

struct SuiteOptions {
  int maxDepth = 99;
  std::uint64_t maxNodes = ~0ULL;  // skip depths whose expected count is larger
  int threads = 1;
  std::size_t hashMB = 0;
  bool quiet = false;  // only mismatches and the summary
};

// Runs every line of an EPD suite; returns the number of failures (a line
// that does not parse counts as one).
int run_suite(std::istream& in, const SuiteOptions& options, std::ostream& out);

}  // namespace shiftmate
