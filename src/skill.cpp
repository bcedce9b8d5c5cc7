#include "skill.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace shiftmate {

namespace {

// Level 0 searches one ply and each level adds three quarters of a ply; from
// level 10 the step grows, because Stockfish's levels there (depth 1 + level)
// pull away: a 10-ply search with few mistakes scores about 5% against its
// 2500 (docs/strength.md). Level 19 searches 23 plies.
constexpr double DepthAtLevelZero = 1.0, DepthPerLevel = 0.75;
constexpr double SteepeningFromLevel = 10.0, SteepeningPerLevelSquared = 0.1;
// At level 0 a move 120 cp worse than the best is picked e^-1 as often as
// the best; the temperature falls with the cube of the distance from full
// strength, to a few centipawns at the top levels.
constexpr double TemperatureAtLevelZero = 120.0, TemperatureAtTop = 4.0;
// From level 13 the temperature is under 10 cp: a third or fourth line is
// seldom chosen, yet at 14 plies and more it costs most of the search.
constexpr double FewerCandidatesFromLevel = 13.0;
// The levels below 3 were too close together with the network: a one-ply
// search at 120 cp played 1278 against Stockfish's 1350 and a two-ply one
// 1322 (docs/strength.md, round 6). There each level down warms the choice
// by LowLevelWarming of the curve's temperature and adds a candidate line,
// so that real mistakes (a piece left hanging) come within reach.
constexpr double LowLevelsBelow = 3.0, LowLevelWarming = 1.0 / 3.0;
double levels_below_low(double level) { return std::max(0.0, LowLevelsBelow - level); }

}  // namespace

Skill Skill::from_level(int l) { return Skill(std::clamp(l, 0, MaxLevel)); }

Skill Skill::settled(double random) const {
  const double whole = std::floor(level);
  return Skill(random < level - whole ? whole + 1 : whole);
}

// The calibration (docs/strength.md, scripts/calibrate-levels.py): for each
// Stockfish 15.1 UCI_Elo, the Skill Level that scores 50% against it, read
// off the measured whole levels around it (the Elo difference taken as
// linear in the level; a fractional level plays a mix of the two, see
// settled()). 1160 and 1250 are played against Stockfish's lowest level,
// 1350, for the score their gap predicts: the scale starts at level 1.38,
// and Skill Levels 0 and 1 play below it (about 900 and 1020).
// 2400 is where level 18 played at 60+0.6. Full strength at 60+0.6 plays
// about as well as Stockfish's 2500, so the scale ends there. Between
// points the level is interpolated linearly. Each stronger net and search
// lifts the low levels most (a shallow search is mostly its evaluation):
// with n17 and spsa-55c (2026-12-02) 1160-1500 had drifted up and moved
// down (Stockfish's 1350 and 1500 lie only ~30 Elo apart in these games);
// with n21 and the search of 2026-12-04, 1160-1750 again (round 9); with
// n26c and the search of 2026-12-06, 1750 alone (round 12).
struct CalibrationPoint {
  double elo, level;
};
constexpr CalibrationPoint Calibration[] = {
    {1160, 1.38},  {1250, 1.63}, {1350, 1.91},
    {1500, 2.10},  {1750, 2.87}, {2000, 9.65},
    {2250, 13.45}, {2400, 18.0}, {Skill::MaxElo, Skill::MaxLevel - 0.001},
};
static_assert(Calibration[0].elo == Skill::MinElo);

Skill Skill::from_elo(int elo) {
  double e = std::clamp(elo, MinElo, MaxElo);
  std::size_t i = 1;
  while (i + 1 < std::size(Calibration) && e > Calibration[i].elo) ++i;
  const CalibrationPoint &low = Calibration[i - 1], &high = Calibration[i];
  return Skill(low.level + (e - low.elo) / (high.elo - low.elo) * (high.level - low.level));
}

int Skill::depth_limit() const {
  double steep = std::max(0.0, level - SteepeningFromLevel);
  return int(DepthAtLevelZero + DepthPerLevel * level + SteepeningPerLevelSquared * steep * steep);
}

int Skill::candidates() const {
  return level < FewerCandidatesFromLevel ? 4 + int(levels_below_low(level)) : 2;
}

double Skill::temperature_cp() const {
  double weakness = 1.0 - level / MaxLevel;
  double curve = TemperatureAtTop +
                 (TemperatureAtLevelZero - TemperatureAtTop) * weakness * weakness * weakness;
  return curve * (1.0 + LowLevelWarming * levels_below_low(level));
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
