// What differs between Windows and POSIX systems for paths that users give
// the engine: UCI options carry UTF-8 text, which on Windows must reach the
// wide file API (the narrow one reads the ANSI code page).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace shiftmate {

// Separates the directories of SyzygyPath: on Windows ':' follows a drive
// letter, so the list uses ';' as PATH does there.
#ifdef _WIN32
inline constexpr char PathListSeparator = ';';
#else
inline constexpr char PathListSeparator = ':';
#endif

// A UTF-8 path as the file system's path; relative paths stay relative to
// the working directory.
inline std::filesystem::path path_from_utf8(std::string_view utf8) {
  return std::filesystem::path(std::u8string(utf8.begin(), utf8.end()));
}

inline std::string utf8_from_path(const std::filesystem::path& path) {
  const std::u8string text = path.u8string();
  return std::string(text.begin(), text.end());
}

// A path for a C library that opens files through the narrow API (fathom):
// on Windows the short 8.3 form of an existing file or directory, which is
// plain ASCII, when the path has characters outside ASCII; elsewhere as given.
std::string narrow_path_for_c_library(const std::string& utf8);

// On Windows, replaces the arguments main() received (ANSI code page) with
// the command line's UTF-8; elsewhere they are kept as they are.
void use_utf8_arguments(int& argc, char**& argv);

// On Windows, standard output and error end lines in LF alone, as on POSIX
// systems: GUIs accept either, and a Windows build run under Wine by a
// Linux match runner would otherwise send "bestmove e2e4\r".
void use_lf_line_endings();

}  // namespace shiftmate
