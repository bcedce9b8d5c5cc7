// Small POSIX file helpers shared by the tools that write binary files.
#pragma once

#include <cstddef>
#include <string>

namespace shiftmate {

// The text of the current errno, for messages after a failed system call.
std::string errno_text();

// Writes all of `data`, retrying short and interrupted writes; false on an
// error (errno says which) or when nothing more can be written.
bool write_all(int fd, const void* data, std::size_t size);

}  // namespace shiftmate
