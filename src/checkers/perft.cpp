#include "checkers/perft.h"

#include <chrono>

#include "checkers/notation.h"

namespace shiftmate::checkers {

std::uint64_t perft(const Position& position, int depth, CapturePaths paths) {
  if (depth <= 1) return depth == 1 ? count_moves(position, paths) : 1;
  MoveList moves;
  generate_moves(position, moves, paths);
  std::uint64_t nodes = 0;
  for (const Move& m : moves) nodes += perft(position.after(m), depth - 1, paths);
  return nodes;
}

PerftResult run_perft(const Position& position, int depth, CapturePaths paths) {
  auto start = std::chrono::steady_clock::now();
  PerftResult result;
  if (depth <= 0) {
    result.nodes = 1;
  } else {
    MoveList moves;
    generate_moves(position, moves, paths);
    for (const Move& m : moves) {
      std::uint64_t n = perft(position.after(m), depth - 1, paths);
      result.divide.push_back({move_text(m), n});
      result.nodes += n;
    }
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace shiftmate::checkers
