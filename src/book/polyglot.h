// Polyglot opening books: the key of a position, the 16-byte entries of a
// book file (sorted by key, big-endian) and the choice of a book move.
#pragma once

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "position.h"

namespace shiftmate::book {

// The position's key in the Polyglot format. It differs from our own
// Zobrist key: the en-passant file counts only when a pawn of the side to
// move stands beside the pawn that just advanced two squares.
Key polyglot_key(const Position& pos);

// The legal move a book's 16-bit move stands for (to: bits 0-5, from: bits
// 6-11, promotion 1-4 = knight..queen in bits 12-14, castling as king takes
// rook); Move::none() when it is not legal here.
Move decode_move(const Position& pos, std::uint16_t bookMove);

struct BookMove {
  Move move;
  std::uint16_t weight;
};

class PolyglotBook {
 public:
  // Opens a book file; on failure the book is closed and the message says
  // why. Only the size is checked here: entries are read when probed.
  std::optional<std::string> open(const std::string& path);
  void close();
  bool is_open() const { return entryCount > 0; }
  const std::string& path() const { return filePath; }
  std::uint64_t entries() const { return entryCount; }

  // The book's legal moves for the position, highest weight first. Moves
  // the book gives weight 0 are left out, as Polyglot itself does.
  std::vector<BookMove> moves(const Position& pos);

  // One of moves(pos): the heaviest when `best`, otherwise drawn with
  // probability proportional to its weight. `random` is uniform in
  // [0, 2^64). Move::none() when the book has nothing here.
  Move choose(const Position& pos, bool best, std::uint64_t random);

 private:
  struct Entry {
    Key key;
    std::uint16_t move, weight;
  };
  std::optional<Entry> read_entry(std::uint64_t index);

  std::ifstream file;
  std::string filePath;
  std::uint64_t entryCount = 0;
};

}  // namespace shiftmate::book
