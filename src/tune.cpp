#include "tune.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <thread>

#include "eval_params.h"
#include "evaluate.h"
#include "parse.h"
#include "position.h"
#include "training/packed_position.h"

namespace shiftmate {

namespace {

using namespace params;

// The Score tables of eval_params.h in file order. Tempo is written back but
// not tuned: it is scored for the side to move, outside the tapered sum.
struct WeightTable {
  const char* name;
  const Score* values;
  int size;
  bool array;
  const char* comment = nullptr;
};

#define TABLE(t) \
  WeightTable { #t, t, int(std::size(t)), true }
#define SCALAR(s) \
  WeightTable { #s, &s, 1, false }
const WeightTable Tables[] = {
    TABLE(PieceValue),
    TABLE(PawnSquare),
    TABLE(KnightSquare),
    TABLE(BishopSquare),
    TABLE(RookSquare),
    TABLE(QueenSquare),
    TABLE(KingSquare),
    TABLE(KnightMobility),
    TABLE(BishopMobility),
    TABLE(RookMobility),
    TABLE(QueenMobility),
    TABLE(PassedPawn),
    TABLE(PassedOwnKingDistance),
    TABLE(PassedEnemyKingDistance),
    SCALAR(PassedBlocked),
    SCALAR(IsolatedPawn),
    SCALAR(DoubledPawn),
    SCALAR(BackwardPawn),
    SCALAR(SupportedPawn),
    SCALAR(PhalanxPawn),
    SCALAR(BishopPair),
    SCALAR(RookOpenFile),
    SCALAR(RookSemiOpenFile),
    SCALAR(KnightOutpost),
    SCALAR(ThreatByPawn),
    TABLE(ThreatByMinor),
    TABLE(ThreatByRook),
    SCALAR(HangingPiece),
    SCALAR(Tempo),
    WeightTable{"PawnShield", PawnShield, 8, true,
                "// Pawn shield by the relative rank of the nearest own pawn in front of the\n"
                "// king on each of its three files; index 0: no pawn there.\n"},
    WeightTable{"KingDanger", KingDanger, 64, true,
                "// King danger: attack units on the king zone (KingAttackWeight per attacked\n"
                "// square, SafeCheckWeight per safe check) -> penalty.\n"},
};
#undef TABLE
#undef SCALAR

int weight_count() {
  int n = 0;
  for (const WeightTable& t : Tables) n += t.size;
  return n;
}

int weight_index(const Score* p) {
  int base = 0;
  for (const WeightTable& t : Tables) {
    if (p >= t.values && p < t.values + t.size) return base + int(p - t.values);
    base += t.size;
  }
  // A new table in eval_params.h must be listed in Tables as well.
  throw std::logic_error("the evaluation read a weight the tuner does not know");
}

std::string render_ints(const char* name, const int* values, int size) {
  std::string s = fmt::format("inline constexpr int {}[{}] = {{", name, size);
  for (int i = 0; i < size; ++i) s += fmt::format("{}{}", i ? ", " : "", values[i]);
  return s + "};\n";
}

// 1 / (1 + 10^(-k * eval / 400)): expected score from an evaluation.
double sigmoid(double k, double eval) { return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0)); }

// One training position: its linear evaluation packed into shared arrays.
struct Sample {
  std::uint32_t begin;  // into Dataset::coefficients
  std::uint16_t count;
  std::uint8_t phase, scale;
  std::int16_t fixed;
  float result, score;  // White's view: 1, 0.5, 0; centipawns
};

struct Dataset {
  std::vector<Sample> samples;
  std::vector<std::pair<std::uint16_t, std::int16_t>> coefficients;
};

// The sample of a linear evaluation, its coefficients appended to `d`.
Sample add_sample(Dataset& d, const LinearEval& lin, float result, float score) {
  Sample s{std::uint32_t(d.coefficients.size()),
           std::uint16_t(lin.coefficients.size()),
           lin.phase,
           lin.scale,
           lin.fixed,
           result,
           score};
  d.coefficients.insert(d.coefficients.end(), lin.coefficients.begin(), lin.coefficients.end());
  return s;
}

// The linear evaluation of `count` coefficients from `c` on.
double eval_of(const std::pair<std::uint16_t, std::int16_t>* c, std::size_t count, int phase,
               int scale, int fixed, const WeightVector& w) {
  double mg = 0, eg = 0;
  for (const auto* end = c + count; c != end; ++c) {
    mg += c->second * w.mg[c->first];
    eg += c->second * w.eg[c->first];
  }
  return (mg * phase + eg * scale / 64.0 * (24 - phase)) / 24.0 + fixed;
}

double sample_eval(const Dataset& d, const Sample& s, const WeightVector& w) {
  return eval_of(&d.coefficients[s.begin], s.count, s.phase, s.scale, s.fixed, w);
}

double target(const Sample& s, double k, double lambda) {
  return lambda * s.result + (1 - lambda) * sigmoid(k, s.score);
}

// Runs fn(begin, end, thread) over [0, n) split across threads.
template <typename Fn>
void parallel_for(std::size_t n, int threads, Fn fn) {
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([=, &fn] { fn(n * t / threads, n * (t + 1) / threads, t); });
  for (auto& th : pool) th.join();
}

double mean_error(const Dataset& d, const std::vector<std::uint32_t>& which, const WeightVector& w,
                  double k, double lambda, int threads) {
  std::vector<double> sums(threads, 0.0);
  parallel_for(which.size(), threads, [&](std::size_t b, std::size_t e, int t) {
    for (std::size_t i = b; i < e; ++i) {
      const Sample& s = d.samples[which[i]];
      double diff = target(s, k, lambda) - sigmoid(k, sample_eval(d, s, w));
      sums[t] += diff * diff;
    }
  });
  double total = 0;
  for (double x : sums) total += x;
  return which.empty() ? 0 : total / which.size();
}

// The sigmoid scale that best maps our evaluation to the results.
double fit_k(const Dataset& d, const std::vector<std::uint32_t>& which, const WeightVector& w,
             int threads) {
  double lo = 0.05, hi = 4.0;
  for (int i = 0; i < 40; ++i) {
    double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
    if (mean_error(d, which, w, a, 1.0, threads) < mean_error(d, which, w, b, 1.0, threads))
      hi = b;
    else
      lo = a;
  }
  return (lo + hi) / 2;
}

// Parses "FEN | score | result" into a sample; false on a malformed line.
bool load_line(const std::string& line, Dataset& d, Sample& s) {
  auto bar1 = line.find('|');
  auto bar2 = bar1 == std::string::npos ? bar1 : line.find('|', bar1 + 1);
  if (bar2 == std::string::npos) return false;
  auto trim = [](std::string_view v) {
    while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
    while (!v.empty() && (v.back() == ' ' || v.back() == '\r')) v.remove_suffix(1);
    return v;
  };
  std::string_view text(line);
  auto score = parse_number(trim(text.substr(bar1 + 1, bar2 - bar1 - 1)), -32000, 32000);
  std::string_view result = trim(text.substr(bar2 + 1));
  float r = result == "1.0" ? 1.0f : result == "0.5" ? 0.5f : result == "0.0" ? 0.0f : -1.0f;
  if (!score || r < 0) return false;
  auto lin = linearize(std::string(trim(text.substr(0, bar1))));
  if (!lin) return false;
  s = add_sample(d, *lin, r, float(*score));
  return true;
}

// A binary record as a sample (side to move's view turned to White's).
bool load_record(const PackedPosition& record, Dataset& d, Sample& s) {
  Position pos;
  if (record.unpack(pos)) return false;
  bool white = record.side_to_move() == WHITE;
  float result = float(record.result) / 2;
  s = add_sample(d, linearize(pos), white ? result : 1 - result,
                 float(white ? record.score : -record.score));
  return true;
}

bool is_binary_data(const std::string& path) {
  return path.size() >= 4 && path.compare(path.size() - 4, 4, ".bin") == 0;
}

// Turns items into samples on `threads` threads; `convert` returns false for
// an item it rejects.
template <typename Item, typename Convert>
Dataset build_dataset(const std::vector<Item>& items, int threads, std::size_t& rejected,
                      Convert convert) {
  // Each thread fills its own dataset; they are joined in order after.
  std::vector<Dataset> parts(threads);
  std::vector<std::size_t> bad(threads, 0);
  parallel_for(items.size(), threads, [&](std::size_t b, std::size_t e, int t) {
    for (std::size_t i = b; i < e; ++i) {
      Sample s;
      if (convert(items[i], parts[t], s))
        parts[t].samples.push_back(s);
      else
        ++bad[t];
    }
  });
  Dataset all;
  rejected = 0;
  for (int t = 0; t < threads; ++t) {
    auto offset = std::uint32_t(all.coefficients.size());
    for (Sample s : parts[t].samples) {
      s.begin += offset;
      all.samples.push_back(s);
    }
    all.coefficients.insert(all.coefficients.end(), parts[t].coefficients.begin(),
                            parts[t].coefficients.end());
    rejected += bad[t];
  }
  return all;
}

Dataset load(const TuneOptions& o, int threads, TuneReport& report, std::ostream& log) {
  if (is_binary_data(o.dataPath)) {
    std::vector<PackedPosition> records;
    LoadReport counts;
    if (auto error = load_packed_file(o.dataPath, DataFilter{}, records, &counts))
      throw std::runtime_error(*error);
    if (o.maxPositions && records.size() > o.maxPositions) records.resize(o.maxPositions);
    report.filtered = counts.read - counts.kept;
    log << fmt::format("{}: {} records, {} kept by the default filter\n", o.dataPath, counts.read,
                       counts.kept);
    return build_dataset(records, threads, report.rejected, load_record);
  }
  std::ifstream in(o.dataPath);
  if (!in) throw std::runtime_error("cannot open data file '" + o.dataPath + "'");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (o.maxPositions && lines.size() >= o.maxPositions) break;
    lines.push_back(std::move(line));
  }
  return build_dataset(lines, threads, report.rejected, load_line);
}

void write_file_atomically(const std::string& path, const std::string& text) {
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << text;
    if (!out.flush()) throw std::runtime_error("cannot write '" + tmp + "'");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw std::runtime_error("cannot replace '" + path + "'");
}

}  // namespace

WeightVector current_weights() {
  WeightVector w;
  for (const WeightTable& t : Tables)
    for (int i = 0; i < t.size; ++i) {
      w.mg.push_back(t.values[i].mg);
      w.eg.push_back(t.values[i].eg);
    }
  return w;
}

std::string render_eval_params(const WeightVector& w) {
  std::string s =
      "// Evaluation weights: data, in one place. Generated by `shiftmate tune`\n"
      "// (`make tune`) from self-play positions; edit by hand only to try an idea.\n"
      "// Squares are from White's side, a1 first; Black's are mirrored.\n"
      "#pragma once\n\n#include \"score.h\"\n\nnamespace shiftmate::params {\n\n";
  int base = 0;
  for (const WeightTable& t : Tables) {
    auto value = [&](int i) {
      return fmt::format("S({}, {})", std::lround(w.mg[base + i]), std::lround(w.eg[base + i]));
    };
    if (t.comment) s += t.comment;
    if (!t.array) {
      s += fmt::format("inline constexpr Score {} = {};\n", t.name, value(0));
    } else {
      s += fmt::format("inline constexpr Score {}[{}] = {{\n", t.name, t.size);
      for (int i = 0; i < t.size; ++i)
        s += fmt::format("{}{},{}", i % 8 ? " " : "    ", value(i),
                         i % 8 == 7 || i == t.size - 1 ? "\n" : "");
      s += "};\n\n";
    }
    base += t.size;
  }
  s += "\n// Attack units on the king zone, per attacked square and per safe check; fixed\n"
       "// by hand (KingDanger turns them into a score).\n";
  s += render_ints("KingAttackWeight", KingAttackWeight, int(std::size(KingAttackWeight)));
  s += render_ints("SafeCheckWeight", SafeCheckWeight, int(std::size(SafeCheckWeight)));
  return s + "\n}  // namespace shiftmate::params\n";
}

std::optional<LinearEval> linearize(const std::string& fen, int* engineEval) {
  Position pos;
  if (pos.set(fen)) return std::nullopt;
  return linearize(pos, engineEval);
}

LinearEval linearize(const Position& pos, int* engineEval) {
  thread_local auto pawns = std::make_unique<PawnTable>();
  EvalTrace trace;
  int v = evaluate(pos, *pawns, trace);
  int white = pos.side_to_move() == WHITE ? v : -v;
  if (engineEval) *engineEval = white;

  std::vector<int> counts(weight_count(), 0);
  for (const WeightUse& u : trace.weights) counts[weight_index(u.weight)] += u.sign;
  LinearEval e;
  for (int i = 0; i < int(counts.size()); ++i)
    if (counts[i]) e.coefficients.push_back({std::uint16_t(i), std::int16_t(counts[i])});
  e.phase = std::uint8_t(trace.phase);
  e.scale = std::uint8_t(trace.scale);
  e.fixed = std::int16_t(white - trace.final);  // tempo
  return e;
}

double linear_eval(const LinearEval& e, const WeightVector& w) {
  return eval_of(e.coefficients.data(), e.coefficients.size(), e.phase, e.scale, e.fixed, w);
}

TuneReport run_tune(const TuneOptions& o, std::ostream& log, const std::atomic<bool>* stop) {
  const int threads = std::max(1, o.threads);
  TuneReport report;
  Dataset data = load(o, threads, report, log);
  report.positions = data.samples.size();
  if (data.samples.empty()) throw std::runtime_error("no usable positions in the data file");

  // Every 20th position is held out to show that the fit generalises.
  std::vector<std::uint32_t> train, holdout;
  for (std::uint32_t i = 0; i < data.samples.size(); ++i)
    (i % 20 == 19 ? holdout : train).push_back(i);

  WeightVector w = current_weights();
  const WeightVector start = w;
  const int n = int(w.mg.size());
  report.k = fit_k(data, train, w, threads);
  report.errorBefore = mean_error(data, train, w, report.k, o.lambda, threads);
  log << fmt::format(
      "{} positions ({} rejected), {} weights, K = {:.4f}, lambda = {}\n"
      "before: error {:.6f}, held-out error {:.6f}\n",
      report.positions, report.rejected, n, report.k, o.lambda, report.errorBefore,
      mean_error(data, holdout, w, report.k, o.lambda, threads));
  log.flush();

  // Adam on the mean squared error, full batch.
  const double k = report.k, lnScale = std::log(10.0) * k / 400.0;
  std::vector<double> m(2 * n, 0.0), v(2 * n, 0.0);
  std::vector<std::vector<double>> grads(threads, std::vector<double>(2 * n));
  for (int epoch = 1; epoch <= o.epochs && !(stop && stop->load()); ++epoch) {
    parallel_for(train.size(), threads, [&](std::size_t b, std::size_t e, int t) {
      std::vector<double>& g = grads[t];
      std::fill(g.begin(), g.end(), 0.0);
      for (std::size_t i = b; i < e; ++i) {
        const Sample& s = data.samples[train[i]];
        double p = sigmoid(k, sample_eval(data, s, w));
        // d(error)/d(eval) for this position.
        double de = -2 * (target(s, k, o.lambda) - p) * p * (1 - p) * lnScale;
        double dmg = de * s.phase / 24.0, deg = de * s.scale / 64.0 * (24 - s.phase) / 24.0;
        for (std::uint32_t j = s.begin; j < s.begin + s.count; ++j) {
          auto [index, count] = data.coefficients[j];
          g[index] += count * dmg;
          g[n + index] += count * deg;
        }
      }
    });
    const double b1 = 0.9, b2 = 0.999;
    for (int i = 0; i < 2 * n; ++i) {
      double g = 0;
      for (const auto& part : grads) g += part[i];
      g /= double(train.size());
      // L2 pull toward the starting weights: rarely used entries stay near
      // them instead of fitting the noise of a few positions.
      if (g != 0)
        g += o.l2 * ((i < n ? w.mg[i] : w.eg[i - n]) - (i < n ? start.mg[i] : start.eg[i - n]));
      m[i] = b1 * m[i] + (1 - b1) * g;
      v[i] = b2 * v[i] + (1 - b2) * g * g;
      double mh = m[i] / (1 - std::pow(b1, epoch)), vh = v[i] / (1 - std::pow(b2, epoch));
      double step = o.learningRate * mh / (std::sqrt(vh) + 1e-12);
      if (g == 0) step = 0;  // weights no position uses stay as they are
      (i < n ? w.mg[i] : w.eg[i - n]) -= step;
    }
    if (epoch % 50 == 0 || epoch == o.epochs) {
      log << fmt::format("epoch {:4}: error {:.6f}, held-out error {:.6f}\n", epoch,
                         mean_error(data, train, w, k, o.lambda, threads),
                         mean_error(data, holdout, w, k, o.lambda, threads));
      log.flush();
    }
  }
  // Round as the engine will see the weights, then measure again.
  for (int i = 0; i < n; ++i) w.mg[i] = std::round(w.mg[i]), w.eg[i] = std::round(w.eg[i]);
  report.errorAfter = mean_error(data, train, w, k, o.lambda, threads);
  log << fmt::format("after: error {:.6f} (was {:.6f}), held-out error {:.6f}\n", report.errorAfter,
                     report.errorBefore, mean_error(data, holdout, w, k, o.lambda, threads));
  if (!o.outputPath.empty()) {
    write_file_atomically(o.outputPath, render_eval_params(w));
    log << "wrote " << o.outputPath << "\n";
  }
  report.weights = std::move(w);
  return report;
}

}  // namespace shiftmate
