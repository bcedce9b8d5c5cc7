// Strict number parsing for FEN fields, EPD counts and protocol arguments:
// the whole text must be one number within [lo, hi] (no sign for unsigned
// types, no '+', nothing left over).
#pragma once

#include <charconv>
#include <limits>
#include <optional>
#include <string_view>

namespace shiftmate {

template <typename T>
std::optional<T> parse_number(std::string_view text, T lo = std::numeric_limits<T>::min(),
                              T hi = std::numeric_limits<T>::max(), int base = 10) {
  T value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < lo ||
      value > hi)
    return std::nullopt;
  return value;
}

}  // namespace shiftmate
