#!/usr/bin/env bash
# Datagen's positions per second for two engines (two nets), alternated in one
# run so that the machine's drift falls on both: ROUNDS rounds (2 by default)
# of SECONDS_PER_RUN (120) each at NODES (5000) a move, the same seed and
# settings for both, every core busy. Prints each run, each engine's total and
# the ratio B / A. Nothing else should run meanwhile (pause a background
# datagen with kill -STOP).
# usage: scripts/datagen-speed.sh ENGINE_A ENGINE_B
#   scripts/datagen-speed.sh ~/sm/shiftmate-q8 ./shiftmate
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 ENGINE_A ENGINE_B" >&2
  exit 2
fi
rounds=${ROUNDS:-2}
seconds=${SECONDS_PER_RUN:-120}
nodes=${NODES:-5000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out="$work/run.bin"
declare -A positions elapsed
for ((r = 1; r <= rounds; r++)); do
  for engine in "$1" "$2"; do
    rm -f "$out"
    start=$(date +%s.%N)
    # datagen writes whole games; the few positions of games cut short are lost on both sides alike.
    timeout --signal=INT "$seconds" "$engine" datagen --nodes "$nodes" --seed 2026112601 \
      --positions 100000000 --output "$out" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    count=$(($(stat -c %s "$out" 2> /dev/null || echo 0) / 32))
    took=$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')
    awk -v r="$r" -v e="$engine" -v n="$count" -v t="$took" \
      'BEGIN { printf "round %d  %s  %d positions in %.1f s: %.1f positions/s\n", r, e, n, t, n / t }'
    positions[$engine]=$((${positions[$engine]:-0} + count))
    elapsed[$engine]=$(awk -v a="${elapsed[$engine]:-0}" -v b="$took" 'BEGIN { print a + b }')
  done
done
awk -v a="$1" -v na="${positions[$1]}" -v ta="${elapsed[$1]}" \
  -v b="$2" -v nb="${positions[$2]}" -v tb="${elapsed[$2]}" 'BEGIN {
    printf "A %s: %.1f positions/s\nB %s: %.1f positions/s\nratio B / A: %.3f\n",
      a, na / ta, b, nb / tb, (nb / tb) / (na / ta) }'
