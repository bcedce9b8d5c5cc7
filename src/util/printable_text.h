// Text from outside (a GUI's line, a file name) made safe to echo on one
// output line: control characters and bytes that are not valid UTF-8 become '?',
// and a long text is cut at a character boundary and ends in "...".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace shiftmate {

inline std::string printable_text(std::string_view text, std::size_t maxBytes = 256) {
  std::string shown;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    // Length of a valid UTF-8 sequence starting here (1 for a printable
    // ASCII byte), or 0 when the byte must be replaced.
    std::size_t length = 0;
    if (lead >= 0x20 && lead < 0x7f)
      length = 1;
    else if (lead >= 0xc2 && lead <= 0xf4) {
      length = lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
      if (i + length > text.size()) length = 0;
      for (std::size_t k = 1; k < length; ++k)
        if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80) length = 0;
      // C1 controls (U+0080-U+009F), overlong forms, surrogates and code
      // points past U+10FFFF.
      const auto second = length ? static_cast<unsigned char>(text[i + 1]) : 0;
      if ((lead == 0xc2 && second < 0xa0) || (lead == 0xe0 && second < 0xa0) ||
          (lead == 0xed && second >= 0xa0) || (lead == 0xf0 && second < 0x90) ||
          (lead == 0xf4 && second >= 0x90))
        length = 0;
    }
    const std::size_t step = length ? length : 1;
    if (shown.size() + step > maxBytes) {
      shown += "...";
      break;
    }
    if (length)
      shown.append(text.substr(i, length));
    else
      shown += '?';
    i += step;
  }
  return shown;
}

}  // namespace shiftmate
