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
std::string capped(const std::string& line) {
  // The command as the engine reads it: the first word, after any blanks.
  std::istringstream words(line);
  std::string command;
  words >> command;
  if (command == "go") {
    // go perft N: deep counts would dominate; the argument is still parsed.
    std::string word, out = "go ";
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
  if (command == "bench") return "";  // a whole benchmark per input is too slow
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
