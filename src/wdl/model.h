// Win/draw/loss probabilities from a search score and the material on the
// board, fitted to our own self-play results (training/wdl_fit.h, `shiftmate wdlfit`).
//
//   P(win)  = 1 / (1 + exp(-(s - a(m)) / b(m)))
//   P(loss) = 1 / (1 + exp(-(-s - a(m)) / b(m)))
//   P(draw) = 1 - P(win) - P(loss)
//
// s is the score in pawns (centipawns / 100) from the side to move's view;
// m is the material of both sides (pawn 1, knight and bishop 3, rook 5,
// queen 9), and a and b are cubic polynomials in x = m / 58 (the start
// position has 78). a is the score at which a win is as likely as not; b how
// quickly that changes with the score.
#pragma once

#include <array>

#include "position.h"

namespace shiftmate::wdl {

struct Model {
  std::array<double, 4> a, b;  // polynomial coefficients, constant term first

  double a_at(double x) const { return ((a[3] * x + a[2]) * x + a[1]) * x + a[0]; }
  double b_at(double x) const { return ((b[3] * x + b[2]) * x + b[1]) * x + b[0]; }
};

struct Probabilities {
  double win, draw, loss;
};

// Material as the model counts it, and the x it uses.
int material(const Position& pos);
double material_x(int material);

Probabilities probabilities(const Model& model, double pawns, int material);

// Per mille, summing to exactly 1000, for a `wdl W D L` field: `score` in
// centipawns from the side to move's view; mate and tablebase scores are
// certain results.
struct PerMille {
  int win, draw, loss;
};
PerMille per_mille(const Model& model, int score, int material);

// The committed model (params.h).
const Model& fitted();

}  // namespace shiftmate::wdl
