#include "training/wdl_fit.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace shiftmate::wdl {

namespace {

constexpr double ProbabilityFloor = 1e-9;

double sigmoid(double v) { return 1.0 / (1.0 + std::exp(-v)); }

int material_of(const PackedPosition& p) {
  static constexpr int Value[PIECE_TYPE_NB] = {0, 1, 3, 3, 5, 9, 0};
  int m = 0;
  p.for_each_piece([&](Piece pc, Square) { m += Value[type_of(pc)]; });
  return m;
}

// Calls f(material, x, pawns, counts) for every non-empty cell.
template <typename F>
void for_each_cell(const Histogram& h, F&& f) {
  for (int m = 0; m < Histogram::MaterialBins; ++m)
    for (int bin = 0; bin < Histogram::ScoreBins; ++bin) {
      const auto& n = h.cell(m, bin);
      if (n[0] + n[1] + n[2] > 0) f(m, material_x(m), Histogram::bin_pawns(bin), n);
    }
}

}  // namespace

void Histogram::add(int score, int material, StmResult result, double weight) {
  if (std::abs(score) > MaxScore) return;
  int bin = (score + MaxScore + BinWidth / 2) / BinWidth;
  cells[std::size_t(std::clamp(material, 0, MaterialBins - 1)) * ScoreBins + bin][int(result)] +=
      weight;
  ++added;
}

void Histogram::add(const PackedPosition& p) { add(p.score, material_of(p), StmResult(p.result)); }

std::optional<std::string> Histogram::add_file(const std::string& path) {
  return read_packed_file(path, [&](std::span<const PackedPosition> chunk) {
    for (const PackedPosition& p : chunk) add(p);
  });
}

double log_loss(const Model& model, const Histogram& histogram) {
  double loss = 0, total = 0;
  for_each_cell(histogram, [&](int m, double, double pawns, const std::array<double, 3>& n) {
    Probabilities p = probabilities(model, pawns, m);
    const double ps[3] = {p.loss, p.draw, p.win};
    for (int r = 0; r < 3; ++r) {
      loss -= n[r] * std::log(std::max(ps[r], ProbabilityFloor));
      total += n[r];
    }
  });
  return total ? loss / total : 0;
}

double baseline_log_loss(const Histogram& histogram) {
  std::array<double, 3> totals{};
  for_each_cell(histogram, [&](int, double, double, const std::array<double, 3>& n) {
    for (int r = 0; r < 3; ++r) totals[r] += n[r];
  });
  double all = totals[0] + totals[1] + totals[2], loss = 0;
  for (double t : totals)
    if (t > 0) loss -= t / all * std::log(t / all);
  return loss;
}

// Adam on the eight coefficients; the gradient of the log-loss is exact
// (the model is two logistic curves), summed over the histogram's cells.
FitResult fit(const Histogram& histogram, int iterations) {
  Model model{{1.5, 0, 0, 0}, {0.8, 0, 0, 0}};  // a start near what chess data gives
  std::array<double, 8> m1{}, m2{};
  constexpr double LearningRate = 0.01, Beta1 = 0.9, Beta2 = 0.999, Epsilon = 1e-10;
  double total = 0;
  for_each_cell(histogram,
                [&](int, double, double, const auto& n) { total += n[0] + n[1] + n[2]; });
  if (total == 0) return {model, 0};

  for (int it = 1; it <= iterations; ++it) {
    std::array<double, 8> grad{};
    for_each_cell(histogram, [&](int, double x, double s, const std::array<double, 3>& n) {
      double a = model.a_at(x), b = std::max(model.b_at(x), 0.05);
      double u = (s - a) / b, v = (-s - a) / b;
      double pw = sigmoid(u), pl = sigmoid(v);
      double pd = std::max(1.0 - pw - pl, ProbabilityFloor);
      pw = std::max(pw, ProbabilityFloor);
      pl = std::max(pl, ProbabilityFloor);
      // Derivatives of P(win) and P(loss) by a and b.
      double dw = pw * (1 - pw), dl = pl * (1 - pl);
      double dpw_da = -dw / b, dpw_db = -dw * u / b;
      double dpl_da = -dl / b, dpl_db = -dl * v / b;
      // d(-sum n log p)/d(a, b).
      double ga = -(n[2] * dpw_da / pw + n[0] * dpl_da / pl - n[1] * (dpw_da + dpl_da) / pd);
      double gb = -(n[2] * dpw_db / pw + n[0] * dpl_db / pl - n[1] * (dpw_db + dpl_db) / pd);
      double power = 1;
      for (int i = 0; i < 4; ++i, power *= x) {
        grad[i] += ga * power;
        grad[4 + i] += gb * power;
      }
    });
    for (int i = 0; i < 8; ++i) {
      double g = grad[i] / total;
      m1[i] = Beta1 * m1[i] + (1 - Beta1) * g;
      m2[i] = Beta2 * m2[i] + (1 - Beta2) * g * g;
      double step = LearningRate * (m1[i] / (1 - std::pow(Beta1, it))) /
                    (std::sqrt(m2[i] / (1 - std::pow(Beta2, it))) + Epsilon);
      (i < 4 ? model.a[i] : model.b[i - 4]) -= step;
    }
  }
  return {model, log_loss(model, histogram)};
}

namespace {

// Text as `// ` comment lines that clang-format leaves alone (100 columns),
// broken at spaces; a word longer than a line keeps a line of its own.
std::string comment_lines(std::string_view text) {
  constexpr std::size_t Width = 100 - 3;
  std::string out, line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = std::min(text.find(' ', start), text.size());
    std::string_view word = text.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > Width) {
      out += "// " + line + "\n";
      line.clear();
    }
    if (!word.empty()) {
      if (!line.empty()) line += ' ';
      line += word;
    }
    start = end + 1;
  }
  if (!line.empty()) out += "// " + line + "\n";
  return out;
}

}  // namespace

std::string params_header(const Model& model, std::string_view recipe) {
  auto coefficients = [](const std::array<double, 4>& c) {
    return fmt::format("{{{:.6f}, {:.6f}, {:.6f}, {:.6f}}}", c[0], c[1], c[2], c[3]);
  };
  return fmt::format(
      "// The win/draw/loss model's coefficients (model.h), written by\n"
      "// `shiftmate wdlfit`; do not edit.\n{}#pragma once\n\n#include <array>\n\n"
      "namespace shiftmate::wdl {{\n\n"
      "inline constexpr std::array<double, 4> FittedA = {};\n"
      "inline constexpr std::array<double, 4> FittedB = {};\n\n"
      "}}  // namespace shiftmate::wdl\n",
      comment_lines(recipe), coefficients(model.a), coefficients(model.b));
}

}  // namespace shiftmate::wdl
