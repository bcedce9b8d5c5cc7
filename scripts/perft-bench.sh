#!/usr/bin/env bash
# Perft speed of Shiftmate against Stockfish in the same run: start position
# depth 7 and Kiwipete depth 6, one thread, no hash, bulk counting. Runs are
# interleaved and the best of ROUNDS is kept for each, to damp machine noise.
# usage: scripts/perft-bench.sh SHIFTMATE STOCKFISH   (ROUNDS=2 by default)
set -euo pipefail
ours=${1:-./shiftmate}
theirs=${2:-/usr/games/stockfish}
rounds=${ROUNDS:-2}
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

now() { date +%s.%N; }

# Prints "nodes seconds" for one run.
run_ours() {
  local t0 t1 nodes
  t0=$(now)
  nodes=$("$ours" perft "$2" --fen "$1" | awk '/^Nodes searched/ {print $3}')
  t1=$(now)
  echo "$nodes $(echo "$t1 - $t0" | bc -l)"
}
run_theirs() {
  local t0 t1 nodes
  t0=$(now)
  nodes=$(printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$theirs" | awk '/^Nodes searched/ {print $3}')
  t1=$(now)
  echo "$nodes $(echo "$t1 - $t0" | bc -l)"
}

printf '%-22s %-12s %14s %10s %14s\n' position engine nodes seconds "nodes/s"
for spec in "startpos|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|7" "kiwipete|$kiwipete|6"; do
  IFS='|' read -r name fen depth <<< "$spec"
  best_ours=999999 best_theirs=999999 n_ours=0 n_theirs=0
  for ((r = 0; r < rounds; r++)); do
    read -r n s < <(run_ours "$fen" "$depth")
    n_ours=$n; (( $(echo "$s < $best_ours" | bc -l) )) && best_ours=$s
    read -r n s < <(run_theirs "$fen" "$depth")
    n_theirs=$n; (( $(echo "$s < $best_theirs" | bc -l) )) && best_theirs=$s
  done
  if [ "$n_ours" != "$n_theirs" ]; then
    echo "node counts differ on $name: $n_ours vs $n_theirs" >&2; exit 1
  fi
  nps_ours=$(echo "$n_ours / $best_ours" | bc)
  nps_theirs=$(echo "$n_theirs / $best_theirs" | bc)
  printf '%-22s %-12s %14s %10.2f %14s\n' "$name d$depth" shiftmate "$n_ours" "$best_ours" "$nps_ours"
  printf '%-22s %-12s %14s %10.2f %14s\n' "$name d$depth" stockfish "$n_theirs" "$best_theirs" "$nps_theirs"
  printf '%-22s ratio shiftmate/stockfish: %.2fx\n' "$name d$depth" "$(echo "$best_theirs / $best_ours" | bc -l)"
done
