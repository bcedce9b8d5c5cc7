#include "skill.h"

#include <algorithm>
#include <cmath>

namespace shiftmate {

namespace {

// Level 0 searches one ply; each level adds about half a ply.
constexpr double DepthAtLevelZero = 1.0, DepthPerLevel = 0.55;
// At level 0 a move 150 cp worse than the best is picked e^-1 as often as
// the best; the temperature shrinks to a few centipawns near full strength.
constexpr double TemperatureAtLevelZero = 150.0, TemperatureAtTop = 4.0;

}  // namespace

Skill Skill::from_level(int l) { return Skill(std::clamp(l, 0, MaxLevel)); }

// UCI_Elo maps linearly onto the level scale, fractions kept. This is the
// starting point for calibration against Stockfish's levels (docs/strength.md).
Skill Skill::from_elo(int elo) {
  double clamped = std::clamp(elo, MinElo, MaxElo);
  return Skill((clamped - MinElo) / (MaxElo - MinElo) * MaxLevel * 0.999);
}

int Skill::depth_limit() const { return int(DepthAtLevelZero + DepthPerLevel * level); }

double Skill::temperature_cp() const {
  double weakness = 1.0 - level / MaxLevel;
  return TemperatureAtTop + (TemperatureAtLevelZero - TemperatureAtTop) * weakness * weakness;
}

Move Skill::pick(const std::vector<Candidate>& candidates, double random) const {
  if (candidates.empty()) return Move::none();
  int best = candidates[0].score;
  for (const Candidate& c : candidates) best = std::max(best, c.score);
  std::vector<double> weights;
  double total = 0;
  for (const Candidate& c : candidates) {
    double below = std::min(double(best - c.score), 2000.0);
    weights.push_back(std::exp(-below / temperature_cp()));
    total += weights.back();
  }
  double target = random * total;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (target < weights[i]) return candidates[i].move;
    target -= weights[i];
  }
  return candidates.back().move;
}

}  // namespace shiftmate
