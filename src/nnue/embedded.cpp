// The default network, compiled into the binary so that a single file is
// the whole engine. CMake defines SHIFTMATE_EMBEDDED_NET as the path of
// nets/default.nnue when the file exists.
#include "nnue/network.h"

#ifdef SHIFTMATE_EMBEDDED_NET
asm(".section .rodata\n"
    ".balign 64\n"
    ".global shiftmate_embedded_net, shiftmate_embedded_net_end\n"
    "shiftmate_embedded_net:\n"
    ".incbin \"" SHIFTMATE_EMBEDDED_NET
    "\"\n"
    "shiftmate_embedded_net_end:\n"
    ".previous\n");
extern "C" const char shiftmate_embedded_net[], shiftmate_embedded_net_end[];
#endif

namespace shiftmate::nnue {

std::span<const char> embedded_network_file() {
#ifdef SHIFTMATE_EMBEDDED_NET
  return {shiftmate_embedded_net, shiftmate_embedded_net_end};
#else
  return {};
#endif
}

}  // namespace shiftmate::nnue
