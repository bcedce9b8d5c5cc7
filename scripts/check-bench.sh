#!/usr/bin/env bash
# Checks the engine's bench node count against the "Bench: N" of the newest
# commit that records one. Every commit that keeps the search's behaviour
# repeats the count, so a difference means the search changed without saying so.
# Usage: scripts/check-bench.sh [binary]   (default: ./shiftmate)
#        scripts/check-bench.sh --expected   prints the recorded count alone
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-$root/shiftmate}

# The last "Bench: N" of the newest message that has one.
commit=$(git -C "$root" log -1 --extended-regexp --grep='Bench: [0-9]+' --format=%h)
if [ -z "$commit" ]; then
  echo "check-bench: no commit in the history records 'Bench: N' (a shallow clone?)" >&2
  exit 1
fi
expected=$(git -C "$root" log -1 --format=%B "$commit" | grep -oE 'Bench: [0-9]+' | tail -n 1)
expected=${expected#Bench: }
if [ "${1:-}" = "--expected" ]; then
  echo "$expected"
  exit 0
fi

if [ ! -x "$binary" ]; then
  echo "check-bench: no engine binary at $binary (build it with make)" >&2
  exit 1
fi
# The bench's last line: "N nodes M nps".
last=$("$binary" bench | tail -n 1)
nodes=${last%% nodes*}
if ! [[ "$nodes" =~ ^[0-9]+$ ]]; then
  echo "check-bench: cannot read a node count from the bench's last line: '$last'" >&2
  exit 1
fi
if [ "$nodes" != "$expected" ]; then
  echo "check-bench: FAILED: $binary bench searched $nodes nodes, but commit $commit says" \
    "Bench: $expected. Either the search changed (then its commit must give the new count)" \
    "or this build differs." >&2
  exit 1
fi
echo "check-bench: $binary bench: $nodes nodes, as commit $commit says"
