// Small helpers shared by the test files: reading the EPD suites in perft/.
#pragma once

#include <fstream>
#include <string>
#include <vector>

namespace shiftmate_test {

inline std::string perft_file(const std::string& name) {
  return std::string(SHIFTMATE_PERFT_DIR) + "/" + name;
}

inline std::string trim(const std::string& s) {
  const char* ws = " \t\r\n";
  std::size_t b = s.find_first_not_of(ws);
  if (b == std::string::npos) return "";
  std::size_t e = s.find_last_not_of(ws);
  return s.substr(b, e - b + 1);
}

// Every non-blank, non-comment line of a suite file.
inline std::vector<std::string> suite_lines(const std::string& name) {
  std::ifstream in(perft_file(name));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    lines.push_back(t);
  }
  return lines;
}

// The FEN of every position of a suite: the text before the first ';'.
inline std::vector<std::string> suite_fens(const std::string& name) {
  std::vector<std::string> fens;
  for (const std::string& line : suite_lines(name))
    fens.push_back(trim(line.substr(0, line.find(';'))));
  return fens;
}

}  // namespace shiftmate_test
