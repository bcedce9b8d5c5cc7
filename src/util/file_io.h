// Small file helpers for the tools that read and write binary files, on
// POSIX and on Windows (where the C runtime's descriptors are used in binary
// mode and paths are UTF-8, opened through the wide API).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace shiftmate {

// The text of the current errno, for messages after a failed system call.
std::string errno_text();

// A file descriptor for binary reading (-1 and errno on failure).
int open_for_reading(const std::string& path);
// For reading and appending, created if missing (mode 0644 on POSIX).
int open_for_appending(const std::string& path);
void close_file(int fd);

// Takes an exclusive lock without waiting; false when another process holds it.
bool try_lock_file(int fd);
std::optional<std::uint64_t> file_size(int fd);
bool truncate_file(int fd, std::uint64_t size);

// Reads up to `size` bytes, retrying short reads; the count read, or -1.
std::int64_t read_fully(int fd, void* buffer, std::size_t size);
// Reads exactly `size` bytes at `offset`; the file position may move.
bool read_at(int fd, void* buffer, std::size_t size, std::uint64_t offset);

// Writes all of `data`, retrying short and interrupted writes; false on an
// error (errno says which) or when nothing more can be written.
bool write_all(int fd, const void* data, std::size_t size);

}  // namespace shiftmate
