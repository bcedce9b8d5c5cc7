#include "version.h"

// Generated in the build directory on every build; it changes, and this file
// is recompiled, only when the version text does (a new commit).
#include "version_string.h"

namespace shiftmate {

std::string_view version() { return SHIFTMATE_VERSION; }

}  // namespace shiftmate
