// Static evaluation: tapered middlegame/endgame terms, from the side to
// move's point of view, in centipawns.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "position.h"
#include "score.h"

namespace shiftmate {

// Per-thread cache of pawn-structure scores, keyed by the pawn key.
class PawnTable {
 public:
  struct Entry {
    Key key = 0;
    Score score[COLOR_NB];
    Bitboard passed[COLOR_NB] = {0, 0};
  };
  Entry& operator[](Key k) { return entries[k & (Size - 1)]; }

 private:
  static constexpr std::size_t Size = 1 << 14;
  std::array<Entry, Size> entries{};
};

enum EvalTerm {
  TERM_MATERIAL,
  TERM_PLACEMENT,
  TERM_MOBILITY,
  TERM_PAWNS,
  TERM_PASSED,
  TERM_PIECES,
  TERM_THREATS,
  TERM_KING,
  TERM_NB
};

// One read of an evaluation weight: +1 when it counted for White, -1 for Black.
struct WeightUse {
  const Score* weight;
  int sign;
};

// Each term's score for each side, filled when the caller asks for it.
struct EvalTrace {
  Score terms[TERM_NB][COLOR_NB];
  std::vector<WeightUse> weights;  // every weight read, for the tuner
  int phase = 0;                   // 24 = all pieces on, 0 = bare kings and pawns
  int scale = 64;                  // endgame scaling out of 64
  int final = 0;                   // from White's point of view, centipawns
};

int evaluate(const Position& pos, PawnTable& pawns);
int evaluate(const Position& pos, PawnTable& pawns, EvalTrace& trace);

// The `eval` command's term-by-term table.
std::string eval_report(const Position& pos);

}  // namespace shiftmate
