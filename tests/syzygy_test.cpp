// Syzygy probing against independent answers: the reference table that
// Debian's `fathom` prober wrote into ../shared/data/syzygy/README.md, the
// prober itself on random positions, and Stockfish 15.1's own Syzygy code
// (it shares no code with libfathom's C API as we call it). The tables come
// from ../shared, which CI has; without them the tests say so and skip.
#include "syzygy.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>

#ifndef _WIN32
#include <sys/stat.h>
#endif

#include "engine_process.h"
#include "movegen.h"
#include "position.h"
#include "test_support.h"

using namespace shiftmate;
namespace fs = std::filesystem;

namespace {

const char* const FathomProgram = "/usr/games/fathom";
const char* const StockfishProgram = "/usr/games/stockfish";

std::string tables_dir() {
  if (const char* dir = std::getenv("SHIFTMATE_SYZYGY_DIR")) return dir;
  return SHIFTMATE_SYZYGY_DIR;
}

bool have_tables() { return fs::exists(fs::path(tables_dir()) / "KQvKR.rtbw"); }

#define REQUIRE_TABLES()                                            \
  if (!have_tables())                                               \
    GTEST_SKIP() << "no Syzygy tables in " << tables_dir()          \
                 << " (../shared/data/syzygy beside the checkout)"; \
  ASSERT_EQ(syzygy::load(tables_dir()).largest, 4)

struct Reference {
  std::string fen, wdl;
  int dtz;
};

// The rows of the README's reference table: | material | `FEN` | WDL | DTZ | Result |
std::vector<Reference> readme_references() {
  std::ifstream in(fs::path(tables_dir()) / "README.md");
  std::vector<Reference> refs;
  std::regex row(R"(^\|[^|]*\|\s*`([^`]+)`\s*\|\s*(\w+)\s*\|\s*(\d+)\s*\|)");
  std::smatch m;
  for (std::string line; std::getline(in, line);)
    if (std::regex_search(line, m, row)) refs.push_back({m[1], m[2], std::stoi(m[3])});
  return refs;
}

// A legal position with both kings and `extra` random pieces, side to move
// random, halfmove clock drawn from `clocks`.
std::string random_position(std::mt19937_64& rng, int extra, const std::vector<int>& clocks) {
  static const char Pieces[] = "QRBNPqrbnp";
  for (;;) {
    char board[64];
    std::fill(std::begin(board), std::end(board), '.');
    auto place = [&](char piece) {
      for (;;) {
        int sq = int(rng() % 64);
        bool pawn = piece == 'P' || piece == 'p';
        if (board[sq] != '.' || (pawn && (sq < 8 || sq >= 56))) continue;
        board[sq] = piece;
        return;
      }
    };
    place('K');
    place('k');
    for (int i = 0; i < extra; ++i) place(Pieces[rng() % 10]);
    std::string fen;
    for (int r = 7; r >= 0; --r) {
      int empty = 0;
      for (int f = 0; f < 8; ++f) {
        char c = board[r * 8 + f];
        if (c == '.') {
          ++empty;
          continue;
        }
        if (empty) fen += char('0' + empty), empty = 0;
        fen += c;
      }
      if (empty) fen += char('0' + empty);
      if (r) fen += '/';
    }
    fen += rng() % 2 ? " w - - " : " b - - ";
    fen += std::to_string(clocks[rng() % clocks.size()]) + " 60";
    Position pos;
    if (!pos.set(fen)) return fen;  // accepted: kings apart, side not to move not in check
  }
}

// What `fathom --path=DIR FEN` says: the WDL and DTZ header tags.
std::optional<Reference> run_fathom(const std::string& fen) {
  std::string cmd = std::string(FathomProgram) + " --path=" + tables_dir() + " \"" + fen + "\"";
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return std::nullopt;
  std::string out;
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
  pclose(pipe);
  std::smatch wdl, dtz;
  if (!std::regex_search(out, wdl, std::regex(R"re(\[WDL "(\w+)"\])re")) ||
      !std::regex_search(out, dtz, std::regex(R"re(\[DTZ "(\d+)"\])re")))
    return std::nullopt;
  return Reference{fen, wdl[1], std::stoi(dtz[1])};
}

int sign(syzygy::Wdl w) { return int(w) > 0 ? 1 : int(w) < 0 ? -1 : 0; }

}  // namespace

TEST(Syzygy, ReadmeReferenceAnswers) {
  REQUIRE_TABLES();
  auto refs = readme_references();
  ASSERT_GE(refs.size(), 15u) << "the README's reference table was not found";
  for (const auto& ref : refs) {
    Position pos;
    ASSERT_FALSE(pos.set(ref.fen)) << ref.fen;
    auto probe = syzygy::probe_dtz(pos);
    ASSERT_TRUE(probe) << ref.fen;
    EXPECT_EQ(syzygy::wdl_name(probe->wdl), ref.wdl) << ref.fen;
    EXPECT_EQ(std::abs(probe->dtz), ref.dtz) << ref.fen;
    // The search's probe agrees where it may probe (halfmove clock 0).
    if (!pos.rule50()) {
      auto wdl = syzygy::probe_wdl(pos);
      ASSERT_TRUE(wdl) << ref.fen;
      EXPECT_EQ(*wdl, probe->wdl) << ref.fen;
    }
  }
}

TEST(Syzygy, AgreesWithFathomOnRandomPositions) {
  REQUIRE_TABLES();
  if (!fs::exists(FathomProgram)) GTEST_SKIP() << "Debian's fathom is not installed";
  std::mt19937_64 rng(20261122);
  int compared = 0;
  for (int i = 0; i < 150; ++i) {
    std::string fen = random_position(rng, 1 + i % 2, {0, 0, 0, 20, 45, 70});
    Position pos;
    ASSERT_FALSE(pos.set(fen));
    // Debian's fathom labels a checkmated side to move "Win" (its prober
    // says checkmate, the program prints it as a win): compare real endings.
    if (pos.in_check() && !MoveList<LEGAL>(pos).size()) continue;
    auto ours = syzygy::probe_dtz(pos);
    auto theirs = run_fathom(fen);
    ASSERT_TRUE(ours) << fen;
    ASSERT_TRUE(theirs) << "fathom gave no answer for " << fen;
    EXPECT_EQ(syzygy::wdl_name(ours->wdl), theirs->wdl) << fen;
    EXPECT_EQ(std::abs(ours->dtz), theirs->dtz) << fen;
    ++compared;
  }
  EXPECT_GE(compared, 140);
}

TEST(Syzygy, RootRankingKeepsTheResult) {
  REQUIRE_TABLES();
  // KQvKR, white to move wins; the README names the drawing and losing moves.
  Position pos;
  ASSERT_FALSE(pos.set("8/8/8/2k5/8/8/r7/4K2Q w - - 0 1"));
  auto ranking = syzygy::rank_root_moves(pos, true);
  ASSERT_TRUE(ranking);
  EXPECT_TRUE(ranking->byDtz);
  EXPECT_EQ(ranking->moves.size(), MoveList<LEGAL>(pos).size());
  const std::vector<std::string> drawing{"e1f1", "h1f1"};
  const std::vector<std::string> losing{"e1d1", "h1g2", "h1h2", "h1d5", "h1c6", "h1a8"};
  for (const auto& rm : ranking->moves) {
    std::string uci = pos.move_to_uci(rm.move);
    bool draws = std::find(drawing.begin(), drawing.end(), uci) != drawing.end();
    bool loses = std::find(losing.begin(), losing.end(), uci) != losing.end();
    syzygy::Wdl expected = draws ? syzygy::Wdl::Draw : loses ? syzygy::Wdl::Loss : syzygy::Wdl::Win;
    EXPECT_EQ(rm.wdl, expected) << uci;
  }
}

TEST(Syzygy, SearchProbeMatchesRootProbe) {
  REQUIRE_TABLES();
  std::mt19937_64 rng(7);
  for (int i = 0; i < 300; ++i) {
    std::string fen = random_position(rng, 1 + i % 2, {0});
    Position pos;
    ASSERT_FALSE(pos.set(fen));
    auto wdl = syzygy::probe_wdl(pos);
    auto dtz = syzygy::probe_dtz(pos);
    ASSERT_TRUE(wdl && dtz) << fen;
    EXPECT_EQ(*wdl, dtz->wdl) << fen;
  }
}

TEST(Syzygy, NotProbedWhereTheTablesCannotAnswer) {
  REQUIRE_TABLES();
  Position pos;
  ASSERT_FALSE(pos.set("r3k3/8/8/8/8/8/8/4K2Q w q - 0 1"));  // castling rights
  EXPECT_FALSE(syzygy::probe_wdl(pos));
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/8/4K2Q w - - 5 10"));  // clock above zero
  EXPECT_FALSE(syzygy::probe_wdl(pos));
  EXPECT_TRUE(syzygy::probe_dtz(pos));  // the root probe takes the clock into account
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/3PP3/1N2K2Q w - - 0 1"));  // six pieces
  EXPECT_FALSE(syzygy::probe_wdl(pos));
  syzygy::load("<empty>");
  EXPECT_EQ(syzygy::max_pieces(), 0);
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/8/4K2Q w - - 0 1"));
  EXPECT_FALSE(syzygy::probe_wdl(pos));
}

TEST(Syzygy, MissingAndDamagedFilesAreNamed) {
  REQUIRE_TABLES();
  auto report = syzygy::load("/nonexistent/syzygy");
  ASSERT_EQ(report.problems.size(), 1u);
  EXPECT_NE(report.problems[0].find("not a directory"), std::string::npos);
  EXPECT_EQ(report.largest, 0);

  // A copy of three tables: one cut short, one overwritten at the start.
  fs::path dir = fs::temp_directory_path() / ("shiftmate-syzygy-" + std::to_string(getpid()));
  fs::create_directories(dir);
  for (const char* name : {"KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz", "KBNvK.rtbw"})
    fs::copy_file(fs::path(tables_dir()) / name, dir / name, fs::copy_options::overwrite_existing);
  fs::resize_file(dir / "KRvK.rtbw", fs::file_size(dir / "KRvK.rtbw") - 7);
  {
    std::fstream f(dir / "KBNvK.rtbw", std::ios::in | std::ios::out | std::ios::binary);
    f.write("JUNK", 4);
  }
  report = syzygy::load(dir.string() + ":/nonexistent/too");
  EXPECT_EQ(report.problems.size(), 3u);
  auto named = [&](const std::string& what) {
    for (const auto& p : report.problems)
      if (p.find(what) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(named("KRvK.rtbw")) << "the truncated file";
  EXPECT_TRUE(named("KBNvK.rtbw")) << "the overwritten file";
  EXPECT_TRUE(named("/nonexistent/too"));
  // The sound table still answers; the damaged ones fail without a crash.
  Position pos;
  ASSERT_FALSE(pos.set("4k3/8/8/8/8/8/8/4K2Q w - - 0 1"));
  auto wdl = syzygy::probe_wdl(pos);
  ASSERT_TRUE(wdl);
  EXPECT_EQ(*wdl, syzygy::Wdl::Win);
  ASSERT_FALSE(pos.set("8/8/8/4k3/8/8/8/1N2KB2 w - - 0 1"));
  EXPECT_FALSE(syzygy::probe_wdl(pos));
  ASSERT_FALSE(pos.set("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"));
  syzygy::probe_wdl(pos);  // fathom skipped or rejects it: either way no crash
  fs::remove_all(dir);
  syzygy::load("<empty>");
}

#ifndef _WIN32
// Fathom would open a FIFO of a table's name and wait on it for ever: the
// directory is skipped with a message instead, and the others still load.
TEST(Syzygy, ADirectoryWithAFifoForATableIsSkipped) {
  fs::path dir = fs::temp_directory_path() / ("shiftmate-syzygy-fifo-" + std::to_string(getpid()));
  fs::create_directories(dir);
  ASSERT_EQ(mkfifo((dir / "KQvK.rtbw").c_str(), 0600), 0);
  auto report = syzygy::load(dir.string());
  ASSERT_EQ(report.problems.size(), 1u);
  EXPECT_NE(report.problems[0].find("KQvK.rtbw is not a regular file"), std::string::npos)
      << report.problems[0];
  EXPECT_EQ(report.largest, 0);
  if (have_tables()) {
    // Sound tables beside the FIFO are skipped with it and not counted.
    for (const char* name : {"KRvK.rtbw", "KRvK.rtbz"})
      fs::copy_file(fs::path(tables_dir()) / name, dir / name);
    const auto alone = syzygy::load(tables_dir());
    report = syzygy::load(dir.string() + ":" + tables_dir());
    EXPECT_EQ(report.problems.size(), 1u);
    EXPECT_EQ(report.wdlFiles, alone.wdlFiles);
    EXPECT_EQ(report.dtzFiles, alone.dtzFiles);
    EXPECT_GE(report.largest, 3);
  }
  fs::remove_all(dir);
  syzygy::load("<empty>");
}
#endif

// Stockfish 15.1 reads the same files with its own prober; at a tablebase
// root it reports the tables' result: large positive for a win, 0 for a draw.
TEST(Syzygy, AgreesWithStockfishOnRandomPositions) {
  REQUIRE_TABLES();
  if (!fs::exists(StockfishProgram)) GTEST_SKIP() << "Debian's stockfish is not installed";
  EngineProcess sf(StockfishProgram, {});
  sf.send("uci");
  ASSERT_TRUE(sf.wait_for("uciok", StartupTimeoutMs));
  sf.send("setoption name SyzygyPath value " + tables_dir());
  sf.send("isready");  // the tables are read (cold, perhaps) before the first search's wait
  ASSERT_TRUE(sf.wait_for("readyok", StartupTimeoutMs));
  std::mt19937_64 rng(99);
  for (int i = 0; i < 60; ++i) {
    std::string fen = random_position(rng, 1 + i % 2, {0});
    Position pos;
    ASSERT_FALSE(pos.set(fen));
    if (!MoveList<LEGAL>(pos).size()) continue;  // mate or stalemate: no search
    auto ours = syzygy::probe_wdl(pos);
    ASSERT_TRUE(ours) << fen;
    sf.send("position fen " + fen);
    sf.send("go depth 1");
    std::vector<std::string> lines;
    ASSERT_TRUE(sf.wait_for("bestmove", 10000, &lines)) << fen;
    std::smatch m;
    int theirs = 2;
    for (const auto& line : lines)
      if (std::regex_search(line, m, std::regex(R"( score (cp|mate) (-?\d+))")))
        theirs = std::stoi(m[2]) > 0 ? 1 : std::stoi(m[2]) < 0 ? -1 : 0;
    ASSERT_NE(theirs, 2) << "no score from stockfish for " << fen;
    EXPECT_EQ(sign(*ours), theirs) << fen;
  }
}

TEST(Syzygy, UciOptionsAndScores) {
  if (!have_tables()) GTEST_SKIP() << "no Syzygy tables in " << tables_dir();
  EngineProcess e;
  e.send("uci");
  std::vector<std::string> lines;
  ASSERT_TRUE(e.wait_for("uciok", StartupTimeoutMs, &lines));
  for (const char* option : {"SyzygyPath type string", "SyzygyProbeDepth type spin",
                             "Syzygy50MoveRule type check", "SyzygyProbeLimit type spin"}) {
    bool found = false;
    for (const auto& l : lines) found |= l.find(option) != std::string::npos;
    EXPECT_TRUE(found) << option;
  }
  // xboard through polyglot sends a path that need not exist.
  e.send("setoption name SyzygyPath value /EGT/Syzygy");
  auto said = e.wait_for("info string SyzygyPath: /EGT/Syzygy", 5000);
  ASSERT_TRUE(said);
  EXPECT_NE(said->find("not a directory"), std::string::npos);

  e.send("setoption name SyzygyPath value " + tables_dir());
  EXPECT_TRUE(e.wait_for("info string SyzygyPath: no tablebases loaded", 5000));
  said = e.wait_for("info string SyzygyPath: found", 5000);
  ASSERT_TRUE(said);
  EXPECT_NE(said->find("35 WDL and 35 DTZ files, up to 4 pieces"), std::string::npos) << *said;

  auto search = [&](const std::string& fen, const std::string& go) {
    e.send("position fen " + fen);
    e.send(go);
    std::vector<std::string> out;
    EXPECT_TRUE(e.wait_for("bestmove", 20000, &out)) << fen;
    return out;
  };
  auto last_info = [](const std::vector<std::string>& out) {
    for (auto it = out.rbegin(); it != out.rend(); ++it)
      if (it->find(" score ") != std::string::npos) return *it;
    return std::string();
  };
  // KQvKR: the winning moves only, a tablebase win (not a mate), tbhits.
  auto out = search("8/8/8/2k5/8/8/r7/4K2Q w - - 0 1", "go depth 6");
  std::string best = out.back().substr(9, 4);
  for (const char* bad : {"e1f1", "h1f1", "e1d1", "h1g2", "h1h2", "h1d5", "h1c6", "h1a8"})
    EXPECT_NE(best, bad);
  std::string info = last_info(out);
  EXPECT_NE(info.find("score cp 20000"), std::string::npos) << info;
  EXPECT_EQ(info.find("tbhits 0 "), std::string::npos) << info;
  // KRvKB is a draw.
  info = last_info(search("8/8/4kb2/8/8/8/8/R3K3 w - - 0 1", "go depth 6"));
  EXPECT_NE(info.find("score cp 0 "), std::string::npos) << info;
  // KBNvK at halfmove clock 60 cannot be won in time: a cursed win, a draw
  // under the 50-move rule, a win without it.
  info = last_info(search("8/8/8/4k3/8/8/8/1N2KB2 w - - 60 80", "go depth 4"));
  EXPECT_NE(info.find("score cp 2 "), std::string::npos) << info;
  e.send("setoption name Syzygy50MoveRule value false");
  info = last_info(search("8/8/8/4k3/8/8/8/1N2KB2 w - - 60 80", "go depth 4"));
  EXPECT_NE(info.find("score cp 20000"), std::string::npos) << info;
  // Five pieces: the search probes the four-piece endings after captures.
  info = last_info(search("8/8/8/4k3/4r3/8/8/1N1QKB2 w - - 0 1", "go depth 10"));
  EXPECT_EQ(info.find("tbhits 0 "), std::string::npos) << info;
  // Tables off: no probes.
  e.send("setoption name SyzygyPath value <empty>");
  info = last_info(search("8/8/8/2k5/8/8/r7/4K2Q w - - 0 1", "go depth 5"));
  EXPECT_NE(info.find("tbhits 0 "), std::string::npos) << info;
  e.send("isready");
  EXPECT_TRUE(e.wait_for("readyok", 5000));
}
