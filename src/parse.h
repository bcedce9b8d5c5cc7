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

// A whole number as a person or a GUI may write it: an optional sign, digits,
// and optionally '.' and more digits. Too many digits saturate; a fraction
// is dropped (`fraction` says there was one). Anything else is no number.
struct LenientNumber {
  long long value;
  bool fraction;
};

inline std::optional<LenientNumber> read_number_leniently(std::string_view text) {
  const bool negative = !text.empty() && text.front() == '-';
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
  const std::size_t point = text.find('.');
  const std::string_view whole = text.substr(0, point);
  const std::string_view fraction =
      point == std::string_view::npos ? std::string_view{} : text.substr(point + 1);
  auto digits = [](std::string_view s) {
    for (char c : s)
      if (c < '0' || c > '9') return false;
    return true;
  };
  if (whole.empty() || !digits(whole) || !digits(fraction)) return std::nullopt;
  long long value = 0;
  for (char c : whole) {
    if (value > (std::numeric_limits<long long>::max() - (c - '0')) / 10) {
      value = std::numeric_limits<long long>::max();
      break;
    }
    value = value * 10 + (c - '0');
  }
  return LenientNumber{negative ? -value : value, point != std::string_view::npos};
}

}  // namespace shiftmate
