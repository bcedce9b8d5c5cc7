// The tuner: its linear model must be the engine's evaluation exactly, its
// output must be the file the engine builds from, and fitting must move the
// weights the way the data says.
#include "tune.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "movegen.h"
#include "test_support.h"
#include "training/packed_position.h"

using namespace shiftmate;

namespace {

// Positions from seeded random games: every kind of material balance,
// king placement and pawn structure shows up.
std::vector<std::string> random_positions(int games, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::string> fens;
  for (int g = 0; g < games; ++g) {
    Position pos;
    for (int ply = 0; ply < 120; ++ply) {
      MoveList<LEGAL> moves(pos);
      if (moves.size() == 0) break;
      pos.do_move(moves.begin()[rng() % moves.size()]);
      if (ply % 3 == 2) fens.push_back(pos.fen());
    }
  }
  return fens;
}

}  // namespace

TEST(Tune, CommittedWeightsAreTheGeneratorsOutput) {
  const std::string committed =
      shiftmate_test::read_file(std::string(SHIFTMATE_PERFT_DIR) + "/../src/eval_params.h");
  ASSERT_FALSE(committed.empty()) << "cannot read src/eval_params.h";
  EXPECT_EQ(render_eval_params(current_weights()), committed);
}

TEST(Tune, LinearModelIsTheStaticEvaluation) {
  const WeightVector w = current_weights();
  int checked = 0;
  for (const std::string& fen : random_positions(40, 7)) {
    int engine = 0;
    auto lin = linearize(fen, &engine);
    ASSERT_TRUE(lin) << fen;
    // Only the engine's integer divisions separate the two.
    EXPECT_NEAR(linear_eval(*lin, w), engine, 2.0) << fen;
    ++checked;
  }
  EXPECT_GT(checked, 1000);
  EXPECT_FALSE(linearize("not a fen"));
}

TEST(Tune, FittingFollowsTheData) {
  // A teacher that values knights 120 cp more than we do labels the positions
  // with its evaluation (lambda 0: fit the scores); the fit must raise our
  // knight value toward it and lower the error.
  WeightVector teacher = current_weights();
  const int knight = 2;  // PieceValue is the first table
  teacher.mg[knight] += 120;
  teacher.eg[knight] += 120;
  std::ostringstream data;
  for (const std::string& fen : random_positions(60, 11)) {
    auto lin = linearize(fen);
    data << fen << " | " << std::lround(linear_eval(*lin, teacher)) << " | 0.5\n";
  }
  data << "garbage line\n"
       << "8/8/8/8/8/8/8/8 w - - 0 1 | 0 | 0.5\n";
  shiftmate_test::TempFile file(data.str());
  TuneOptions o;
  o.dataPath = file.path();
  o.epochs = 150;
  o.learningRate = 2.0;
  o.lambda = 0.0;
  o.threads = 2;
  std::ostringstream log;
  TuneReport r = run_tune(o, log);
  EXPECT_EQ(r.rejected, 2u);
  EXPECT_LT(r.errorAfter, r.errorBefore * 0.8) << log.str();
  const WeightVector before = current_weights();
  EXPECT_GT(r.weights.mg[knight] + r.weights.eg[knight], before.mg[knight] + before.eg[knight] + 60)
      << log.str();
}

TEST(Tune, ReadsDatagenRecordsLikeTextLines) {
  // The same positions as text lines (White's view) and as records (side to
  // move's view) give the same data set; the records the default filter
  // drops (check, noisy best move, mate score) are left out.
  std::ostringstream text;
  std::vector<PackedPosition> records;
  const char* results[] = {"0.0", "0.5", "1.0"};
  int i = 0;
  for (const std::string& fen : random_positions(20, 5)) {
    Position pos;
    ASSERT_FALSE(pos.set(fen));
    if (pos.in_check()) continue;
    int white = (i * 37) % 400 - 200, result = i++ % 3;
    text << fen << " | " << white << " | " << results[result] << "\n";
    bool black = pos.side_to_move() == BLACK;
    records.push_back(PackedPosition::pack(pos, black ? -white : white,
                                           StmResult(black ? 2 - result : result), false));
  }
  Position pos;
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/8/4K2r w - - 0 30"));
  records.push_back(PackedPosition::pack(pos, -100, StmResult::LOSS, false));
  ASSERT_FALSE(pos.set("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"));
  records.push_back(PackedPosition::pack(pos, 30, StmResult::WIN, true));
  records.push_back(PackedPosition::pack(pos, VALUE_MATE - 9, StmResult::WIN, false));

  shiftmate_test::TempFile textFile(text.str());
  shiftmate_test::TempPath binaryFile(".bin");
  ASSERT_FALSE(append_packed_file(binaryFile.path(), records));
  TuneOptions o;
  o.epochs = 0;
  o.threads = 2;
  std::ostringstream log;
  o.dataPath = textFile.path();
  TuneReport fromText = run_tune(o, log);
  o.dataPath = binaryFile.path();
  TuneReport fromRecords = run_tune(o, log);
  EXPECT_GT(fromText.positions, 300u);
  EXPECT_EQ(fromRecords.positions, fromText.positions);
  EXPECT_EQ(fromRecords.rejected, 0u);
  EXPECT_EQ(fromRecords.filtered, 3u);
  EXPECT_DOUBLE_EQ(fromRecords.k, fromText.k);
  EXPECT_DOUBLE_EQ(fromRecords.errorBefore, fromText.errorBefore);
  EXPECT_NE(log.str().find(fmt::format("{} records, {} kept by the default filter", records.size(),
                                       records.size() - 3)),
            std::string::npos)
      << log.str();
}
