#!/usr/bin/env bash
# Cross-compiles the Windows x86-64 engine: one statically linked .exe
# (C and C++ runtimes, winpthread and fathom inside; only Windows system
# DLLs imported), with Debian's MinGW-w64 (-posix compilers: std::thread).
#
#   scripts/build-windows.sh ARCH OUTPUT.exe
#     ARCH    x86-64 (baseline) or x86-64-bmi2 (x86-64-v3: AVX2, BMI2)
#     OUTPUT  where the .exe goes (its folder is created)
#
# Builds in build/windows-ARCH; JOBS sets the parallel compilations (2).
set -euo pipefail
if [ $# -ne 2 ] || { [ "$1" != x86-64 ] && [ "$1" != x86-64-bmi2 ]; }; then
  echo "usage: $0 x86-64|x86-64-bmi2 OUTPUT.exe" >&2
  exit 2
fi
arch=$1
output=$2
root=$(cd "$(dirname "$0")/.." && pwd)
prefix=x86_64-w64-mingw32

if ! command -v $prefix-g++-posix > /dev/null; then
  echo "build-windows: $prefix-g++-posix is missing; install g++-mingw-w64-x86-64-posix" >&2
  exit 1
fi

fathom=$root/build/fathom/$prefix
[ -f "$fathom/lib/libfathom.a" ] || "$root/scripts/build-fathom.sh" $prefix-gcc-posix "$fathom"

build=$root/build/windows-$arch
cmake -S "$root" -B "$build" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-mingw-w64.cmake" \
  -DCMAKE_BUILD_TYPE=Release -DSHIFTMATE_ARCH="$arch" -DSHIFTMATE_STATIC=ON \
  -DSHIFTMATE_FATHOM_DIR="$fathom" -DSHIFTMATE_TESTS=OFF > /dev/null
cmake --build "$build" -j "${JOBS:-2}" --target shiftmate

# A DLL beside the .exe would be missing on the user's machine: only the
# system's own may be imported.
system_dlls='^(KERNEL32|USER32|ADVAPI32|SHELL32|msvcrt|WS2_32|api-ms-win-.*)\.dll$'
imports=$($prefix-objdump -p "$build/shiftmate.exe" | sed -n 's/^\s*DLL Name: //p')
if unexpected=$(grep -viE "$system_dlls" <<< "$imports"); then
  echo "build-windows: $build/shiftmate.exe needs DLLs Windows does not have: $unexpected" >&2
  exit 1
fi
mkdir -p "$(dirname "$output")"
cp -f "$build/shiftmate.exe" "$output"
echo "build-windows: $output (ARCH=$arch; imports $(tr '\n' ' ' <<< "$imports"))"
