#include "util/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#ifdef _WIN32
#include <io.h>
#include <windows.h>

#include "util/platform.h"
#else
#include <sys/file.h>
#include <unistd.h>
#endif

namespace shiftmate {

std::string errno_text() { return std::strerror(errno); }

#ifdef _WIN32

namespace {

// O_BINARY: text mode would turn every 0x0a byte into two.
int open_wide(const std::string& path, int flags) {
  return ::_wopen(path_from_utf8(path).c_str(), flags | _O_BINARY | _O_NOINHERIT,
                  _S_IREAD | _S_IWRITE);
}

}  // namespace

int open_for_reading(const std::string& path) { return open_wide(path, _O_RDONLY); }

int open_for_appending(const std::string& path) {
  return open_wide(path, _O_RDWR | _O_CREAT | _O_APPEND);
}

void close_file(int fd) { ::_close(fd); }

bool try_lock_file(int fd) {
  auto handle = reinterpret_cast<HANDLE>(::_get_osfhandle(fd));
  OVERLAPPED whole{};
  return handle != INVALID_HANDLE_VALUE &&
         ::LockFileEx(handle, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, MAXDWORD,
                      MAXDWORD, &whole);
}

std::optional<std::uint64_t> file_size(int fd) {
  const long long size = ::_filelengthi64(fd);
  if (size < 0) return std::nullopt;
  return std::uint64_t(size);
}

bool truncate_file(int fd, std::uint64_t size) { return ::_chsize_s(fd, (long long)size) == 0; }

bool read_at(int fd, void* buffer, std::size_t size, std::uint64_t offset) {
  if (::_lseeki64(fd, (long long)offset, SEEK_SET) < 0) return false;
  return read_fully(fd, buffer, size) == std::int64_t(size);
}

#else

int open_for_reading(const std::string& path) { return ::open(path.c_str(), O_RDONLY | O_CLOEXEC); }

int open_for_appending(const std::string& path) {
  return ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}

void close_file(int fd) { ::close(fd); }

bool try_lock_file(int fd) { return ::flock(fd, LOCK_EX | LOCK_NB) == 0; }

std::optional<std::uint64_t> file_size(int fd) {
  struct stat info;
  if (::fstat(fd, &info) != 0) return std::nullopt;
  return std::uint64_t(info.st_size);
}

bool truncate_file(int fd, std::uint64_t size) { return ::ftruncate(fd, off_t(size)) == 0; }

bool read_at(int fd, void* buffer, std::size_t size, std::uint64_t offset) {
  return ::pread(fd, buffer, size, off_t(offset)) == ssize_t(size);
}

#endif

namespace {

// The Windows C runtime's read and write take an unsigned int count: large
// transfers go in pieces of at most 1 GiB on every system.
#ifdef _WIN32
using TransferCount = unsigned;
#else
using TransferCount = std::size_t;
#endif
constexpr std::size_t MaxTransfer = std::size_t(1) << 30;

}  // namespace

std::int64_t read_fully(int fd, void* buffer, std::size_t size) {
  auto* p = static_cast<char*>(buffer);
  std::size_t done = 0;
  while (done < size) {
    auto n = ::read(fd, p + done, TransferCount(std::min(size - done, MaxTransfer)));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return -1;
    if (n == 0) break;
    done += std::size_t(n);
  }
  return std::int64_t(done);
}

bool write_all(int fd, const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size) {
    auto n = ::write(fd, p, TransferCount(std::min(size, MaxTransfer)));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= std::size_t(n);
  }
  return true;
}

}  // namespace shiftmate
