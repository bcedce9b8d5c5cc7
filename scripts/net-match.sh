#!/usr/bin/env bash
# A fixed-length match of one net against another, both played by the same
# binary (EvalFile), so that nothing but the net differs.
#
#   scripts/net-match.sh NEW.nnue OLD.nnue [GAMES] [OUTDIR]
#
# Defaults: 200 games (100 openings, each played with both colours), 8+0.08
# (NODES=N instead plays N nodes a move: the same binary and net size make
# both sides equally fast, so only the evaluation differs; at 40000 a game
# costs about a sixth of a timed one, and the load beside it changes nothing),
# UHO_4060_v4 openings from ../shared (BOOK=file.epd to change), 1 thread,
# 16 MB, two games at a time (CONCURRENCY), the binary ./shiftmate (ENGINE=;
# NEW_ENGINE= plays NEW with another build of the same source, e.g. one with
# output buckets), SEED for the opening order. Lost positions are resigned
# (3 moves at 10 pawns, both sides agreeing) and dead ones drawn (8 moves
# within 0.1 pawn after move 40): the same adjudication for both, and 2-3x
# fewer minutes.
# Prints NEW's W/D/L, Elo, normalised Elo and pentanomial line from the PGN.
set -euo pipefail
if [[ $# -lt 2 ]]; then
  awk 'NR > 1 && !/^#/ {exit} NR > 1' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
here=$(dirname "$(realpath "$0")")
new=$(realpath "$1")
old=$(realpath "$2")
games=${3:-200}
out=${4:-$(mktemp -d)}
engine=$(realpath "${ENGINE:-./shiftmate}")
new_engine=$(realpath "${NEW_ENGINE:-$engine}")
book=$(realpath "${BOOK:-../shared/data/books/UHO_4060_v4.epd}")
for file in "$new" "$old" "$engine" "$new_engine" "$book"; do
  [[ -r $file ]] || { echo "net-match: cannot read $file" >&2; exit 2; }
done
if ((games < 2 || games % 2)); then
  echo "net-match: GAMES must be even (each opening is played twice)" >&2
  exit 2
fi
limit=(tc="${TC:-8+0.08}")
if [[ -n ${NODES:-} ]]; then
  [[ $NODES =~ ^[1-9][0-9]*$ ]] || { echo "net-match: NODES must be a positive number" >&2; exit 2; }
  limit=(nodes="$NODES")
fi
seed=${SEED:-$RANDOM}  # printed, so that any match can be replayed
mkdir -p "$out"
cd "$out"  # fastchess writes config.json into its working directory
fastchess -engine cmd="$new_engine" name=new option.EvalFile="$new" \
  -engine cmd="$engine" name=old option.EvalFile="$old" \
  -each "${limit[@]}" option.Hash=16 option.Threads=1 \
  -openings file="$book" format=epd order=random -srand "$seed" -repeat \
  -rounds $((games / 2)) -concurrency "${CONCURRENCY:-2}" \
  -resign movecount=3 score=1000 twosided=true -draw movenumber=40 movecount=8 score=10 \
  -pgnout file=games.pgn -log file=fastchess.log level=warn >stdout.txt 2>&1
echo "== $new against $old, $games games at ${limit[*]}, SEED=$seed (logs in $out)"
python3 "$here/match-stats.py" games.pgn new
