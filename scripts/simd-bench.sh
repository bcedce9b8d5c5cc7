#!/usr/bin/env bash
# The network's speed in each SIMD build, side by side in one run: `bench`
# with NET loaded, for every build given, interleaved for ROUNDS rounds (3 by
# default); prints each build's nodes per second per round and its median.
# The node counts must agree: every build computes the same integers.
# usage: scripts/simd-bench.sh NET BINARY...
#   make ARCH=x86-64 EXE=sm-x86-64 && make ARCH=x86-64 SIMD=highway EXE=sm-highway \
#     && scripts/simd-bench.sh nets/candidate.nnue ./shiftmate ./sm-x86-64 ./sm-highway
set -euo pipefail
net=$(realpath "$1")
shift
rounds=${ROUNDS:-3}
declare -A results
for ((r = 1; r <= rounds; r++)); do
  for bin in "$@"; do
    line=$("$bin" "setoption name EvalFile value $net" bench quit 2>&1 | tail -1)
    simd=$("$bin" "setoption name EvalFile value $net" eval quit 2>&1 | sed -n 's/.*->1x[0-9]*, \([^)]*\)).*/\1/p' | head -1)
    echo "round $r  $bin  ${simd:-?}  $line"
    results[$bin]+="$(awk '{print $3}' <<<"$line") "
  done
done
echo "median nodes/s:"
for bin in "$@"; do
  median=$(tr ' ' '\n' <<<"${results[$bin]}" | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "  $bin  $median"
done
