// Directives for data that inline assembly puts into the read-only section
// of the object format being built (the embedded network, nnue/embedded.cpp).
// After the data the assembler must go back to where the compiler had it:
// ELF has a section stack; COFF (MinGW) and Mach-O have neither it nor
// .previous, so there the section is set back to .text, where the compiler is
// at file scope.
#pragma once

#if defined(_WIN32)
#define SHIFTMATE_RODATA_SECTION ".section .rdata,\"dr\"\n"  // COFF
#define SHIFTMATE_RODATA_SECTION_END ".text\n"
#define SHIFTMATE_ASM_SYMBOL(name) #name  // no prefix on x86-64
#elif defined(__APPLE__)
#define SHIFTMATE_RODATA_SECTION ".const_data\n"  // Mach-O
#define SHIFTMATE_RODATA_SECTION_END ".text\n"
#define SHIFTMATE_ASM_SYMBOL(name) "_" #name  // C names carry a leading underscore
#else
#define SHIFTMATE_RODATA_SECTION ".pushsection .rodata\n"  // ELF
#define SHIFTMATE_RODATA_SECTION_END ".popsection\n"
#define SHIFTMATE_ASM_SYMBOL(name) #name
#endif
