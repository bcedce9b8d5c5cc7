#include "util/file_io.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace shiftmate {

std::string errno_text() { return std::strerror(errno); }

bool write_all(int fd, const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size) {
    ssize_t n = ::write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= std::size_t(n);
  }
  return true;
}

}  // namespace shiftmate
