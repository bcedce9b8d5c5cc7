// The legal move generator against a slow, independent reference written
// here on a plain 64-character mailbox: pseudo-legal moves for every piece,
// then a legality filter that plays each move on a copy and looks for
// attacks on the own king square by square.
#include "movegen.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "position.h"
#include "test_support.h"

using namespace shiftmate;
using shiftmate_test::suite_fens;

namespace {

// ---------------------------------------------------------------- reference

// Move layout documented in types.h: to (bits 0-5), from (6-11), promotion
// piece minus knight (12-13), kind (14-15): 0 normal, 1 promotion,
// 2 en passant, 3 castling (king takes own rook).
enum RefKind { R_NORMAL = 0, R_PROMO = 1, R_EP = 2, R_CASTLE = 3 };
std::uint16_t encode(int from, int to, RefKind kind = R_NORMAL, char promo = 'n') {
  int p = promo == 'n' ? 0 : promo == 'b' ? 1 : promo == 'r' ? 2 : 3;
  return std::uint16_t((kind << 14) | (p << 12) | (from << 6) | to);
}
int raw_from(std::uint16_t m) { return (m >> 6) & 63; }
int raw_to(std::uint16_t m) { return m & 63; }
int raw_kind(std::uint16_t m) { return m >> 14; }

std::string sq_name(int s) { return {char('a' + s % 8), char('1' + s / 8)}; }
std::string describe(std::uint16_t m) {
  std::string s = sq_name(raw_from(m)) + sq_name(raw_to(m));
  switch (raw_kind(m)) {
    case R_PROMO:
      s += "nbrq"[(m >> 12) & 3];
      break;
    case R_EP:
      s += "(ep)";
      break;
    case R_CASTLE:
      s += "(castle)";
      break;
    default:
      break;
  }
  return s;
}

// Castling rights in the reference's own order.
enum RefRight { WK, WQ, BK, BQ };

struct Ref {
  std::array<char, 64> b;                   // '.' or a FEN letter
  int side = 0;                             // 0 white, 1 black
  int ep = -1;                              // square behind a pawn that just moved two squares
  std::array<int, 4> rook{-1, -1, -1, -1};  // castling rook square per right, -1: none

  bool empty(int s) const { return b[s] == '.'; }
  int color(int s) const { return std::isupper(static_cast<unsigned char>(b[s])) ? 0 : 1; }
  char type(int s) const { return char(std::tolower(static_cast<unsigned char>(b[s]))); }
  bool own(int s, int c) const { return !empty(s) && color(s) == c; }
  int king(int c) const {
    for (int s = 0; s < 64; ++s)
      if (type(s) == 'k' && own(s, c)) return s;
    return -1;
  }
};

bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

constexpr int KnightJumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                   {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int KingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                 {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr int Orth[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int Diag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Pieces of colour `by` that attack square s.
std::vector<int> attackers(const Ref& r, int s, int by) {
  std::vector<int> out;
  int f = s % 8, k = s / 8;
  auto at = [&](int ff, int rr, const char* types) {
    if (!on_board(ff, rr)) return;
    int t = rr * 8 + ff;
    if (r.own(t, by) && std::string(types).find(r.type(t)) != std::string::npos) out.push_back(t);
  };
  // A white pawn attacks upwards, so it stands one rank below s.
  int pawnRank = by == 0 ? k - 1 : k + 1;
  at(f - 1, pawnRank, "p");
  at(f + 1, pawnRank, "p");
  for (const auto& j : KnightJumps) at(f + j[0], k + j[1], "n");
  for (const auto& j : KingSteps) at(f + j[0], k + j[1], "k");
  auto rays = [&](const int(&dirs)[4][2], const char* types) {
    for (const auto& d : dirs)
      for (int ff = f + d[0], rr = k + d[1]; on_board(ff, rr); ff += d[0], rr += d[1]) {
        int t = rr * 8 + ff;
        if (r.empty(t)) continue;
        if (r.own(t, by) && std::string(types).find(r.type(t)) != std::string::npos)
          out.push_back(t);
        break;
      }
  };
  rays(Orth, "rq");
  rays(Diag, "bq");
  return out;
}
bool attacked(const Ref& r, int s, int by) { return !attackers(r, s, by).empty(); }

// Plays a move on the reference board (no legality check).
void ref_play(Ref& r, std::uint16_t m) {
  int from = raw_from(m), to = raw_to(m), kind = raw_kind(m), us = r.side;
  int base = us == 0 ? 0 : 56;
  char moved = r.b[from];
  if (kind == R_CASTLE) {
    bool kingSide = to > from;
    char king = r.b[from], rook = r.b[to];
    r.b[from] = r.b[to] = '.';
    r.b[base + (kingSide ? 6 : 2)] = king;
    r.b[base + (kingSide ? 5 : 3)] = rook;
  } else {
    if (kind == R_EP) r.b[(from / 8) * 8 + to % 8] = '.';
    char placed = moved;
    if (kind == R_PROMO) {
      char p = "nbrq"[(m >> 12) & 3];
      placed = us == 0 ? char(std::toupper(p)) : p;
    }
    r.b[to] = placed;
    r.b[from] = '.';
  }
  r.ep = (std::tolower(moved) == 'p' && std::abs(to - from) == 16) ? (from + to) / 2 : -1;
  if (std::tolower(moved) == 'k') r.rook[us * 2] = r.rook[us * 2 + 1] = -1;
  for (int& rs : r.rook)
    if (rs == from || rs == to) rs = -1;
  r.side ^= 1;
}

// Every legal move, sorted.
std::vector<std::uint16_t> ref_legal(const Ref& r) {
  std::vector<std::uint16_t> pseudo;
  const int us = r.side, them = us ^ 1;
  for (int s = 0; s < 64; ++s) {
    if (!r.own(s, us)) continue;
    int f = s % 8, k = s / 8;
    char t = r.type(s);
    auto target = [&](int ff, int rr) {  // adds a move to an empty or enemy square
      if (!on_board(ff, rr)) return false;
      int to = rr * 8 + ff;
      if (r.own(to, us)) return false;
      pseudo.push_back(encode(s, to));
      return r.empty(to);
    };
    if (t == 'p') {
      int dir = us == 0 ? 1 : -1, lastRank = us == 0 ? 7 : 0, startRank = us == 0 ? 1 : 6;
      int r1 = k + dir;
      auto add_pawn = [&](int to, RefKind kind) {
        if (to / 8 == lastRank)
          for (char p : {'n', 'b', 'r', 'q'}) pseudo.push_back(encode(s, to, R_PROMO, p));
        else
          pseudo.push_back(encode(s, to, kind));
      };
      if (r.empty(r1 * 8 + f)) {
        add_pawn(r1 * 8 + f, R_NORMAL);
        if (k == startRank && r.empty((k + 2 * dir) * 8 + f))
          pseudo.push_back(encode(s, (k + 2 * dir) * 8 + f));
      }
      for (int df : {-1, 1}) {
        if (!on_board(f + df, r1)) continue;
        int to = r1 * 8 + f + df;
        if (r.own(to, them))
          add_pawn(to, R_NORMAL);
        else if (to == r.ep && r.empty(to) && r.own(k * 8 + f + df, them) &&
                 r.type(k * 8 + f + df) == 'p')
          pseudo.push_back(encode(s, to, R_EP));
      }
    } else if (t == 'n') {
      for (const auto& j : KnightJumps) target(f + j[0], k + j[1]);
    } else if (t == 'k') {
      for (const auto& j : KingSteps) target(f + j[0], k + j[1]);
    } else {
      auto slide = [&](const int(&dirs)[4][2]) {
        for (const auto& d : dirs)
          for (int ff = f + d[0], rr = k + d[1]; target(ff, rr); ff += d[0], rr += d[1]) {
          }
      };
      if (t == 'r' || t == 'q') slide(Orth);
      if (t == 'b' || t == 'q') slide(Diag);
    }
  }

  // Castling (standard and Chess960): king to g/c, rook to f/d; the squares
  // both cross (destinations included) hold nothing but these two pieces;
  // the king is not in check and crosses no attacked square.
  const int ksq = r.king(us), base = us == 0 ? 0 : 56;
  for (int side = 0; side < 2; ++side) {
    int rsq = r.rook[us * 2 + side];
    if (rsq < 0) continue;
    bool kingSide = side == 0;
    int kto = base + (kingSide ? 6 : 2), rto = base + (kingSide ? 5 : 3);
    bool ok = !attacked(r, ksq, them);
    auto clear = [&](int a, int b) {
      for (int x = std::min(a, b); x <= std::max(a, b); ++x)
        if (!r.empty(x) && x != ksq && x != rsq) ok = false;
    };
    clear(ksq, kto);
    clear(rsq, rto);
    for (int x = std::min(ksq, kto); x <= std::max(ksq, kto) && ok; ++x)
      if (attacked(r, x, them)) ok = false;
    if (ok) pseudo.push_back(encode(ksq, rsq, R_CASTLE));
  }

  std::vector<std::uint16_t> legal;
  for (std::uint16_t m : pseudo) {
    Ref copy = r;
    ref_play(copy, m);
    if (!attacked(copy, copy.king(us), them)) legal.push_back(m);
  }
  std::sort(legal.begin(), legal.end());
  return legal;
}

// The reference set up from a Position (board, side, castling, en passant).
Ref ref_from(const Position& pos) {
  Ref r;
  for (int s = 0; s < 64; ++s) {
    Piece p = pos.piece_on(Square(s));
    r.b[s] = p == NO_PIECE ? '.' : "?PNBRQK"[type_of(p)];
    if (p != NO_PIECE && color_of(p) == BLACK) r.b[s] = char(std::tolower(r.b[s]));
  }
  r.side = pos.side_to_move() == WHITE ? 0 : 1;
  r.ep = pos.ep_square() == SQ_NONE ? -1 : pos.ep_square();
  const CastlingRights rights[4] = {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO};
  for (int i = 0; i < 4; ++i)
    r.rook[i] = pos.can_castle(rights[i]) ? int(pos.castling_rook_square(rights[i])) : -1;
  return r;
}

// ---------------------------------------------------------------- comparison

struct Stats {
  std::uint64_t positions = 0, checks = 0, doubleChecks = 0, enPassant = 0, castles = 0,
                castles960 = 0, promotions = 0, underPromotionCaptures = 0, mates = 0,
                stalemates = 0, games = 0;
};

template <GenType T>
std::vector<std::uint16_t> engine_moves(const Position& pos) {
  std::vector<std::uint16_t> v;
  for (Move m : MoveList<T>(pos)) v.push_back(m.raw());
  return v;
}

std::string list(const std::vector<std::uint16_t>& v) {
  std::string s;
  for (auto m : v) s += describe(m) + " ";
  return s;
}

// Everything the reference can say about one position, checked against the
// engine. Fails with the FEN and the differing moves.
void compare(const Position& pos, const Ref& ref, Stats& stats) {
  ++stats.positions;
  const std::string fen = pos.fen();
  for (int s = 0; s < 64; ++s) {
    Piece p = pos.piece_on(Square(s));
    char c = p == NO_PIECE ? '.' : "?PNBRQK"[type_of(p)];
    if (p != NO_PIECE && color_of(p) == BLACK) c = char(std::tolower(c));
    ASSERT_EQ(c, ref.b[s]) << "board differs on " << sq_name(s) << " in " << fen;
  }
  ASSERT_EQ(pos.side_to_move() == WHITE ? 0 : 1, ref.side) << fen;
  const CastlingRights rights[4] = {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO};
  for (int i = 0; i < 4; ++i) {
    ASSERT_EQ(pos.can_castle(rights[i]), ref.rook[i] >= 0) << "right " << i << " in " << fen;
    if (ref.rook[i] >= 0) {
      ASSERT_EQ(int(pos.castling_rook_square(rights[i])), ref.rook[i]) << fen;
    }
  }
  // The engine may drop an en passant square no pawn can use, but never
  // invent one or lose one that a pawn could use.
  if (pos.ep_square() != SQ_NONE) {
    ASSERT_EQ(int(pos.ep_square()), ref.ep) << fen;
  }

  const int us = ref.side, ksq = ref.king(us);
  Bitboard refCheckers = 0;
  for (int a : attackers(ref, ksq, us ^ 1)) refCheckers |= 1ULL << a;
  ASSERT_EQ(pos.checkers(), refCheckers) << fen;

  std::vector<std::uint16_t> expected = ref_legal(ref);
  std::vector<std::uint16_t> legal = engine_moves<LEGAL>(pos);
  ASSERT_EQ(legal.size(), std::set<std::uint16_t>(legal.begin(), legal.end()).size())
      << "duplicate moves in " << fen << ": " << list(legal);
  std::sort(legal.begin(), legal.end());
  if (legal != expected) {
    std::vector<std::uint16_t> missing, extra;
    std::set_difference(expected.begin(), expected.end(), legal.begin(), legal.end(),
                        std::back_inserter(missing));
    std::set_difference(legal.begin(), legal.end(), expected.begin(), expected.end(),
                        std::back_inserter(extra));
    FAIL() << "move lists differ in " << fen << "\n  missing: " << list(missing)
           << "\n  extra:   " << list(extra);
  }
  ASSERT_EQ(count_legal_moves(pos), legal.size()) << fen;

  // CAPTURES: exactly the captures (en passant included) and all promotions;
  // QUIETS: the rest. Disjoint, and together LEGAL.
  std::vector<std::uint16_t> caps = engine_moves<CAPTURES>(pos), quiets = engine_moves<QUIETS>(pos);
  std::sort(caps.begin(), caps.end());
  std::sort(quiets.begin(), quiets.end());
  std::vector<std::uint16_t> wantCaps, wantQuiets;
  for (std::uint16_t m : expected) {
    int kind = raw_kind(m);
    bool capture = kind == R_EP || (kind != R_CASTLE && !ref.empty(raw_to(m)));
    (capture || kind == R_PROMO ? wantCaps : wantQuiets).push_back(m);
  }
  ASSERT_EQ(caps, wantCaps) << "CAPTURES in " << fen << "\n  got:  " << list(caps)
                            << "\n  want: " << list(wantCaps);
  ASSERT_EQ(quiets, wantQuiets) << "QUIETS in " << fen << "\n  got:  " << list(quiets)
                                << "\n  want: " << list(wantQuiets);

  MoveList<LEGAL> ml(pos);
  for (std::uint16_t m : expected) ASSERT_TRUE(ml.contains(Move(m)));

  if (refCheckers) ++stats.checks;
  if (popcount(refCheckers) >= 2) ++stats.doubleChecks;
  if (expected.empty()) (refCheckers ? stats.mates : stats.stalemates)++;
  for (std::uint16_t m : expected) {
    int kind = raw_kind(m);
    stats.enPassant += kind == R_EP;
    stats.promotions += kind == R_PROMO;
    stats.underPromotionCaptures +=
        kind == R_PROMO && ((m >> 12) & 3) != 3 && !ref.empty(raw_to(m));
    if (kind == R_CASTLE) {
      ++stats.castles;
      int from = raw_from(m), to = raw_to(m);
      bool standard = from % 8 == 4 && (to % 8 == 0 || to % 8 == 7);
      stats.castles960 += !standard;
    }
  }
}

// One random game: the engine's and the reference's boards are advanced
// side by side, compared at every ply.
void random_game(Position pos, std::mt19937_64& rng, int maxPlies, int style, Stats& stats) {
  Ref ref = ref_from(pos);
  ++stats.games;
  for (int ply = 0; ply < maxPlies; ++ply) {
    compare(pos, ref, stats);
    if (::testing::Test::HasFatalFailure()) return;
    MoveList<LEGAL> list(pos);
    std::vector<Move> moves(list.begin(), list.end());
    if (moves.empty() || popcount(pos.pieces()) == 2) return;
    // Prefer castling and promotions when they exist; some games also
    // prefer captures, to reach endgames.
    std::vector<Move> preferred;
    for (Move m : moves) {
      bool capture = m.kind() == EN_PASSANT || (m.kind() != CASTLING && !pos.empty(m.to()));
      if (m.kind() == CASTLING || m.kind() == PROMOTION || m.kind() == EN_PASSANT ||
          (style == 1 && capture))
        preferred.push_back(m);
    }
    Move m = !preferred.empty() && rng() % 2 ? preferred[rng() % preferred.size()]
                                             : moves[rng() % moves.size()];
    pos.do_move(m);
    ref_play(ref, m.raw());
  }
  compare(pos, ref, stats);
}

// The whole tree to `depth`, compared at every node.
void compare_tree(Position& pos, int depth, Stats& stats) {
  compare(pos, ref_from(pos), stats);
  if (::testing::Test::HasFatalFailure() || depth == 0) return;
  for (Move m : MoveList<LEGAL>(pos)) {
    pos.do_move(m);
    compare_tree(pos, depth - 1, stats);
    pos.undo_move(m);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

void print(const Stats& s) {
  std::cout << "positions " << s.positions << ", games " << s.games << ", in check " << s.checks
            << ", double check " << s.doubleChecks << ", en passant moves " << s.enPassant
            << ", castling moves " << s.castles << " (Chess960 " << s.castles960 << "), promotions "
            << s.promotions << ", mates " << s.mates << ", stalemates " << s.stalemates << "\n";
}

class MovegenTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { Position::init(); }
};

// ---------------------------------------------------------------- tests

TEST_F(MovegenTest, MoveEncoding) {
  Move m = Move::make<PROMOTION>(SQ_B7, SQ_A8, ROOK);
  EXPECT_EQ(m.from(), SQ_B7);
  EXPECT_EQ(m.to(), SQ_A8);
  EXPECT_EQ(m.kind(), PROMOTION);
  EXPECT_EQ(m.promotion(), ROOK);
  EXPECT_EQ(m.raw(), encode(SQ_B7, SQ_A8, R_PROMO, 'r'));
  EXPECT_EQ(Move(SQ_E2, SQ_E4).raw(), encode(SQ_E2, SQ_E4));
  EXPECT_EQ(Move::make<EN_PASSANT>(SQ_E5, SQ_D6).raw(), encode(SQ_E5, SQ_D6, R_EP));
  EXPECT_EQ(Move::make<CASTLING>(SQ_E1, SQ_H1).raw(), encode(SQ_E1, SQ_H1, R_CASTLE));
  EXPECT_EQ(Move::make<CASTLING>(SQ_E1, SQ_H1).kind(), CASTLING);
  EXPECT_FALSE(Move::none());
  EXPECT_FALSE(Move::none().is_ok());
  EXPECT_FALSE(Move::null().is_ok());
  EXPECT_TRUE(Move(SQ_A1, SQ_H8).is_ok());
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
    EXPECT_EQ(Move::make<PROMOTION>(SQ_G2, SQ_G1, pt).promotion(), pt);
}

TEST_F(MovegenTest, ReferenceAgreesOnKnownCounts) {
  // Sanity check of the reference itself against published perft(1) counts.
  const std::vector<std::pair<std::string, std::size_t>> cases = {
      {std::string(START_FEN), 20},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 48},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14},
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6},
      {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 44},
      {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 46},
      {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 15},
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 21},
  };
  for (const auto& [fen, n] : cases) {
    Position pos;
    ASSERT_FALSE(pos.set(fen)) << fen;
    EXPECT_EQ(ref_legal(ref_from(pos)).size(), n) << fen;
  }
}

TEST_F(MovegenTest, RandomGamesFromStart) {
  std::mt19937_64 rng(0x5EED0001ULL);
  Stats stats;
  for (int g = 0; g < 300; ++g) {
    random_game(Position(), rng, 200, g % 2, stats);
    if (HasFatalFailure()) return;
  }
  print(stats);
  EXPECT_GT(stats.positions, 20000u);
  EXPECT_GT(stats.checks, 100u);
  EXPECT_GT(stats.doubleChecks, 0u);
  EXPECT_GT(stats.enPassant, 10u);
  EXPECT_GT(stats.castles, 100u);
  EXPECT_GT(stats.promotions, 100u);
  EXPECT_GT(stats.mates + stats.stalemates, 0u);
}

TEST_F(MovegenTest, RandomGamesFromChess960Positions) {
  auto fens = suite_fens("fischer.epd");
  ASSERT_GE(fens.size(), 100u);
  std::mt19937_64 rng(0x5EED0960ULL);
  Stats stats;
  for (int i = 0; i < 100; ++i) {
    Position pos;
    ASSERT_FALSE(pos.set(fens[i])) << fens[i];
    for (int g = 0; g < 2; ++g) {
      random_game(pos, rng, 200, g, stats);
      if (HasFatalFailure()) return;
    }
  }
  print(stats);
  EXPECT_GT(stats.positions, 10000u);
  EXPECT_GT(stats.checks, 50u);
  EXPECT_GT(stats.castles960, 50u);
  EXPECT_GT(stats.promotions, 10u);
}

// Chess960 start positions (every one with all four rights), played out.
TEST_F(MovegenTest, RandomGamesFromChess960StartPositions) {
  std::mt19937_64 rng(0x5EED9600ULL);
  Stats stats;
  for (int i = 0; i < 120; ++i) {
    // Build a random 960 back rank: bishops on opposite colours, king
    // between the rooks.
    std::string rank(8, ' ');
    rank[2 * (rng() % 4)] = 'B';
    rank[2 * (rng() % 4) + 1] = 'B';
    auto place = [&](char p) {
      std::vector<int> free;
      for (int f = 0; f < 8; ++f)
        if (rank[f] == ' ') free.push_back(f);
      rank[free[rng() % free.size()]] = p;
    };
    place('Q');
    place('N');
    place('N');
    for (char p : {'R', 'K', 'R'})
      for (int f = 0; f < 8; ++f)
        if (rank[f] == ' ') {
          rank[f] = p;
          break;
        }
    std::string black = rank;
    for (char& c : black) c = char(std::tolower(c));
    int rooks[2], n = 0;
    for (int f = 0; f < 8; ++f)
      if (rank[f] == 'R') rooks[n++] = f;
    std::string castling = {char('A' + rooks[1]), char('A' + rooks[0]), char('a' + rooks[1]),
                            char('a' + rooks[0])};
    std::string fen = black + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w " + castling + " - 0 1";
    Position pos;
    ASSERT_FALSE(pos.set(fen, true)) << fen;
    random_game(pos, rng, 160, i % 2, stats);
    if (HasFatalFailure()) return;
  }
  print(stats);
  EXPECT_GT(stats.castles960, 20u);
}

TEST_F(MovegenTest, SuitePositionsTwoPliesDeep) {
  Stats stats;
  for (const char* file : {"standard.epd", "tricky.epd"})
    for (const std::string& fen : suite_fens(file)) {
      Position pos;
      ASSERT_FALSE(pos.set(fen)) << fen;
      compare_tree(pos, 2, stats);
      if (HasFatalFailure()) return;
    }
  auto fischer = suite_fens("fischer.epd");
  for (std::size_t i = 100; i < fischer.size(); i += 7) {
    Position pos;
    ASSERT_FALSE(pos.set(fischer[i])) << fischer[i];
    compare_tree(pos, 1, stats);
    if (HasFatalFailure()) return;
  }
  print(stats);
  EXPECT_GT(stats.doubleChecks, 0u);
  EXPECT_GT(stats.enPassant, 0u);
  EXPECT_GT(stats.underPromotionCaptures, 0u);
}

// Positions made by damaging valid FENs: odd but legal set-ups that games
// rarely reach (many checks, pins, odd castling rights).
TEST_F(MovegenTest, MutatedFenPositions) {
  const std::vector<std::string> seeds = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
      "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"};
  const std::string pieces = "pnbrqkPNBRQK1";
  std::mt19937_64 rng(0x3A7A7EULL);
  Stats stats;
  int tried = 0;
  for (int i = 0; i < 400000 && stats.positions < 40000; ++i) {
    std::string fen = seeds[rng() % seeds.size()];
    std::size_t boardEnd = fen.find(' ');
    // Replace one or two squares' worth of characters in the placement.
    for (int e = 0, edits = 1 + int(rng() % 2); e < edits; ++e)
      fen[rng() % boardEnd] = pieces[rng() % pieces.size()];
    Position pos;
    ++tried;
    if (pos.set(fen)) continue;
    compare_tree(pos, 1, stats);
    if (HasFatalFailure()) return;
  }
  print(stats);
  EXPECT_GT(stats.positions, 20000u);
  EXPECT_GT(stats.checks, 500u);
  EXPECT_GT(stats.doubleChecks, 10u);
}

// ---------------------------------------------------------------- hand-made cases

bool has(const Position& pos, Move m) { return MoveList<LEGAL>(pos).contains(m); }

void check_against_reference(const Position& pos) {
  Stats stats;
  Position copy = pos;
  compare_tree(copy, 2, stats);
}

TEST_F(MovegenTest, Chess960CastlingCases) {
  struct Case {
    std::string fen;
    Square king, rook;
    bool legal;
    std::string after;  // FEN after castling when legal
  };
  const std::vector<Case> cases = {
      // The castling rook on b1 hides the a1 rook: after d1-c1 / b1-d1 the king is attacked.
      {"4k3/8/8/8/8/8/8/rR1K4 w B - 0 1", SQ_D1, SQ_B1, false, ""},
      {"4k3/8/8/8/8/8/8/1R1K4 w B - 0 1", SQ_D1, SQ_B1, true, "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
      // King already on g1: only the rook moves.
      {"4k3/8/8/8/8/8/8/6KR w H - 0 1", SQ_G1, SQ_H1, true, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
      // King and rook swap squares.
      {"4k3/8/8/8/8/8/8/5KR1 w G - 0 1", SQ_F1, SQ_G1, true, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
      // The rook lands where the king stood.
      {"4k3/8/8/8/8/8/8/R2K4 w A - 0 1", SQ_D1, SQ_A1, true, "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
      // A knight on the rook's destination blocks.
      {"4k3/8/8/8/8/8/8/RK1N4 w A - 0 1", SQ_B1, SQ_A1, false, ""},
      // The king would cross e1, attacked by the rook on e8; the other wing is fine.
      {"4r1k1/8/8/8/8/8/8/RK5R w HA - 0 1", SQ_B1, SQ_H1, false, ""},
      {"4r1k1/8/8/8/8/8/8/RK5R w HA - 0 1", SQ_B1, SQ_A1, true,
       "4r1k1/8/8/8/8/8/8/2KR3R b - - 1 1"},
      // Black, king on b8, long castling towards a8 while g8 is attacked does not matter.
      {"rk6/8/8/8/8/8/8/4K1R1 b a - 0 1", SQ_B8, SQ_A8, true, "2kr4/8/8/8/8/8/8/4K1R1 w - - 1 2"},
      // Black king on f8 with rook h8; a rook on g1 attacks g8.
      {"5k1r/8/8/8/8/8/8/4K1R1 b h - 0 1", SQ_F8, SQ_H8, false, ""},
      // Standard: b1 may be attacked for long castling, d1 may not.
      {"1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", SQ_E1, SQ_A1, true,
       "1r2k2r/8/8/8/8/8/8/2KR3R b k - 1 1"},
      {"3rk2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", SQ_E1, SQ_A1, false, ""},
      // Out of check: never.
      {"4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", SQ_E1, SQ_A1, false, ""},
      // A knight on e3 covers d1 and f1.
      {"4k3/8/8/8/8/4n3/8/R3K2R w KQ - 0 1", SQ_E1, SQ_H1, false, ""},
      {"4k3/8/8/8/8/4n3/8/R3K2R w KQ - 0 1", SQ_E1, SQ_A1, false, ""},
  };
  for (const Case& c : cases) {
    Position pos;
    ASSERT_FALSE(pos.set(c.fen)) << c.fen;
    Move castle = Move::make<CASTLING>(c.king, c.rook);
    EXPECT_EQ(has(pos, castle), c.legal) << c.fen;
    check_against_reference(pos);
    if (HasFatalFailure()) return;
    if (c.legal) {
      pos.do_move(castle);
      EXPECT_EQ(pos.fen(), c.after) << c.fen;
    }
  }
}

TEST_F(MovegenTest, CheckEvasionsAndPins) {
  struct Case {
    std::string fen;
    std::size_t moves;  // counted by hand
  };
  const std::vector<Case> cases = {
      // Double check by rook e8 and knight f3: only the king moves, to d1, f1
      // or f2 (d2 is covered by the knight, e2 by the rook).
      {"4r2k/8/8/8/8/5n2/8/4K3 w - - 0 1", 3},
      // Rook check on the e-file, white can block with the rook on a2 (a2-e2) or
      // move the king to d1, d2, f1, f2.
      {"4r2k/8/8/8/8/8/R7/4K3 w - - 0 1", 5},
      // Knight on d2 pinned by the bishop on a5 cannot move; the king has d1, e2, f1, f2.
      {"7k/8/8/b7/8/8/3N4/4K3 w - - 0 1", 4},
      // En passant b5xc6 would expose the king on a5 to the rook on h5: the
      // moves are Ka4, Ka6, Kb6 (b4 is covered by the c5 pawn) and b5-b6.
      {"8/8/8/KPp4r/8/8/8/7k w - c6 0 1", 4},
  };
  for (const Case& c : cases) {
    Position pos;
    ASSERT_FALSE(pos.set(c.fen)) << c.fen;
    EXPECT_EQ(MoveList<LEGAL>(pos).size(), c.moves) << c.fen;
    EXPECT_EQ(count_legal_moves(pos), c.moves) << c.fen;
    check_against_reference(pos);
    if (HasFatalFailure()) return;
  }
  Position pos;
  ASSERT_FALSE(pos.set("8/8/8/KPp4r/8/8/8/7k w - c6 0 1"));
  EXPECT_FALSE(has(pos, Move::make<EN_PASSANT>(SQ_B5, SQ_C6)));
  ASSERT_FALSE(pos.set("8/8/8/1Pp4r/8/8/8/K6k w - c6 0 1"));
  EXPECT_TRUE(has(pos, Move::make<EN_PASSANT>(SQ_B5, SQ_C6)));
}

TEST_F(MovegenTest, MateAndStalemateHaveNoMoves) {
  Position pos;
  ASSERT_FALSE(pos.set("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"));
  EXPECT_TRUE(pos.in_check());
  EXPECT_EQ(MoveList<LEGAL>(pos).size(), 0u);
  EXPECT_EQ(count_legal_moves(pos), 0u);
  ASSERT_FALSE(pos.set("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(MoveList<LEGAL>(pos).size(), 0u);
  EXPECT_EQ(MoveList<CAPTURES>(pos).size(), 0u);
  EXPECT_EQ(MoveList<QUIETS>(pos).size(), 0u);
}

TEST_F(MovegenTest, PromotionsGoToCaptures) {
  Position pos;
  ASSERT_FALSE(pos.set("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
  MoveList<CAPTURES> caps(pos);
  EXPECT_EQ(caps.size(), 8u);  // a7-a8 and a7xb8, four pieces each
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
    EXPECT_TRUE(caps.contains(Move::make<PROMOTION>(SQ_A7, SQ_A8, pt)));
    EXPECT_TRUE(caps.contains(Move::make<PROMOTION>(SQ_A7, SQ_B8, pt)));
  }
  MoveList<QUIETS> quiets(pos);
  for (Move m : quiets) EXPECT_NE(m.kind(), PROMOTION);
  EXPECT_EQ(quiets.size(), 5u);  // king moves d1 d2 e2 f2 f1
}

}  // namespace
