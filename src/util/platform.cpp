#include "util/platform.h"

#include <algorithm>

#ifdef _WIN32
#include <windows.h>
// windows.h must come first.
#include <fcntl.h>
#include <io.h>
#include <shellapi.h>

#include <cstdio>
#include <vector>
#endif

namespace shiftmate {

#ifdef _WIN32

std::string narrow_path_for_c_library(const std::string& utf8) {
  if (std::all_of(utf8.begin(), utf8.end(), [](char c) { return (unsigned char)c < 0x80; }))
    return utf8;
  const std::wstring wide = path_from_utf8(utf8).wstring();
  const DWORD length = ::GetShortPathNameW(wide.c_str(), nullptr, 0);
  if (length == 0) return utf8;  // no short name: the library will say it cannot open it
  std::wstring shortName(length, L'\0');
  const DWORD written = ::GetShortPathNameW(wide.c_str(), shortName.data(), length);
  if (written == 0 || written >= length) return utf8;
  shortName.resize(written);
  std::string narrow(std::size_t(written) * 4, '\0');
  const int bytes = ::WideCharToMultiByte(CP_ACP, 0, shortName.data(), int(written), narrow.data(),
                                          int(narrow.size()), nullptr, nullptr);
  narrow.resize(std::size_t(std::max(bytes, 0)));
  return narrow;
}

void use_utf8_arguments(int& argc, char**& argv) {
  int count = 0;
  wchar_t** wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
  if (!wide) return;
  // Kept for the life of the process, as main()'s arguments are.
  static std::vector<std::string> texts;
  static std::vector<char*> pointers;
  for (int i = 0; i < count; ++i) texts.push_back(utf8_from_path(std::filesystem::path(wide[i])));
  ::LocalFree(wide);
  for (std::string& text : texts) pointers.push_back(text.data());
  pointers.push_back(nullptr);
  argc = count;
  argv = pointers.data();
}

void use_lf_line_endings() {
  _setmode(_fileno(stdout), _O_BINARY);
  _setmode(_fileno(stderr), _O_BINARY);
}

#else

std::string narrow_path_for_c_library(const std::string& utf8) { return utf8; }

void use_utf8_arguments(int&, char**&) {}

void use_lf_line_endings() {}

#endif

}  // namespace shiftmate
