// The default network, compiled into the binary so that a single file is
// the whole engine. CMake defines SHIFTMATE_EMBEDDED_NET as the path of
// nets/default.nnue (or of SHIFTMATE_NET).
#include "nnue/network.h"

#ifndef SHIFTMATE_EMBEDDED_NET
#error "SHIFTMATE_EMBEDDED_NET must name the network file to embed"
#endif

asm(".section .rodata\n"
    ".balign 64\n"
    ".global shiftmate_embedded_net, shiftmate_embedded_net_end\n"
    "shiftmate_embedded_net:\n"
    ".incbin \"" SHIFTMATE_EMBEDDED_NET
    "\"\n"
    "shiftmate_embedded_net_end:\n"
    ".previous\n");
extern "C" const char shiftmate_embedded_net[], shiftmate_embedded_net_end[];

namespace shiftmate::nnue {

std::span<const char> embedded_network_file() {
  return {shiftmate_embedded_net, shiftmate_embedded_net_end};
}

}  // namespace shiftmate::nnue
