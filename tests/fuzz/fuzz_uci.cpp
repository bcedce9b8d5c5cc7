// Fuzz target: the UCI command handler, a whole command stream per input.
// Searches are capped so that each input finishes quickly.
#include <cstdint>
#include <sstream>
#include <string>

#include "uci.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  // Unbounded searches would make one input run until the end of input
  // stops them; cap them instead of ignoring them.
  std::string capped;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("go", 0) == 0) line += " depth 3 nodes 2000";
    if (line.rfind("bench", 0) == 0) continue;  // a whole benchmark per input is too slow
    // Big tables and many threads are tested elsewhere; here they would only
    // slow every input down (and trip the fuzzer's memory limit).
    if (line.find("setoption") != std::string::npos &&
        (line.find("Hash") != std::string::npos || line.find("Threads") != std::string::npos))
      line = "setoption name Hash value 1";
    capped += line + "\n";
  }
  std::istringstream in(capped);
  std::ostringstream out;
  shiftmate::run_uci(in, out);
  return 0;
}
