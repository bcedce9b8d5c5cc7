#include "attacks.h"

#include <mutex>
#include <vector>

#include "random.h"

namespace shiftmate {

Magic RookMagics[64];
Magic BishopMagics[64];
Bitboard BetweenBB[64][64];
Bitboard LineBB[64][64];

namespace {

// Shared attack tables: the sum over squares of 2^(relevant bits).
Bitboard RookTable[0x19000];
Bitboard BishopTable[0x1480];
Bitboard RookMagicNumbers[64];
Bitboard BishopMagicNumbers[64];

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Squares a ray from s reaches before leaving the board; `stop` ends a ray on
// its first blocker (the blocker itself included).
Bitboard walk_rays(const int (&dirs)[4][2], Square s, Bitboard occupied) {
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      Bitboard b = square_bb(make_square(f, r));
      result |= b;
      if (b & occupied) break;
      f += d[0], r += d[1];
    }
  }
  return result;
}

// Find a magic for every square by trial: a candidate works when no two
// occupancies that need different attack sets collide on one index.
void init_magics(PieceType pt, Magic magics[], Bitboard table[], Bitboard found[]) {
  std::vector<Bitboard> occupancy(4096), reference(4096);
#if !defined(USE_PEXT)
  Random rng(0x5EEDC0DEULL + pt);
  std::vector<unsigned> epoch(4096, 0);  // which attempt last wrote each slot
  unsigned attempt = 0;
#endif
  Bitboard* next = table;

  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    // The board edges never matter to a ray that reaches them.
    Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                     ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
    Magic& m = magics[s];
    m.mask = slider_attacks_slow(pt, s, 0) & ~edges;
    int bits = popcount(m.mask);
    m.shift = 64 - bits;
    m.attacks = next;
    int size = 0;

    // Carry-Rippler: enumerate every subset of the mask.
    Bitboard b = 0;
    do {
      occupancy[size] = b;
      reference[size] = slider_attacks_slow(pt, s, b);
      ++size;
      b = (b - m.mask) & m.mask;
    } while (b);
    next += size;

#if defined(USE_PEXT)
    for (int i = 0; i < size; ++i) m.attacks[m.index(occupancy[i])] = reference[i];
    found[s] = 0;
#else
    for (bool ok = false; !ok;) {
      do m.magic = rng.sparse();
      while (popcount((m.mask * m.magic) >> 56) < 6);
      ++attempt;
      ok = true;
      for (int i = 0; i < size && ok; ++i) {
        unsigned idx = m.index(occupancy[i]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          m.attacks[idx] = reference[i];
        } else if (m.attacks[idx] != reference[i]) {
          ok = false;
        }
      }
    }
    found[s] = m.magic;
#endif
  }
}

void init_lines() {
  for (Square a = SQ_A1; a <= SQ_H8; ++a)
    for (Square b = SQ_A1; b <= SQ_H8; ++b) {
      BetweenBB[a][b] = LineBB[a][b] = 0;
      for (PieceType pt : {BISHOP, ROOK}) {
        if (!(slider_attacks_slow(pt, a, 0) & square_bb(b))) continue;
        LineBB[a][b] = (slider_attacks_slow(pt, a, 0) & slider_attacks_slow(pt, b, 0)) |
                       square_bb(a) | square_bb(b);
        BetweenBB[a][b] =
            slider_attacks_slow(pt, a, square_bb(b)) & slider_attacks_slow(pt, b, square_bb(a));
      }
    }
}

}  // namespace

Bitboard slider_attacks_slow(PieceType pt, Square s, Bitboard occupied) {
  Bitboard result = 0;
  if (pt == ROOK || pt == QUEEN) result |= walk_rays(RookDirs, s, occupied);
  if (pt == BISHOP || pt == QUEEN) result |= walk_rays(BishopDirs, s, occupied);
  return result;
}

void init_attacks() {
  static std::once_flag once;
  std::call_once(once, [] {
    init_magics(ROOK, RookMagics, RookTable, RookMagicNumbers);
    init_magics(BISHOP, BishopMagics, BishopTable, BishopMagicNumbers);
    init_lines();
  });
}

const Bitboard* found_rook_magics() { return RookMagicNumbers; }
const Bitboard* found_bishop_magics() { return BishopMagicNumbers; }

std::string bitboard_string(Bitboard b) {
  std::string out;
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) {
      out += (b & square_bb(make_square(f, r))) ? 'X' : '.';
      out += f < 7 ? ' ' : '\n';
    }
  }
  return out;
}

}  // namespace shiftmate
