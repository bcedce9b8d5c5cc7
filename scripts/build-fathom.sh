#!/usr/bin/env bash
# Builds Syzygy probing (fathom) as a static library for one target, from
# Debian's source package, for the binaries that cannot link Debian's shared
# libfathom (static Linux, Windows, aarch64). Nothing lands in the source
# tree: the package is unpacked and compiled under OUT.
#
#   scripts/build-fathom.sh CC OUT
#     CC   the C compiler of the target (gcc, x86_64-w64-mingw32-gcc-posix,
#          aarch64-linux-gnu-gcc); extra flags may follow it in quotes
#     OUT  gets include/tbprobe.h and lib/libfathom.a
#
# As root, a missing deb-src line for the same Debian archive is added first.
set -euo pipefail
cc=$1
out=$2
mkdir -p "$out"
out=$(cd "$out" && pwd)

src_dir=$out/source
if [ ! -f "$src_dir/src/tbprobe.c" ]; then
  download=$out/download
  mkdir -p "$download"
  if ! (cd "$download" && apt-get source --download-only fathom > /dev/null 2>&1); then
    sources=/etc/apt/sources.list.d/debian.sources
    if [ "$(id -u)" = 0 ] && [ -f "$sources" ] && ! grep -q '^Types:.*deb-src' "$sources"; then
      echo "build-fathom: adding deb-src to $sources (Debian's source packages)"
      sed -i 's/^Types: deb$/Types: deb deb-src/' "$sources"
      apt-get update -qq
    fi
    (cd "$download" && apt-get source --download-only fathom > /dev/null 2>&1) || {
      echo "build-fathom: cannot fetch Debian's fathom source package; as root, add a deb-src line" \
        "for your Debian archive and run 'apt-get update'" >&2
      exit 1
    }
  fi
  rm -rf "$src_dir" && mkdir -p "$src_dir"
  tar -xzf "$download"/fathom_*.orig.tar.gz -C "$src_dir" --strip-components=1
fi

# The flags of Debian's own build (debian/rules): no threads inside fathom
# (the engine serialises its probes) and a portable popcount.
mkdir -p "$out/include" "$out/lib"
$cc -std=gnu99 -O2 -Wall -DTB_NO_THREADS -DTB_NO_HW_POP_COUNT -I"$src_dir/src" \
  -c "$src_dir/src/tbprobe.c" -o "$out/tbprobe.o"
# The target's archiver: the compiler's name up to "gcc" is its prefix.
compiler=${cc%% *}
compiler=${compiler##*/}
ar_tool=${AR:-${compiler%%gcc*}ar}
rm -f "$out/lib/libfathom.a"
$ar_tool rcs "$out/lib/libfathom.a" "$out/tbprobe.o"
cp "$src_dir/src/tbprobe.h" "$src_dir/src/tbconfig.h" "$out/include/"
echo "build-fathom: $out/lib/libfathom.a"
