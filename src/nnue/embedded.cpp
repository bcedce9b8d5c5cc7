// The default network, compiled into the binary so that a single file is
// the whole engine. CMake defines SHIFTMATE_EMBEDDED_NET as the path of
// nets/default.nnue (or of SHIFTMATE_NET); SHIFTMATE_NET=none builds, made
// to train a net of another shape, embed nothing.
#include "nnue/network.h"

#ifdef SHIFTMATE_NO_EMBEDDED_NET

namespace shiftmate::nnue {
std::span<const char> embedded_network_file() { return {}; }
}  // namespace shiftmate::nnue

#else

#ifndef SHIFTMATE_EMBEDDED_NET
#error "SHIFTMATE_EMBEDDED_NET must name the network file to embed"
#endif

// The file goes into the read-only data section of each object format, and
// the assembler goes back to where the compiler had it: ELF has a section
// stack; COFF (MinGW) and Mach-O have neither it nor .previous, so there the
// section is set back to .text, where the compiler is at file scope.
#if defined(_WIN32)
#define SHIFTMATE_NET_SECTION ".section .rdata,\"dr\"\n"  // COFF
#define SHIFTMATE_NET_SECTION_END ".text\n"
#define SHIFTMATE_NET_SYMBOL(name) #name  // no prefix on x86-64
#elif defined(__APPLE__)
#define SHIFTMATE_NET_SECTION ".const_data\n"  // Mach-O
#define SHIFTMATE_NET_SECTION_END ".text\n"
#define SHIFTMATE_NET_SYMBOL(name) "_" #name  // C names carry a leading underscore
#else
#define SHIFTMATE_NET_SECTION ".pushsection .rodata\n"  // ELF
#define SHIFTMATE_NET_SECTION_END ".popsection\n"
#define SHIFTMATE_NET_SYMBOL(name) #name
#endif

asm(SHIFTMATE_NET_SECTION
    ".balign 64\n"
    ".globl " SHIFTMATE_NET_SYMBOL(shiftmate_embedded_net) "\n"
    ".globl " SHIFTMATE_NET_SYMBOL(shiftmate_embedded_net_end) "\n"
    SHIFTMATE_NET_SYMBOL(shiftmate_embedded_net) ":\n"
    ".incbin \"" SHIFTMATE_EMBEDDED_NET "\"\n"
    SHIFTMATE_NET_SYMBOL(shiftmate_embedded_net_end) ":\n"
    SHIFTMATE_NET_SECTION_END);
extern "C" const char shiftmate_embedded_net[], shiftmate_embedded_net_end[];

namespace shiftmate::nnue {

std::span<const char> embedded_network_file() {
  return {shiftmate_embedded_net, shiftmate_embedded_net_end};
}

}  // namespace shiftmate::nnue

#endif  // SHIFTMATE_NO_EMBEDDED_NET
