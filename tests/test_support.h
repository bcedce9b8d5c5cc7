// Small helpers shared by the test files: reading the EPD suites in perft/,
// reading and writing whole files and training records, temporary files,
// splitting output into lines.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "position.h"
#include "training/packed_position.h"

namespace shiftmate_test {

// A position from a FEN the test knows to be valid; a FEN the engine refuses
// fails the test.
inline shiftmate::Position pos_of(const std::string& fen, bool chess960 = false) {
  shiftmate::Position p;
  EXPECT_FALSE(p.set(fen, chess960)) << fen;
  return p;
}

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

// A whole file as bytes ("" when it cannot be read).
inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The 32-byte training records in `bytes` (a partial record at the end is left out).
inline std::vector<shiftmate::PackedPosition> records_of(const std::string& bytes) {
  std::vector<shiftmate::PackedPosition> records(bytes.size() / sizeof(shiftmate::PackedPosition));
  if (!records.empty())  // memcpy from or to no buffer at all is undefined, even of 0 bytes
    std::memcpy(records.data(), bytes.data(), records.size() * sizeof(shiftmate::PackedPosition));
  return records;
}

// The training records of a file.
inline std::vector<shiftmate::PackedPosition> records_in(const std::string& path) {
  return records_of(read_file(path));
}

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// A unique path in the temp directory (no file yet), removed when it goes
// out of scope. The extension matters to readers that go by it (.bin).
class TempPath {
 public:
  explicit TempPath(const std::string& extension = ".txt") {
    static std::atomic<int> counter{0};
    path_ =
        std::filesystem::temp_directory_path() / ("shiftmate_test_" + std::to_string(::getpid()) +
                                                  "_" + std::to_string(counter++) + extension);
  }
  TempPath(const TempPath&) = delete;
  TempPath& operator=(const TempPath&) = delete;
  ~TempPath() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

// A temporary file holding `content`.
class TempFile : public TempPath {
 public:
  explicit TempFile(const std::string& content) { write_file(path(), content); }
};

inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace shiftmate_test
