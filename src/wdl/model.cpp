#include "wdl/model.h"

#include <algorithm>
#include <cmath>

#include "score.h"
#include "wdl/params.h"

namespace shiftmate::wdl {

namespace {

double sigmoid(double v) { return 1.0 / (1.0 + std::exp(-v)); }

// Outside the range the data covers the polynomials are not trusted.
constexpr int MinMaterial = 10, MaxMaterial = 78;
constexpr double MinSlope = 0.05;  // pawns: b stays positive however the fit went

}  // namespace

int material(const Position& pos) {
  return popcount(pos.pieces(PAWN)) + 3 * popcount(pos.pieces(KNIGHT, BISHOP)) +
         5 * popcount(pos.pieces(ROOK)) + 9 * popcount(pos.pieces(QUEEN));
}

double material_x(int m) { return std::clamp(m, MinMaterial, MaxMaterial) / 58.0; }

Probabilities probabilities(const Model& model, double pawns, int m) {
  double x = material_x(m);
  double a = model.a_at(x), b = std::max(model.b_at(x), MinSlope);
  double win = sigmoid((pawns - a) / b), loss = sigmoid((-pawns - a) / b);
  // a below zero would make win + loss exceed one near s = 0: share it out.
  double decided = win + loss;
  if (decided > 1.0) win /= decided, loss /= decided;
  return {win, std::max(0.0, 1.0 - win - loss), loss};
}

PerMille per_mille(const Model& model, int score, int m) {
  if (score >= VALUE_TB_WIN_IN_MAX_PLY) return {1000, 0, 0};
  if (score <= VALUE_TB_LOSS_IN_MAX_PLY) return {0, 0, 1000};
  Probabilities p = probabilities(model, score / 100.0, m);
  int win = int(std::lround(1000 * p.win)), loss = int(std::lround(1000 * p.loss));
  loss = std::min(loss, 1000 - win);
  return {win, 1000 - win - loss, loss};
}

const Model& fitted() {
  static const Model model{FittedA, FittedB};
  return model;
}

}  // namespace shiftmate::wdl
