// Fuzz target: the UCI command handler, a whole command stream per input.
// One session lives across inputs (building an engine per input made this
// target fifty times slower), so options and the hash table carry over from
// input to input; a search never outlives its input.
#include <cstdint>
#include <sstream>
#include <string>

#include "uci.h"

namespace {

// Unbounded searches would run until the end of the input stops them, and
// big tables or many threads would only slow every input down (they are
// tested elsewhere): cap them instead of ignoring them.
std::string capped(std::string line) {
  // The engine skips leading blanks, so the caps must too.
  std::size_t start = line.find_first_not_of(" \t");
  line.erase(0, start == std::string::npos ? line.size() : start);
  if (line.rfind("go", 0) == 0) {
    // go perft N: deep counts would dominate; the argument is still parsed.
    std::istringstream words(line);
    std::string word, out;
    bool afterPerft = false;
    while (words >> word) {
      if (afterPerft && word.find_first_not_of("0123456789") == std::string::npos &&
          (word.size() > 1 || word > "3"))
        word = "3";
      afterPerft = word == "perft";
      out += word + " ";
    }
    return out + "depth 4 nodes 300";
  }
  if (line.rfind("bench", 0) == 0) return "";  // a whole benchmark per input is too slow
  if (line.find("setoption") != std::string::npos &&
      (line.find("Hash") != std::string::npos || line.find("Threads") != std::string::npos))
    return "setoption name Hash value 1";
  return line;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::ostringstream out;
  static shiftmate::UciSession* session = [] {
    shiftmate::Position::init();
    auto* s = new shiftmate::UciSession(out);
    s->execute("setoption name Hash value 1");
    return s;
  }();

  std::istringstream lines(std::string(reinterpret_cast<const char*>(data), size));
  for (std::string line; std::getline(lines, line);)
    if (!session->execute(capped(line))) break;  // quit ends this input only
  session->finish();
  session->execute("position startpos");
  out.str("");
  return 0;
}
