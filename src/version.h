// Shiftmate's version: the number in the VERSION file, and in development
// builds "-dev" and the commit built (cmake/version.cmake makes the text).
#pragma once

#include <string_view>

namespace shiftmate {

// "1.0" (release), "1.0-dev-<commit>" or "1.0-dev" (no .git at build time).
std::string_view version();

}  // namespace shiftmate
