// The tools around the training records: `convert` (old text lines to
// records, bad lines reported by number and skipped) and `datainfo`'s
// summary (what the filter keeps and why, results from White's view).
#include <gtest/gtest.h>

#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "position.h"
#include "test_support.h"
#include "training/convert.h"
#include "training/data_info.h"
#include "training/packed_position.h"

using namespace shiftmate;
using shiftmate_test::records_in;
using shiftmate_test::TempFile;
using shiftmate_test::TempPath;

namespace {

// Lines of selfplay-hce-1 (the old datagen's text), White's view.
const std::vector<std::string> TextLines = {
    "r1bqkb1r/1ppppppp/n7/p7/P2Pn3/6P1/1PP1PP1P/RNBQKBNR w KQkq - 1 5 | 67 | 0.0",
    "r1bqkb1r/1ppppppp/n7/p7/P2Pn3/5PP1/1PP1P2P/RNBQKBNR b KQkq - 0 5 | 33 | 0.0",
    "r1bqkb1r/1ppppppp/n4n2/p7/P2P4/5PP1/1PP1P2P/RNBQKBNR w KQkq - 1 6 | 10 | 0.0",
    "r1bqkb1r/1ppppppp/n4n2/p7/P2P2P1/5P2/1PP1P2P/RNBQKBNR b KQkq - 0 6 | 10 | 0.0",
    "r1bqkb1r/1pp1pppp/n4n2/p2p4/P2P2P1/5P2/1PP1P2P/RNBQKBNR w KQkq d6 0 7 | 5 | 0.0",
};

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  return text;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

PackedPosition packed(const std::string& fen, int score, StmResult result, bool noisy = false) {
  Position pos;
  EXPECT_FALSE(pos.set(fen)) << fen;
  return PackedPosition::pack(pos, score, result, noisy);
}

class TrainingTools : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { Position::init(); }
};

}  // namespace

TEST_F(TrainingTools, ConvertsTextFilesAndStandardInput) {
  TempFile first(joined({TextLines[0], TextLines[1], "", "# a comment", TextLines[2]}));
  std::istringstream standardInput(joined({TextLines[3], TextLines[4]}));
  TempPath output(".bin");
  ConvertOptions options{{first.path(), "-"}, output.path(), false};
  std::ostringstream log;
  ConvertReport r = run_convert(options, standardInput, log);
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.lines, 5u);
  EXPECT_EQ(r.converted, 5u);
  EXPECT_EQ(r.rejected, 0u);
  EXPECT_FALSE(r.too_many_rejected());
  EXPECT_EQ(log.str(), "");

  // Each record is parse_text_record's, in input order.
  auto records = records_in(output.path());
  ASSERT_EQ(records.size(), 5u);
  for (std::size_t i = 0; i < records.size(); ++i) {
    PackedPosition expected;
    ASSERT_FALSE(parse_text_record(TextLines[i], expected));
    EXPECT_EQ(std::memcmp(&records[i], &expected, sizeof expected), 0) << TextLines[i];
    Position pos;
    ASSERT_FALSE(records[i].unpack(pos));
    EXPECT_EQ(pos.fen(), TextLines[i].substr(0, TextLines[i].find(" |")));
  }
  EXPECT_EQ(records[1].score, -33);  // black to move: the side to move's view
  EXPECT_EQ(records[1].result, std::uint8_t(StmResult::WIN));

  // Without --append the output is replaced; with it, added to.
  TempFile second(joined({TextLines[4]}));
  std::istringstream none;
  r = run_convert({{second.path()}, output.path(), false}, none, log);
  ASSERT_FALSE(r.error);
  EXPECT_EQ(records_in(output.path()).size(), 1u);
  r = run_convert({{second.path()}, output.path(), true}, none, log);
  ASSERT_FALSE(r.error);
  EXPECT_EQ(records_in(output.path()).size(), 2u);
}

TEST_F(TrainingTools, ConvertReportsBadLinesByNumber) {
  std::vector<std::string> lines(TextLines);
  lines.insert(lines.begin() + 2, "not a position | 0 | 0.5");
  lines.push_back(TextLines[0].substr(0, 40));  // a line cut short
  TempFile input(joined(lines));
  TempPath output(".bin");
  std::istringstream none;
  std::ostringstream log;
  ConvertReport r = run_convert({{input.path()}, output.path(), false}, none, log);
  ASSERT_FALSE(r.error);
  EXPECT_EQ(r.lines, 7u);
  EXPECT_EQ(r.converted, 5u);
  EXPECT_EQ(r.rejected, 2u);
  EXPECT_TRUE(r.too_many_rejected());
  EXPECT_TRUE(contains(log.str(), input.path() + ":3: bad FEN")) << log.str();
  EXPECT_TRUE(contains(log.str(), input.path() + ":7: expected `FEN | score | result`"))
      << log.str();
  EXPECT_EQ(records_in(output.path()).size(), 5u);

  // One bad line in a thousand is tolerated.
  std::vector<std::string> many;
  for (int i = 0; i < 1000; ++i) many.push_back(TextLines[i % TextLines.size()]);
  many[500] = "garbage";
  TempFile big(joined(many));
  r = run_convert({{big.path()}, output.path(), false}, none, log);
  EXPECT_EQ(r.rejected, 1u);
  EXPECT_FALSE(r.too_many_rejected());

  // Inputs that cannot be used.
  r = run_convert({{"/nonexistent/shiftmate/old.txt"}, output.path(), false}, none, log);
  ASSERT_TRUE(r.error);
  EXPECT_TRUE(contains(*r.error, "cannot open")) << *r.error;
  r = run_convert({{output.path()}, output.path(), false}, none, log);
  ASSERT_TRUE(r.error);
  EXPECT_TRUE(contains(*r.error, "both an input and the output")) << *r.error;
  EXPECT_EQ(records_in(output.path()).size(), 999u) << "the output was not touched";
}

TEST_F(TrainingTools, SummaryCountsWhatTheFilterDropsAndTheResults) {
  const std::string quiet = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const std::string blackToMove = "4k3/8/8/8/8/8/8/4K2R b K - 0 40";
  const std::string check = "4k3/8/8/8/8/8/8/4K2r w - - 0 30";
  std::vector<PackedPosition> records = {
      packed(quiet, 100, StmResult::WIN),           // kept, white won
      packed(blackToMove, -300, StmResult::WIN),    // kept, black won
      packed(check, 50, StmResult::DRAW),           // in check
      packed(quiet, 20, StmResult::LOSS, true),     // noisy, black won
      packed(blackToMove, 31990, StmResult::LOSS),  // mate score, white won
      packed(check, 10, StmResult::DRAW, true),     // in check (first reason)
  };
  TempPath file(".bin");
  ASSERT_FALSE(append_packed_file(file.path(), records));

  DataFilter filter;
  DataSummary s;
  ASSERT_FALSE(summarize_packed_file(file.path(), filter, s));
  EXPECT_EQ(s.records, 6u);
  EXPECT_EQ(s.kept, 2u);
  EXPECT_EQ(s.dropped[int(DropReason::IN_CHECK)], 2u);
  EXPECT_EQ(s.dropped[int(DropReason::NOISY_BEST)], 1u);
  EXPECT_EQ(s.dropped[int(DropReason::SCORE)], 1u);
  EXPECT_EQ(s.dropped[int(DropReason::EARLY)], 0u);
  EXPECT_EQ(s.whiteWins, 2u);
  EXPECT_EQ(s.draws, 2u);
  EXPECT_EQ(s.blackWins, 2u);
  EXPECT_DOUBLE_EQ(s.absScoreSum, 100 + 300 + 50 + 20 + 31990 + 10);
  EXPECT_DOUBLE_EQ(s.keptAbsScoreSum, 400);

  std::string text = describe(s, filter);
  EXPECT_TRUE(contains(text, "records:  6")) << text;
  EXPECT_TRUE(contains(text, "kept:     2 (33.3%)")) << text;
  EXPECT_TRUE(contains(text, "2 in check, 1 noisy best move, 1 |score| > 3000")) << text;
  EXPECT_TRUE(contains(text, "mean 5411.7 cp, 200.0 cp over the kept records")) << text;

  // A second file adds to the same summary; a bad one is refused.
  ASSERT_FALSE(summarize_packed_file(file.path(), filter, s));
  EXPECT_EQ(s.records, 12u);
  TempFile bad("not records");
  EXPECT_TRUE(summarize_packed_file(bad.path(), filter, s));
  EXPECT_EQ(s.records, 12u);
}
