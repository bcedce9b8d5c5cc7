// The win/draw/loss model: well-formed per-mille triples, monotone in the
// score, and a fitter that recovers a known model from its own outcomes.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>

#include "engine_process.h"
#include "score.h"
#include "training/wdl_fit.h"
#include "wdl/model.h"

using namespace shiftmate;

TEST(Wdl, PerMilleSumsToAThousandAndIsMonotone) {
  const wdl::Model& model = wdl::fitted();
  for (int material = 0; material <= 80; material += 4) {
    wdl::PerMille previous{0, 0, 1000};
    for (int score = -4000; score <= 4000; score += 5) {
      wdl::PerMille p = wdl::per_mille(model, score, material);
      EXPECT_EQ(p.win + p.draw + p.loss, 1000) << score << " " << material;
      EXPECT_GE(p.win, 0);
      EXPECT_GE(p.draw, 0);
      EXPECT_GE(p.loss, 0);
      EXPECT_GE(p.win, previous.win) << "win falls at " << score << ", material " << material;
      EXPECT_LE(p.loss, previous.loss) << "loss rises at " << score << ", material " << material;
      // The model is symmetric: our win is the other side's loss.
      wdl::PerMille mirrored = wdl::per_mille(model, -score, material);
      EXPECT_EQ(p.win, mirrored.loss);
      previous = p;
    }
  }
  // Even scores are not certain; large ones nearly are; mates and
  // tablebase wins are.
  wdl::PerMille level = wdl::per_mille(model, 0, 78);
  EXPECT_GT(level.draw, 100);
  EXPECT_EQ(level.win, level.loss);
  EXPECT_GT(wdl::per_mille(model, 1500, 40).win, 900);
  EXPECT_EQ(wdl::per_mille(model, mate_in(5), 40).win, 1000);
  EXPECT_EQ(wdl::per_mille(model, -VALUE_TB + 3, 40).loss, 1000);
}

TEST(Wdl, FitRecoversAKnownModel) {
  // Outcomes drawn exactly in proportion to a known model's probabilities.
  const wdl::Model truth{{2.6, -3.0, 1.2, 0.0}, {1.5, -1.2, 0.5, 0.0}};
  wdl::Histogram histogram;
  for (int material : {12, 24, 36, 48, 60, 72, 78})
    for (int score = -1000; score <= 1000; score += 20) {
      wdl::Probabilities p = wdl::probabilities(truth, score / 100.0, material);
      histogram.add(score, material, StmResult::WIN, 1000 * p.win);
      histogram.add(score, material, StmResult::DRAW, 1000 * p.draw);
      histogram.add(score, material, StmResult::LOSS, 1000 * p.loss);
    }
  wdl::FitResult fitted = wdl::fit(histogram, 20000);
  EXPECT_NEAR(fitted.logLoss, wdl::log_loss(truth, histogram), 2e-3);
  EXPECT_LT(fitted.logLoss, wdl::baseline_log_loss(histogram));
  for (int material : {12, 36, 60, 78})
    for (int score = -800; score <= 800; score += 100) {
      wdl::Probabilities want = wdl::probabilities(truth, score / 100.0, material);
      wdl::Probabilities got = wdl::probabilities(fitted.model, score / 100.0, material);
      EXPECT_NEAR(got.win, want.win, 0.02) << score << " " << material;
      EXPECT_NEAR(got.loss, want.loss, 0.02) << score << " " << material;
    }
}

TEST(Wdl, ParamsHeaderWrapsTheRecipeWithinTheLineWidth) {
  // A recipe naming several long files: every line of the header stays
  // within clang-format's 100 columns and every word survives, in order.
  std::string recipe = "Fitted to 2646563 positions (";
  for (int i = 0; i < 6; ++i)
    recipe += "selfplay-n15-1067224-s24-first2100000-" + std::to_string(i) + ".bin, ";
  recipe +=
      "and one-file-name-longer-than-a-whole-line-" + std::string(120, 'x') + ") with 20000 steps.";
  const std::string header = wdl::params_header(wdl::fitted(), recipe);
  std::istringstream lines(header);
  std::string line, words;
  while (std::getline(lines, line)) {
    if (line.find(std::string(101, 'x')) == std::string::npos) {
      EXPECT_LE(line.size(), 100u) << line;
    }
    if (line.rfind("// ", 0) == 0 && line.find("wdlfit") == std::string::npos &&
        line.find("coefficients") == std::string::npos)
      words += (words.empty() ? std::string() : " ") + line.substr(3);
  }
  EXPECT_EQ(words, recipe);
  EXPECT_NE(header.find("#pragma once"), std::string::npos);
}

TEST(Wdl, UciShowsWdlOnlyWhenAsked) {
  EngineProcess e;
  e.send("uci");
  std::vector<std::string> lines;
  ASSERT_TRUE(e.wait_for("uciok", StartupTimeoutMs, &lines));
  bool offered = false;
  for (const auto& l : lines) offered |= l == "option name UCI_ShowWDL type check default false";
  EXPECT_TRUE(offered);
  e.send("position startpos");
  e.send("go depth 6");
  lines.clear();
  ASSERT_TRUE(e.wait_for("bestmove", 10000, &lines));
  for (const auto& l : lines) EXPECT_EQ(l.find(" wdl "), std::string::npos) << l;

  e.send("setoption name UCI_ShowWDL value true");
  e.send("position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  e.send("go depth 6");
  lines.clear();
  ASSERT_TRUE(e.wait_for("bestmove", 10000, &lines));
  int seen = 0;
  std::regex wdl(R"( score cp (-?\d+) wdl (\d+) (\d+) (\d+) nodes )");
  for (const auto& l : lines) {
    std::smatch m;
    if (l.rfind("info depth", 0) != 0) continue;
    ASSERT_TRUE(std::regex_search(l, m, wdl)) << l;
    EXPECT_EQ(std::stoi(m[2]) + std::stoi(m[3]) + std::stoi(m[4]), 1000) << l;
    ++seen;
  }
  EXPECT_GT(seen, 0);
  e.send("setoption name UCI_ShowWDL value maybe");
  EXPECT_TRUE(e.wait_for("info string option 'UCI_ShowWDL' needs true or false", 2000));
}
