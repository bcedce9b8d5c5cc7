// Strength levels: the choice among candidate moves follows the level, the
// Elo scale is monotone, and over UCI a weakened engine plays legal, varied
// moves from a shallow search.
#include "skill.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "engine_process.h"
#include "movegen.h"
#include "position.h"

using namespace shiftmate;

namespace {

std::vector<Skill::Candidate> candidates(const Position& pos, std::vector<int> scores) {
  std::vector<Skill::Candidate> out;
  MoveList<LEGAL> moves(pos);
  for (std::size_t i = 0; i < scores.size(); ++i) out.push_back({moves.begin()[i], scores[i]});
  return out;
}

}  // namespace

TEST(Skill, ChoiceFollowsTheLevel) {
  Position pos;
  auto c = candidates(pos, {40, 10, -60, -200});
  // Full strength is off; near it the best move is nearly always chosen.
  EXPECT_FALSE(Skill::from_level(20).enabled());
  EXPECT_TRUE(Skill::from_level(19).enabled());
  Skill strong = Skill::from_level(19), weak = Skill::from_level(0);
  std::map<int, int> strongPicks, weakPicks;
  const int draws = 20000;
  for (int i = 0; i < draws; ++i) {
    double r = (i + 0.5) / draws;  // an even spread over [0, 1)
    for (int k = 0; k < 4; ++k) {
      strongPicks[k] += strong.pick(c, r) == c[k].move;
      weakPicks[k] += weak.pick(c, r) == c[k].move;
    }
  }
  EXPECT_GT(strongPicks[0], draws * 0.95);
  EXPECT_EQ(strongPicks[3], 0);
  // The weak level's frequencies are the exponential weights.
  double t = weak.temperature_cp(), total = 0;
  for (const auto& cand : c) total += std::exp((cand.score - 40) / t);
  for (int k = 0; k < 4; ++k)
    EXPECT_NEAR(weakPicks[k] / double(draws), std::exp((c[k].score - 40) / t) / total, 0.001) << k;
  EXPECT_GT(weakPicks[2], 0) << "a weak level sometimes plays a worse move";
  EXPECT_EQ(weak.pick({}, 0.5), Move::none());
}

TEST(Skill, EloScaleIsMonotone) {
  double lastLevel = -1, lastTemperature = 1e9;
  int lastDepth = 0;
  for (int elo = Skill::MinElo; elo <= Skill::MaxElo; elo += 10) {
    Skill s = Skill::from_elo(elo);
    EXPECT_TRUE(s.enabled()) << elo;
    EXPECT_GT(s.level_value(), lastLevel);
    EXPECT_GE(s.depth_limit(), lastDepth);
    EXPECT_LE(s.temperature_cp(), lastTemperature);
    lastLevel = s.level_value();
    lastDepth = s.depth_limit();
    lastTemperature = s.temperature_cp();
  }
  // Its bottom lies above level 0: Skill Levels 0 and 1 play below UCI_Elo's
  // range, and a two-ply search is as deep as it goes there.
  EXPECT_GT(Skill::from_elo(Skill::MinElo).level_value(), 1);
  EXPECT_LT(Skill::from_elo(Skill::MinElo).level_value(), 2);
  EXPECT_LE(Skill::from_elo(Skill::MinElo).settled(0.999).depth_limit(), 2);
  EXPECT_GE(Skill::from_elo(Skill::MaxElo).depth_limit(), 20);
  EXPECT_LT(Skill::from_elo(Skill::MaxElo).level_value(), Skill::MaxLevel);
  // The scale ends where full strength plays: its top is full strength on all
  // but a sliver of its moves.
  EXPECT_FALSE(Skill::from_elo(Skill::MaxElo).settled(0.5).enabled());
  EXPECT_TRUE(Skill::from_elo(Skill::MaxElo - 10).settled(0.999).enabled());
  EXPECT_EQ(Skill::from_elo(100).level_value(), Skill::from_elo(Skill::MinElo).level_value());
  EXPECT_EQ(Skill::from_elo(9000).level_value(), Skill::from_elo(Skill::MaxElo).level_value());
}

// UCI_Elo falls between whole levels; each search plays one of the two
// around it, the upper with a chance equal to the fraction, with that whole
// level's depth, temperature and candidates.
TEST(Skill, FractionalLevelsPlayAMixOfTheWholeLevelsAround) {
  const int draws = 1000;
  int fractional = 0;
  for (int elo = Skill::MinElo; elo <= Skill::MaxElo; elo += 10) {
    const Skill s = Skill::from_elo(elo);
    const double lower = std::floor(s.level_value()), fraction = s.level_value() - lower;
    fractional += fraction > 0;
    int upper = 0;
    for (int i = 0; i < draws; ++i) {
      const Skill settled = s.settled((i + 0.5) / draws);
      const double level = settled.level_value();
      ASSERT_TRUE(level == lower || level == lower + 1) << elo << " settled at " << level;
      upper += level == lower + 1;
      const Skill whole = Skill::from_level(int(level));
      EXPECT_EQ(settled.depth_limit(), whole.depth_limit());
      EXPECT_EQ(settled.temperature_cp(), whole.temperature_cp());
      EXPECT_EQ(settled.candidates(), whole.candidates());
    }
    EXPECT_NEAR(upper / double(draws), fraction, 1.0 / draws) << elo;
  }
  EXPECT_GT(fractional, 100) << "most of the scale lies between whole levels";
  for (int level = 0; level <= Skill::MaxLevel; ++level)
    for (double r : {0.0, 0.5, 0.999999})
      EXPECT_EQ(Skill::from_level(level).settled(r).level_value(), level);
}

// Stockfish's levels pull away at the top (it picks at depth 1 + level), so
// Shiftmate's depth grows faster there, and its top levels compare two lines
// instead of four: their temperature leaves the others almost no chance.
// The bottom levels compare more lines, hotter, so that their mistakes can
// be a beginner's.
TEST(Skill, LevelsDeepenAndNarrowTowardsTheTop) {
  int lastDepth = 1, lastCandidates = 1000;
  double lastTemperature = 1e9;
  for (int level = 0; level < Skill::MaxLevel; ++level) {
    Skill s = Skill::from_level(level);
    EXPECT_GE(s.depth_limit(), lastDepth) << level;
    lastDepth = s.depth_limit();
    EXPECT_LE(s.candidates(), lastCandidates) << level;
    lastCandidates = s.candidates();
    EXPECT_LT(s.temperature_cp(), lastTemperature) << level;
    lastTemperature = s.temperature_cp();
    if (level >= 3) {
      EXPECT_EQ(s.candidates(), s.temperature_cp() < 10 ? 2 : 4) << level;
    }
  }
  EXPECT_GT(Skill::from_level(0).candidates(), Skill::from_level(3).candidates());
  // Level 0 chooses more than twice as hotly as level 3.
  EXPECT_GT(Skill::from_level(0).temperature_cp(), 2 * Skill::from_level(3).temperature_cp());
  int bottom = Skill::from_level(10).depth_limit() - Skill::from_level(0).depth_limit();
  EXPECT_GT(lastDepth - Skill::from_level(10).depth_limit(), bottom);
  EXPECT_GE(lastDepth, 20);
}

TEST(Skill, WeakenedEnginePlaysVariedLegalMovesQuickly) {
  EngineProcess e;
  e.send("uci");
  std::vector<std::string> lines;
  ASSERT_TRUE(e.wait_for("uciok", StartupTimeoutMs, &lines));
  for (const char* option : {"option name Skill Level type spin default 20 min 0 max 20",
                             "option name UCI_LimitStrength type check default false",
                             "option name UCI_Elo type spin default 1160 min 1160 max 2500"})
    EXPECT_NE(std::find(lines.begin(), lines.end(), option), lines.end()) << option;

  const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  Position pos;
  ASSERT_FALSE(pos.set(fen));
  e.send("setoption name UCI_LimitStrength value true");
  e.send("setoption name UCI_Elo value 1160");
  std::set<std::string> played;
  for (int i = 0; i < 24; ++i) {
    e.send("position fen " + fen);
    e.send("go wtime 60000 btime 60000");
    lines.clear();
    auto best = e.wait_for("bestmove", 10000, &lines);
    ASSERT_TRUE(best);
    std::string move = best->substr(9, best->find(' ', 9) - 9);
    EXPECT_TRUE(parse_uci_move(pos, move)) << *best;
    played.insert(move);
    // The last PV shown is the move played, whichever candidate it was.
    auto lastPv = std::find_if(lines.rbegin(), lines.rend(), [](const std::string& l) {
      return l.rfind("info depth", 0) == 0 && l.find(" pv ") != std::string::npos;
    });
    ASSERT_TRUE(lastPv != lines.rend());
    EXPECT_EQ(lastPv->substr(lastPv->find(" pv ") + 4, move.size()), move) << *lastPv;
    for (const auto& l : lines) {
      if (l.rfind("info depth", 0) != 0) continue;
      EXPECT_EQ(l.find("multipv 2"), std::string::npos) << "only the lines asked for: " << l;
      std::istringstream in(l.substr(11));
      int depth = 0;
      in >> depth;
      EXPECT_LE(depth, Skill::from_elo(Skill::MinElo).depth_limit()) << l;
    }
  }
  EXPECT_GE(played.size(), 2u) << "the weakest level always played the same move";

  // A UCI_Elo between two whole levels of different depths searches to one
  // depth or the other, both over enough moves.
  int mixedElo = 0;
  for (int elo = Skill::MinElo; elo <= 2000 && !mixedElo; elo += 10) {
    const Skill s = Skill::from_elo(elo);
    const double fraction = s.level_value() - std::floor(s.level_value());
    if (fraction > 0.3 && fraction < 0.7 &&
        s.settled(0).depth_limit() != s.settled(0.99).depth_limit())
      mixedElo = elo;
  }
  ASSERT_NE(mixedElo, 0);
  const Skill mixed = Skill::from_elo(mixedElo);
  const int lowDepth = mixed.settled(0.99).depth_limit(),
            highDepth = mixed.settled(0).depth_limit();
  e.send("setoption name UCI_Elo value " + std::to_string(mixedElo));
  std::map<int, int> searchesToDepth;
  for (int i = 0; i < 40; ++i) {
    e.send("position fen " + fen);
    e.send("go depth 64");
    lines.clear();
    ASSERT_TRUE(e.wait_for("bestmove", 10000, &lines));
    int deepest = 0;
    for (const auto& l : lines)
      if (l.rfind("info depth ", 0) == 0) deepest = std::max(deepest, std::stoi(l.substr(11)));
    ++searchesToDepth[deepest];
  }
  EXPECT_EQ(searchesToDepth.size(), 2u) << "UCI_Elo " << mixedElo;
  EXPECT_GT(searchesToDepth[lowDepth], 0) << "UCI_Elo " << mixedElo;
  EXPECT_GT(searchesToDepth[highDepth], 0) << "UCI_Elo " << mixedElo;

  // Back to full strength: the same search gives the same move every time.
  e.send("setoption name UCI_LimitStrength value false");
  played.clear();
  for (int i = 0; i < 3; ++i) {
    e.send("ucinewgame");
    e.send("position fen " + fen);
    e.send("go depth 6");
    auto best = e.wait_for("bestmove", 10000);
    ASSERT_TRUE(best);
    played.insert(*best);
  }
  EXPECT_EQ(played.size(), 1u);
  e.send("setoption name Skill Level value 21");
  EXPECT_TRUE(e.wait_for("info string option 'Skill Level' needs a number from 0 to 20", 2000));
}
