#include "training/openings.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unordered_set>

#include "movegen.h"
#include "parse.h"
#include "tt.h"
#include "util/platform.h"
#include "util/regular_file.h"

namespace shiftmate {

namespace {

// The balance search's table: small, cleared per request, so that a request
// gives the same openings whatever ran before it.
constexpr std::size_t GenfensHashMB = 8;
constexpr std::uint64_t GenfensMaxCount = 100'000'000;
constexpr int GenfensBookPlies = 4;

bool names_chess960_book(const std::string& path) {
  std::string name = path.substr(path.find_last_of("/\\") + 1);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  for (const char* word : {"frc", "960", "fischer"})
    if (name.find(word) != std::string::npos) return true;
  return false;
}

}  // namespace

std::optional<std::string> load_openings(const std::string& path, std::vector<std::string>& fens,
                                         bool chess960) {
  if (auto error = not_a_regular_file(path)) return *error;
  std::ifstream in(path_from_utf8(path));
  if (!in) return fmt::format("cannot open openings file '{}'", path);
  std::vector<std::string> found;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    std::istringstream words(line);
    std::vector<std::string> fields;
    for (std::string w; fields.size() < 6 && words >> w;) fields.push_back(w);
    if (fields.empty() || fields[0][0] == '#') continue;
    if (fields.size() < 4)
      return fmt::format("openings file '{}' line {}: not a FEN or EPD position", path, number);
    // FEN clocks when fields 5 and 6 are numbers; EPD operations otherwise.
    bool clocks =
        fields.size() == 6 && parse_number<int>(fields[4]) && parse_number<int>(fields[5]);
    std::string fen = fmt::format("{} {} {} {} {}", fields[0], fields[1], fields[2], fields[3],
                                  clocks ? fields[4] + " " + fields[5] : "0 1");
    Position pos;
    if (auto error = pos.set(fen, chess960))
      return fmt::format("openings file '{}' line {}: {}", path, number, *error);
    if (!MoveList<LEGAL>(pos).size())
      return fmt::format("openings file '{}' line {}: no legal move", path, number);
    found.push_back(pos.fen());
  }
  if (in.bad()) return fmt::format("cannot read openings file '{}'", path);
  if (found.empty()) return fmt::format("openings file '{}' has no positions", path);
  fens = std::move(found);
  return std::nullopt;
}

bool random_opening(Position& pos, int& plies, const std::vector<std::string>& book,
                    int randomPlies, bool chess960, Random& rng) {
  pos = Position();
  if (!book.empty()) pos.set(book[rng.below(book.size())], chess960);  // checked when loaded
  plies = 0;
  for (; plies < randomPlies; ++plies) {
    MoveList<LEGAL> moves(pos);
    if (!moves.size()) break;
    pos.do_move(*(moves.begin() + rng.below(moves.size())));
  }
  return MoveList<LEGAL>(pos).size() && !pos.is_draw(0);
}

NodeSearchResult search_nodes(Search& search, const Position& pos, std::uint64_t softNodes,
                              std::uint64_t hardNodes) {
  NodeSearchResult r;
  SearchLimits limits;
  limits.softNodes = softNodes;
  limits.nodes = hardNodes;
  SearchCallbacks callbacks;
  callbacks.onInfo = [&r](const SearchInfo& info) {
    if (info.multiPV != 1) return;
    r.score = info.score;
    r.scored = true;
  };
  callbacks.onBestMove = [&r](Move best, Move) { r.best = best; };
  search.start(pos, limits, SearchOptions{}, std::move(callbacks));
  search.wait();
  return r;
}

std::variant<GenfensRequest, std::string> parse_genfens(std::istream& words) {
  GenfensRequest request;
  std::string word;
  if (!(words >> word)) return std::string("genfens needs a count: genfens N seed S book B");
  auto count = parse_number<std::uint64_t>(word, 1, GenfensMaxCount);
  if (!count) return fmt::format("genfens: the count '{}' is not 1 to {}", word, GenfensMaxCount);
  request.count = *count;
  bool seedGiven = false, bookGiven = false, pliesGiven = false;
  while (words >> word) {
    std::string value;
    if (!(words >> value)) return fmt::format("genfens: '{}' needs a value", word);
    if (word == "seed") {
      auto seed = parse_number<std::uint64_t>(value);
      if (!seed) return fmt::format("genfens: the seed '{}' is not a number", value);
      request.seed = *seed;
      seedGiven = true;
    } else if (word == "book") {
      bookGiven = true;
      if (value != "None" && value != "none") request.book = value;
    } else if (word == "plies") {
      auto plies = parse_number<int>(value, 0, 100);
      if (!plies) return fmt::format("genfens: plies '{}' is not 0 to 100", value);
      request.randomPlies = *plies;
      pliesGiven = true;
    } else if (word == "nodes") {
      auto nodes = parse_number<std::uint64_t>(value, 1, 100'000'000);
      if (!nodes) return fmt::format("genfens: nodes '{}' is not 1 to 100000000", value);
      request.nodes = *nodes;
    } else if (word == "maxscore") {
      auto score = parse_number<int>(value, 0, 30000);
      if (!score) return fmt::format("genfens: maxscore '{}' is not 0 to 30000", value);
      request.maxScore = *score;
    } else {
      return fmt::format(
          "genfens: unknown argument '{}' (takes seed, book, plies, nodes, maxscore)",
          word.substr(0, 32));
    }
  }
  if (!seedGiven || !bookGiven) return std::string("genfens needs seed S and book <None|FILE>");
  if (!request.book.empty()) {
    request.chess960 = names_chess960_book(request.book);
    if (!pliesGiven) request.randomPlies = GenfensBookPlies;
  }
  return request;
}

std::optional<std::string> generate_openings(const GenfensRequest& request,
                                             const std::function<void(const std::string&)>& emit) {
  std::vector<std::string> book;
  if (!request.book.empty())
    if (auto error = load_openings(request.book, book, request.chess960)) return error;
  TranspositionTable tt;
  if (!tt.resize(GenfensHashMB)) return std::string("genfens: no memory for its search's table");
  Search search(tt);
  Random rng(request.seed ^ 0x6A09E667F3BCC909ULL);  // a zero seed is a seed too
  std::unordered_set<Key> seen;
  for (std::uint64_t made = 0; made < request.count; ++made) {
    int attempts = 0;
    for (;; ++attempts) {
      if (attempts == MaxOpeningAttempts)
        return fmt::format(
            "genfens: {} openings made, then {} candidates in a row were repeats or scored "
            "beyond {} cp",
            made, MaxOpeningAttempts, request.maxScore);
      Position pos;
      int plies;
      if (!random_opening(pos, plies, book, request.randomPlies, request.chess960, rng)) continue;
      if (seen.count(pos.key())) continue;
      NodeSearchResult r =
          search_nodes(search, pos, request.nodes, HardNodesFactor * request.nodes);
      if (!r.scored || std::abs(r.score) > request.maxScore) continue;
      seen.insert(pos.key());
      emit(pos.fen());
      break;
    }
  }
  return std::nullopt;
}

}  // namespace shiftmate
