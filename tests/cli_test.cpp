// The real executable: perft and detect subcommands, and the UCI loop fed
// through standard input.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine_process.h"
#include "test_support.h"
#include "version.h"

using shiftmate_test::read_file;
using shiftmate_test::split_lines;
using shiftmate_test::TempFile;

namespace {

struct Outcome {
  bool exited = false;  // false when killed by a signal (a crash)
  int code = -1;
  std::string out;  // stdout and stderr together
};

std::string quote(const std::string& s) { return "'" + s + "'"; }

// Runs the binary with `args` (already shell-quoted where needed) and, when
// given, `input` on standard input.
Outcome run(const std::string& args, const std::string* input = nullptr,
            const std::string& prefix = "") {
  std::string cmd = prefix;
  for (const std::string& word : engine_command()) cmd += quote(word) + " ";
  cmd += args;
  std::unique_ptr<TempFile> in;
  if (input) {
    in = std::make_unique<TempFile>(*input);
    cmd += " < " + quote(in->path());
  }
  cmd += " 2>&1";
  Outcome r;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) return r;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) r.out.append(buf, n);
  // A Windows build under Wine ends its lines with CR LF.
  std::erase_if(r.out, [](char c) { return c == '\r'; });
  int status = ::pclose(pipe);
  r.exited = WIFEXITED(status);
  r.code = r.exited ? WEXITSTATUS(status) : -1;
  return r;
}

// The same, with the command under coreutils' timeout (exit code 124 when
// the time ran out).
Outcome run_with_timeout(const std::string& args, int seconds) {
  return run(args, nullptr, "timeout " + std::to_string(seconds) + " ");
}

Outcome uci(const std::string& input) { return run("", &input); }

bool has_line(const std::string& text, const std::string& line) {
  for (const auto& l : split_lines(text))
    if (l == line) return true;
  return false;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Each argument list must exit 2 with a message: a usage error, no crash.
void expect_usage_errors(const std::vector<std::string>& cases) {
  for (const std::string& args : cases) {
    Outcome bad = run(args);
    ASSERT_TRUE(bad.exited) << args << " crashed: " << bad.out;
    EXPECT_EQ(bad.code, 2) << args << ": " << bad.out;
    EXPECT_FALSE(bad.out.empty()) << args;
  }
}

const std::string Kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// ---------------------------------------------------------------- perft subcommand

TEST(Cli, PerftDivideFromStart) {
  Outcome r = run("perft 4 --divide");
  ASSERT_TRUE(r.exited) << r.out;
  EXPECT_EQ(r.code, 0) << r.out;
  auto out = split_lines(r.out);
  ASSERT_GE(out.size(), 22u) << r.out;
  // Published divide of perft(4) from the start position.
  const std::map<std::string, std::uint64_t> expected = {
      {"a2a3", 8457}, {"b2b3", 9345},  {"c2c3", 9272},  {"d2d3", 11959}, {"e2e3", 13134},
      {"f2f3", 8457}, {"g2g3", 9345},  {"h2h3", 8457},  {"a2a4", 9329},  {"b2b4", 9332},
      {"c2c4", 9744}, {"d2d4", 12435}, {"e2e4", 13160}, {"f2f4", 8929},  {"g2g4", 9328},
      {"h2h4", 9329}, {"b1a3", 8885},  {"b1c3", 9755},  {"g1f3", 9748},  {"g1h3", 8881}};
  const std::regex entry("([a-h][1-8][a-h][1-8][nbrq]?): ([0-9]+)");
  std::map<std::string, std::uint64_t> got;
  for (int i = 0; i < 20; ++i) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(out[i], m, entry)) << "line " << i << ": '" << out[i] << "'";
    got[m[1]] = std::stoull(m[2]);
  }
  EXPECT_EQ(got, expected);
  EXPECT_EQ(out[20], "");
  EXPECT_EQ(out[21], "Nodes searched: 197281");
}

TEST(Cli, PerftWithFenAndOptions) {
  Outcome r = run("perft 3 --fen " + quote(Kiwipete));
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has_line(r.out, "Nodes searched: 97862")) << r.out;
  EXPECT_FALSE(contains(r.out, "e1g1:")) << "no divide without --divide";

  r = run("perft 4 --threads 2 --hash 8 --fen " + quote(Kiwipete));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has_line(r.out, "Nodes searched: 4085603")) << r.out;

  r = run("perft 0");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has_line(r.out, "Nodes searched: 1")) << r.out;

  // Chess960 notation for castling.
  r = run("perft 1 --divide --chess960 --fen " + quote("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has_line(r.out, "e1h1: 1")) << r.out;
  EXPECT_TRUE(has_line(r.out, "e1a1: 1")) << r.out;
  r = run("perft 1 --divide --fen " + quote("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
  EXPECT_TRUE(has_line(r.out, "e1g1: 1")) << r.out;
  EXPECT_TRUE(has_line(r.out, "e1c1: 1")) << r.out;
}

TEST(Cli, PerftSuite) {
  TempFile good(
      "# two lines\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\n"
      "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197\n");
  Outcome r = run("perft --suite " + quote(good.path()));
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "2 positions, 2 passed, 0 failed")) << r.out;

  TempFile bad(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n"
      "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 65\n");
  r = run("perft --suite " + quote(bad.path()));
  ASSERT_TRUE(r.exited);
  EXPECT_NE(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "MISMATCH")) << r.out;

  r = run("perft --suite /nonexistent/shiftmate/suite.epd");
  ASSERT_TRUE(r.exited);
  EXPECT_NE(r.code, 0) << r.out;
}

TEST(Cli, BadArgumentsExitNonZeroWithAMessage) {
  const std::vector<std::string> cases = {
      "perft 1 --fen " + quote("8/8/8/8/8/8/8/8 w - - 0 1"),
      "perft 1 --fen " + quote("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq"),
      "perft 1 --fen " + quote("garbage"),
      "perft 1 --fen " + quote(std::string(400, 'x')),
      "perft",
      "perft abc",
      "perft 99",
      "perft 2 --no-such-option",
      "detect --fen " + quote("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") +
          " --occupancy zz",
      "detect --fen " + quote("8/8/8/8/8/8/8/8 w - - 0 1") + " --occupancy ff",
  };
  for (const std::string& args : cases) {
    Outcome r = run(args);
    ASSERT_TRUE(r.exited) << args << " crashed: " << r.out;
    EXPECT_NE(r.code, 0) << args << ": " << r.out;
    EXPECT_FALSE(r.out.empty()) << args;
  }
  Outcome r = run("perft 1 --fen " + quote("8/8/8/8/8/8/8/8 w - - 0 1"));
  EXPECT_TRUE(contains(r.out, "king")) << r.out;
}

// ---------------------------------------------------------------- checkers subcommands

TEST(Cli, CheckersPerftDivideFromStart) {
  Outcome r = run("checkers perft 5 --divide");
  ASSERT_TRUE(r.exited) << r.out;
  EXPECT_EQ(r.code, 0) << r.out;
  const std::regex entry("([a-h][1-8]-[a-h][1-8]): ([0-9]+)");
  std::map<std::string, std::uint64_t> got;
  std::uint64_t sum = 0;
  for (const auto& line : split_lines(r.out)) {
    std::smatch m;
    if (!std::regex_match(line, m, entry)) continue;
    got[m[1]] = std::stoull(m[2]);
    sum += std::stoull(m[2]);
  }
  EXPECT_EQ(got.size(), 7u) << r.out;
  EXPECT_EQ(sum, 7482u);
  EXPECT_TRUE(has_line(r.out, "Nodes searched: 7482")) << r.out;
  EXPECT_TRUE(contains(r.out, "Nodes/second: ")) << r.out;
}

TEST(Cli, CheckersPerftPathConventionsAndFen) {
  EXPECT_TRUE(has_line(run("checkers perft 8").out, "Nodes searched: 929899"));
  EXPECT_TRUE(has_line(run("checkers perft 8 --paths distinct").out, "Nodes searched: 929905"));
  // A man that can take four pieces round a square either way.
  const std::string loop = "checkers perft 1 --fen " + quote("W:W22:B9,10,17,18");
  EXPECT_TRUE(has_line(run(loop).out, "Nodes searched: 1"));
  EXPECT_TRUE(has_line(run(loop + " --paths distinct").out, "Nodes searched: 2"));
  Outcome r = run(loop + " --divide --paths distinct");
  EXPECT_TRUE(has_line(r.out, "c3:a5:c7:e5:c3: 1")) << r.out;
  EXPECT_TRUE(has_line(r.out, "c3:e5:c7:a5:c3: 1")) << r.out;
}

TEST(Cli, CheckersMagicsPrintsTheCommittedHeader) {
  Outcome r = run("checkers magics");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out,
            read_file(std::string(SHIFTMATE_PERFT_DIR) + "/../src/checkers/magic_numbers.h"));
  Outcome other = run("checkers magics --seed 7");
  EXPECT_EQ(other.code, 0);
  EXPECT_TRUE(contains(other.out, "Seed = 0x7;")) << other.out;
  EXPECT_NE(other.out, r.out);
}

TEST(Cli, CheckersBadArgumentsAreUsageErrors) {
  expect_usage_errors({"checkers", "checkers nonsense", "checkers perft", "checkers perft abc",
                       "checkers perft 99", "checkers perft 3 --fen " + quote("W:W33:B1"),
                       "checkers perft 3 --fen " + quote(""), "checkers perft 3 --paths both",
                       "checkers perft 3 extra", "checkers magics extra"});
  Outcome r = run("checkers perft 3 --fen " + quote("W:W21,21:B1"));
  EXPECT_TRUE(contains(r.out, "listed twice")) << r.out;
}

// An absurd --hash must end in a message (or a smaller table), not in an
// abort or an endless loop. Run under `timeout` so that a hang fails.
TEST(Cli, HugeHashSizeDoesNotCrashOrHang) {
  for (const std::string mb : {"100000000", "17592186044415", "18446744073709551615"}) {
    Outcome r = run_with_timeout("perft 1 --hash " + mb, 10);
    EXPECT_NE(r.code, 124) << "--hash " << mb << " hung";
    EXPECT_TRUE(r.exited && r.code < 128) << "--hash " << mb << " crashed: " << r.out;
    EXPECT_TRUE(r.code == 0 ? has_line(r.out, "Nodes searched: 20") : !r.out.empty())
        << "--hash " << mb << ": " << r.out;
  }
}

TEST(Cli, DetectSubcommand) {
  const std::string start = quote("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  Outcome r = run("detect --fen " + start + " --occupancy 0xffff00001000efff");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(split_lines(r.out), std::vector<std::string>{"e2e4"}) << r.out;
  r = run("detect --fen " + start + " --occupancy 0xffff00000000ffff");
  EXPECT_EQ(r.code, 1) << r.out;
}

// ---------------------------------------------------------------- datagen subcommand
// (the generator itself is tested through the library in datagen_test.cpp)

TEST(Cli, DatagenWritesTheTargetAndValidatesArguments) {
  TempFile out("");
  Outcome r = run("datagen --output " + quote(out.path()) +
                  " --positions 20 --threads 1 --nodes 300 --hard-nodes 1000 --seed 5 --hash 1");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "done")) << r.out;
  EXPECT_TRUE(contains(r.out, "nodes/move 300 soft, 1000 hard")) << r.out;
  std::string records = read_file(out.path());
  EXPECT_EQ(records.size() % 32, 0u);
  EXPECT_GE(records.size() / 32, 20u);
  EXPECT_TRUE(contains(run("help").out, "shiftmate datagen --output FILE"));

  // datainfo reads what datagen wrote.
  Outcome info = run("datainfo " + quote(out.path()));
  EXPECT_EQ(info.code, 0) << info.out;
  EXPECT_TRUE(contains(info.out, fmt::format("records:  {}\n", records.size() / 32))) << info.out;

  const std::vector<std::string> cases = {
      "datagen",
      "datagen --positions 10",
      "datagen --output " + quote(out.path()) + " --nodes 0",
      "datagen --output " + quote(out.path()) + " --nodes 500 --hard-nodes 400",
      "datagen --output " + quote(out.path()) + " --threads 0",
      "datagen --output " + quote(out.path()) + " --positions x",
      "datagen --output " + quote(out.path()) + " --book /nonexistent/shiftmate/book.epd",
      "datagen --output /nonexistent/shiftmate/dir/out.txt",
  };
  expect_usage_errors(cases);
}

// --openings names the file of start positions; --book, its old name, still
// works and plays the same games.
TEST(Cli, DatagenOpeningsAndItsOldNameBook) {
  TempFile openings("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 30\n");
  TempFile a(""), b("");
  const std::string common =
      " --positions 10 --threads 1 --nodes 300 --hard-nodes 1000 --seed 5 --hash 1";
  Outcome r =
      run("datagen --output " + quote(a.path()) + " --openings " + quote(openings.path()) + common);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "after 1 opening positions")) << r.out;
  r = run("datagen --output " + quote(b.path()) + " --book " + quote(openings.path()) + common);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "after 1 opening positions")) << r.out;
  EXPECT_GE(read_file(a.path()).size(), 10u * 32);
  EXPECT_EQ(read_file(a.path()), read_file(b.path()));
  EXPECT_TRUE(contains(run("datagen --help").out, "--openings"));

  expect_usage_errors({
      "datagen --output " + quote(a.path()) + " --openings /nonexistent/shiftmate/openings.epd",
      "datagen --output " + quote(a.path()) + " --openings " + quote(openings.path()) + " --book " +
          quote(openings.path()),
  });
}

// SIGTERM drops the games in progress, keeps the file whole and exits 0.
// Sent after 3 s: a cold start on a loaded machine must have installed the
// handler by then (1 s was tight).
TEST(Cli, DatagenStopsCleanlyOnSigterm) {
  TempFile out("");
  // Windows has no SIGTERM: a Windows build under Wine gets Ctrl-C (SIGINT).
  const bool windows = engine_command().back().ends_with(".exe");
  Outcome r = run(
      "datagen --output " + quote(out.path()) +
          " --positions 1000000000 --threads 2 --nodes 300 --hash 1",
      nullptr, std::string("timeout --preserve-status -s ") + (windows ? "INT" : "TERM") + " 3 ");
  ASSERT_TRUE(r.exited) << r.out;
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "interrupted")) << r.out;
  EXPECT_EQ(read_file(out.path()).size() % 32, 0u) << "a partial last record";
}

// ---------------------------------------------------------------- convert and datainfo
// (the conversion and the summary are tested through the library in
// training_tools_test.cpp)

TEST(Cli, ConvertAndDatainfo) {
  const std::string text =
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 23 | 0.5\n"
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | 30 | 1.0\n";
  TempFile input(text), out("");
  Outcome r = run("convert --output " + quote(out.path()) + " " + quote(input.path()));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "2 lines read, 2 converted, 0 rejected")) << r.out;
  EXPECT_EQ(read_file(out.path()).size(), 64u);

  // Standard input, '-' or none; a bad line is named and fails a small run.
  std::string withBadLine = text + "nonsense\n";
  r = run("convert --output " + quote(out.path()) + " -", &withBadLine);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "standard input:3: expected `FEN | score | result`")) << r.out;
  EXPECT_TRUE(contains(r.out, "3 lines read, 2 converted, 1 rejected")) << r.out;
  r = run("convert --output " + quote(out.path()), &text);
  EXPECT_EQ(r.code, 0) << r.out;

  r = run("datainfo " + quote(out.path()) + " " + quote(out.path()));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "records:  2\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "all 2 files:\nrecords:  4\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "white wins 2 (50.0%), draws 2 (50.0%), black wins 0")) << r.out;
  r = run("datainfo " + quote(input.path()));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "not a whole number of 32-byte records")) << r.out;

  EXPECT_TRUE(contains(run("help").out, "shiftmate convert --output FILE.bin"));
  EXPECT_TRUE(contains(run("help").out, "shiftmate datainfo FILE.bin"));
  expect_usage_errors({
      "convert " + quote(input.path()),
      "convert --output /nonexistent/shiftmate/dir/out.bin " + quote(input.path()),
      "convert --output " + quote(out.path()) + " /nonexistent/shiftmate/old.txt",
      "convert --player '' --output " + quote(out.path()) + " " + quote(input.path()),
      "datainfo",
      "datainfo --max-score x " + quote(out.path()),
  });
}

// PGN in: the scored moves become records; a game without a result is named
// and, one game in two, fails the run.
TEST(Cli, ConvertReadsPgn) {
  const std::string game =
      "[Event \"Fast Chess\"]\n[Result \"1-0\"]\n\n"
      "1. e4 {+0.30/10 0.100s} e5 {book} 2. Nf3 {+0.25/9 0.100s} 1-0\n\n";
  TempFile input(game), out("");
  Outcome r = run("convert --output " + quote(out.path()) + " " + quote(input.path()));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out,
                       "1 games read, 1 converted, 0 skipped (0 illegal move, 0 bad tag, "
                       "0 no result)\n2 positions converted; 1 moves without a score"))
      << r.out;
  EXPECT_EQ(read_file(out.path()).size(), 64u);

  const std::string withUnfinished = game + "[Result \"*\"]\n\n1. d4 {+0.10/1 0.010s} *\n";
  r = run("convert --output " + quote(out.path()), &withUnfinished);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "standard input:8: game 2 skipped: no result ('*')")) << r.out;
  EXPECT_TRUE(contains(r.out, "more than 1% of the lines or games were bad")) << r.out;
  EXPECT_EQ(read_file(out.path()).size(), 64u);
  EXPECT_TRUE(contains(run("convert --help").out, "PGN")) << run("convert --help").out;
}

// train --init: a net file or the embedded net as the starting weights;
// with --epochs 0 it only measures the net's loss. A net that train wrote,
// read back, measures exactly what train said of the rounded net after its
// last epoch, close to the float net's loss, and not what an untrained net
// measures.
TEST(Cli, TrainFromANetAndMeasureItsLoss) {
  const std::string text =
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 23 | 0.5\n"
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 | 30 | 1.0\n"
      "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 900 | 1.0\n"
      "3qk3/8/8/8/8/8/8/4K3 w - - 0 1 | -900 | 0.0\n";
  TempFile input(text), data(""), net("");
  ASSERT_EQ(run("convert --output " + quote(data.path()) + " " + quote(input.path())).code, 0);
  const std::string positions = " --data " + quote(data.path()) + " --validation-data " +
                                quote(data.path()) + " --batch 2 --threads 1 --output ";
  // The figure train printed after its last epoch; "" when it printed none.
  auto last_figure = [](const std::string& out, const std::string& name) {
    const std::regex line(name + " ([0-9.]+)");
    std::string last;
    for (std::sregex_iterator it(out.begin(), out.end(), line), end; it != end; ++it)
      last = (*it)[1];
    return last;
  };
  // The float net's loss; -1 when train printed none.
  auto last_validation_loss = [&](const std::string& out) {
    const std::string figure = last_figure(out, "validation loss");
    return figure.empty() ? -1 : std::stod(figure);
  };

  // An untrained net (a learning rate too small to move it), then a trained one.
  Outcome r =
      run("train" + positions + quote(net.path()) + " --epochs 1 --lr 1e-12 --final-lr 1e-12");
  ASSERT_EQ(r.code, 0) << r.out;
  // The float checkpoint train writes beside the net, removed however the test ends.
  const std::string checkpoint = net.path() + ".float";
  struct RemoveAtExit {
    std::string path;
    ~RemoveAtExit() { std::filesystem::remove(path); }
  } removeCheckpoint{checkpoint};
  TempFile untrainedNet(""), trainedNet("");
  std::filesystem::copy_file(net.path(), untrainedNet.path(),
                             std::filesystem::copy_options::overwrite_existing);
  const double untrained = last_validation_loss(r.out);
  ASSERT_GT(untrained, 0) << r.out;
  r = run("train" + positions + quote(net.path()) + " --epochs 20 --lr 0.01");
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string trainedOut = r.out;
  const double trained = last_validation_loss(r.out);
  ASSERT_GE(trained, 0) << r.out;
  ASSERT_LT(trained, untrained / 4) << r.out;

  r = run("train --init " + quote(net.path()) + " --epochs 0 --data " + quote(data.path()) +
          " --threads 1");
  ASSERT_EQ(r.code, 0) << r.out;
  std::smatch measured;
  ASSERT_TRUE(std::regex_search(r.out, measured, std::regex(": loss ([0-9.]+) on 4 positions")))
      << r.out;
  EXPECT_NEAR(std::stod(measured[1]), trained, 0.002 + trained * 0.2) << r.out;
  // Exactly what train said of the rounded net it wrote.
  EXPECT_EQ(measured[1].str(), last_figure(trainedOut, "rounded net")) << trainedOut;

  // The float checkpoint beside it measures what train said of the float net
  // at the epoch it kept (not the rounded one's figure).
  std::smatch kept;
  const std::string keptEpoch =
      std::regex_search(trainedOut, kept, std::regex(": epoch ([0-9]+) of 20")) ? kept[1].str()
                                                                                : "20";
  std::smatch keptLoss;
  ASSERT_TRUE(std::regex_search(
      trainedOut, keptLoss,
      std::regex("epoch +" + keptEpoch + "/20 .* validation loss ([0-9.]+) \\(rounded")))
      << trainedOut;
  r = run("train --init " + quote(checkpoint) + " --epochs 0 --data " + quote(data.path()) +
          " --threads 1");
  ASSERT_EQ(r.code, 0) << r.out;
  ASSERT_TRUE(std::regex_search(r.out, measured, std::regex(": loss ([0-9.]+) on 4 positions")))
      << r.out;
  EXPECT_EQ(measured[1].str(), keptLoss[1].str()) << trainedOut << r.out;
  // With another net put in place of the one it was written beside, the
  // checkpoint is refused by name: it no longer rounds to that net.
  namespace fs = std::filesystem;
  fs::copy_file(net.path(), trainedNet.path(), fs::copy_options::overwrite_existing);
  fs::copy_file(untrainedNet.path(), net.path(), fs::copy_options::overwrite_existing);
  r = run("train --init " + quote(checkpoint) + " --epochs 0 --data " + quote(data.path()) +
          " --threads 1");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, checkpoint + " does not belong to " + net.path())) << r.out;
  EXPECT_FALSE(contains(r.out, ": loss ")) << r.out;
  fs::copy_file(trainedNet.path(), net.path(), fs::copy_options::overwrite_existing);

  // Training from that net with a learning rate too small to move it keeps
  // its loss: the epochs start from the file's weights, not random ones.
  TempFile resumed("");
  r = run("train --init " + quote(net.path()) + positions + quote(resumed.path()) +
          " --epochs 1 --lr 1e-12 --final-lr 1e-12");
  const RemoveAtExit removeResumed{resumed.path() + ".float"};
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "wrote " + resumed.path() + " and " + resumed.path() + ".float"))
      << r.out;
  EXPECT_NEAR(last_validation_loss(r.out), trained, 0.002 + trained * 0.2) << r.out;
  EXPECT_LT(last_validation_loss(r.out), untrained / 4) << r.out;

  // The embedded net, and training on from it (a NET=none build has none).
  r = run("train --init '<embedded>' --epochs 0 --validation-data " + quote(data.path()));
  if (contains(r.out, "this build embeds no network")) {
    EXPECT_EQ(r.code, 1) << r.out;
  } else {
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_TRUE(contains(r.out, "<embedded>: loss ")) << r.out;
    r = run("train --init '<embedded>' --data " + quote(data.path()) + " --output " +
            quote(net.path()) + " --epochs 1 --batch 2 --validation 0");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_TRUE(contains(r.out, "threads, from <embedded>\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "wrote " + net.path())) << r.out;
  }

  r = run("train --init /nonexistent/shiftmate/net.nnue --epochs 0 --data " + quote(data.path()));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "/nonexistent/shiftmate/net.nnue")) << r.out;
  // A file that is no network (the training data) is refused by name.
  r = run("train --init " + quote(data.path()) + " --epochs 0 --data " + quote(data.path()));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(contains(r.out, data.path())) << r.out;
  EXPECT_FALSE(contains(r.out, ": loss ")) << r.out;
  r = run("train --data " + quote(data.path()));
  EXPECT_TRUE(contains(r.out, "train: --data FILE and --output NET are required")) << r.out;
  expect_usage_errors({
      "train --data " + quote(data.path()),
      "train --output " + quote(net.path()),
      "train --epochs 0 --data " + quote(data.path()),
      "train --init '<embedded>' --epochs 0",
      "train --init '<embedded>' --epochs 0 --data " + quote(data.path()) + " --output " +
          quote(net.path()),
      "train --init " + quote(net.path()) + " --epochs 0 --data " + quote(data.path()) +
          " --max-positions 2",
      "train --init " + quote(net.path()) + " --epochs 0 --data " + quote(data.path()) +
          " --lr 0.1",
      "train --init " + quote(net.path()) + " --data " + quote(data.path()) + " --output " +
          quote(net.path()),
      "train --init " + quote(checkpoint) + " --data " + quote(data.path()) + " --output " +
          quote(net.path()),
      "train --epochs -1 --data " + quote(data.path()) + " --output " + quote(net.path()),
      "train --wdl 0.2 --final-wdl 1.5 --data " + quote(data.path()) + " --output " +
          quote(net.path()),
      // A learning rate below the final one would rise, not decay.
      "train --lr 0.000001 --data " + quote(data.path()) + " --output " + quote(net.path()),
      "train --init " + quote(net.path()) + " --epochs 0 --data " + quote(data.path()) +
          " --final-wdl 0.4",
      "train --data " + quote(data.path()) + " stray --output " + quote(net.path()),
  });
}

// ---------------------------------------------------------------- UCI

// The version is the VERSION file's number, then -dev and the commit built
// in a development build (-dev alone without .git); `--version`, the help and
// `id name` all say it.
TEST(Cli, VersionIsPrintedAndNamedInTheHandshake) {
  const std::string built(shiftmate::version());
  std::string number = read_file(std::string(SHIFTMATE_PERFT_DIR) + "/../VERSION");
  number.erase(number.find_last_not_of(" \r\n") + 1);
  ASSERT_FALSE(number.empty());
  ASSERT_EQ(built.substr(0, number.size()), number) << built;
  const std::string suffix = built.substr(number.size());
  EXPECT_TRUE(suffix.empty() || std::regex_match(suffix, std::regex("-dev(-[0-9a-f]{4,40})?")))
      << built;

  const std::string named = engine_version();  // `built`, or a release file's number
  Outcome r = run("--version");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "Shiftmate " + named + "\n");
  r = run("--help");
  EXPECT_TRUE(contains(r.out, "Shiftmate " + named + ", a UCI chess engine")) << r.out;
  EXPECT_TRUE(contains(r.out, "shiftmate --version")) << r.out;
  r = uci("uci\nquit\n");
  EXPECT_TRUE(has_line(r.out, "id name Shiftmate " + named)) << r.out;
}

// `shiftmate --help` makes each command's usage from the options the command
// parses (issue 53: the usage strings had drifted from them). Every option
// that `shiftmate CMD --help` lists is in CMD's usage lines, for every
// command and checkers subcommand the help lists, and each takes --help.
TEST(Cli, HelpListsEveryOptionOfEveryCommand) {
  Outcome help = run("--help");
  ASSERT_TRUE(help.exited);
  EXPECT_EQ(help.code, 0) << help.out;
  // The words of each program's usage lines, continuation lines included,
  // brackets taken off: "perft" -> {DEPTH, --fen, FEN, ...}.
  std::map<std::string, std::set<std::string>> usage;
  const std::regex first("  shiftmate ([a-z][a-z-]*(?: [a-z]+)?)( .*)?");
  std::string program;
  for (const std::string& line : split_lines(help.out)) {
    std::smatch m;
    if (std::regex_match(line, m, first))
      program = m[1];
    else if (!line.starts_with("   "))
      program.clear();
    if (program.empty()) continue;
    std::string words = line;
    std::replace_if(
        words.begin(), words.end(), [](char c) { return c == '[' || c == ']'; }, ' ');
    std::istringstream in(words);
    for (std::string word; in >> word;) usage[program].insert(word);
  }
  EXPECT_GE(usage.size(), 13u) << help.out;
  EXPECT_TRUE(usage.contains("checkers perft") && usage.contains("checkers magics")) << help.out;
  // Those that had gone missing.
  for (const char* option : {"--chess960", "--quiet", "--suite", "--threads", "--hash"})
    EXPECT_TRUE(usage["perft"].contains(option)) << option << "\n" << help.out;
  EXPECT_TRUE(usage["detect"].contains("--chess960")) << help.out;

  // An option's line in cxxopts's help: "  -h, --help ..." or "      --fen FEN ...".
  const std::regex optionLine("(?:  -[A-Za-z], |      )--([a-z0-9][a-z0-9-]*).*");
  std::set<std::string> seen;  // "perft --chess960"
  for (const auto& [name, words] : usage) {
    Outcome own = run(name + " --help");
    ASSERT_TRUE(own.exited) << name;
    EXPECT_EQ(own.code, 0) << name << ": " << own.out;
    EXPECT_TRUE(contains(own.out, "Usage:\n  shiftmate " + name)) << own.out;
    for (const std::string& line : split_lines(own.out)) {
      std::smatch m;
      if (!std::regex_match(line, m, optionLine) || m[1] == "help") continue;
      seen.insert(name + " --" + m[1].str());
      EXPECT_TRUE(words.contains("--" + m[1].str()))
          << "shiftmate " << name << " --" << m[1] << " is not in shiftmate --help:\n"
          << help.out;
    }
  }
  for (const char* option : {"perft --chess960", "perft --quiet", "detect --chess960",
                             "checkers perft --paths", "checkers magics --seed", "train --init"})
    EXPECT_TRUE(seen.contains(option)) << option << " was not found in its command's --help";
}

TEST(Cli, UciHandshake) {
  Outcome r = uci("uci\nisready\nquit\n");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(has_line(r.out, "uciok")) << r.out;
  EXPECT_TRUE(has_line(r.out, "readyok")) << r.out;
  EXPECT_TRUE(contains(r.out, "id name")) << r.out;
  EXPECT_TRUE(contains(r.out, "option name UCI_Chess960")) << r.out;
  // uciok comes after the id lines.
  EXPECT_LT(r.out.find("id name"), r.out.find("uciok"));
}

TEST(Cli, UciEndsAtEndOfInputWithoutQuit) {
  Outcome r = uci("isready\n");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(has_line(r.out, "readyok")) << r.out;
  // Commands after quit are not run.
  r = uci("quit\nisready\n");
  EXPECT_FALSE(contains(r.out, "readyok")) << r.out;
}

TEST(Cli, UciPositionWithMovesAndDisplay) {
  Outcome r = uci("position startpos moves e2e4 e7e5\nd\nquit\n");
  ASSERT_TRUE(r.exited);
  EXPECT_TRUE(contains(r.out, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"))
      << r.out;
  r = uci("position fen " + Kiwipete + " moves e1g1 a8b8\nd\n");
  EXPECT_TRUE(contains(r.out, "1r2k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 w k - 2 2"))
      << r.out;
  // Castling as king-takes-rook is accepted in standard mode too.
  r = uci("position fen " + Kiwipete + " moves e1h1\nd\n");
  EXPECT_TRUE(contains(r.out, "R4RK1 b kq - 1 1")) << r.out;
  // Promotion.
  r = uci("position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8n\nd\n");
  EXPECT_TRUE(contains(r.out, "N3k3/8/8/8/8/8/8/4K3 b - - 0 1")) << r.out;
}

TEST(Cli, UciGoPerft) {
  Outcome r = uci("position startpos\ngo perft 3\nquit\n");
  ASSERT_TRUE(r.exited);
  EXPECT_TRUE(has_line(r.out, "Nodes searched: 8902")) << r.out;
  EXPECT_TRUE(has_line(r.out, "e2e4: 600")) << r.out;  // divide is printed
  r = uci("position fen " + Kiwipete + "\ngo perft 2\n");
  EXPECT_TRUE(has_line(r.out, "Nodes searched: 2039")) << r.out;
  // Perft from the position after the moves.
  r = uci("position startpos moves e2e4\ngo perft 1\n");
  EXPECT_TRUE(has_line(r.out, "Nodes searched: 20")) << r.out;
  EXPECT_TRUE(has_line(r.out, "e7e5: 1")) << r.out;
  // Commands given as arguments run before standard input.
  r = run(quote("position startpos") + " " + quote("go perft 2") + " quit");
  EXPECT_TRUE(has_line(r.out, "Nodes searched: 400")) << r.out;
}

TEST(Cli, UciIllegalMoveKeepsTheMovesBeforeIt) {
  Outcome r = uci("position startpos moves e2e4 e7e5 e1e3 g1f3\nd\nquit\n");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(contains(r.out, "info string")) << r.out;
  EXPECT_TRUE(contains(r.out, "e1e3")) << r.out;
  EXPECT_TRUE(contains(r.out, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"))
      << r.out;
  // Garbage as a move.
  r = uci("position startpos moves e2e4 zz\nd\n");
  EXPECT_TRUE(contains(r.out, "info string")) << r.out;
  EXPECT_TRUE(contains(r.out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq")) << r.out;
}

TEST(Cli, UciUnknownCommandsAndBadInput) {
  Outcome r = uci("foo bar\nisready\n");
  ASSERT_TRUE(r.exited);
  EXPECT_TRUE(contains(r.out, "info string")) << r.out;
  EXPECT_TRUE(has_line(r.out, "readyok")) << r.out;

  // No kings: rejected with an info string; the old position stays.
  r = uci("position startpos moves e2e4\nposition fen 8/8/8/8/8/8/8/8 w - - 0 1\nd\nisready\n");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(contains(r.out, "info string")) << r.out;
  EXPECT_TRUE(contains(r.out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq")) << r.out;
  EXPECT_TRUE(has_line(r.out, "readyok")) << r.out;

  // Assorted junk must never crash the loop.
  const std::string junk =
      "position\nposition fen\nposition fen moves\nposition startpos moves\n"
      "position something\ngo\ngo perft\ngo perft -1\ngo perft 99\ngo perft x\n"
      "setoption\nsetoption name\nsetoption name Hash value 16\n"
      "position fen 4k3/8/8/8/8/8/8/4K3 w K - 0 1\n"
      "position fen " +
      std::string(5000, 'p') + "\n" + std::string(10000, 'x') +
      "\n"
      "\n   \n\t\nisready\n";
  r = uci(junk);
  ASSERT_TRUE(r.exited) << r.out.substr(0, 2000);
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(has_line(r.out, "readyok")) << r.out.substr(0, 2000);
}

TEST(Cli, UciChess960CastlingNotation) {
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  Outcome r = uci("setoption name UCI_Chess960 value true\nposition fen " + fen + "\ngo perft 1\n");
  ASSERT_TRUE(r.exited);
  EXPECT_TRUE(has_line(r.out, "e1h1: 1")) << r.out;
  EXPECT_TRUE(has_line(r.out, "e1a1: 1")) << r.out;
  EXPECT_FALSE(has_line(r.out, "e1g1: 1")) << r.out;
  EXPECT_TRUE(has_line(r.out, "Nodes searched: 26")) << r.out;

  r = uci("position fen " + fen + "\ngo perft 1\n");
  EXPECT_TRUE(has_line(r.out, "e1g1: 1")) << r.out;
  EXPECT_TRUE(has_line(r.out, "e1c1: 1")) << r.out;
  EXPECT_FALSE(has_line(r.out, "e1h1: 1")) << r.out;

  // A real Chess960 position: king b1, rooks a1 and h1.
  r =
      uci("setoption name UCI_Chess960 value true\n"
          "position fen 4k3/8/8/8/8/8/8/RK5R w HA - 0 1\ngo perft 1\n"
          "position fen 4k3/8/8/8/8/8/8/RK5R w HA - 0 1 moves b1a1\nd\n");
  EXPECT_TRUE(has_line(r.out, "b1a1: 1")) << r.out;
  EXPECT_TRUE(has_line(r.out, "b1h1: 1")) << r.out;
  EXPECT_TRUE(contains(r.out, "4k3/8/8/8/8/8/8/2KR3R b - - 1 1")) << r.out;
}

}  // namespace

TEST(Cli, SearchParamsListsTheTunableMarginsWithinTheirRanges) {
  Outcome r = run("search-params");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0);
  std::vector<std::string> lines = split_lines(r.out);
  ASSERT_GE(lines.size(), 11u) << r.out;
  EXPECT_TRUE(contains(lines[0], "constants")) << "a normal build has no tunable options";
  bool sawFutility = false;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    std::istringstream row(lines[i]);
    std::string name;
    int value = 0, lo = 0, hi = 0, step = 0;
    ASSERT_TRUE(row >> name >> value >> lo >> hi >> step) << lines[i];
    EXPECT_LE(lo, value) << name;
    EXPECT_LE(value, hi) << name;
    EXPECT_GT(step, 0) << name;
    EXPECT_LE(step, hi - lo) << name;
    sawFutility |= name == "FutilityBase";
  }
  EXPECT_TRUE(sawFutility);
  // Not an SPSA build: the margins are no UCI options.
  Outcome session = uci("uci\nsetoption name FutilityBase value 100\nquit\n");
  EXPECT_FALSE(contains(session.out, "option name FutilityBase")) << session.out;
  EXPECT_TRUE(contains(session.out, "unsupported option 'FutilityBase'")) << session.out;
}

// OpenBench's SPSA input: `name, int, value, min, max, c_end, r_end`, the
// same parameters as the plain list, in the same order.
TEST(Cli, SearchParamsPrintsOpenBenchsSpsaInput) {
  std::vector<std::string> plain = split_lines(run("search-params").out);
  Outcome r = run("search-params --openbench");
  ASSERT_TRUE(r.exited);
  EXPECT_EQ(r.code, 0);
  std::vector<std::string> lines = split_lines(r.out);
  ASSERT_EQ(lines.size() + 1, plain.size()) << r.out;  // no header line
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::istringstream row(plain[i + 1]);
    std::string name;
    int value = 0, lo = 0, hi = 0, step = 0;
    ASSERT_TRUE(row >> name >> value >> lo >> hi >> step) << plain[i + 1];
    EXPECT_EQ(lines[i], fmt::format("{}, int, {}, {}, {}, {}, 0.002", name, value, lo, hi, step));
  }
}
