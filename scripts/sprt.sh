#!/usr/bin/env bash
# SPRT of a new build against the previous one with fastchess (on PATH).
#
#   scripts/sprt.sh NEW BASE [ELO0 ELO1] [TC] [OUTDIR]
#
# Defaults: elo0=0 elo1=3 (use -3 1 for simplifications), 8+0.08, UHO_4060_v4
# openings from ../shared (override with BOOK=file.epd), 1 thread, 16 MB
# (HASH=MB: a small table at fixed nodes fills as 16 MB does on the clock),
# two games at a time (CONCURRENCY). MAX_GAMES caps the test (default 20000).
# NODES=N plays N nodes a move instead of the clock: for changes that leave
# nodes/s alone, many more games an hour, and the load beside it changes nothing.
# NEW_OPTIONS="Name=value ..." sets UCI options of NEW only: with one SPSA=on
# build as both engines, a change of the search's constants needs no build.
# Lost positions are resigned (3 moves at 10 pawns, both sides agreeing) and
# dead ones drawn (8 moves within 0.1 pawn after move 40), as in net-match.sh.
set -euo pipefail
new=$(realpath "$1")
base=$(realpath "$2")
elo0=${3:-0}
elo1=${4:-3}
tc=${5:-8+0.08}
out=${6:-$(mktemp -d)}
book=$(realpath "${BOOK:-../shared/data/books/UHO_4060_v4.epd}")
limit=(tc="$tc")
if [[ -n ${NODES:-} ]]; then
  [[ $NODES =~ ^[1-9][0-9]*$ ]] || { echo "sprt: NODES must be a positive number" >&2; exit 2; }
  limit=(tc=inf nodes="$NODES")
fi
new_options=()
for option in ${NEW_OPTIONS:-}; do
  [[ $option == ?*=* ]] || { echo "sprt: NEW_OPTIONS wants Name=value, got '$option'" >&2; exit 2; }
  new_options+=("option.$option")
done
seed=${SEED:-$RANDOM}  # printed, so that any test can be replayed
mkdir -p "$out"
cd "$out"  # fastchess writes config.json into its working directory
fastchess -engine cmd="$new" name=new ${new_options[@]+"${new_options[@]}"} -engine cmd="$base" name=base \
  -each "${limit[@]}" option.Hash="${HASH:-16}" option.Threads=1 \
  -openings file="$book" format=epd order=random -srand "$seed" -repeat \
  -rounds $((${MAX_GAMES:-20000} / 2)) -concurrency "${CONCURRENCY:-2}" \
  -sprt elo0="$elo0" elo1="$elo1" alpha=0.05 beta=0.1 \
  -resign movecount=3 score=1000 twosided=true -draw movenumber=40 movecount=8 score=10 \
  -pgnout file=games.pgn -log file=fastchess.log level=warn | tee stdout.txt |
  grep -E '^(Results of|Elo:|LLR:|Games:|Ptnml|SPRT)' || true
echo "== final, ${limit[*]}, Hash ${HASH:-16}, SEED=$seed (logs in $out)"
grep -E '^(Elo:|LLR:|Games:|Ptnml)' stdout.txt | tail -4
grep -E 'H0 was accepted|H1 was accepted' stdout.txt | tail -1 || true
