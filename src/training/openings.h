// Openings for games: a start (the start position or a random position of a
// book), random legal plies after it, and a short search that keeps the
// result only when neither side is far ahead (games from lost positions
// teach little and end at once). Datagen's games and OpenBench's `genfens`
// command both start from these.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "position.h"
#include "random.h"
#include "search.h"

namespace shiftmate {

// An opening is kept when its search scores it within this, either side.
constexpr int MaxOpeningScore = 300;
// Openings rejected in a row before a run gives up (a book of lost or
// dead-drawn positions would otherwise loop for ever).
constexpr int MaxOpeningAttempts = 1000;

// Reads an openings file: one position per line, EPD (the first 4 fields)
// or FEN (6 fields); blank lines and lines starting with '#' are skipped.
// Returns the message naming the problem if the file cannot be read, a line
// is not a legal position with a legal move, or there is no position.
std::optional<std::string> load_openings(const std::string& path, std::vector<std::string>& fens,
                                         bool chess960 = false);

// One candidate: a random position of `book` (the start position when it is
// empty), then up to randomPlies random legal moves; `plies` says how many
// were played. False when the result has no legal move or is a draw by rule.
bool random_opening(Position& pos, int& plies, const std::vector<std::string>& book,
                    int randomPlies, bool chess960, Random& rng);

// A node-budget search aborts at this many times its soft limit unless told
// otherwise (datagen's moves, an opening's balance).
constexpr std::uint64_t HardNodesFactor = 20;

// What a search at a node budget chose (datagen's moves, an opening's
// balance): no iteration starts after softNodes, the search stops at
// hardNodes; `scored` is false when it stopped before its first iteration.
struct NodeSearchResult {
  Move best = Move::none();
  int score = 0;  // the side to move's view
  bool scored = false;
};
NodeSearchResult search_nodes(Search& search, const Position& pos, std::uint64_t softNodes,
                              std::uint64_t hardNodes);

// OpenBench's `genfens N seed S book <None|FILE> [extra]`, with the extra
// arguments Shiftmate takes (each optional, any order):
//   plies K      random plies after the start (default 8, 4 after a book
//                position), 0 to 100
//   nodes N      the balance search's soft node limit (default 5000)
//   maxscore CP  keep openings scored within CP either side (default 300)
// A book whose file name holds "frc", "960" or "fischer" (any case) is read
// as Chess960 positions, as OpenBench chooses the variant by that name.
struct GenfensRequest {
  std::uint64_t count = 0;
  std::uint64_t seed = 0;
  std::string book;  // empty: no book (OpenBench's "None")
  bool chess960 = false;
  int randomPlies = 8;
  std::uint64_t nodes = 5000;
  int maxScore = MaxOpeningScore;
};

// The request from the words after `genfens`, or the message naming what is
// wrong with them.
std::variant<GenfensRequest, std::string> parse_genfens(std::istream& words);

// Makes request.count distinct openings (no two with the same position),
// passing each FEN to `emit` as soon as it is found. The same request gives
// the same openings. Returns the message naming the problem when the book
// cannot be read or MaxOpeningAttempts candidates in a row are rejected.
std::optional<std::string> generate_openings(const GenfensRequest& request,
                                             const std::function<void(const std::string&)>& emit);

}  // namespace shiftmate
