// Openings for games and OpenBench's genfens: the request's words, and the
// openings made from them (distinct, repeatable, from the book when one is
// given, Chess960 when the book's name says so).
#include "training/openings.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "movegen.h"
#include "position.h"
#include "test_support.h"

using namespace shiftmate;
using namespace shiftmate_test;

namespace {

std::variant<GenfensRequest, std::string> parse(const std::string& words) {
  std::istringstream in(words);
  return parse_genfens(in);
}

std::string error_of(const std::string& words) {
  auto result = parse(words);
  EXPECT_TRUE(std::holds_alternative<std::string>(result)) << words;
  return std::holds_alternative<std::string>(result) ? std::get<std::string>(result) : "";
}

std::vector<std::string> openings(const GenfensRequest& request, std::string* error = nullptr) {
  std::vector<std::string> fens;
  auto failure = generate_openings(request, [&](const std::string& fen) { fens.push_back(fen); });
  if (error) *error = failure.value_or("");
  return fens;
}

// The position without its move counters.
std::string placement(const std::string& fen) {
  std::istringstream in(fen);
  std::string part, out;
  for (int i = 0; i < 4 && in >> part; ++i) out += (i ? " " : "") + part;
  return out;
}

}  // namespace

TEST(Genfens, ParsesOpenBenchsWordsAndOurExtras) {
  auto request = std::get<GenfensRequest>(parse("12 seed 34 book None"));
  EXPECT_EQ(request.count, 12u);
  EXPECT_EQ(request.seed, 34u);
  EXPECT_EQ(request.book, "");
  EXPECT_EQ(request.randomPlies, 8);
  EXPECT_FALSE(request.chess960);

  request = std::get<GenfensRequest>(parse("5 seed 1 book Books/UHO_Lichess_4852_v1.epd"));
  EXPECT_EQ(request.book, "Books/UHO_Lichess_4852_v1.epd");
  EXPECT_EQ(request.randomPlies, 4);  // fewer after a book position
  EXPECT_FALSE(request.chess960);
  for (const char* book :
       {"Books/FRC_openings.epd", "Books/dfrc.epd", "Books/Fischer.epd", "Books/chess960.epd"})
    EXPECT_TRUE(std::get<GenfensRequest>(parse(std::string("5 seed 1 book ") + book)).chess960)
        << book;

  request = std::get<GenfensRequest>(
      parse("5 seed 18446744073709551615 book None plies 0 nodes 200 maxscore 50"));
  EXPECT_EQ(request.seed, 18446744073709551615ULL);
  EXPECT_EQ(request.randomPlies, 0);
  EXPECT_EQ(request.nodes, 200u);
  EXPECT_EQ(request.maxScore, 50);

  EXPECT_NE(error_of("").find("needs a count"), std::string::npos);
  EXPECT_NE(error_of("0 seed 1 book None").find("count"), std::string::npos);
  EXPECT_NE(error_of("x seed 1 book None").find("count"), std::string::npos);
  EXPECT_NE(error_of("3 book None").find("needs seed"), std::string::npos);
  EXPECT_NE(error_of("3 seed 1").find("book"), std::string::npos);
  EXPECT_NE(error_of("3 seed -1 book None").find("seed"), std::string::npos);
  EXPECT_NE(error_of("3 seed 1 book None plies 101").find("plies"), std::string::npos);
  EXPECT_NE(error_of("3 seed 1 book None nodes 0").find("nodes"), std::string::npos);
  EXPECT_NE(error_of("3 seed 1 book None maxscore").find("needs a value"), std::string::npos);
  EXPECT_NE(error_of("3 seed 1 book None depth 4").find("unknown argument 'depth'"),
            std::string::npos);
}

TEST(Genfens, TheSameSeedGivesTheSameDistinctOpenings) {
  GenfensRequest request;
  request.count = 16;
  request.seed = 5;
  request.nodes = 1000;
  auto first = openings(request);
  ASSERT_EQ(first.size(), 16u);
  std::set<std::string> positions;
  for (const std::string& fen : first) {
    Position pos;
    ASSERT_FALSE(pos.set(fen)) << fen;
    EXPECT_EQ(pos.fen(), fen);
    EXPECT_GT(MoveList<LEGAL>(pos).size(), 0u) << fen;
    EXPECT_EQ(pos.side_to_move(), WHITE) << fen;          // 8 random plies from the start
    EXPECT_NE(fen.find(" 5"), std::string::npos) << fen;  // full move 5
    positions.insert(placement(fen));
  }
  EXPECT_EQ(positions.size(), first.size());
  EXPECT_EQ(openings(request), first);
  request.seed = 6;
  EXPECT_NE(openings(request), first);
}

TEST(Genfens, WithoutPliesTheOpeningsAreTheBooksOwn) {
  TempFile book(
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
      "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1 ; id \"d4\"\n");
  GenfensRequest request = std::get<GenfensRequest>(
      parse("3 seed 9 book " + book.path() + " plies 0 nodes 500 maxscore 400"));
  auto made = openings(request);
  EXPECT_EQ(std::set<std::string>(made.begin(), made.end()),
            (std::set<std::string>{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                                   "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
                                   "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"}));

  // A fourth distinct opening does not exist: a clear message, not a hang.
  request.count = 4;
  std::string error;
  EXPECT_EQ(openings(request, &error).size(), 3u);
  EXPECT_NE(error.find("3 openings made"), std::string::npos) << error;

  request.book = "/nonexistent/shiftmate/book.epd";
  openings(request, &error);
  EXPECT_NE(error.find("cannot open"), std::string::npos) << error;

  // A device or a directory opens as a stream too, and /dev/zero never
  // ends: only a regular file is read.
  for (const char* notAFile : {"/dev/zero", "/tmp"}) {
    request.book = notAFile;
    EXPECT_TRUE(openings(request, &error).empty());
    EXPECT_NE(error.find("is not a regular file"), std::string::npos) << error;
  }
}

TEST(Genfens, AChess960BookByItsNameGivesChess960Openings) {
  TempPath book("-frc.epd");
  write_file(book.path(),
             "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21\n");
  GenfensRequest request =
      std::get<GenfensRequest>(parse("1 seed 3 book " + book.path() + " plies 0"));
  ASSERT_TRUE(request.chess960);
  EXPECT_EQ(openings(request),
            std::vector<std::string>{
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"});

  // Random plies from it keep Chess960 castling rights (h- and f-file rooks).
  request.randomPlies = 2;
  request.count = 4;
  for (const std::string& fen : openings(request)) {
    Position pos;
    EXPECT_FALSE(pos.set(fen, true)) << fen;
    EXPECT_EQ(pos.fen(), fen);
  }
}
