#include "perft.h"

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
#include "perft_board.h"
#include "util/memory.h"

namespace shiftmate {

namespace {

// A lockless table of (key, depth) -> count. Each slot stores the count and
// the key XOR the count, so a slot torn by a concurrent write never matches.
class PerftTable {
 public:
  // The largest power of two of slots that fits in `mb` (checked by the
  // caller against the machine's memory).
  explicit PerftTable(std::size_t mb) {
    std::size_t n = 1;
    while (n * 2 * sizeof(Slot) <= (mb << 20)) n *= 2;
    slots = std::make_unique<Slot[]>(n);
    mask = n - 1;
  }

  bool probe(Key key, int depth, std::uint64_t& nodes) const {
    Key k = key ^ depth_key(depth);
    const Slot& s = slots[k & mask];
    std::uint64_t data = s.data.load(std::memory_order_relaxed);
    if ((s.check.load(std::memory_order_relaxed) ^ data) != k) return false;
    nodes = data;
    return true;
  }

  void store(Key key, int depth, std::uint64_t nodes) {
    Key k = key ^ depth_key(depth);
    Slot& s = slots[k & mask];
    s.data.store(nodes, std::memory_order_relaxed);
    s.check.store(k ^ nodes, std::memory_order_relaxed);
  }

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0}, data{0};
  };
  static Key depth_key(int depth) { return 0x9E3779B97F4A7C15ULL * std::uint64_t(depth + 1); }

  std::unique_ptr<Slot[]> slots;
  std::size_t mask;
};

std::uint64_t perft_hashed(Position& pos, int depth, PerftTable& table) {
  if (depth <= 1) return depth == 1 ? count_legal_moves(pos) : 1;
  std::uint64_t nodes = 0;
  if (table.probe(pos.key(), depth, nodes)) return nodes;
  for (Move m : MoveList<LEGAL>(pos)) {
    pos.do_move(m);
    nodes += perft_hashed(pos, depth - 1, table);
    pos.undo_move(m);
  }
  table.store(pos.key(), depth, nodes);
  return nodes;
}

template <Color Us>
std::uint64_t perft_board(PerftBoard& board, int depth);

// A generator sink that plays each move as it is generated and counts the
// leaves below it: no move list, and the kind of move (piece, capture or
// not) is known at compile time at every make and unmake.
template <Color Us>
struct PerftWalk {
  static constexpr bool CountsOnly = false;
  PerftBoard& board;
  int childDepth;
  std::uint64_t nodes = 0;

  template <PieceType Mover>
  void add_targets(Square from, Bitboard targets) {
    const Piece piece =
        Mover == KING || Mover == KNIGHT ? make_piece(Us, Mover) : board.piece_on(from);
    const Bitboard enemy = board.pieces(~Us);
    for (Bitboard b = targets & enemy; b;) visit<Mover, true>(piece, from, pop_lsb(b));
    for (Bitboard b = targets & ~enemy; b;) visit<Mover, false>(piece, from, pop_lsb(b));
  }
  template <int Step>
  void add_pawn_moves(Bitboard targets) {
    constexpr bool Push = Step == pawn_push(Us), DoublePush = Step == 2 * pawn_push(Us);
    while (targets) {
      const Square to = pop_lsb(targets);
      visit<PAWN, !Push && !DoublePush, DoublePush>(make_piece(Us, PAWN), Square(to - Step), to);
    }
  }
  template <int Step>
  void add_promotions(Bitboard targets) {
    while (targets) {
      const Square to = pop_lsb(targets), from = Square(to - Step);
      for (PieceType pt : {QUEEN, KNIGHT, ROOK, BISHOP}) add(Move::make<PROMOTION>(from, to, pt));
    }
  }
  void add(Move m) {
    const PerftBoard::Undo undo = board.make<Us>(m);
    nodes += perft_board<~Us>(board, childDepth);
    board.unmake<Us>(m, undo);
  }

 private:
  template <PieceType Mover, bool Capture, bool DoublePush = false>
  void visit(Piece piece, Square from, Square to) {
    const PerftBoard::Undo undo =
        board.template make_normal<Us, Mover, Capture, DoublePush>(piece, from, to);
    nodes += perft_board<~Us>(board, childDepth);
    board.template unmake_normal<Us, Mover, Capture>(piece, from, to, undo);
  }
};

// Make/unmake on PerftBoard, the side to move a template parameter: the
// fast path when no hash table is asked for.
template <Color Us>
std::uint64_t perft_board(PerftBoard& board, int depth) {
  if (depth <= 1) return depth == 1 ? count_legal_moves<Us>(board) : 1;
  PerftWalk<Us> walk{board, depth - 1};
  generate_all<Us, LEGAL>(board, walk);
  return walk.nodes;
}

std::uint64_t perft_fast(const Position& pos, int depth) {
  PerftBoard board(pos);
  return pos.side_to_move() == WHITE ? perft_board<WHITE>(board, depth)
                                     : perft_board<BLACK>(board, depth);
}

}  // namespace

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
  result.divide.resize(moves.size());
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
        std::uint64_t n = table ? perft_hashed(pos, options.depth - 1, *table)
                                : perft_fast(pos, options.depth - 1);
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
