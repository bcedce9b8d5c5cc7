// Files a user names for the engine to read (EvalFile, BookFile). A
// directory or a device opens as a stream too, and reading /dev/zero or a
// FIFO never ends, so only a regular file is read.
#pragma once

#include <fmt/format.h>

#include <filesystem>
#include <optional>
#include <string>

#include "util/platform.h"

namespace shiftmate {

// Why `path` must not be opened, or nothing. A path that does not exist (or
// cannot be examined) passes: opening it fails, and the caller says so.
inline std::optional<std::string> not_a_regular_file(const std::string& path) {
  std::error_code ec;
  const auto type = std::filesystem::status(path_from_utf8(path), ec).type();
  if (type == std::filesystem::file_type::regular || type == std::filesystem::file_type::none ||
      type == std::filesystem::file_type::not_found)
    return std::nullopt;
  return fmt::format("'{}' is not a regular file", path);
}

}  // namespace shiftmate
