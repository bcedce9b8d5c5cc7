// The default network, compiled into the binary so that a single file is
// the whole engine. CMake defines SHIFTMATE_EMBEDDED_NET as the path of
// nets/default.nnue (or of SHIFTMATE_NET); SHIFTMATE_NET=none builds, made
// to train a net of another shape, embed nothing. WebAssembly builds get
// the bytes as an array (SHIFTMATE_EMBEDDED_NET_ARRAY names CMake's file).
#include "nnue/network.h"

#ifdef SHIFTMATE_NO_EMBEDDED_NET

namespace shiftmate::nnue {
std::span<const char> embedded_network_file() { return {}; }
}  // namespace shiftmate::nnue

#elif defined(SHIFTMATE_EMBEDDED_NET_ARRAY)

// WebAssembly (make web): the file's bytes as an array CMake wrote, since
// the wasm object format takes no .incbin.
namespace {
alignas(64) constexpr unsigned char EmbeddedNet[] = {
#include SHIFTMATE_EMBEDDED_NET_ARRAY
};
}  // namespace

namespace shiftmate::nnue {
std::span<const char> embedded_network_file() {
  return {reinterpret_cast<const char*>(EmbeddedNet), sizeof(EmbeddedNet)};
}
}  // namespace shiftmate::nnue

#else

#include "util/asm_data.h"

#ifndef SHIFTMATE_EMBEDDED_NET
#error "SHIFTMATE_EMBEDDED_NET must name the network file to embed"
#endif

// The file goes into the read-only data section of each object format.
asm(SHIFTMATE_RODATA_SECTION
    ".balign 64\n"
    ".globl " SHIFTMATE_ASM_SYMBOL(shiftmate_embedded_net) "\n"
    ".globl " SHIFTMATE_ASM_SYMBOL(shiftmate_embedded_net_end) "\n"
    SHIFTMATE_ASM_SYMBOL(shiftmate_embedded_net) ":\n"
    ".incbin \"" SHIFTMATE_EMBEDDED_NET "\"\n"
    SHIFTMATE_ASM_SYMBOL(shiftmate_embedded_net_end) ":\n"
    SHIFTMATE_RODATA_SECTION_END);
extern "C" const char shiftmate_embedded_net[], shiftmate_embedded_net_end[];

namespace shiftmate::nnue {

std::span<const char> embedded_network_file() {
  return {shiftmate_embedded_net, shiftmate_embedded_net_end};
}

}  // namespace shiftmate::nnue

#endif  // SHIFTMATE_NO_EMBEDDED_NET
