// Training positions in a compact binary record: 32 bytes per position,
// little-endian, written by `shiftmate datagen`, read by `shiftmate train`.
//
//   bytes  0-7   occupancy: bit s set when square s (a1 = 0 ... h8 = 63) holds a piece
//   bytes  8-23  one 4-bit code per occupied square, in occupancy order (lowest
//                square first; the low nibble of a byte comes first). The code is
//                the Piece value (white 1-6, black 9-14, pawn..king); 7 and 15 are a
//                white and a black rook that still carries a castling right, so
//                Chess960 rights survive the round trip.
//   bytes 24-25  score: int16, centipawns, from the side to move's point of view
//   byte  26     result: 0 the side to move lost, 1 draw, 2 the side to move won
//   byte  27     flags: bit 0 black to move, bit 1 in check, bit 2 the search's best
//                move was a capture or promotion, bit 3 Chess960
//   byte  28     en passant square (64: none)
//   byte  29     halfmove clock (rule 50)
//   bytes 30-31  uint16 full-move number
//
// Positions are written unfiltered; what the trainer skips (checks, noisy best
// moves, mate scores, early plies) is chosen at load time by a DataFilter.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace shiftmate {

enum class StmResult : std::uint8_t { LOSS = 0, DRAW = 1, WIN = 2 };

// A game's result from White's point of view, as datagen ends a game.
enum class GameResult : std::uint8_t { BLACK_WINS = 0, DRAW = 1, WHITE_WINS = 2 };

// The same result seen by the side to move: what a record stores. Both count
// from a loss (0) to a win (2), so Black's view is the mirror image.
constexpr StmResult stm_result(GameResult result, Color sideToMove) {
  const auto white = std::uint8_t(result);
  return StmResult(sideToMove == WHITE ? white : 2 - white);
}

struct PackedPosition {
  static constexpr std::uint8_t FlagBlackToMove = 1, FlagInCheck = 2, FlagNoisyBest = 4,
                                FlagChess960 = 8;
  static constexpr std::uint8_t NoEnPassant = 64;

  std::uint64_t occupancy;
  std::uint8_t pieces[16];
  std::int16_t score;
  std::uint8_t result;
  std::uint8_t flags;
  std::uint8_t epSquare;
  std::uint8_t rule50;
  std::uint16_t fullmove;

  // score: side to move's view; result: side to move's view.
  static PackedPosition pack(const Position& pos, int score, StmResult result, bool noisyBest);
  // Rebuilds the position; the message names the problem for a corrupt record.
  std::optional<std::string> unpack(Position& pos) const;

  Color side_to_move() const { return flags & FlagBlackToMove ? BLACK : WHITE; }
  // The game's result from White's view (the record keeps the side to move's).
  GameResult game_result() const {
    return GameResult(side_to_move() == WHITE ? result : 2 - result);
  }
  bool in_check() const { return flags & FlagInCheck; }
  bool noisy_best() const { return flags & FlagNoisyBest; }

  // Calls f(Piece, Square) for every piece (castling rooks reported as rooks).
  template <typename F>
  void for_each_piece(F&& f) const {
    std::uint64_t occ = occupancy;
    for (int i = 0; occ; ++i, occ &= occ - 1) {
      int code = (pieces[i / 2] >> (4 * (i & 1))) & 15;
      if ((code & 7) == 7) code = (code & 8) | ROOK;
      f(Piece(code), lsb(occ));
    }
  }
};
static_assert(sizeof(PackedPosition) == 32, "the record is 32 bytes on disk");

// Which positions the trainer keeps.
struct DataFilter {
  bool skipInCheck = true;
  bool skipNoisyBest = true;
  int maxAbsScore = 3000;  // skips mate scores and lopsided positions
  int minFullmove = 1;     // skips positions before this move number
  bool accepts(const PackedPosition& p) const;
};

// Why a filter skips a record: the first reason in this order (accepts()
// keeps exactly the records whose reason is KEPT).
enum class DropReason { KEPT, IN_CHECK, NOISY_BEST, SCORE, EARLY };
DropReason drop_reason(const DataFilter& filter, const PackedPosition& p);

// The checks that need no Position: flags, result, en passant square, piece
// codes and count, one king a side, castling rooks on their first rank.
// unpack() checks the rest (legality) by building the position.
std::optional<std::string> validate_packed(const PackedPosition& p);

// load_packed_file adds to these counts.
struct LoadReport {
  std::uint64_t read = 0, kept = 0;
};

// Reads a binary file in big chunks and calls `visit` with each chunk after
// validate_packed has passed every record of it; the message names the
// problem as load_packed_file's does (the chunks before a corrupt record have
// been visited). Memory use stays at one chunk.
std::optional<std::string> read_packed_file(
    const std::string& path, const std::function<void(std::span<const PackedPosition>)>& visit);

// Appends every record of a binary file that the filter accepts to `out`;
// the message names the problem (unreadable file, size not a multiple of 32,
// corrupt record), and `out` is then left as it was.
std::optional<std::string> load_packed_file(const std::string& path, const DataFilter& filter,
                                            std::vector<PackedPosition>& out,
                                            LoadReport* report = nullptr);

// Appends records to a binary file.
std::optional<std::string> append_packed_file(const std::string& path,
                                              const std::vector<PackedPosition>& records);

// One line of the text format `FEN | score | result` (score in centipawns
// and result 1.0/0.5/0.0, both from White's point of view) as a record.
std::optional<std::string> parse_text_record(std::string_view line, PackedPosition& out);

}  // namespace shiftmate
