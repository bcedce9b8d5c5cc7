#include "perft/result.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>

namespace shiftmate {

void print_perft(std::ostream& out, const PerftResult& result, bool divide) {
  if (divide)
    for (const auto& d : result.divide) fmt::print(out, "{}: {}\n", d.move, d.nodes);
  fmt::print(out, "\nNodes searched: {}\n", result.nodes);
  double s = std::max(result.seconds, 1e-9);  // a run too quick to time
  fmt::print(out, "Time: {:.3f} s\nNodes/second: {:.0f}\n", result.seconds, result.nodes / s);
}

}  // namespace shiftmate
