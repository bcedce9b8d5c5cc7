// Syzygy endgame tablebases through Debian's libfathom: loading the tables,
// win/draw/loss probes for the search and DTZ ranking of the root moves.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "position.h"

namespace shiftmate::syzygy {

// From the side to move's view. A cursed win is a win that the 50-move rule
// turns into a draw; a blessed loss the same for the losing side.
enum class Wdl { Loss = -2, BlessedLoss = -1, Draw = 0, CursedWin = 1, Win = 2 };

struct LoadReport {
  int wdlFiles = 0, dtzFiles = 0;
  int largest = 0;                    // most pieces of any loaded table (0: none)
  std::vector<std::string> problems;  // missing directories, damaged files
};

// Loads the tables found in `paths` (directories separated by
// PathListSeparator: ';' on Windows, ':' elsewhere); "" and
// "<empty>" unload them. Not while a search probes: the engine stops it first.
LoadReport load(const std::string& paths);
int max_pieces();  // 0 when no tables are loaded

// The position's value, or nothing when no table covers it. The tables know
// neither castling nor the 50-move counter, so positions with castling
// rights or a counter above zero are not probed.
std::optional<Wdl> probe_wdl(const Position& pos);

// Distance to zeroing (plies to the next capture or pawn move on the best
// line, negative when losing, 0 for a draw) with the value, as `fathom`
// prints them; castling rights still rule a probe out.
struct DtzProbe {
  Wdl wdl;
  int dtz;
};
std::optional<DtzProbe> probe_dtz(const Position& pos);

// Every legal move of a tablebase position ranked by what it keeps of the
// result: DTZ tables when present (rank 1000 for a win that the 50-move rule
// cannot spoil, lower for slower wins, 0 draw, negative losses), else WDL.
struct RankedMove {
  Move move;
  int rank;
  Wdl wdl;  // of the position after the move, from the root side's view
};
struct RootRanking {
  std::vector<RankedMove> moves;
  bool byDtz;  // false: only WDL tables were found, which cannot tell fast wins from slow
};
// `useRule50`: false counts cursed wins as wins and blessed losses as losses.
std::optional<RootRanking> rank_root_moves(const Position& pos, bool useRule50);

const char* wdl_name(Wdl wdl);

}  // namespace shiftmate::syzygy
