// PGN games to training records (`shiftmate convert` on PGN): a hand-written
// file of fastchess, cutechess and OpenBench games, with every record's
// position, score, result and flags written out by hand; the games that
// must be skipped and why; comments' scores; a file past one output batch.
#include "training/pgn.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "position.h"
#include "score.h"
#include "test_support.h"
#include "training/convert.h"
#include "training/packed_position.h"

using namespace shiftmate;
using shiftmate_test::pos_of;
using shiftmate_test::records_in;
using shiftmate_test::TempFile;
using shiftmate_test::TempPath;

namespace {

// 1: fastchess: book moves, a NAG, a variation, a move number joined to its move.
const std::string FastchessGame = R"([Event "Fast Chess"]
[Site "?"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]
[PlyCount "9"]

1. e4 {book} e5 {book} 2. Nf3 $1 {+0.35/12 0.123s, n=51234, sd=18} (2. Bc4 {+9.99/1 0.001s})
2... Nc6 {-0.20/11 0.101s} 3.Bb5 {+0.41/14 0.210s} a6 {-0.30/12 0.090s} 4. Bxc6 {+0.52/13
0.150s} dxc6 {-0.45/12 0.100s} 5. O-O {+0.48/15 0.200s, White wins by adjudication} 1-0

)";

// 2: cutechess from a FEN: a move out of check, mate scores in plies.
const std::string CutechessGame = R"([Event "?"]
[White "B"]
[Black "A"]
[Result "0-1"]
[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/4RPPP/r5K1 w - - 0 40"]
[Variant "Standard"]

40. Re1 {-M2/5 0.020s} Rxe1# {+M1/3 0.010s, Black mates} 0-1

)";

// 3: OpenBench COMPACT, Chess960: no move numbers; O-O-O with the king
// going from b1 to c1; a move without a score.
const std::string OpenBenchGame = R"([Event "OpenBench"]
[White "A"]
[Black "B"]
[Result "1/2-1/2"]
[FEN "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"]
[Variant "fischerandom"]
[ScaleFactor "1.0"]
[SetUp "1"]

O-O-O {+0.15/10} O-O {-0.10/11, line=e7e5 d2d4} d4 {unknown} e5 {-0.05/9} 1/2-1/2

)";

// 4-8: skipped.
const std::string SkippedGames = R"([White "A"]
[Black "B"]
[Result "1-0"]

1. e4 {+0.20/10 0.1s} e5 {-0.20/10 0.1s}
2. Ke3 {+0.10/10 0.1s} 1-0

[Result "*"]

1. d4 {+0.10/5 0.1s} d5 {-0.10/5 0.1s} *

[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]
[Result "1-0"]

1. e4 {+0.10/5 0.1s} 1-0

[Result "0-1"]

1. c4 {+0.10/5 0.1s}

[Event "cut"]
[Result "1-0"]

1. e4 {+0.30/10 0.1s} e5 {-0.2)";

// What a record must hold, written by hand.
struct Expected {
  std::string fen;
  bool chess960;
  int score;
  StmResult result;
  bool inCheck, noisy;
};

const std::vector<Expected> ExpectedRecords = {
    // Game 1, white won: 2. Nf3 ... 5. O-O (1. e4 e5 are book moves).
    {"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", false, 35, StmResult::WIN,
     false, false},
    {"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", false, -20, StmResult::LOSS,
     false, false},
    {"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", false, 41, StmResult::WIN,
     false, false},
    {"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3", false, -30,
     StmResult::LOSS, false, false},
    {"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4", false, 52,
     StmResult::WIN, false, true},
    {"r1bqkbnr/1ppp1ppp/p1B5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4", false, -45,
     StmResult::LOSS, false, true},
    {"r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5", false, 48, StmResult::WIN,
     false, false},
    // Game 2, black won: white in check is mated in 2 plies; black mates in 1.
    {"6k1/5ppp/8/8/8/8/4RPPP/r5K1 w - - 0 40", false, -(VALUE_MATE - 2), StmResult::LOSS, true,
     false},
    {"6k1/5ppp/8/8/8/8/5PPP/r3R1K1 b - - 1 40", false, VALUE_MATE - 1, StmResult::WIN, false, true},
    // Game 3, drawn; 2. d4 has no score.
    {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", true, 15, StmResult::DRAW, false, false},
    {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b ha - 1 1", true, -10, StmResult::DRAW, false, false},
    {"r4rk1/pppppppp/8/8/3P4/8/PPP1PPPP/2KR3R b - d3 0 2", true, -5, StmResult::DRAW, false, false},
};

void expect_record(const PackedPosition& record, const Expected& e) {
  Position unpacked;
  ASSERT_FALSE(record.unpack(unpacked)) << e.fen;
  // Through Position::fen, so that Chess960 castling letters compare alike.
  EXPECT_EQ(unpacked.fen(), pos_of(e.fen, e.chess960).fen());
  EXPECT_EQ(unpacked.is_chess960(), e.chess960) << e.fen;
  EXPECT_EQ(record.score, e.score) << e.fen;
  EXPECT_EQ(record.result, std::uint8_t(e.result)) << e.fen;
  EXPECT_EQ(record.in_check(), e.inCheck) << e.fen;
  EXPECT_EQ(record.noisy_best(), e.noisy) << e.fen;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class Pgn : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { Position::init(); }
};

}  // namespace

TEST_F(Pgn, ConvertsScoredMovesOfWholeGames) {
  TempFile input(FastchessGame + CutechessGame + OpenBenchGame + SkippedGames);
  TempPath output(".bin");
  std::istringstream none;
  std::ostringstream log;
  ConvertReport r = run_convert({{input.path()}, output.path(), false}, none, log);
  ASSERT_FALSE(r.error) << *r.error;

  auto records = records_in(output.path());
  ASSERT_EQ(records.size(), ExpectedRecords.size()) << log.str();
  for (std::size_t i = 0; i < records.size(); ++i) {
    SCOPED_TRACE(i);
    expect_record(records[i], ExpectedRecords[i]);
  }

  EXPECT_EQ(r.games, 8u);
  EXPECT_EQ(r.gamesConverted, 3u);
  EXPECT_EQ(r.gamesSkipped[int(PgnSkip::ILLEGAL_MOVE)], 1u);
  EXPECT_EQ(r.gamesSkipped[int(PgnSkip::BAD_TAG)], 1u);
  EXPECT_EQ(r.gamesSkipped[int(PgnSkip::NO_RESULT)], 2u);
  EXPECT_EQ(r.gamesSkipped[int(PgnSkip::CUT_OFF)], 1u);
  EXPECT_EQ(r.bad_games(), 4u);
  EXPECT_EQ(r.converted, 12u);
  EXPECT_EQ(r.gameRecords, 12u);
  EXPECT_EQ(r.unscoredMoves, 3u);  // 1. e4 e5 {book}, 2. d4 {unknown}
  EXPECT_EQ(r.lines, 0u);
  EXPECT_TRUE(r.too_many_rejected());

  // Each skipped game named with its line; the cut-off one said apart.
  const std::string text = log.str();
  const std::string name = input.path() + ":";
  EXPECT_TRUE(
      contains(text, name + "39: game 4 skipped: 'Ke3' is not a legal move for white at move 2"))
      << text;
  EXPECT_TRUE(contains(text, name + "43: game 5 skipped: no result ('*')")) << text;
  EXPECT_TRUE(contains(text, name + "48: game 6 skipped: bad FEN tag")) << text;
  EXPECT_TRUE(
      contains(text, name + "54: game 7 skipped: no result: the next game's tags come first"))
      << text;
  EXPECT_TRUE(contains(text, name + "54: game 8 is not converted: the input ends inside it"))
      << text;
  EXPECT_EQ(describe(r),
            "8 games read, 3 converted, 4 skipped (1 illegal move, 1 bad tag, 2 no result), 1 cut "
            "off by the end of the input\n12 positions converted; 3 moves without a score not "
            "recorded\n");
}

// --player: only the named engine's moves (A is white in games 1 and 4 and
// black in game 3; game 2 names nobody); the other side's moves are played
// and not counted as unscored. Games without the name give no records, and
// the summary counts them.
TEST_F(Pgn, RecordsOnlyTheMovesOfTheNamedPlayer) {
  // Game 2 here has no name tags: the names of the game before it do not carry over.
  TempFile input(FastchessGame + "[Result \"1-0\"]\n\n1. e4 {+0.20/10} 1-0\n\n" + CutechessGame +
                 OpenBenchGame);
  struct Case {
    std::string player;
    std::vector<std::size_t> expected;  // indices in ExpectedRecords
    std::uint64_t unscored, withoutPlayer;
  };
  for (const Case& c : {Case{"A", {0, 2, 4, 6, 8, 9}, 2, 1}, Case{"B", {1, 3, 5, 7, 10, 11}, 1, 1},
                        Case{"C", {}, 0, 4}}) {
    SCOPED_TRACE(c.player);
    TempPath output(".bin");
    std::istringstream none;
    std::ostringstream log;
    ConvertOptions options{{input.path()}, output.path(), false};
    options.player = c.player;
    ConvertReport r = run_convert(options, none, log);
    ASSERT_FALSE(r.error) << *r.error;
    EXPECT_EQ(r.gamesConverted, 4u);
    EXPECT_EQ(r.unscoredMoves, c.unscored);
    EXPECT_EQ(r.gamesWithoutPlayer, c.withoutPlayer);
    EXPECT_TRUE(contains(describe(r), fmt::format("{} converted games without the --player engine",
                                                  c.withoutPlayer)))
        << describe(r);
    auto records = records_in(output.path());
    ASSERT_EQ(records.size(), c.expected.size()) << log.str();
    for (std::size_t i = 0; i < records.size(); ++i) {
      SCOPED_TRACE(i);
      expect_record(records[i], ExpectedRecords[c.expected[i]]);
    }
  }
}

TEST_F(Pgn, SkipsGamesWithBadTagsOrContradictions) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[Variant \"atomic\"]\n\n1. e4 {+0.1/1} 1-0\n", "variant 'atomic' is not chess"},
      {"[Result \"1-0\"]\n\n1. e4 {+0.1/1} 0-1\n",
       "the Result tag says '1-0' but the moves end with '0-1'"},
      {"[Result \"win\"]\n\n1. e4 {+0.1/1} 1-0\n", "Result tag 'win' is not a result"},
      {"[White \"A]\n\n1. e4 {+0.1/1} 1-0\n", "bad tag line"},
      {"[SetUp \"1\"]\n\n1. e4 {+0.1/1} 1-0\n", "SetUp tag without a FEN tag"},
      {"[White \"A\"]\n\n1. e4 {+0.1/1} e5 2. Nf3) 1-0\n", "')' without '('"},
      {"[White \"A\"]\n\n1. e4 {+0.1/1} e5 2. Qxf7 1-0\n", "'Qxf7' is not a legal move"},
  };
  for (const auto& [pgn, reason] : cases) {
    std::vector<PackedPosition> got;
    std::vector<PgnReader::Skip> skips;
    PgnReader reader([&](auto records) { got.assign(records.begin(), records.end()); },
                     [&](const PgnReader::Skip& s) { skips.push_back(s); });
    std::istringstream in(pgn);
    std::uint64_t number = 0;
    for (std::string line; std::getline(in, line);) reader.read_line(line, ++number);
    reader.finish();
    EXPECT_EQ(reader.games(), 1u) << pgn;
    ASSERT_EQ(skips.size(), 1u) << pgn;
    EXPECT_TRUE(contains(skips[0].message, reason)) << skips[0].message;
    EXPECT_TRUE(got.empty()) << pgn;
  }
}

// A result the board did not decide says nothing of the positions: a time
// forfeit (fastchess and cutechess write the Termination tag) is left out,
// counted apart and no fault of the file; an adjudicated game is converted.
TEST_F(Pgn, LeavesOutGamesWhoseResultCameFromOffTheBoard) {
  std::string games;
  for (const char* termination :
       {"time forfeit", "Time forfeit", "illegal move", "abandoned", "unterminated"})
    games += fmt::format("[Termination \"{}\"]\n[Result \"1-0\"]\n\n1. e4 {{+0.1/1}} 1-0\n\n",
                         termination);
  games += "[Termination \"unterminated\"]\n[Result \"*\"]\n\n1. c4 {+0.1/1} *\n\n";
  games += "[Termination \"adjudication\"]\n[Result \"0-1\"]\n\n1. d4 {+0.1/1} d5 {-0.2/1} 0-1\n";
  TempFile input(games);
  TempPath output(".bin");
  std::istringstream none;
  std::ostringstream log;
  ConvertReport r = run_convert({{input.path()}, output.path(), false}, none, log);
  EXPECT_FALSE(r.error);
  EXPECT_EQ(r.games, 7u);
  EXPECT_EQ(r.gamesConverted, 1u);
  EXPECT_EQ(r.gamesSkipped[int(PgnSkip::OFF_THE_BOARD)], 6u);
  EXPECT_EQ(r.bad_games(), 0u);
  EXPECT_FALSE(r.too_many_rejected()) << "six of seven games left out, none bad";
  EXPECT_EQ(log.str(), "") << "counted in the summary, not listed";
  EXPECT_TRUE(contains(describe(r), "6 left out for a result from off the board")) << describe(r);
  const std::vector<PackedPosition> records = records_in(output.path());
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].result, std::uint8_t(StmResult::LOSS));  // white, who lost
  EXPECT_EQ(records[1].score, -20);
}

TEST_F(Pgn, ReadsTheScoreOfAComment) {
  EXPECT_EQ(pgn_comment_score("+0.35/12 0.123s"), 35);
  EXPECT_EQ(pgn_comment_score(" +0.35/12 0.123s, n=1000, sd=20, White wins"), 35);
  EXPECT_EQ(pgn_comment_score("-1.20/15 1.2s"), -120);
  EXPECT_EQ(pgn_comment_score("0.07/3"), 7);
  EXPECT_EQ(pgn_comment_score("-0.00/1 0s"), 0);
  EXPECT_EQ(pgn_comment_score("+0.356/3"), 36);
  EXPECT_EQ(pgn_comment_score("+12/30, line=e2e4 e7e5"), 1200);
  EXPECT_EQ(pgn_comment_score("\n+0.50/9\n0.1s"), 50);
  // Mates: plies, fastchess's and cutechess's count, as the search scores them.
  EXPECT_EQ(pgn_comment_score("+M5/20 0.5s"), VALUE_MATE - 5);
  EXPECT_EQ(pgn_comment_score("-M6/20"), -VALUE_MATE + 6);
  EXPECT_EQ(pgn_comment_score("M3/7"), VALUE_MATE - 3);
  EXPECT_EQ(pgn_comment_score("+M900/40"), VALUE_MATE - MAX_PLY);  // still a mate score
  // Huge centipawns stay below the mate range.
  EXPECT_EQ(pgn_comment_score("+999.00/20"), VALUE_MATE_IN_MAX_PLY - 1);
  EXPECT_EQ(pgn_comment_score("-999.00/20"), -(VALUE_MATE_IN_MAX_PLY - 1));
  for (const char* none :
       {"book", "unknown", "", "1.2s", "+0.35", "+0.35/", "+0.35/x", "/12", "+/12", "+-0.3/12",
        "1e3/12", "+M/12", "#5/12", "0.3.1/4", ".5/3", "White mates"})
    EXPECT_EQ(pgn_comment_score(none), std::nullopt) << none;
}

// Past one output batch (65,536 records): every game's records in order.
TEST_F(Pgn, StreamsAFileOfManyGames) {
  std::string pgn;
  const int games = 10000;
  for (int i = 0; i < games; ++i) pgn += FastchessGame;
  TempFile input(pgn);
  TempPath output(".bin");
  std::istringstream none;
  std::ostringstream log;
  ConvertReport r = run_convert({{input.path()}, output.path(), false}, none, log);
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.games, std::uint64_t(games));
  EXPECT_EQ(r.gamesConverted, std::uint64_t(games));
  EXPECT_FALSE(r.too_many_rejected());
  EXPECT_EQ(log.str(), "");
  auto records = records_in(output.path());
  ASSERT_EQ(records.size(), 7u * games);
  for (std::size_t i : {std::size_t(0), std::size_t(65535), std::size_t(65536), records.size() - 1})
    expect_record(records[i], ExpectedRecords[i % 7]);
}

// Text and PGN inputs in one run, told apart by their first line; standard
// input too.
TEST_F(Pgn, TextAndPgnInputsTogether) {
  TempFile text("\n# old data\n4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 900 | 1.0\n");
  TempFile pgn("\xEF\xBB\xBF\n\n" + CutechessGame);  // a byte order mark and blank lines first
  std::istringstream standardInput(OpenBenchGame);
  TempPath output(".bin");
  std::ostringstream log;
  ConvertReport r =
      run_convert({{text.path(), pgn.path(), "-"}, output.path(), false}, standardInput, log);
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(log.str(), "");
  EXPECT_EQ(r.lines, 1u);
  EXPECT_EQ(r.lineRecords, 1u);
  EXPECT_EQ(r.games, 2u);
  EXPECT_EQ(r.gameRecords, 5u);
  EXPECT_EQ(r.converted, 6u);
  auto records = records_in(output.path());
  ASSERT_EQ(records.size(), 6u);
  for (std::size_t i = 1; i < records.size(); ++i)
    expect_record(records[i], ExpectedRecords[i + 6]);
  EXPECT_EQ(describe(r),
            "1 lines read, 1 converted, 0 rejected\n"
            "2 games read, 2 converted, 0 skipped (0 illegal move, 0 bad tag, 0 no result)\n"
            "5 positions converted; 1 moves without a score not recorded\n");
}
