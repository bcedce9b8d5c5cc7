// Zobrist keys: random numbers XORed together to identify a position.
#pragma once

#include "types.h"

namespace shiftmate::zobrist {

extern Key PieceSquare[PIECE_NB][SQUARE_NB];
extern Key EnPassantFile[8];
extern Key Castling[CASTLING_RIGHT_NB];
extern Key SideToMove;

// Fills the tables from a fixed seed; idempotent.
void init();

}  // namespace shiftmate::zobrist
