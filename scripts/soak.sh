#!/usr/bin/env bash
# Soak test: many fast games through fastchess, then a count of everything that
# must never happen (crashes, stalls, illegal moves, time losses, warnings).
#
#   scripts/soak.sh ENGINE OPPONENT_CMD GAMES [TC] [BOOK] [OUTDIR]
#
# OPPONENT_CMD "self" plays ENGINE against a second copy of itself. Extra
# fastchess engine options for the opponent go in $OPPONENT_OPTS, e.g.
#   OPPONENT_OPTS="option.OwnBook=false". Only options the opponent has: any
# other is a fastchess warning, and warnings fail the soak. $THREADS (default
# 1) is ENGINE's Threads: above the machine's core count it checks that an
# oversubscribed search still keeps its clock (with CONCURRENCY=1).
# Exit status 0 only when every game ended by the rules or by adjudication.
set -euo pipefail
engine=$(realpath "$1")
opponent=$2
games=$3
tc=${4:-1+0.01}
book=${5:-../shared/data/books/8moves_v3.pgn}
out=${6:-$(mktemp -d)}
mkdir -p "$out"
command -v fastchess >/dev/null || { echo "fastchess is not on PATH" >&2; exit 2; }

if [ "$opponent" = self ]; then
  opp=(cmd="$engine" name=Shiftmate-B option.Threads=1)
else
  opp=(cmd="$opponent" name="$(basename "$opponent")")
fi
format=pgn
[[ $book == *.epd ]] && format=epd

book=$(realpath "$book")
cd "$out"  # fastchess writes config.json into its working directory

# Memory of the engine processes every 10 s: it must not grow over the match.
(
  while sleep 10; do
    pids=$(pgrep -d, -f "^$engine( |$)" || true)
    [ -n "$pids" ] && ps -o rss= -p "$pids" | sort -n | tail -1
  done
) >rss.txt 2>/dev/null &
sampler=$!
trap 'kill $sampler 2>/dev/null || true' EXIT
fastchess -engine cmd="$engine" name=Shiftmate option.Threads="${THREADS:-1}" \
  -engine "${opp[@]}" ${OPPONENT_OPTS:-} \
  -each tc="$tc" option.Hash=16 \
  -rounds $((games / 2)) -repeat -concurrency "${CONCURRENCY:-2}" \
  -openings file="$book" format=$format order=random -srand "${SEED:-1}" \
  -pgnout file=games.pgn -log file=fastchess.log level=warn >stdout.txt 2>&1 || true

kill $sampler 2>/dev/null || true
finished=$(grep -c '^Finished game' stdout.txt || true)
# Games must end by the rules or by adjudication ("normal", "adjudication").
bad=$(grep -o '\[Termination "[^"]*"\]' games.pgn | grep -cv '"normal"\|"adjudication"' || true)
timeouts=$(awk '/Timeouts:/ {s += $2} END {print s + 0}' stdout.txt)
crashes=$(awk '/Crashed:/ {s += $2} END {print s + 0}' stdout.txt)
warnings=$(grep -c 'WARN' fastchess.log 2>/dev/null || true)
echo "soak: $finished/$games games at $tc; abnormal terminations $bad, timeouts $timeouts," \
  "crashes $crashes, fastchess warnings $warnings (logs in $out)"
grep -o '\[Termination "[^"]*"\]' games.pgn | sort | uniq -c
grep -E '^(Games|Elo):' stdout.txt | tail -2 || true
if [ -s rss.txt ]; then
  echo "largest engine RSS (KiB): first sample $(head -1 rss.txt), last $(tail -1 rss.txt)," \
    "max $(sort -n rss.txt | tail -1) over $(wc -l <rss.txt) samples"
fi
[ "$finished" -eq "$games" ] && [ $((bad + timeouts + crashes + warnings)) -eq 0 ]
