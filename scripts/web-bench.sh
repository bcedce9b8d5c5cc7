#!/usr/bin/env bash
# bench inside headless Chromium (the one-thread WebAssembly build, make web)
# against a native build, taking turns, ROUNDS times each: the node counts
# must agree, and the nodes/s ratio is printed (docs/web.md).
#
#   scripts/web-bench.sh NATIVE [ROUNDS] [SITE]
#     NATIVE  a native engine, e.g. an x86-64-v3 build (make ARCH=x86-64-v3 EXE=...)
#     ROUNDS  turns each (default 3); SITE defaults to build/web/site
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
native=$1
rounds=${2:-3}
site=${3:-$root/build/web/site}

native_nodes="" browser_nodes=""
native_nps=() browser_nps=()
for ((round = 1; round <= rounds; round++)); do
  # The native bench's last line: "N nodes M nps".
  read -r nodes _ nps _ < <("$native" bench 2> /dev/null | tail -n 1)
  native_nodes=$nodes
  native_nps+=("$nps")
  # The browser's: "browser bench: N nodes, M nps".
  line=$(node "$root/web/test/browser-test.mjs" --site "$site" --bench | grep '^browser bench:')
  read -r _ _ nodes _ nps _ <<< "${line//,/}"
  browser_nodes=$nodes
  browser_nps+=("$nps")
  echo "round $round: native $native_nodes nodes ${native_nps[-1]} nps; browser $browser_nodes nodes ${browser_nps[-1]} nps"
done

median() { printf '%s\n' "$@" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
n=$(median "${native_nps[@]}")
b=$(median "${browser_nps[@]}")
echo "native $native: $native_nodes nodes, median $n nps"
echo "browser (one thread): $browser_nodes nodes, median $b nps"
awk -v b="$b" -v n="$n" 'BEGIN {printf "browser / native nodes/s: %.3f\n", b / n}'
if [ "$native_nodes" != "$browser_nodes" ]; then
  echo "web-bench: FAILED: the node counts differ" >&2
  exit 1
fi
