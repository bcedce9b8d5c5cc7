#!/usr/bin/env bash
# Builds Shiftmate for the browser: the engine compiled to WebAssembly with
# Debian's emscripten, the UCI worker and the page, into one folder that any
# web server can serve (make web; make serve-web serves it).
#
#   scripts/build-web.sh [OUT]     (default build/web/site)
#
# Three engine builds, each in OUT/engine/<name>/ (shiftmate.js, .wasm and,
# with threads, .worker.js); web/engine/uci-worker.js picks one at run time:
#   threads            Lazy SMP on Web Workers and 128-bit SIMD: pages served
#                      cross-origin isolated (SharedArrayBuffer)
#   one-thread         128-bit SIMD, any page
#   one-thread-scalar  browsers without WebAssembly SIMD
# The page's packages come from web/node_modules (npm ci, from the lock
# file); fathom from Debian's source package (scripts/build-fathom.sh).
# Environment: JOBS (default 2); RELEASE=ON for a release's version text;
# WEB_BUILDS="threads one-thread" builds only those.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/web/site}
mkdir -p "$out"
out=$(cd "$out" && pwd)
jobs=${JOBS:-2}

for tool in emcc emcmake emar npm; do
  command -v $tool > /dev/null || {
    echo "build-web: $tool is missing; install Debian's emscripten and npm" >&2
    exit 1
  }
done

# emscripten's JavaScript passes need Debian's node-acorn, which a Node.js
# not from Debian (NodeSource's) does not look for.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# The page's packages, exactly as the lock file names them.
if [ ! -d "$root/web/node_modules" ] || [ "$root/web/package-lock.json" -nt "$root/web/node_modules" ]; then
  (cd "$root/web" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
  touch "$root/web/node_modules"
fi

# name:ARCH:threads; WEB_BUILDS may name fewer (CI's smoke test skips the scalar one).
builds=(threads:wasm-simd:ON one-thread:wasm-simd:OFF one-thread-scalar:wasm:OFF)
for entry in "${builds[@]}"; do
  IFS=: read -r name arch threads <<< "$entry"
  [[ " ${WEB_BUILDS:-$name} " == *" $name "* ]] || continue
  start=$SECONDS
  # A threads build links only objects compiled for shared memory.
  flags=$([ "$threads" = ON ] && echo "-pthread" || true)
  fathom=$root/build/fathom/wasm${flags:+-threads}
  # fathom's stdendian.h finds the byte order only on the systems it names;
  # emscripten's musl has the <endian.h> and <byteswap.h> of Linux's.
  [ -f "$fathom/lib/libfathom.a" ] ||
    AR=emar "$root/scripts/build-fathom.sh" "emcc -O2 -D__linux__ $flags" "$fathom" > /dev/null
  dir=$root/build/web/$name
  emcmake cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DSHIFTMATE_ARCH="$arch" \
    -DSHIFTMATE_WASM_THREADS="$threads" -DSHIFTMATE_STATIC=ON -DSHIFTMATE_FATHOM_DIR="$fathom" \
    -DSHIFTMATE_RELEASE="${RELEASE:-OFF}" -DSHIFTMATE_TESTS=OFF > /dev/null
  cmake --build "$dir" -j "$jobs" --target shiftmate
  mkdir -p "$out/engine/$name"
  rm -f "$out/engine/$name"/*
  for file in shiftmate.js shiftmate.wasm shiftmate.worker.js; do
    [ -f "$dir/$file" ] && cp -f "$dir/$file" "$out/engine/$name/"
  done
  echo "build-web: $name ($arch, threads $threads) in $((SECONDS - start)) s:" \
    "$(du -k "$out/engine/$name/shiftmate.wasm" | cut -f1) KB of WebAssembly"
done
cp -f "$root/web/engine/uci-worker.js" "$out/engine/"

# The page, and the files of its packages that it loads (web/page/index.html's
# import map): chessground's one-file ES module and its CSS, chess.js's ES module.
cp -f "$root"/web/page/* "$out/"
modules=$root/web/node_modules
mkdir -p "$out/vendor/chessground/assets" "$out/vendor/chess.js"
cp -f "$modules/chessground/dist/chessground.min.js" "$out/vendor/chessground/"
cp -f "$modules"/chessground/assets/chessground.{base,brown,cburnett}.css "$out/vendor/chessground/assets/"
cp -f "$modules/chess.js/dist/esm/chess.js" "$out/vendor/chess.js/"

# LICENSE (GPL-3) and NOTICE: what the engine and the page carry besides our own code.
cp -f "$root/LICENSE" "$out/LICENSE.txt"
{
  echo "Shiftmate in the browser: third-party code in these files"
  echo
  echo "The engine (engine/*/shiftmate.wasm, .js) carries code of Debian's emscripten"
  echo "(its C and C++ runtime, libc++ and JavaScript support), fmt (header-only),"
  echo "cxxopts and fathom (from its source package); the page bundles npm packages."
  rule=$(printf '=%.0s' {1..78})
  for package in emscripten libfmt-dev libcxxopts-dev libfathom-dev; do
    version=$(dpkg-query -W -f='${Version}' "$package")
    printf '\n%s\n== %s (Debian %s)\n%s\n\n' "$rule" "$package" "$version" "$rule"
    cat "/usr/share/doc/$package/copyright"
  done
  printf '\n%s\n== npm packages of the page\n%s\n\n' "$rule" "$rule"
  cat "$root/web/NOTICE.web"
} > "$out/NOTICE.txt"

# Every file of the site, for the service worker to keep for offline use.
(cd "$out" && find . -type f ! -name site-files.json | sed 's|^\./||' | sort |
  python3 -c 'import json, sys; print(json.dumps(sys.stdin.read().split()))' > site-files.json)
echo "build-web: $out"
