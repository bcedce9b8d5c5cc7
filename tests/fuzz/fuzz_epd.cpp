// Fuzz target: EPD perft-suite lines. Parsing never crashes; a line that
// parses with a valid FEN can be run (depths capped to stay fast).
#include <cstdint>
#include <sstream>
#include <string>

#include "perft/perft.h"

using namespace shiftmate;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static bool ready = (Position::init(), true);
  (void)ready;
  std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  auto c = parse_epd_line(text, error);
  if (!c) return 0;
  std::istringstream suite(text);
  std::ostringstream out;
  SuiteOptions options;
  options.maxDepth = 2;
  run_suite(suite, options, out);
  return 0;
}
