#include "util/memory.h"

#ifdef _WIN32
#include <windows.h>
#elif defined(__EMSCRIPTEN__)
#include <emscripten/heap.h>
#else
#include <unistd.h>
#endif

namespace shiftmate {

std::size_t physical_memory_mb() {
#ifdef _WIN32
  MEMORYSTATUSEX status{};
  status.dwLength = sizeof(status);
  if (!::GlobalMemoryStatusEx(&status)) return 0;
  return std::size_t(status.ullTotalPhys >> 20);
#elif defined(__EMSCRIPTEN__)
  return emscripten_get_heap_max() >> 20;  // the most the WebAssembly memory may grow to
#else
  return std::size_t(sysconf(_SC_PHYS_PAGES)) * std::size_t(sysconf(_SC_PAGESIZE)) >> 20;
#endif
}

}  // namespace shiftmate
