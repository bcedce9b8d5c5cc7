// Perft with a hash table: the walk on KeyedPerftBoard, each position of
// enough depth looked up in the table before its subtree is counted.
#include <cstdint>

#include "generator.h"
#include "perft/walk.h"

namespace shiftmate {

namespace {

// Nodes below HashMinDepth are not looked up: their subtrees cost less to
// count than the table's cache miss. Nor do they need the key, so the
// unhashed walk counts them on the same board, whose key is right again once
// that walk has unmade its moves.
constexpr int HashMinDepth = 2;

template <Color Us>
std::uint64_t perft_keyed(KeyedPerftBoard& board, int depth, PerftTable& table) {
  if (depth < HashMinDepth) return perft_unhashed<Us>(board, depth);
  std::uint64_t nodes;
  if (table.probe(board.key(), depth, nodes)) return nodes;
  if (depth == HashMinDepth) {
    nodes = perft_unhashed<Us>(board, depth);
  } else {
    const int childDepth = depth - 1;
    // One probe after another, each child would wait for memory in turn: a
    // first pass makes the moves only to fetch the children's slots.
    auto fetch = [&](const KeyedPerftBoard& b) {
      table.prefetch(b.key(), childDepth);
      return std::uint64_t(0);
    };
    PerftWalk<Us, KeyedPerftBoard, decltype(fetch)> prefetch{board, fetch};
    generate_all<Us, LEGAL>(board, prefetch);
    auto below = [&](KeyedPerftBoard& b) { return perft_keyed<~Us>(b, childDepth, table); };
    PerftWalk<Us, KeyedPerftBoard, decltype(below)> walk{board, below};
    generate_all<Us, LEGAL>(board, walk);
    nodes = walk.nodes;
  }
  table.store(board.key(), depth, nodes);
  return nodes;
}

}  // namespace

std::uint64_t perft_hashed(const Position& pos, int depth, PerftTable& table) {
  KeyedPerftBoard board(pos);
  return pos.side_to_move() == WHITE ? perft_keyed<WHITE>(board, depth, table)
                                     : perft_keyed<BLACK>(board, depth, table);
}

}  // namespace shiftmate
