#include "attacks.h"

#include <mutex>
#include <vector>

#include "magic_numbers.h"
#include "random.h"

namespace shiftmate {

Magic RookMagics[SliderEntries];
Magic BishopMagics[SliderEntries];
#if defined(USE_PEXT)
detail::PextTable detail::RookPext, detail::BishopPext;
#endif
Bitboard BetweenBB[64][64];
Bitboard LineBB[64][64];

namespace {

// Shared attack tables: the sum over squares of 2^(relevant bits).
Bitboard RookTable[0x19000];
Bitboard BishopTable[0x1480];

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

// Every subset of a square's relevant-occupancy mask, with its attack set.
struct Occupancies {
  Bitboard mask = 0;
  int size = 0;
  Bitboard occupancy[4096], reference[4096];

  Occupancies(PieceType pt, Square s) {
    // The board edges never matter to a ray that reaches them.
    Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                     ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
    mask = slider_attacks_slow(pt, s, 0) & ~edges;
    Bitboard b = 0;
    do {  // Carry-Rippler: enumerate every subset of the mask
      occupancy[size] = b;
      reference[size] = slider_attacks_slow(pt, s, b);
      ++size;
      b = (b - mask) & mask;
    } while (b);
  }
};

// Fills `table` through `index`; false if two occupancies that need
// different attack sets collide. `epoch` marks the slots this attempt wrote,
// so the table needs no clearing between attempts.
template <typename Index>
bool fill_table(Bitboard* table, const Occupancies& o, Index index, std::vector<unsigned>& epoch,
                unsigned attempt) {
  for (int i = 0; i < o.size; ++i) {
    unsigned idx = index(o.occupancy[i]);
    if (epoch[idx] < attempt) {
      epoch[idx] = attempt;
      table[idx] = o.reference[i];
    } else if (table[idx] != o.reference[i]) {
      return false;
    }
  }
  return true;
}

// The seeded search: sparse random candidates until one has no harmful
// collision. Deterministic, so the same magics come out on every machine.
class MagicSearch {
 public:
  explicit MagicSearch(PieceType pt) : rng(0x5EEDC0DEULL + pt), epoch(4096, 0) {}

  Bitboard find(Magic& m, const Occupancies& o, Bitboard* table) {
    for (;;) {
      do m.magic = rng.sparse();
      while (popcount((m.mask * m.magic) >> 56) < 6);
      if (fill_table(
              table, o, [&](Bitboard b) { return m.magic_index(b); }, epoch, ++attempt))
        return m.magic;
    }
  }

 private:
  Random rng;
  std::vector<unsigned> epoch;
  unsigned attempt = 0;
};

void init_magics(PieceType pt, Magic magics[], Bitboard table[], const Bitboard known[]) {
  std::vector<unsigned> epoch(4096, 0);
  Bitboard* next = table;
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    Occupancies o(pt, s);
    Magic& m = magics[s];
    m.mask = o.mask;
    m.shift = 64 - popcount(o.mask);
    m.attacks = next;
    m.magic = known[s];
    next += o.size;
    // The committed magics always work (a test regenerates them); searching
    // again is only the fallback should magic_numbers.h be damaged.
    if (!fill_table(
            m.attacks, o, [&](Bitboard b) { return m.index(b); }, epoch, s + 1))
      MagicSearch(pt).find(m, o, m.attacks);
  }
  // "No square": every occupancy indexes the one empty entry.
  static Bitboard noAttacks[1] = {0};
  magics[SQUARE_NB] = Magic{0, 0, noAttacks, 63};
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
    init_magics(ROOK, RookMagics, RookTable, magic_numbers::Rook);
    init_magics(BISHOP, BishopMagics, BishopTable, magic_numbers::Bishop);
#if defined(USE_PEXT)
    for (int s = 0; s < SliderEntries; ++s) {
      detail::RookPext.mask[s] = RookMagics[s].mask;
      detail::RookPext.block[s] = RookMagics[s].attacks;
      detail::BishopPext.mask[s] = BishopMagics[s].mask;
      detail::BishopPext.block[s] = BishopMagics[s].attacks;
    }
#endif
    init_lines();
  });
}

std::array<Bitboard, 64> search_magics(PieceType pt) {
  static Bitboard scratch[4096];
  MagicSearch search(pt);
  std::array<Bitboard, 64> found;
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    Occupancies o(pt, s);
    Magic m{o.mask, 0, scratch, unsigned(64 - popcount(o.mask))};
    found[s] = search.find(m, o, scratch);
  }
  return found;
}

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
