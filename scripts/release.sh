#!/usr/bin/env bash
# Builds every release file into dist/ (`make release`): static Linux
# x86-64 binaries for the v2, v3 and v4 levels, Linux aarch64 (NEON),
# Windows x86-64 v2 and v3 (MinGW-w64), then LICENSE, a NOTICE made from the
# copyright files of the Debian packages linked in, and SHA256SUMS. Each
# binary must search the same bench node count as REFERENCE (the native
# build): Windows files under Wine, aarch64 under qemu-aarch64.
#
#   scripts/release.sh REFERENCE VERSION [TARGET...]
#     TARGET  linux-x86-64-v2 linux-x86-64-v3 linux-x86-64-v4 linux-aarch64
#             windows-x86-64-v2 windows-x86-64-v3 web (default: all); web is the
#             browser's folder (scripts/build-web.sh) as a zip, its bench run
#             in headless Chromium
# Environment: DIST (default dist), JOBS (default 2).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
reference=$1
version=$2
shift 2
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(linux-x86-64-v3 linux-x86-64-v2 linux-x86-64-v4 linux-aarch64
    windows-x86-64-v3 windows-x86-64-v2 web)
fi
dist=${DIST:-$root/dist}
jobs=${JOBS:-2}
work=$root/build/release
mkdir -p "$dist" "$work"
dist=$(cd "$dist" && pwd)  # the web zip is made from another folder

bench_nodes() {  # the node count of the bench's last line, "N nodes M nps"
  local last
  last=$("$@" bench 2> /dev/null | tr -d '\r' | tail -n 1)
  echo "${last%% nodes*}"
}
expected=$(bench_nodes "$reference")
echo "release: $version; the reference $reference searches $expected bench nodes"

# The Debian packages whose code each kind of binary carries (for NOTICE).
declare -A packages=(
  [linux-x86-64]="libfathom-dev libfmt-dev libcxxopts-dev libstdc++6 libgcc-s1 libc6"
  [linux-aarch64]="libfathom-dev libfmt-dev libcxxopts-dev libstdc++6-arm64-cross libgcc-s1-arm64-cross libc6-arm64-cross"
  [windows-x86-64]="libfathom-dev libfmt-dev libcxxopts-dev gcc-mingw-w64-x86-64-posix-runtime mingw-w64-x86-64-dev mingw-w64-common"
  [web]="libfathom-dev libfmt-dev libcxxopts-dev emscripten"
)
declare -A used_by=()

for target in "${targets[@]}"; do
  if [ "$target" = web ]; then
    # The page and its engine; the zip holds one folder, with the page's own
    # NOTICE (the npm packages it bundles).
    start=$SECONDS
    site=$work/shiftmate-$version-web
    rm -rf "$site"
    RELEASE=ON JOBS=$jobs "$root/scripts/build-web.sh" "$site" > "$work/web.log" || {
      tail -n 20 "$work/web.log" >&2
      exit 1
    }
    # The one-thread SIMD engine's bench (what a failure printed is in web-bench.log).
    nodes=$( (node "$root/web/test/browser-test.mjs" --site "$site" --bench || true) |
      tee "$work/web-bench.log" | sed -n 's/^browser bench: \([0-9]*\) nodes.*/\1/p')
    if [ "$nodes" != "$expected" ]; then
      echo "release: FAILED: the web build searched '$nodes' bench nodes, the reference $expected" >&2
      exit 1
    fi
    file=$dist/shiftmate-$version-web.zip
    rm -f "$file"
    (cd "$work" && python3 -m zipfile -c "$file" "$(basename "$site")")
    used_by[web]+=" $(basename "$file")"
    echo "release: $(basename "$file"): bench $nodes nodes in headless Chromium, built in $((SECONDS - start)) s"
    continue
  fi
  case $target in
    linux-x86-64-v[234])
      os=linux arch=${target#linux-} cc=gcc toolchain="" run=() suffix="" kind=linux-x86-64 ;;
    linux-aarch64)
      os=linux arch=aarch64 cc=aarch64-linux-gnu-gcc toolchain=$root/cmake/toolchain-aarch64.cmake
      run=(qemu-aarch64) suffix="" kind=linux-aarch64 ;;
    windows-x86-64-v[234])
      os=windows arch=${target#windows-} cc=x86_64-w64-mingw32-gcc-posix
      toolchain=$root/cmake/toolchain-mingw-w64.cmake run=(wine) suffix=.exe kind=windows-x86-64 ;;
    *) echo "release: unknown target '$target'" >&2; exit 1 ;;
  esac
  if [ -n "$toolchain" ] && [ ! -f "$toolchain" ]; then
    echo "release: $target needs $toolchain" >&2
    exit 1
  fi
  start=$SECONDS
  fathom=$work/fathom-$cc
  [ -f "$fathom/lib/libfathom.a" ] || "$root/scripts/build-fathom.sh" "$cc" "$fathom" > /dev/null
  dir=$work/$target
  # PEXT is on for v3 and v4 (the download table sends AMD Zen 1-2 to v2).
  cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Release ${toolchain:+-DCMAKE_TOOLCHAIN_FILE=$toolchain} \
    -DSHIFTMATE_ARCH="$arch" -DSHIFTMATE_STATIC=ON -DSHIFTMATE_FATHOM_DIR="$fathom" \
    -DSHIFTMATE_RELEASE=ON -DSHIFTMATE_TESTS=OFF --no-warn-unused-cli > /dev/null
  cmake --build "$dir" -j "$jobs" --target shiftmate > /dev/null
  file=$dist/shiftmate-$version-$target$suffix
  cp -f "$dir/shiftmate$suffix" "$file"
  nodes=$(WINEDEBUG=-all bench_nodes "${run[@]}" "$file")
  if [ "$nodes" != "$expected" ]; then
    echo "release: FAILED: $file searched '$nodes' bench nodes, the reference $expected" >&2
    exit 1
  fi
  used_by[$kind]+=" $(basename "$file")"
  echo "release: $(basename "$file"): bench $nodes nodes, built in $((SECONDS - start)) s"
done

# LICENSE (GPL-3) and NOTICE: the copyright files of what the binaries link in.
[ -f "$root/LICENSE" ] && cp -f "$root/LICENSE" "$dist/LICENSE"
{
  echo "Shiftmate $version: third-party code in the release binaries"
  echo
  echo "Each binary is linked statically, so it carries code of the Debian packages"
  echo "below (as built by Debian; fathom from its source package). Their copyright"
  echo "files follow, as Debian ships them in /usr/share/doc/<package>/copyright."
  for kind in "${!used_by[@]}"; do
    echo
    echo "${used_by[$kind]# }:"
    echo "  ${packages[$kind]}"
  done
  declare -A seen=()
  for kind in "${!used_by[@]}"; do
    for package in ${packages[$kind]}; do
      [ -n "${seen[$package]:-}" ] && continue
      seen[$package]=1
      copyright=/usr/share/doc/$package/copyright
      [ -f "$copyright" ] || { echo "release: no $copyright" >&2; exit 1; }
      printf '\n%s\n== %s (Debian %s)\n%s\n\n' "$(printf '=%.0s' {1..78})" "$package" \
        "$(dpkg-query -W -f='${Version}' "$package")" "$(printf '=%.0s' {1..78})"
      cat "$copyright"
    done
  done
} > "$dist/NOTICE"

(cd "$dist" && rm -f SHA256SUMS && sha256sum -- * > SHA256SUMS.new && mv SHA256SUMS.new SHA256SUMS)
echo "release: $dist:"
ls -l "$dist"
