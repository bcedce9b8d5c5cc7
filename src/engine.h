// The engine façade between the protocol layer and the search: it owns the
// current position, the transposition table and the search threads.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "position.h"
#include "search.h"
#include "syzygy.h"
#include "tt.h"

namespace shiftmate {

// The EvalFile value that names the network compiled into the binary.
inline constexpr const char* EmbeddedNetName = "<embedded>";

class Engine {
 public:
  Engine();
  ~Engine();

  // Sets the position from a FEN (or the start position) and UCI moves.
  // On a bad FEN the position is unchanged; on an illegal move the moves
  // before it are kept. Either way the message names the problem.
  std::optional<std::string> set_position(const std::string& fen,
                                          const std::vector<std::string>& moves);
  const Position& position() const { return pos; }

  void go(const SearchLimits& limits, SearchCallbacks callbacks);
  void stop() { search.stop(); }
  void ponderhit() { search.ponderhit(); }
  void wait() { search.wait(); }
  bool searching() const { return search.searching(); }
  std::uint64_t nodes_searched() const { return search.nodes_searched(); }

  void new_game();
  bool set_hash(std::size_t mb);  // false: not enough memory, table unchanged
  bool set_threads(int n);        // false: no memory for n, threads unchanged
  void clear_hash();
  void set_chess960(bool on);
  // "<embedded>" or the path of a network file; the message says why the
  // current evaluation was kept.
  std::optional<std::string> set_eval_file(const std::string& value);
  // Directories separated by PathListSeparator (util/platform.h: ';' on
  // Windows, ':' elsewhere); "<empty>": none.
  syzygy::LoadReport set_syzygy_path(const std::string& paths);
  bool chess960() const { return chess960Mode; }
  SearchOptions& search_options() { return options; }
  std::size_t hash_mb() const { return tt.size_mb(); }
  int threads() const { return search.threads(); }

 private:
  TranspositionTable tt;
  Search search;
  Position pos;
  SearchOptions options;
  bool chess960Mode = false;
};

}  // namespace shiftmate
