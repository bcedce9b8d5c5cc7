// Start-up check that the CPU has the instructions this build was compiled
// for. CMake compiles this file alone for the x86-64 baseline and defines
// SHIFTMATE_CPU_LEVEL (1: popcnt; 2: x86-64-v2; 3: x86-64-v3; 4: x86-64-v4)
// and SHIFTMATE_ARCH_NAME; the constructor runs before the ordinary static
// initialisers, so a user with an older CPU reads what to download instead
// of dying of SIGILL somewhere in the engine.
#if defined(SHIFTMATE_CPU_LEVEL) && (defined(__x86_64__) || defined(__i386__))

#include <cstdio>
#include <cstdlib>

namespace {

struct Feature {
  const char* name;
  int level;  // the lowest level that needs it
  bool present;
};

__attribute__((constructor(101))) void check_cpu_features() {
  __builtin_cpu_init();
  // __builtin_cpu_supports takes literals only, hence the table.
  const Feature features[] = {
      {"popcnt", 1, bool(__builtin_cpu_supports("popcnt"))},
      {"sse3", 2, bool(__builtin_cpu_supports("sse3"))},
      {"ssse3", 2, bool(__builtin_cpu_supports("ssse3"))},
      {"sse4.1", 2, bool(__builtin_cpu_supports("sse4.1"))},
      {"sse4.2", 2, bool(__builtin_cpu_supports("sse4.2"))},
      {"avx", 3, bool(__builtin_cpu_supports("avx"))},
      {"avx2", 3, bool(__builtin_cpu_supports("avx2"))},
      {"bmi", 3, bool(__builtin_cpu_supports("bmi"))},
      {"bmi2", 3, bool(__builtin_cpu_supports("bmi2"))},
      {"fma", 3, bool(__builtin_cpu_supports("fma"))},
      {"avx512f", 4, bool(__builtin_cpu_supports("avx512f"))},
      {"avx512bw", 4, bool(__builtin_cpu_supports("avx512bw"))},
      {"avx512cd", 4, bool(__builtin_cpu_supports("avx512cd"))},
      {"avx512dq", 4, bool(__builtin_cpu_supports("avx512dq"))},
      {"avx512vl", 4, bool(__builtin_cpu_supports("avx512vl"))},
  };
  bool missing = false;
  for (const Feature& f : features) {
    if (f.level > SHIFTMATE_CPU_LEVEL || f.present) continue;
    if (!missing)
      std::fprintf(stderr, "shiftmate: this build (" SHIFTMATE_ARCH_NAME
                           ") needs CPU instructions this processor lacks:");
    std::fprintf(stderr, " %s", f.name);
    missing = true;
  }
  if (!missing) return;
  std::fprintf(stderr,
               "\nshiftmate: download the baseline file instead, the one named x86-64-v2"
               " (any x86-64 CPU since about 2009); for still older CPUs build from source"
               " with 'make ARCH=x86-64'.\n");
  std::fflush(stderr);
  std::_Exit(1);
}

}  // namespace

#endif
