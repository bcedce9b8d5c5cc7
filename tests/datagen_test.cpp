// Training data generation through the library: the records (every searched
// position, whole games, results and flags that agree with the moves
// played), adjudication, resuming, repairing a partial last record, the stop
// flag, seeds and openings files. Small node counts keep every run well under
// a second.
#include "training/datagen.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "movegen.h"
#include "position.h"
#include "score.h"
#include "test_support.h"
#include "training/packed_position.h"

using namespace shiftmate;
using shiftmate_test::read_file;
using shiftmate_test::records_of;
using shiftmate_test::TempPath;
using shiftmate_test::write_file;

namespace {

constexpr std::size_t RecordBytes = sizeof(PackedPosition);

// One game's records with the positions they unpack to.
struct Game {
  std::vector<PackedPosition> records;
  std::vector<Position> positions;
  std::vector<Move> moves;  // moves[i] leads from positions[i] to positions[i + 1]
};

// The legal move from `from` to `to`, if there is one.
std::optional<Move> move_between(const Position& from, const Position& to) {
  for (Move m : MoveList<LEGAL>(from)) {
    Position next = from;
    next.do_move(m);
    if (next.key() == to.key() && next.fen() == to.fen()) return m;
  }
  return std::nullopt;
}

// Splits the records into games: within a game each record is one legal move
// after the one before it (a game is written in one piece).
std::vector<Game> games_of(const std::vector<PackedPosition>& records) {
  std::vector<Game> games;
  for (const PackedPosition& r : records) {
    Position pos;
    if (auto error = r.unpack(pos)) {
      ADD_FAILURE() << "a record does not unpack: " << *error;
      return games;
    }
    std::optional<Move> move;
    if (!games.empty()) move = move_between(games.back().positions.back(), pos);
    if (!move) games.emplace_back();
    if (move) games.back().moves.push_back(*move);
    games.back().records.push_back(r);
    games.back().positions.push_back(pos);
  }
  return games;
}

int white_result(const PackedPosition& r) {
  return r.side_to_move() == WHITE ? r.result : 2 - r.result;
}
int white_score(const PackedPosition& r) { return r.side_to_move() == WHITE ? r.score : -r.score; }

// The whole file is records; each unpacks and packs back to the same bytes;
// games run move by move from their first record (after `openingPlies`
// from the start position or from `openingFullmove`), share one result, flag
// exactly the capturing and promoting moves as noisy, and stop where the
// adjudication rules say. Returns the games.
std::vector<Game> expect_valid_file(const std::string& path, std::uint64_t expectedRecords,
                                    int openingPlies = 8, int openingFullmove = 1) {
  std::string bytes = read_file(path);
  EXPECT_EQ(bytes.size() % RecordBytes, 0u) << "a partial record";
  EXPECT_EQ(bytes.size() / RecordBytes, expectedRecords);
  std::vector<PackedPosition> records = records_of(bytes);
  std::vector<Game> games = games_of(records);
  for (const Game& game : games) {
    const Position& first = game.positions.front();
    EXPECT_EQ(first.game_ply() - 2 * (openingFullmove - 1), openingPlies) << first.fen();
    Adjudicator adjudicator;
    for (std::size_t i = 0; i < game.records.size(); ++i) {
      const PackedPosition& r = game.records[i];
      const Position& pos = game.positions[i];
      PackedPosition again =
          PackedPosition::pack(pos, r.score, StmResult(r.result), r.noisy_best());
      EXPECT_EQ(std::memcmp(&again, &r, RecordBytes), 0) << pos.fen();
      EXPECT_EQ(r.in_check(), pos.in_check()) << pos.fen();
      EXPECT_EQ(white_result(r), white_result(game.records.front())) << pos.fen();
      auto verdict = adjudicator.update(white_score(r), pos.fullmove_number());
      if (i + 1 < game.records.size()) {
        EXPECT_EQ(r.noisy_best(), pos.is_noisy(game.moves[i])) << pos.fen();
        EXPECT_EQ(verdict, std::nullopt) << "the game went on after " << pos.fen();
      } else if (verdict) {
        EXPECT_EQ(white_result(r), int(*verdict)) << pos.fen();
      }
    }
  }
  return games;
}

DatagenOptions small_run(std::uint64_t positions, int threads = 2) {
  DatagenOptions o;
  o.positions = positions;
  o.nodes = 300;
  o.threads = threads;
  o.hashMB = 1;
  o.seed = 20240601;
  o.progressSeconds = 0;
  return o;
}

DatagenReport generate(const DatagenOptions& options, const std::string& path,
                       std::string* log = nullptr) {
  std::atomic<bool> stop{false};
  std::ostringstream out;
  DatagenReport report = run_datagen(options, path, stop, out);
  if (log) *log = out.str();
  return report;
}

class Datagen : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { Position::init(); }
};

}  // namespace

TEST_F(Datagen, WritesEveryPositionOfWholeGames) {
  TempPath file(".bin");
  std::string log;
  DatagenReport r = generate(small_run(300), file.path(), &log);
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_TRUE(r.started);
  EXPECT_FALSE(r.interrupted);
  EXPECT_EQ(r.recordsBefore, 0u);
  EXPECT_GE(r.recordsAfter, 300u);
  EXPECT_GE(r.games, 1u);
  EXPECT_EQ(r.whiteWins + r.draws + r.blackWins, r.games);
  auto games = expect_valid_file(file.path(), r.recordsAfter);
  EXPECT_EQ(games.size(), r.games);
  EXPECT_NE(log.find("done"), std::string::npos) << log;

  // Nothing is filtered when writing: checks and captures are in the file.
  int inCheck = 0, noisy = 0;
  for (const Game& g : games)
    for (const PackedPosition& p : g.records) inCheck += p.in_check(), noisy += p.noisy_best();
  EXPECT_GT(inCheck, 0);
  EXPECT_GT(noisy, 0);
}

TEST_F(Datagen, AdjudicatesWinsAndLevelDraws) {
  Adjudicator a;
  EXPECT_EQ(a.update(2500, 10), std::nullopt);
  EXPECT_EQ(a.update(DatagenWinScore, 10), std::nullopt);
  EXPECT_EQ(a.update(std::nullopt, 11), std::nullopt);  // no score: the count restarts
  for (int i = 1; i < DatagenWinPlies; ++i) EXPECT_EQ(a.update(VALUE_MATE - 5, 11), std::nullopt);
  EXPECT_EQ(a.update(3000, 12), GameResult::WHITE_WINS);

  Adjudicator b;
  for (int i = 1; i < DatagenWinPlies; ++i) EXPECT_EQ(b.update(-2100, 20), std::nullopt);
  EXPECT_EQ(b.update(-DatagenWinScore, 20), GameResult::BLACK_WINS);

  // Level scores: a draw only past move DatagenDrawAfterMove, and only after
  // DatagenDrawPlies of them in a row.
  Adjudicator c;
  for (int i = 0; i < 3 * DatagenDrawPlies; ++i)
    EXPECT_EQ(c.update(i % 2 ? DatagenDrawScore : -DatagenDrawScore, DatagenDrawAfterMove),
              std::nullopt);
  EXPECT_EQ(c.update(0, DatagenDrawAfterMove + 1), GameResult::DRAW);
  Adjudicator d;
  for (int i = 1; i < DatagenDrawPlies; ++i)
    EXPECT_EQ(d.update(3, DatagenDrawAfterMove + 5), std::nullopt);
  EXPECT_EQ(d.update(DatagenDrawScore + 1, DatagenDrawAfterMove + 5), std::nullopt);
  for (int i = 1; i < DatagenDrawPlies; ++i)
    EXPECT_EQ(d.update(-2, DatagenDrawAfterMove + 6), std::nullopt);
  EXPECT_EQ(d.update(0, DatagenDrawAfterMove + 6), GameResult::DRAW);
}

TEST_F(Datagen, ResumesKeepingTheOldRecords) {
  TempPath file(".bin");
  DatagenReport first = generate(small_run(40), file.path());
  ASSERT_FALSE(first.error);
  std::string before = read_file(file.path());

  DatagenReport second = generate(small_run(first.recordsAfter + 50), file.path());
  ASSERT_FALSE(second.error);
  EXPECT_EQ(second.recordsBefore, first.recordsAfter);
  EXPECT_GE(second.recordsAfter, first.recordsAfter + 50);
  std::string after = read_file(file.path());
  EXPECT_EQ(after.substr(0, before.size()), before) << "old records must stay a prefix";
  expect_valid_file(file.path(), second.recordsAfter);

  // A file that already holds the target is left alone.
  DatagenReport third = generate(small_run(10), file.path());
  EXPECT_FALSE(third.error);
  EXPECT_FALSE(third.started);
  EXPECT_EQ(third.recordsAfter, second.recordsAfter);
  EXPECT_EQ(read_file(file.path()), after);
}

TEST_F(Datagen, RepairsAPartialLastRecord) {
  TempPath file(".bin");
  DatagenReport first = generate(small_run(30), file.path());
  ASSERT_FALSE(first.error);
  std::string complete = read_file(file.path());
  const std::string partial = complete.substr(0, 13);  // a record cut short
  write_file(file.path(), complete + partial);

  std::string log;
  DatagenReport second = generate(small_run(first.recordsAfter + 20), file.path(), &log);
  ASSERT_FALSE(second.error);
  EXPECT_TRUE(second.repaired);
  EXPECT_NE(log.find("partial record (13 bytes)"), std::string::npos) << log;
  EXPECT_EQ(second.recordsBefore, first.recordsAfter);
  EXPECT_GE(second.recordsAfter, first.recordsAfter + 20);
  std::string after = read_file(file.path());
  EXPECT_EQ(after.substr(0, complete.size()), complete);
  expect_valid_file(file.path(), second.recordsAfter);

  // Nothing but a partial record: the file becomes empty, then fills.
  TempPath lone(".bin");
  write_file(lone.path(), partial);
  DatagenReport third = generate(small_run(10), lone.path());
  ASSERT_FALSE(third.error);
  EXPECT_TRUE(third.repaired);
  EXPECT_EQ(third.recordsBefore, 0u);
  expect_valid_file(lone.path(), third.recordsAfter);
}

TEST_F(Datagen, RefusesAFileInTheOldTextFormat) {
  std::string text;
  for (int i = 0; i < 8; ++i)
    text += "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 23 | 0.5\n";
  TempPath file;
  write_file(file.path(), text);
  DatagenReport r = generate(small_run(10), file.path());
  ASSERT_TRUE(r.error);
  EXPECT_NE(r.error->find("does not hold training records"), std::string::npos) << *r.error;
  EXPECT_FALSE(r.started);
  EXPECT_EQ(read_file(file.path()), text);
}

TEST_F(Datagen, StopFlagEndsTheRunWithOnlyWholeGames) {
  TempPath file(".bin");
  DatagenOptions options = small_run(1000000000);
  std::atomic<bool> stop{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    stop = true;
  });
  std::ostringstream log;
  auto start = std::chrono::steady_clock::now();
  DatagenReport r = run_datagen(options, file.path(), stop, log);
  stopper.join();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  ASSERT_FALSE(r.error);
  EXPECT_TRUE(r.interrupted);
  EXPECT_NE(log.str().find("interrupted"), std::string::npos) << log.str();
  if (r.recordsAfter) expect_valid_file(file.path(), r.recordsAfter);

  // Already set: no game is finished, nothing is written.
  TempPath untouched(".bin");
  DatagenReport none = run_datagen(small_run(100), untouched.path(), stop, log);
  EXPECT_FALSE(none.error);
  EXPECT_EQ(none.recordsAfter, 0u);
  EXPECT_EQ(none.games, 0u);
  EXPECT_EQ(read_file(untouched.path()), "");
}

TEST_F(Datagen, OneThreadAndOneSeedRepeatTheGames) {
  TempPath a(".bin"), b(".bin"), c(".bin");
  DatagenOptions options = small_run(40, 1);
  ASSERT_FALSE(generate(options, a.path()).error);
  ASSERT_FALSE(generate(options, b.path()).error);
  EXPECT_EQ(read_file(a.path()), read_file(b.path()));
  options.seed += 1;
  ASSERT_FALSE(generate(options, c.path()).error);
  EXPECT_NE(read_file(a.path()), read_file(c.path()));
}

TEST_F(Datagen, LoadsAnOpeningsFile) {
  TempPath openings;
  write_file(openings.path(),
             "# openings\n"
             "\n"
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 30\n"
             "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";\r\n");
  std::vector<std::string> fens;
  ASSERT_FALSE(load_openings(openings.path(), fens));
  EXPECT_EQ(fens, (std::vector<std::string>{
                      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 30",
                      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}));

  auto error_of = [](const std::string& text) {
    TempPath bad;
    write_file(bad.path(), text);
    std::vector<std::string> out = {"unchanged"};
    auto error = load_openings(bad.path(), out);
    EXPECT_EQ(out, std::vector<std::string>{"unchanged"});
    return error.value_or("");
  };
  EXPECT_NE(error_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1\nnonsense here\n").find("line 2"),
            std::string::npos);
  EXPECT_NE(error_of("8/8/8/8/8/8/8/8 w - - 0 1\n").find("line 1"), std::string::npos);
  EXPECT_NE(error_of("# nothing\n\n").find("no positions"), std::string::npos);
  EXPECT_NE(error_of("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n").find("no legal move"), std::string::npos);
  std::vector<std::string> out;
  EXPECT_TRUE(load_openings("/nonexistent/shiftmate/book.epd", out));
}

TEST_F(Datagen, GamesStartFromTheOpenings) {
  DatagenOptions options = small_run(40);
  options.openings = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 30"};
  options.randomPlies = 2;
  TempPath file(".bin");
  DatagenReport r = generate(options, file.path());
  ASSERT_FALSE(r.error);
  // Every game's first record is the position after the two random plies.
  auto games = expect_valid_file(file.path(), r.recordsAfter, 2, 30);
  ASSERT_FALSE(games.empty());
  for (const Game& g : games) EXPECT_EQ(g.positions.front().fullmove_number(), 31);
}
