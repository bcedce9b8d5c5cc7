// Perft against the published counts of the suites in perft/, the threaded
// and hashed variants against the plain one, and the EPD parser and suite
// runner.
#include "perft/perft.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "generator.h"
#include "movegen.h"
#include "perft/board.h"
#include "position.h"
#include "test_support.h"

using namespace shiftmate;
using shiftmate_test::suite_lines;

namespace {

constexpr const char* Kiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

class PerftTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { Position::init(); }
};

// Checks every (depth, count) of the given suite lines up to maxNodes, one
// run_perft call each, so that a failure names the FEN and depth.
void check_lines(const std::vector<std::string>& lines, std::uint64_t maxNodes, int threads,
                 std::uint64_t& checked) {
  for (const std::string& line : lines) {
    std::string error;
    auto c = parse_epd_line(line, error);
    ASSERT_TRUE(c.has_value()) << line << ": " << error;
    Position pos;
    auto fenError = pos.set(c->fen);
    ASSERT_FALSE(fenError) << c->fen << ": " << *fenError;
    for (auto [depth, expected] : c->expected) {
      if (expected > maxNodes) continue;
      PerftResult r = run_perft(pos, {depth, threads, 0});
      EXPECT_EQ(r.nodes, expected) << c->fen << " depth " << depth;
      ++checked;
    }
  }
}

// The standard suite to full depth (about 4.8 billion leaves), in four
// shards so that CTest can run them side by side.
class StandardSuite : public PerftTest, public ::testing::WithParamInterface<int> {};

TEST_P(StandardSuite, FullDepth) {
  auto lines = suite_lines("standard.epd");
  ASSERT_GE(lines.size(), 100u);
  std::vector<std::string> shard;
  for (std::size_t i = GetParam(); i < lines.size(); i += 4) shard.push_back(lines[i]);
  std::uint64_t checked = 0;
  check_lines(shard, ~0ULL, 1, checked);
  EXPECT_GT(checked, 100u);
}

INSTANTIATE_TEST_SUITE_P(Shards, StandardSuite, ::testing::Values(0, 1, 2, 3));

TEST_F(PerftTest, TrickySuiteFullDepth) {
  std::ifstream in(shiftmate_test::perft_file("tricky.epd"));
  ASSERT_TRUE(in);
  std::ostringstream out;
  int failures = run_suite(in, SuiteOptions{}, out);
  EXPECT_EQ(failures, 0) << out.str();
  EXPECT_NE(out.str().find("23 positions, 23 passed, 0 failed"), std::string::npos) << out.str();
}

// The Chess960 suite: every position, the depths with at most 6 million
// leaves (about 765 million nodes in all), through run_suite.
TEST_F(PerftTest, FischerSuiteUpToSixMillionNodes) {
  std::ifstream in(shiftmate_test::perft_file("fischer.epd"));
  ASSERT_TRUE(in);
  std::ostringstream out;
  SuiteOptions options;
  options.maxNodes = 6000000;
  options.quiet = true;
  int failures = run_suite(in, options, out);
  EXPECT_EQ(failures, 0) << out.str();
  EXPECT_NE(out.str().find("960 positions, 960 passed, 0 failed"), std::string::npos) << out.str();
}

TEST_F(PerftTest, PlainPerftFunction) {
  Position pos;
  EXPECT_EQ(perft(pos, 0), 1u);
  EXPECT_EQ(perft(pos, 1), 20u);
  EXPECT_EQ(perft(pos, 3), 8902u);
  ASSERT_FALSE(pos.set(Kiwipete));
  EXPECT_EQ(perft(pos, 3), 97862u);
  EXPECT_EQ(pos.fen(), Kiwipete);  // perft leaves the position as it was
}

TEST_F(PerftTest, DivideSumsToTotalAndCoversEveryRootMove) {
  Position pos;
  ASSERT_FALSE(pos.set(Kiwipete));
  PerftResult r = run_perft(pos, {3, 1, 0});
  EXPECT_EQ(r.nodes, 97862u);
  ASSERT_EQ(r.divide.size(), 48u);
  std::uint64_t sum = 0;
  for (const auto& d : r.divide) {
    sum += d.nodes;
    // Each entry equals perft(depth - 1) after that move.
    Position child = pos;
    bool found = false;
    for (Move m : MoveList<LEGAL>(pos))
      if (pos.move_to_uci(m) == d.move) {
        child.do_move(m);
        found = true;
      }
    ASSERT_TRUE(found) << d.move;
    EXPECT_EQ(perft(child, 2), d.nodes) << d.move;
  }
  EXPECT_EQ(sum, r.nodes);

  PerftResult zero = run_perft(pos, {0, 1, 0});
  EXPECT_EQ(zero.nodes, 1u);
  PerftResult one = run_perft(pos, {1, 1, 0});
  EXPECT_EQ(one.nodes, 48u);
  for (const auto& d : one.divide) EXPECT_EQ(d.nodes, 1u) << d.move;
}

// perft's walk makes normal moves with make_normal, told by the generator
// which piece moves and whether it captures (queens as BISHOP or as ROOK):
// it must leave the board that make<Us>(Move) leaves, and unmake_normal must
// restore the board exactly. Board: PerftBoard or KeyedPerftBoard (whose
// comparison takes in the key).
template <Color Us, class Board>
void check_make_normal(const Board& board, Move m, const Board& made) {
  const Square from = m.from(), to = m.to();
  const Piece piece = board.piece_on(from);
  const bool capture = board.piece_on(to) != NO_PIECE;
  const std::uint8_t mask = LeafBoard::castling_mask<Us>(board);
  auto check = [&]<PieceType Mover>() {
    Board b = board;
    typename Board::Undo undo;
    // The last ply's board, made from the board above and the move alone,
    // must be the made board's.
    std::optional<LeafBoard> leaf;
    if (capture) {
      undo = b.template make_normal<Us, Mover, true>(piece, from, to);
      leaf = LeafBoard::after_normal<Us, Mover, true>(board, mask, piece, from, to);
    } else if constexpr (Mover == PAWN) {
      const bool doublePush = (from ^ to) == 16;
      undo = doublePush ? b.template make_normal<Us, PAWN, false, true>(piece, from, to)
                        : b.template make_normal<Us, PAWN, false>(piece, from, to);
      leaf = doublePush
                 ? LeafBoard::after_normal<Us, PAWN, false, true>(board, mask, piece, from, to)
                 : LeafBoard::after_normal<Us, PAWN, false>(board, mask, piece, from, to);
    } else {
      undo = b.template make_normal<Us, Mover, false>(piece, from, to);
      leaf = LeafBoard::after_normal<Us, Mover, false>(board, mask, piece, from, to);
    }
    EXPECT_TRUE(b == made) << "make_normal<" << int(Mover) << "> of " << int(from) << "-"
                           << int(to);
    EXPECT_TRUE(*leaf == LeafBoard(made, mask))
        << "LeafBoard::after_normal<" << int(Mover) << "> of " << int(from) << "-" << int(to);
    // The rights the mask drops must be ones no reply could use.
    EXPECT_EQ(count_legal_moves<~Us>(*leaf), count_legal_moves<~Us>(made))
        << "count on the masked LeafBoard after " << int(from) << "-" << int(to);
    if (capture)
      b.template unmake_normal<Us, Mover, true>(piece, from, to, undo);
    else
      b.template unmake_normal<Us, Mover, false>(piece, from, to, undo);
    EXPECT_TRUE(b == board) << "unmake_normal of " << int(from) << "-" << int(to);
  };
  switch (type_of(piece)) {
    case PAWN:
      check.template operator()<PAWN>();
      break;
    case KNIGHT:
      check.template operator()<KNIGHT>();
      break;
    case BISHOP:
      check.template operator()<BISHOP>();
      break;
    case ROOK:
      check.template operator()<ROOK>();
      break;
    case QUEEN:
      check.template operator()<BISHOP>();
      check.template operator()<ROOK>();
      break;
    case KING:
      check.template operator()<KING>();
      break;
    default:
      FAIL() << "no piece on the origin of a legal move";
  }
}

// Walks the tree with Position::do_move and PerftBoard::make side by side:
// at every node the made board must equal one built from the Position, the
// generator must give it the same moves in the same order, and unmake must
// restore it exactly. On a KeyedPerftBoard the incremental key must also
// equal the Position's key recomputed from scratch.
template <class Board>
void walk_both(Position& pos, const Board& board, int depth, std::uint64_t& nodes) {
  ++nodes;
  ASSERT_TRUE(board == Board(pos)) << pos.fen();
  if constexpr (std::is_same_v<Board, KeyedPerftBoard>) {
    ASSERT_EQ(board.key(), pos.compute_key()) << pos.fen();
  }
  Move moves[MAX_MOVES];
  MoveWriter writer{moves};
  const PerftBoard& plain = board;
  if (pos.side_to_move() == WHITE)
    generate_all<WHITE, LEGAL>(plain, writer);
  else
    generate_all<BLACK, LEGAL>(plain, writer);
  Move* end = writer.out;
  MoveList<LEGAL> expected(pos);
  ASSERT_EQ(std::size_t(end - moves), expected.size()) << pos.fen();
  ASSERT_TRUE(std::equal(moves, end, expected.begin())) << pos.fen();
  ASSERT_EQ(pos.side_to_move() == WHITE ? count_legal_moves<WHITE>(plain)
                                        : count_legal_moves<BLACK>(plain),
            expected.size())
      << pos.fen();
  ASSERT_EQ(pos.side_to_move() == WHITE ? count_legal_moves<WHITE>(LeafBoard(board))
                                        : count_legal_moves<BLACK>(LeafBoard(board)),
            expected.size())
      << "on a LeafBoard: " << pos.fen();
  if (depth == 0) return;
  for (Move m : expected) {
    const bool white = pos.side_to_move() == WHITE;
    Board child = board;
    auto undo = white ? child.template make<WHITE>(m) : child.template make<BLACK>(m);
    if (m.kind() == NORMAL) {
      if (white)
        check_make_normal<WHITE>(board, m, child);
      else
        check_make_normal<BLACK>(board, m, child);
    }
    pos.do_move(m);
    walk_both(pos, child, depth - 1, nodes);
    pos.undo_move(m);
    if (::testing::Test::HasFatalFailure()) return;
    if (white)
      child.template unmake<WHITE>(m, undo);
    else
      child.template unmake<BLACK>(m, undo);
    ASSERT_TRUE(child == board) << "unmake of " << pos.move_to_uci(m) << " in " << pos.fen();
  }
}

// The suites' positions, with a sample of the Chess960 ones.
std::vector<std::string> walk_fens() {
  std::vector<std::string> fens;
  for (const std::string& line : suite_lines("standard.epd")) fens.push_back(line);
  for (const std::string& line : suite_lines("tricky.epd")) fens.push_back(line);
  auto fischer = suite_lines("fischer.epd");
  for (std::size_t i = 0; i < fischer.size(); i += 8) fens.push_back(fischer[i]);
  return fens;
}

template <class Board>
void walk_suites() {
  std::uint64_t nodes = 0;
  for (const std::string& line : walk_fens()) {
    std::string error;
    auto c = parse_epd_line(line, error);
    ASSERT_TRUE(c.has_value()) << line << ": " << error;
    Position pos;
    ASSERT_FALSE(pos.set(c->fen)) << c->fen;
    const std::string before = pos.fen();
    walk_both(pos, Board(pos), 2, nodes);
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_EQ(pos.fen(), before);
  }
  EXPECT_GT(nodes, 100000u);
}

TEST_F(PerftTest, PerftBoardFollowsDoMove) { walk_suites<PerftBoard>(); }

TEST_F(PerftTest, KeyedPerftBoardKeyFollowsPosition) { walk_suites<KeyedPerftBoard>(); }

// The last ply drops only castling rights that a piece of the castling side
// blocks. Here a white bishop on b8 blocks black's queenside path; after
// Ba7 it attacks b8 alone, which the king does not cross, and black may
// castle: the count on the LeafBoard must still see it.
TEST_F(PerftTest, LeafBoardKeepsCastlingThatAnEnemyPieceBlocked) {
  Position pos;
  ASSERT_FALSE(pos.set("rB2k2r/8/8/8/8/8/8/4K3 w q - 0 1"));
  std::uint64_t nodes = 0;
  walk_both(pos, PerftBoard(pos), 1, nodes);
  Position after = pos;
  after.do_move(parse_uci_move(after, "b8a7"));
  EXPECT_NE(parse_uci_move(after, "e8c8"), Move::none()) << "black can castle after Ba7";
}

// En passant is hashed, as Position hashes it, only where a pawn can take:
// after e2-e4 with no black pawn beside it, the key is that of the position
// with no en passant square at all.
TEST_F(PerftTest, KeyedPerftBoardHashesEnPassantAsPosition) {
  struct Case {
    const char* before;
    const char* withoutEp;  // after e2-e4, en passant square left out
    bool epHashed;
  };
  for (const Case& c :
       {Case{"4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/3pP3/8/8/4K3 b - -", true},
        Case{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - -", false}}) {
    Position pos, withoutEp;
    ASSERT_FALSE(pos.set(c.before)) << c.before;
    ASSERT_FALSE(withoutEp.set(c.withoutEp)) << c.withoutEp;
    KeyedPerftBoard board(pos);
    board.make_normal<WHITE, PAWN, false, true>(make_piece(WHITE, PAWN), SQ_E2, SQ_E4);
    pos.do_move(Move::make<NORMAL>(SQ_E2, SQ_E4));
    EXPECT_EQ(board.key(), pos.key()) << c.before;
    EXPECT_EQ(board.key(), pos.compute_key()) << c.before;
    EXPECT_EQ(board.key() != withoutEp.key(), c.epHashed) << c.before;
  }
}

void expect_same(const PerftResult& a, const PerftResult& b, const std::string& what) {
  EXPECT_EQ(a.nodes, b.nodes) << what;
  ASSERT_EQ(a.divide.size(), b.divide.size()) << what;
  for (std::size_t i = 0; i < a.divide.size(); ++i) {
    EXPECT_EQ(a.divide[i].move, b.divide[i].move) << what;
    EXPECT_EQ(a.divide[i].nodes, b.divide[i].nodes) << what << " " << a.divide[i].move;
  }
}

TEST_F(PerftTest, ThreadsAndHashGiveTheSameCounts) {
  const std::vector<std::pair<std::string, int>> cases = {
      {std::string(START_FEN), 5},
      {Kiwipete, 4},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5},
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4},
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 4},
  };
  for (const auto& [fen, depth] : cases) {
    Position pos;
    ASSERT_FALSE(pos.set(fen)) << fen;
    PerftResult single = run_perft(pos, {depth, 1, 0});
    EXPECT_EQ(single.nodes, perft(pos, depth)) << fen;
    expect_same(single, run_perft(pos, {depth, 2, 0}), fen + " threads 2");
    expect_same(single, run_perft(pos, {depth, 3, 0}), fen + " threads 3");
    expect_same(single, run_perft(pos, {depth, 1, 16}), fen + " hash 16");
    expect_same(single, run_perft(pos, {depth, 3, 16}), fen + " threads 3 hash 16");
    expect_same(single, run_perft(pos, {depth, 1, 1}), fen + " hash 1");
    // The result must not depend on what a previous run left behind.
    expect_same(single, run_perft(pos, {depth, 2, 16}), fen + " threads 2 hash 16");
  }
  // Deep enough that positions recur at different remaining depths (a
  // back-and-forth takes four plies), so the hash must tell depths apart.
  Position endgame;
  ASSERT_FALSE(endgame.set("8/k1P5/8/1K6/8/8/8/8 w - - 0 1"));
  EXPECT_EQ(run_perft(endgame, {7, 1, 16}).nodes, 567584u);
  EXPECT_EQ(run_perft(endgame, {7, 2, 1}).nodes, 567584u);
  Position cpw3;
  ASSERT_FALSE(cpw3.set("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"));
  EXPECT_EQ(run_perft(cpw3, {7, 2, 16}).nodes, 178633661u);
  // Published counts as an anchor.
  Position start;
  EXPECT_EQ(run_perft(start, {5, 3, 16}).nodes, 4865609u);
  Position kiwi;
  ASSERT_FALSE(kiwi.set(Kiwipete));
  EXPECT_EQ(run_perft(kiwi, {4, 2, 16}).nodes, 4085603u);
}

TEST_F(PerftTest, PrintPerftFormat) {
  Position pos;
  PerftResult r = run_perft(pos, {2, 1, 0});
  std::ostringstream out;
  print_perft(out, r, true);
  std::istringstream in(out.str());
  std::string line;
  for (int i = 0; i < 20; ++i) {
    ASSERT_TRUE(std::getline(in, line));
    EXPECT_EQ(line, r.divide[i].move + ": 20") << line;
  }
  ASSERT_TRUE(std::getline(in, line));
  EXPECT_EQ(line, "");
  ASSERT_TRUE(std::getline(in, line));
  EXPECT_EQ(line, "Nodes searched: 400");

  std::ostringstream quiet;
  print_perft(quiet, r, false);
  // No divide line (the speed line may itself contain ": 20").
  for (const auto& entry : r.divide)
    EXPECT_EQ(quiet.str().find(entry.move + ": "), std::string::npos) << quiet.str();
  EXPECT_NE(quiet.str().find("Nodes searched: 400"), std::string::npos);
}

// ---------------------------------------------------------------- EPD parsing

TEST_F(PerftTest, ParseEpdLineAcceptsUsualForms) {
  std::string error;
  auto c = parse_epd_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400",
                          error);
  ASSERT_TRUE(c) << error;
  EXPECT_EQ(error, "");
  EXPECT_EQ(c->fen, START_FEN);
  ASSERT_EQ(c->expected.size(), 2u);
  EXPECT_EQ(c->expected[0], (std::pair<int, std::uint64_t>(1, 20)));
  EXPECT_EQ(c->expected[1], (std::pair<int, std::uint64_t>(2, 400)));

  // A space after ';', CRLF line endings, tabs.
  c = parse_epd_line("4k3/8/8/8/8/8/8/4K2R w K - 0 1; D1 15 ; D2 66\r\n", error);
  ASSERT_TRUE(c) << error;
  EXPECT_EQ(c->fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  ASSERT_EQ(c->expected.size(), 2u);
  EXPECT_EQ(c->expected[1], (std::pair<int, std::uint64_t>(2, 66)));
  c = parse_epd_line("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15\r", error);
  ASSERT_TRUE(c) << error;
  EXPECT_EQ(c->expected.back().second, 15u);

  // Four-field FEN.
  c = parse_epd_line("4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D3 1197", error);
  ASSERT_TRUE(c) << error;
  EXPECT_EQ(c->fen, "4k3/8/8/8/8/8/8/4K2R w K -");
  Position pos;
  ASSERT_FALSE(pos.set(c->fen));
  EXPECT_EQ(perft(pos, 3), 1197u);

  // Large counts.
  c = parse_epd_line(std::string(Kiwipete) + " ;D6 8031647685", error);
  ASSERT_TRUE(c) << error;
  EXPECT_EQ(c->expected[0], (std::pair<int, std::uint64_t>(6, 8031647685ULL)));
}

TEST_F(PerftTest, ParseEpdLineSkipsBlankAndCommentLines) {
  for (const std::string line : {"", "   ", "\r\n", "\t", "# a comment", "   # indented comment",
                                 "#4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15"}) {
    std::string error = "stale";
    auto c = parse_epd_line(line, error);
    EXPECT_FALSE(c) << "'" << line << "'";
    EXPECT_EQ(error, "") << "'" << line << "'";
  }
}

TEST_F(PerftTest, ParseEpdLineReportsMalformedLines) {
  const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ";
  for (const std::string tail :
       {";Dx 5", ";D1 abc", ";D1", ";X1 20", ";D0 1", ";D 20", "", ";", ";D1 20 ;D2", ";D-1 20"}) {
    std::string error;
    auto c = parse_epd_line(fen + tail, error);
    EXPECT_FALSE(c) << "'" << tail << "'";
    EXPECT_FALSE(error.empty()) << "'" << tail << "'";
  }
}

// Fields with something left over after the number are malformed too.
TEST_F(PerftTest, ParseEpdLineRejectsTrailingGarbageAndNegativeCounts) {
  const std::string fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ";
  for (const std::string tail : {";D1x 15", ";D1 15x", ";D1 -5", ";D1 15 16", ";D1 +15"}) {
    std::string error;
    auto c = parse_epd_line(fen + tail, error);
    EXPECT_FALSE(c) << "'" << tail << "' parsed as depth " << c->expected[0].first << " count "
                    << c->expected[0].second;
    EXPECT_FALSE(error.empty()) << "'" << tail << "'";
  }
}

TEST_F(PerftTest, PerftOfPositionsWithoutMoves) {
  Position pos;
  ASSERT_FALSE(pos.set("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"));  // mate
  EXPECT_EQ(run_perft(pos, {0, 1, 0}).nodes, 1u);
  EXPECT_EQ(run_perft(pos, {1, 2, 0}).nodes, 0u);
  EXPECT_EQ(run_perft(pos, {3, 3, 16}).nodes, 0u);
  EXPECT_TRUE(run_perft(pos, {2, 1, 0}).divide.empty());
  ASSERT_FALSE(pos.set("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));  // stalemate
  EXPECT_EQ(perft(pos, 2), 0u);
  EXPECT_EQ(run_perft(pos, {2, 2, 1}).nodes, 0u);
}

// ---------------------------------------------------------------- run_suite

TEST_F(PerftTest, RunSuiteCountsMismatches) {
  std::istringstream in(
      "# comment\n"
      "\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\r\n"
      "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67\n"
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039\n");
  std::ostringstream out;
  EXPECT_EQ(run_suite(in, SuiteOptions{}, out), 1) << out.str();
  EXPECT_NE(out.str().find("MISMATCH"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("expected 67 got 66"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("3 positions, 2 passed, 1 failed"), std::string::npos) << out.str();
}

TEST_F(PerftTest, RunSuiteCountsBadLinesAndRespectsLimits) {
  {
    std::istringstream in(
        "8/8/8/8/8/8/8/8 w - - 0 1 ;D1 0\n"                                    // bad FEN
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;Dx 20\n"    // parse error
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\n");  // fine
    std::ostringstream out;
    EXPECT_EQ(run_suite(in, SuiteOptions{}, out), 2) << out.str();
  }
  {
    // The wrong count at depth 3 is skipped by maxDepth 2...
    std::istringstream in(std::string(START_FEN) + " ;D1 20 ;D2 400 ;D3 8903\n");
    SuiteOptions options;
    options.maxDepth = 2;
    std::ostringstream out;
    EXPECT_EQ(run_suite(in, options, out), 0) << out.str();
  }
  {
    // ...and by maxNodes below its count.
    std::istringstream in(std::string(START_FEN) + " ;D1 20 ;D2 400 ;D3 8903\n");
    SuiteOptions options;
    options.maxNodes = 8000;
    std::ostringstream out;
    EXPECT_EQ(run_suite(in, options, out), 0) << out.str();
  }
  {
    // Quiet mode prints failures but not passes.
    std::istringstream in(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\n"
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 16\n");
    SuiteOptions options;
    options.quiet = true;
    options.threads = 2;
    options.hashMB = 4;
    std::ostringstream out;
    EXPECT_EQ(run_suite(in, options, out), 1) << out.str();
    EXPECT_EQ(out.str().find("RNBQKBNR"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("4K2R"), std::string::npos) << out.str();
  }
}

}  // namespace
