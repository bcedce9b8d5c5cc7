// Polyglot books: keys against the format specification's published test
// keys, move lists against Debian's `polyglot dump-book` reading Debian's
// gnuchess-book, the weighted choice on a book written here, and the UCI
// options over the pipe.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "book/polyglot.h"
#include "engine_process.h"
#include "movegen.h"
#include "position.h"
#include "random.h"
#include "san.h"
#include "test_support.h"

using namespace shiftmate;
using namespace shiftmate_test;
namespace fs = std::filesystem;

namespace {

const char* const GnuchessBook = "/usr/share/games/gnuchess/book.bin";
const char* const PolyglotProgram = "/usr/games/polyglot";

Position after_moves(const std::string& fen, const std::string& uciMoves) {
  Position pos;
  EXPECT_FALSE(pos.set(fen));
  std::istringstream in(uciMoves);
  for (std::string text; in >> text;) {
    Move m = parse_uci_move(pos, text);
    EXPECT_TRUE(m) << text << " in " << pos.fen();
    if (!m) break;
    pos.do_move(m);
  }
  return pos;
}

// One 16-byte book entry, big-endian as the format has it.
std::string entry_bytes(Key key, std::uint16_t move, std::uint16_t weight) {
  std::string bytes;
  for (int i = 7; i >= 0; --i) bytes += char((key >> (8 * i)) & 0xFF);
  bytes += char(move >> 8);
  bytes += char(move & 0xFF);
  bytes += char(weight >> 8);
  bytes += char(weight & 0xFF);
  bytes += std::string(4, '\0');  // the "learn" field, unused
  return bytes;
}

// A book move as the format encodes it: to, from, promotion 1-4.
std::uint16_t book_move(Square from, Square to, int promotion = 0) {
  return std::uint16_t(to | (from << 6) | (promotion << 12));
}

}  // namespace

// The test keys published with the Polyglot book format specification.
TEST(PolyglotKey, MatchesTheSpecificationsTestKeys) {
  const std::string start(START_FEN);
  const std::vector<std::pair<std::string, Key>> cases = {
      {"", 0x463b96181691fc9cULL},
      {"e2e4", 0x823c9b50fd114196ULL},
      {"e2e4 d7d5", 0x0756b94461c50fb0ULL},
      {"e2e4 d7d5 e4e5", 0x662fafb965db29d4ULL},
      {"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78ULL},
      {"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1ULL},
      {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9ULL},
      {"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637ULL},
      {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560ULL},
  };
  for (const auto& [moves, key] : cases)
    EXPECT_EQ(book::polyglot_key(after_moves(start, moves)), key) << "after '" << moves << "'";
}

TEST(PolyglotKey, EnPassantFileCountsOnlyWithACapturingPawnBeside) {
  // The same placement reached with and without a usable en-passant square.
  Position withEp = after_moves("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4");
  Position noEp = after_moves("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4");
  Position same;
  ASSERT_FALSE(same.set("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1"));
  EXPECT_NE(book::polyglot_key(withEp), book::polyglot_key(same));
  Position noPawnSide;
  ASSERT_FALSE(noPawnSide.set("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"));
  EXPECT_EQ(book::polyglot_key(noEp), book::polyglot_key(noPawnSide));
}

TEST(PolyglotBook, ReportsUnreadableFiles) {
  book::PolyglotBook b;
  auto missing = b.open("/nonexistent/book.bin");
  ASSERT_TRUE(missing);
  EXPECT_NE(missing->find("cannot open"), std::string::npos) << *missing;
  EXPECT_FALSE(b.is_open());
  TempFile ragged(std::string(17, 'x'));
  auto bad = b.open(ragged.path());
  ASSERT_TRUE(bad);
  EXPECT_NE(bad->find("not a Polyglot book"), std::string::npos) << *bad;
  TempFile empty("");
  EXPECT_TRUE(b.open(empty.path()));
  EXPECT_FALSE(b.is_open());
  EXPECT_TRUE(b.moves(Position()).empty());
  // A directory once reported a size of 2^63 - 1 bytes; a FIFO would block.
  for (const char* notAFile : {"/tmp", "/dev/zero"}) {
    auto refused = b.open(notAFile);
    ASSERT_TRUE(refused) << notAFile;
    EXPECT_NE(refused->find("is not a regular file"), std::string::npos) << *refused;
    EXPECT_FALSE(b.is_open());
  }
  const std::string fifo = std::filesystem::temp_directory_path() /
                           ("shiftmate-book-fifo-" + std::to_string(::getpid()));
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto refused = b.open(fifo);
  std::filesystem::remove(fifo);
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->find("is not a regular file"), std::string::npos) << *refused;
}

// A book written here: the choice follows the weights, weight 0 and illegal
// entries are never played, castling and promotions decode.
TEST(PolyglotBook, ChoosesInProportionToTheWeights) {
  Position start;
  const Key startKey = book::polyglot_key(start);
  Position castle;
  ASSERT_FALSE(castle.set("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1"));
  const Key castleKey = book::polyglot_key(castle);
  std::vector<std::pair<Key, std::string>> entries = {
      {startKey, entry_bytes(startKey, book_move(SQ_E2, SQ_E4), 3)},
      {startKey, entry_bytes(startKey, book_move(SQ_D2, SQ_D4), 1)},
      {startKey, entry_bytes(startKey, book_move(SQ_G1, SQ_F3), 0)},   // never played
      {startKey, entry_bytes(startKey, book_move(SQ_E2, SQ_E5), 50)},  // illegal
      {castleKey, entry_bytes(castleKey, book_move(SQ_E1, SQ_H1), 5)},
      {castleKey, entry_bytes(castleKey, book_move(SQ_B7, SQ_A8, 1), 2)},
      {castleKey, entry_bytes(castleKey, book_move(SQ_B7, SQ_B8, 4), 1)},
      {startKey + 1, entry_bytes(startKey + 1, book_move(SQ_A2, SQ_A3), 9)},
  };
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string bytes;
  for (const auto& e : entries) bytes += e.second;
  TempFile file(bytes);
  book::PolyglotBook b;
  ASSERT_FALSE(b.open(file.path()));
  EXPECT_EQ(b.entries(), entries.size());

  auto startMoves = b.moves(start);
  ASSERT_EQ(startMoves.size(), 2u);
  EXPECT_EQ(start.move_to_uci(startMoves[0].move), "e2e4");
  EXPECT_EQ(startMoves[0].weight, 3);
  EXPECT_EQ(start.move_to_uci(startMoves[1].move), "d2d4");

  std::map<std::string, int> count;
  Random rng(2026);
  const int draws = 20000;
  for (int i = 0; i < draws; ++i) ++count[start.move_to_uci(b.choose(start, false, rng.next()))];
  EXPECT_EQ(count.size(), 2u);
  // 3:1 weights: e2e4 three times in four (standard error about 0.3%).
  EXPECT_NEAR(count["e2e4"] / double(draws), 0.75, 0.015);
  EXPECT_EQ(start.move_to_uci(b.choose(start, true, rng.next())), "e2e4");

  auto castleMoves = b.moves(castle);
  ASSERT_EQ(castleMoves.size(), 3u);
  EXPECT_EQ(castleMoves[0].move.kind(), CASTLING);
  EXPECT_EQ(castle.move_to_uci(castleMoves[0].move), "e1g1");
  EXPECT_EQ(castle.move_to_uci(castleMoves[1].move), "b7a8n");
  EXPECT_EQ(castle.move_to_uci(castleMoves[2].move), "b7b8q");

  Position other;
  ASSERT_FALSE(other.set("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
  EXPECT_EQ(b.choose(other, false, 1), Move::none());
}

// Debian's polyglot prints every line of a book with the share of each of
// one side's moves; our reading of the same book must give the same moves
// with the same shares.
TEST(PolyglotBook, AgreesWithPolyglotDumpBookOnGnuchessBook) {
  if (!fs::exists(PolyglotProgram) || !fs::exists(GnuchessBook))
    GTEST_SKIP() << "Debian's polyglot or gnuchess-book is not installed";
  book::PolyglotBook b;
  ASSERT_FALSE(b.open(GnuchessBook));
  int movesChecked = 0, linesChecked = 0;
  for (const char* color : {"white", "black"}) {
    TempPath dump;
    std::string cmd = std::string(PolyglotProgram) + " dump-book -bin " + GnuchessBook +
                      " -color " + color + " -out " + dump.path() + " > /dev/null 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    std::ifstream in(dump.path());
    int lines = 0;
    for (std::string line; std::getline(in, line) && lines < 1000;) {
      if (line.find(": ") == std::string::npos || line.rfind("Dump", 0) == 0) continue;
      ++lines;
      Position pos;
      std::istringstream words(line.substr(line.find(": ") + 2));
      for (std::string word; words >> word;) {
        if (word[0] == '{') break;  // "{trans: ...}": a transposition
        if (std::isdigit(static_cast<unsigned char>(word[0]))) continue;  // "12."
        std::string san = word.substr(0, word.find('{'));
        Move m = parse_san(pos, san);
        ASSERT_TRUE(m) << "'" << san << "' in " << pos.fen() << " (" << line << ")";
        if (auto brace = word.find('{'); brace != std::string::npos) {
          const int theirs = std::stoi(word.substr(brace + 1));
          auto moves = b.moves(pos);
          unsigned total = 0, weight = 0;
          for (const auto& bm : moves) {
            total += bm.weight;
            if (bm.move == m) weight = bm.weight;
          }
          ASSERT_GT(weight, 0u) << san << " missing in " << pos.fen();
          EXPECT_LE(std::abs(100.0 * weight / total - theirs), 1.0)
              << san << " in " << pos.fen() << ": ours " << weight << "/" << total;
          ++movesChecked;
        }
        pos.do_move(m);
      }
    }
    linesChecked += lines;
  }
  EXPECT_EQ(linesChecked, 2000);
  EXPECT_GT(movesChecked, 20000) << movesChecked;
  std::printf("checked %d book moves on %d lines\n", movesChecked, linesChecked);
}

// Debian's polyglot builds a book from a game with en-passant captures
// (both colours), promotion by capture, and castling on both wings; every
// position of the game must be found with the move played.
TEST(PolyglotBook, FindsEveryPositionOfABookPolyglotMadeFromAGame) {
  if (!fs::exists(PolyglotProgram)) GTEST_SKIP() << "Debian's polyglot is not installed";
  const std::string game =
      "e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 c8e6 g7h8n d8d6 g1f3 e8c8 f1e2 a7a5 e1g1 a5a4 b2b4 "
      "a4b3 a2b3 d6h2";
  Position pos;
  std::vector<std::pair<Position, Move>> played;
  std::string pgn = "[Event \"book test\"]\n[Result \"*\"]\n\n";
  std::istringstream in(game);
  for (std::string text; in >> text;) {
    Move m = parse_uci_move(pos, text);
    ASSERT_TRUE(m) << text;
    if (pos.side_to_move() == WHITE) pgn += std::to_string(pos.fullmove_number()) + ". ";
    pgn += move_to_san(pos, m) + " ";
    played.emplace_back(pos, m);
    pos.do_move(m);
  }
  pgn += "*\n";
  TempFile pgnFile(pgn);
  TempPath bookFile(".bin");
  std::string cmd = std::string(PolyglotProgram) + " make-book -pgn " + pgnFile.path() + " -bin " +
                    bookFile.path() + " -min-game 1 > /dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  book::PolyglotBook b;
  ASSERT_FALSE(b.open(bookFile.path()));
  EXPECT_EQ(b.entries(), played.size());
  for (auto& [before, move] : played) {
    auto moves = b.moves(before);
    ASSERT_EQ(moves.size(), 1u) << before.fen();
    EXPECT_EQ(moves[0].move, move) << before.fen();
  }
}

TEST(PolyglotBook, UciOptionsPlayBookMovesAndFallBackToSearch) {
  if (!fs::exists(GnuchessBook)) GTEST_SKIP() << "gnuchess-book is not installed";
  EngineProcess e;
  e.send("uci");
  std::vector<std::string> lines;
  ASSERT_TRUE(e.wait_for("uciok", StartupTimeoutMs, &lines));
  int bookOptions = 0;
  for (const auto& l : lines)
    bookOptions += l == "option name OwnBook type check default false" ||
                   l == "option name BookFile type string default <empty>" ||
                   l == "option name BestBookMove type check default false";
  EXPECT_EQ(bookOptions, 3);

  e.send("setoption name OwnBook value true");
  EXPECT_TRUE(e.wait_for("info string OwnBook: no BookFile is loaded yet", 5000));
  e.send("setoption name BookFile value /nonexistent/book.bin");
  EXPECT_TRUE(e.wait_for("info string BookFile: cannot open", 5000));
  e.send(std::string("setoption name BookFile value ") + GnuchessBook);
  EXPECT_TRUE(e.wait_for("info string BookFile: 1", 5000));  // "BookFile: N entries in ..."

  // Weighted choice from the start: only book moves, and more than one.
  book::PolyglotBook reference;
  ASSERT_FALSE(reference.open(GnuchessBook));
  std::set<std::string> bookMoves, played;
  Position start;
  for (const auto& bm : reference.moves(start)) bookMoves.insert(start.move_to_uci(bm.move));
  for (int i = 0; i < 30; ++i) {
    e.send("position startpos");
    e.send("go wtime 60000 btime 60000");
    std::vector<std::string> out;
    auto best = e.wait_for("bestmove", 5000, &out);
    ASSERT_TRUE(best);
    ASSERT_GE(out.size(), 2u);
    EXPECT_EQ(out[out.size() - 2].rfind("info string book move", 0), 0u) << out[out.size() - 2];
    std::string move = best->substr(9);
    EXPECT_TRUE(bookMoves.count(move)) << move;
    played.insert(move);
  }
  EXPECT_GE(played.size(), 2u);

  e.send("setoption name BestBookMove value true");
  e.send("position startpos moves e2e4 e7e5 g1f3");
  e.send("go movetime 5000");
  auto best = e.wait_for("bestmove", 5000);
  ASSERT_TRUE(best);
  EXPECT_EQ(*best, "bestmove b8c6");

  // Analysis and positions out of book search as usual.
  e.send("position startpos");
  e.send("go infinite");
  EXPECT_TRUE(e.wait_for("info depth 3", 10000));
  e.send("stop");
  EXPECT_TRUE(e.wait_for("bestmove", 5000));
  e.send("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  e.send("go depth 4");
  std::vector<std::string> out;
  ASSERT_TRUE(e.wait_for("bestmove", 10000, &out));
  bool searched = false;
  for (const auto& l : out) searched |= l.rfind("info depth 4", 0) == 0;
  EXPECT_TRUE(searched);

  e.send("setoption name OwnBook value false");
  e.send("position startpos");
  e.send("go depth 2");
  out.clear();
  ASSERT_TRUE(e.wait_for("bestmove", 10000, &out));
  for (const auto& l : out) EXPECT_EQ(l.find("book move"), std::string::npos) << l;
}
