// Training data generation through the library: the line format, resuming,
// repairing a partial last line, the stop flag, seeds and opening books.
// Small node counts keep every run well under a second.
#include "datagen.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "position.h"
#include "score.h"
#include "test_support.h"

using namespace shiftmate;
using shiftmate_test::read_file;
using shiftmate_test::split_lines;
using shiftmate_test::TempPath;
using shiftmate_test::write_file;

namespace {

struct Line {
  std::string fen;
  int score;
  std::string result;
};

// `<FEN> | <score> | <result>`, nothing else.
std::optional<Line> parse_line(const std::string& line) {
  static const std::regex format(R"(([^|]+) \| (-?[0-9]+) \| (1\.0|0\.5|0\.0))");
  std::smatch m;
  if (!std::regex_match(line, m, format)) return std::nullopt;
  return Line{m[1], std::stoi(m[2]), m[3]};
}

// Every line well formed: a legal FEN as Position writes it, side to move
// not in check, a centipawn score, a result; the file ends with '\n'.
void expect_valid_file(const std::string& path, std::uint64_t expectedLines) {
  std::string text = read_file(path);
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  auto lines = split_lines(text);
  EXPECT_EQ(lines.size(), expectedLines);
  for (const std::string& line : lines) {
    auto parsed = parse_line(line);
    ASSERT_TRUE(parsed) << "'" << line << "'";
    Position pos;
    ASSERT_FALSE(pos.set(parsed->fen)) << line;
    EXPECT_EQ(pos.fen(), parsed->fen) << line;
    EXPECT_FALSE(pos.in_check()) << line;
    EXPECT_LT(std::abs(parsed->score), VALUE_MATE_IN_MAX_PLY) << line;
  }
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

TEST_F(Datagen, WritesWellFormedLines) {
  TempPath file;
  std::string log;
  DatagenReport r = generate(small_run(60), file.path(), &log);
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_TRUE(r.started);
  EXPECT_FALSE(r.interrupted);
  EXPECT_EQ(r.linesBefore, 0u);
  EXPECT_GE(r.linesAfter, 60u);
  EXPECT_GE(r.games, 1u);
  EXPECT_EQ(r.whiteWins + r.draws + r.blackWins, r.games);
  expect_valid_file(file.path(), r.linesAfter);
  EXPECT_NE(log.find("done"), std::string::npos) << log;
}

TEST_F(Datagen, ResumesKeepingTheOldLines) {
  TempPath file;
  DatagenReport first = generate(small_run(40), file.path());
  ASSERT_FALSE(first.error);
  std::string before = read_file(file.path());

  DatagenReport second = generate(small_run(first.linesAfter + 50), file.path());
  ASSERT_FALSE(second.error);
  EXPECT_EQ(second.linesBefore, first.linesAfter);
  EXPECT_GE(second.linesAfter, first.linesAfter + 50);
  std::string after = read_file(file.path());
  EXPECT_EQ(after.substr(0, before.size()), before) << "old lines must stay a prefix";
  expect_valid_file(file.path(), second.linesAfter);

  // A file that already holds the target is left alone.
  DatagenReport third = generate(small_run(10), file.path());
  EXPECT_FALSE(third.error);
  EXPECT_FALSE(third.started);
  EXPECT_EQ(third.linesAfter, second.linesAfter);
  EXPECT_EQ(read_file(file.path()), after);
}

TEST_F(Datagen, RepairsAPartialLastLine) {
  TempPath file;
  DatagenReport first = generate(small_run(30), file.path());
  ASSERT_FALSE(first.error);
  std::string complete = read_file(file.path());
  const std::string partial = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 2";
  write_file(file.path(), complete + partial);

  std::string log;
  DatagenReport second = generate(small_run(first.linesAfter + 20), file.path(), &log);
  ASSERT_FALSE(second.error);
  EXPECT_TRUE(second.repaired);
  EXPECT_NE(log.find("partial line"), std::string::npos) << log;
  EXPECT_EQ(second.linesBefore, first.linesAfter);
  EXPECT_GE(second.linesAfter, first.linesAfter + 20);
  std::string after = read_file(file.path());
  EXPECT_EQ(after.substr(0, complete.size()), complete);
  EXPECT_EQ(after.find(partial + "\n"), std::string::npos);
  EXPECT_NE(after.substr(complete.size(), partial.size()), partial);
  expect_valid_file(file.path(), second.linesAfter);

  // Nothing but a partial line: the file becomes empty, then fills.
  TempPath lone;
  write_file(lone.path(), "8/8/8/8 w");
  DatagenReport third = generate(small_run(10), lone.path());
  ASSERT_FALSE(third.error);
  EXPECT_TRUE(third.repaired);
  EXPECT_EQ(third.linesBefore, 0u);
  expect_valid_file(lone.path(), third.linesAfter);
}

TEST_F(Datagen, StopFlagEndsTheRunWithOnlyWholeGames) {
  TempPath file;
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
  if (r.linesAfter) expect_valid_file(file.path(), r.linesAfter);

  // Already set: no game is finished, nothing is written.
  TempPath untouched;
  DatagenReport none = run_datagen(small_run(100), untouched.path(), stop, log);
  EXPECT_FALSE(none.error);
  EXPECT_EQ(none.linesAfter, 0u);
  EXPECT_EQ(none.games, 0u);
  EXPECT_EQ(read_file(untouched.path()), "");
}

TEST_F(Datagen, OneThreadAndOneSeedRepeatTheGames) {
  TempPath a, b, c;
  DatagenOptions options = small_run(40, 1);
  ASSERT_FALSE(generate(options, a.path()).error);
  ASSERT_FALSE(generate(options, b.path()).error);
  EXPECT_EQ(read_file(a.path()), read_file(b.path()));
  options.seed += 1;
  ASSERT_FALSE(generate(options, c.path()).error);
  EXPECT_NE(read_file(a.path()), read_file(c.path()));
}

TEST_F(Datagen, LoadsABook) {
  TempPath book;
  write_file(book.path(),
             "# openings\n"
             "\n"
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 30\n"
             "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";\r\n");
  std::vector<std::string> fens;
  ASSERT_FALSE(load_book(book.path(), fens));
  EXPECT_EQ(fens, (std::vector<std::string>{
                      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 30",
                      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}));

  auto error_of = [](const std::string& text) {
    TempPath bad;
    write_file(bad.path(), text);
    std::vector<std::string> out = {"unchanged"};
    auto error = load_book(bad.path(), out);
    EXPECT_EQ(out, std::vector<std::string>{"unchanged"});
    return error.value_or("");
  };
  EXPECT_NE(error_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1\nnonsense here\n").find("line 2"),
            std::string::npos);
  EXPECT_NE(error_of("8/8/8/8/8/8/8/8 w - - 0 1\n").find("line 1"), std::string::npos);
  EXPECT_NE(error_of("# nothing\n\n").find("no positions"), std::string::npos);
  EXPECT_NE(error_of("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n").find("no legal move"), std::string::npos);
  std::vector<std::string> out;
  EXPECT_TRUE(load_book("/nonexistent/shiftmate/book.epd", out));
}

TEST_F(Datagen, GamesStartFromTheBook) {
  DatagenOptions options = small_run(40);
  options.book = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 30"};
  options.randomPlies = 2;
  TempPath file;
  DatagenReport r = generate(options, file.path());
  ASSERT_FALSE(r.error);
  expect_valid_file(file.path(), r.linesAfter);
  for (const std::string& line : split_lines(read_file(file.path()))) {
    Position pos;
    ASSERT_FALSE(pos.set(parse_line(line)->fen));
    EXPECT_GE(pos.fullmove_number(), 31) << line;  // after two random plies
  }
}
