#include "perft/perft.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "generator.h"
#include "movegen.h"
#include "parse.h"
#include "perft/board.h"
#include "perft/walk.h"
#include "util/memory.h"

namespace shiftmate {

// Make/unmake on PerftBoard, the side to move a template parameter: the
// fast path when no hash table is asked for.
template <Color Us>
std::uint64_t perft_unhashed(PerftBoard& board, int depth) {
  if (depth <= 1) return depth == 1 ? count_legal_moves<Us>(board) : 1;
  if (depth == 2) {
    PerftLastWalk<Us> walk(board);
    generate_all<Us, LEGAL>(board, walk);
    return walk.nodes;
  }
  auto below = [childDepth = depth - 1](PerftBoard& b) {
    return perft_unhashed<~Us>(b, childDepth);
  };
  PerftWalk<Us, PerftBoard, decltype(below)> walk{board, below};
  generate_all<Us, LEGAL>(board, walk);
  return walk.nodes;
}
template std::uint64_t perft_unhashed<WHITE>(PerftBoard&, int);
template std::uint64_t perft_unhashed<BLACK>(PerftBoard&, int);

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 1) return depth == 1 ? count_legal_moves(pos) : 1;
  std::uint64_t nodes = 0;
  for (Move m : MoveList<LEGAL>(pos)) {
    pos.do_move(m);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return nodes;
}

PerftResult run_perft(const Position& root, const PerftOptions& options) {
  auto start = std::chrono::steady_clock::now();
  PerftResult result;
  MoveList<LEGAL> moves(root);
  // Depth 0 counts the root alone: no moves to divide by.
  if (options.depth > 0) result.divide.resize(moves.size());
  std::unique_ptr<PerftTable> table;
  if (options.hashMB > max_table_mb())
    throw std::invalid_argument(
        fmt::format("perft hash of {} MB is more than this machine can give "
                    "(at most {} MB)",
                    options.hashMB, max_table_mb()));
  if (options.hashMB) table = std::make_unique<PerftTable>(options.hashMB);

  if (options.depth <= 0) {
    result.nodes = 1;
  } else {
    // Workers take root moves from a shared counter until none are left.
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
      Position pos = root;
      for (std::size_t i; (i = next.fetch_add(1)) < moves.size();) {
        Move m = moves.begin()[i];
        pos.do_move(m);
        std::uint64_t n = 0;
        if (table) {
          n = perft_hashed(pos, options.depth - 1, *table);
        } else {
          PerftBoard board(pos);
          n = pos.side_to_move() == WHITE ? perft_unhashed<WHITE>(board, options.depth - 1)
                                          : perft_unhashed<BLACK>(board, options.depth - 1);
        }
        pos.undo_move(m);
        result.divide[i] = {root.move_to_uci(m), n};
      }
    };
    int threads = std::clamp(options.threads, 1, 1024);
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    for (const auto& d : result.divide) result.nodes += d.nodes;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::optional<EpdCase> parse_epd_line(const std::string& raw, std::string& error) {
  error.clear();
  std::string line = raw;
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n' || line.back() == ' '))
    line.pop_back();
  std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string::npos || line[first] == '#') return std::nullopt;

  EpdCase c;
  std::size_t semi = line.find(';');
  c.fen = line.substr(first, semi == std::string::npos ? std::string::npos : semi - first);
  while (!c.fen.empty() && (c.fen.back() == ' ' || c.fen.back() == '\t')) c.fen.pop_back();
  while (semi != std::string::npos) {
    std::size_t nextSemi = line.find(';', semi + 1);
    std::istringstream field(line.substr(
        semi + 1, nextSemi == std::string::npos ? std::string::npos : nextSemi - semi - 1));
    // Each field is exactly `D<depth> <count>`, with or without a space after ';'.
    std::string tag, count, extra;
    std::optional<int> depth;
    std::optional<std::uint64_t> nodes;
    if (!(field >> tag >> count) || (field >> extra) || (tag[0] != 'D' && tag[0] != 'd') ||
        !(depth = parse_number(std::string_view(tag).substr(1), 1, 20)) ||
        !(nodes = parse_number<std::uint64_t>(count))) {
      error = fmt::format("bad depth field near '{}'", line.substr(semi, 20));
      return std::nullopt;
    }
    c.expected.emplace_back(*depth, *nodes);
    semi = nextSemi;
  }
  if (c.expected.empty()) {
    error = "no ;D<n> <count> fields";
    return std::nullopt;
  }
  return c;
}

int run_suite(std::istream& in, const SuiteOptions& options, std::ostream& out) {
  int failures = 0, positions = 0, lineNo = 0;
  std::uint64_t totalNodes = 0;
  double totalSeconds = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNo;
    std::string error;
    auto c = parse_epd_line(line, error);
    if (!c) {
      if (!error.empty()) {
        fmt::print(out, "line {}: FAIL parse error: {}\n", lineNo, error);
        ++failures;
      }
      continue;
    }
    ++positions;
    Position pos;
    if (auto fenError = pos.set(c->fen)) {
      fmt::print(out, "line {}: FAIL bad FEN '{}': {}\n", lineNo, c->fen, *fenError);
      ++failures;
      continue;
    }
    std::string report;
    bool ok = true;
    for (auto [depth, expected] : c->expected) {
      if (depth > options.maxDepth || expected > options.maxNodes) continue;
      PerftResult r = run_perft(pos, {depth, options.threads, options.hashMB});
      totalNodes += r.nodes;
      totalSeconds += r.seconds;
      if (r.nodes == expected) {
        report += fmt::format(" D{}", depth);
      } else {
        ok = false;
        report += fmt::format(" D{} MISMATCH expected {} got {}", depth, expected, r.nodes);
      }
    }
    if (!ok) ++failures;
    if (!ok || !options.quiet)
      fmt::print(out, "line {}: {} {} |{}\n", lineNo, ok ? "ok  " : "FAIL", c->fen, report);
  }
  fmt::print(out, "\n{} positions, {} passed, {} failed\n", positions, positions - failures,
             failures);
  fmt::print(out, "Nodes: {}  Time: {:.2f} s  Nodes/second: {:.0f}\n", totalNodes, totalSeconds,
             totalNodes / std::max(totalSeconds, 1e-9));
  return failures;
}

}  // namespace shiftmate
