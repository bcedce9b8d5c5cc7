#include "zobrist.h"

#include <mutex>

#include "random.h"

namespace shiftmate::zobrist {

Key PieceSquare[PIECE_NB][SQUARE_NB];
Key EnPassantFile[8];
Key Castling[CASTLING_RIGHT_NB];
Key SideToMove;

void init() {
  static std::once_flag once;
  std::call_once(once, [] {
    Random rng(0x2B992DDFA23249D6ULL);
    for (auto& squares : PieceSquare)
      for (Key& k : squares) k = rng.next();
    for (Key& k : EnPassantFile) k = rng.next();
    // Each combination of rights is the XOR of its single rights, so a
    // change of rights is one XOR of old and new.
    Key single[4];
    for (Key& k : single) k = rng.next();
    for (int cr = 0; cr < CASTLING_RIGHT_NB; ++cr) {
      Castling[cr] = 0;
      for (int i = 0; i < 4; ++i)
        if (cr & (1 << i)) Castling[cr] ^= single[i];
    }
    SideToMove = rng.next();
  });
}

}  // namespace shiftmate::zobrist
