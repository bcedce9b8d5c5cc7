// Playing below full strength for human opponents: `Skill Level` 0..20 and
// `UCI_LimitStrength` with `UCI_Elo`. A weakened search looks at several
// candidate moves (MultiPV) to a shallow, level-dependent depth and picks
// among them at random, worse moves more often the lower the level: the
// moves stay natural (each is a candidate a search liked), the mistakes are
// of the size a player of that strength makes, and little time is used.
#pragma once

#include <cstdint>
#include <vector>

#include "types.h"

namespace shiftmate {

class Skill {
 public:
  static constexpr int MaxLevel = 20;
  static constexpr int MinElo = 1160, MaxElo = 2500;

  Skill() = default;
  // `level` 0..20 (20: full strength); `elo`, when given, decides instead
  // and may fall between two whole levels.
  static Skill from_level(int level);
  static Skill from_elo(int elo);

  bool enabled() const { return level < MaxLevel; }
  double level_value() const { return level; }
  // The whole level one search plays at: a level between two whole levels
  // is the upper one with a chance equal to the fraction (3.3: level 4 on
  // 30% of moves, level 3 on the rest), so strength runs smoothly between
  // the measured whole levels that the Elo scale interpolates. `random` in
  // [0, 1).
  Skill settled(double random) const;
  // Of a whole level; the search settles a fractional one first.
  int depth_limit() const;        // plies
  int candidates() const;         // MultiPV lines a weakened search compares
  double temperature_cp() const;  // how far below the best a chosen move may be

  struct Candidate {
    Move move;
    int score;  // centipawns, the side to move's view
  };
  // One of the candidates (at least one), chosen with probability falling
  // off exponentially with its distance below the best; `random` in [0, 1).
  Move pick(const std::vector<Candidate>& candidates, double random) const;

 private:
  explicit Skill(double l) : level(l) {}
  double level = MaxLevel;
};

}  // namespace shiftmate
