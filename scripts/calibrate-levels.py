#!/usr/bin/env python3
"""Calibrates UCI_Elo: Shiftmate at each level against Stockfish 15.1 at the same UCI_Elo.

usage: scripts/calibrate-levels.py ENGINE [--levels 1500,2000,2500] [--games 200]
           [--skill-level L | --uci-elo E] [--fixed-depth | --stockfish-depth-only] [--tc 60+0.6]
           [--concurrency N] [--hash MB]
           [--book FILE] [--seed S] [--out DIR]

Both engines play with UCI_LimitStrength on and the same UCI_Elo, from a balanced
book, each opening with both colours. Stockfish 15.1's levels were calibrated
against CCRL at 60+0.6, so that is the default time control. For each level the
script prints W/D/L, the score, the Elo difference with its 95% interval and the
rating Shiftmate's level plays at (the level plus the difference), as a table row
for docs/strength.md. Needs fastchess on PATH and Debian's stockfish.

--skill-level L plays Shiftmate's `Skill Level` L instead of its UCI_Elo: this is
how the map from UCI_Elo to levels (src/skill.cpp) is measured, by finding for each
Stockfish level the Skill Level that scores 50% against it. --uci-elo E plays
Shiftmate's UCI_Elo E against each Stockfish level instead of the same one: how the
levels below Stockfish's lowest (1350) are checked, by the score expected from the
gap (1160 against 1350: -190, about 25%).

Concurrency above the number of cores: both engines choose a limited-strength move
from a search of fixed depth (Stockfish at depth 1 + its level, Shiftmate at its
level's depth limit), which a slower clock does not change; Stockfish still uses
its clock, so most of a game's wall time is waiting. A crowded machine therefore
costs no strength at these levels as long as Stockfish reaches its pick depth, and
--concurrency may exceed the cores (fastchess is then told -force-concurrency).
--fixed-depth drops the clock altogether: Stockfish gets `go depth` of its pick
depth (it picks its move at that depth either way) and Shiftmate a depth above its
level's limit, so the moves are those of any time control at which Stockfish reaches
its pick depth, and no game waits on a clock. Do not do this for full-strength play.
--stockfish-depth-only keeps the clock (--tc) for Shiftmate alone: for the top levels,
whose depth a move's share of 60+0.6 does not always reach, so the clock is part of
their strength. Stockfish still plays the move it would at that clock and answers in
a fraction of the time, so a game takes about half as long; one game a core.
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def elo_of(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def tally(pgn_path):
    """W/D/L from Shiftmate's side and the terminations that are not normal play."""
    wins = draws = losses = 0
    unusual = {}
    text = open(pgn_path).read() if os.path.exists(pgn_path) else ""
    for game in text.split("[Event ")[1:]:
        white = re.search(r'\[White "([^"]+)"\]', game).group(1)
        result = re.search(r'\[Result "([^"]+)"\]', game).group(1)
        if result == "1/2-1/2":
            draws += 1
        elif (result == "1-0") == white.startswith("Shiftmate"):
            wins += 1
        elif result in ("1-0", "0-1"):
            losses += 1
        termination = re.search(r'\[Termination "([^"]+)"\]', game)
        if termination and termination.group(1) not in ("adjudication", "normal"):
            unusual[termination.group(1)] = unusual.get(termination.group(1), 0) + 1
    return wins, draws, losses, unusual


def summary_row(level, wins, draws, losses):
    games = wins + draws + losses
    score = (wins + draws / 2) / games
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / games
    margin = 1.96 * math.sqrt(variance / games)
    low, high = elo_of(score - margin), elo_of(score + margin)
    diff = round(elo_of(score)) or 0  # no "-0"
    if score in (0, 1):  # no finite estimate: say which way it went
        side = "below" if score == 0 else "above"
        return (f"| {level} | {games} | {wins} / {draws} / {losses} | {100 * score:.1f}% "
                f"| every game {'lost' if score == 0 else 'won'} | {side} {level} |")
    return (f"| {level} | {games} | {wins} / {draws} / {losses} | {100 * score:.1f}% "
            f"| {diff:+.0f} [{low:+.0f}, {high:+.0f}] | {level + diff:.0f} |")


def stockfish_pick_depth(elo):
    """The depth at which Stockfish 15.1 picks its move at this UCI_Elo (its Skill)."""
    level = min(max(((elo - 1346.6) / 143.4) ** (1 / 0.806), 0.0), 19.0)
    return 1 + int(level)


def play_level(a, level):
    common = ["option.Threads=1", f"option.Hash={a.hash}"]

    def limited(elo):
        return ["option.UCI_LimitStrength=true", f"option.UCI_Elo={elo}", *common]

    if a.skill_level is not None:
        name = f"skill-{a.skill_level}-vs-{level}"
        shiftmate = [f"name=Shiftmate-skill-{a.skill_level}", f"option.Skill Level={a.skill_level}",
                     *common]
    elif a.uci_elo is not None:
        name = f"elo-{a.uci_elo}-vs-{level}"
        shiftmate = [f"name=Shiftmate-{a.uci_elo}", *limited(a.uci_elo)]
    else:
        name = f"level-{level}"
        shiftmate = [f"name=Shiftmate-{level}", *limited(level)]
    pgn = os.path.join(a.out, f"{name}.pgn")
    if os.path.exists(pgn):
        os.remove(pgn)  # fastchess appends; a rerun starts a fresh tally
    book_format = "pgn" if a.book.endswith(".pgn") else "epd"
    if a.fixed_depth or a.stockfish_depth_only:
        # Stockfish at its pick depth; Shiftmate at a depth above its level's
        # limit, or on the clock.
        shiftmate.append("depth=64" if a.fixed_depth else f"tc={a.tc}")
        stockfish, clock = [f"depth={stockfish_pick_depth(level)}"], []
    else:
        stockfish, clock = [], ["-each", f"tc={a.tc}"]
    cmd = ["fastchess",
           "-engine", f"cmd={os.path.abspath(a.engine)}", *shiftmate,
           "-engine", f"cmd={a.stockfish}", f"name=SF15.1-{level}", *limited(level), *stockfish,
           *clock, "-rounds", str(a.games // 2), "-repeat",
           "-concurrency", str(a.concurrency),
           "-openings", f"file={a.book}", f"format={book_format}", "order=random",
           "-srand", str(a.seed + level), "-pgnout", f"file={pgn}",
           # Only hopeless positions end early: weak players do blunder won games.
           "-resign", "movecount=5", "score=1500", "twosided=true"]
    if a.concurrency > (os.cpu_count() or 1):
        cmd.append("-force-concurrency")
    log = os.path.join(a.out, f"{name}.log")
    with open(log, "w") as out:
        subprocess.run(cmd, cwd=a.out, stdout=out, stderr=subprocess.STDOUT, check=False)
    return tally(pgn)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine")
    ap.add_argument("--levels", default="1500,2000,2500",
                    help="UCI_Elo values, comma separated (Stockfish 15.1 takes 1350..2850)")
    ap.add_argument("--games", type=int, default=200, help="games per level (even)")
    ap.add_argument("--tc", default="60+0.6")
    ap.add_argument("--hash", type=int, default=16, help="MB for each engine")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--fixed-depth", action="store_true",
                      help="no clock: each engine searches to its level's depth (see above)")
    mode.add_argument("--stockfish-depth-only", action="store_true",
                      help="Shiftmate on the clock (--tc), Stockfish at its pick depth")
    own = ap.add_mutually_exclusive_group()
    own.add_argument("--skill-level", type=int,
                     help="play Shiftmate's Skill Level (0..20) against each Stockfish level")
    own.add_argument("--uci-elo", type=int,
                     help="play Shiftmate's UCI_Elo (1160..2500) against each Stockfish level")
    ap.add_argument("--concurrency", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--book", default=os.path.join(HERE, "..", "..", "shared", "data", "books",
                                                   "8moves_v3.pgn"))
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="calibration", help="directory for PGNs and logs")
    a = ap.parse_args()
    try:
        levels = [int(x) for x in a.levels.split(",")]
    except ValueError:
        ap.error("--levels takes whole numbers separated by commas")
    if any(not 1350 <= level <= 2850 for level in levels):
        ap.error("Stockfish 15.1's UCI_Elo runs from 1350 to 2850")
    if a.skill_level is not None and not 0 <= a.skill_level <= 20:
        ap.error("--skill-level runs from 0 to 20 (full strength: where the scale ends)")
    if a.uci_elo is not None and not 1160 <= a.uci_elo <= 2500:
        ap.error("--uci-elo runs from 1160 to 2500 (Shiftmate's UCI_Elo)")
    if a.games < 2 or a.concurrency < 1:
        ap.error("--games at least 2, --concurrency at least 1")
    if not shutil.which("fastchess"):
        ap.error("fastchess is not on PATH (build it: docs/testing.md)")
    for path in (a.engine, a.stockfish, a.book):
        if not os.path.exists(path):
            ap.error(f"{path}: no such file")
    # fastchess runs inside the output folder, so the paths handed to it must not be relative.
    a.out = os.path.abspath(a.out)
    os.makedirs(a.out, exist_ok=True)

    if a.skill_level is not None:
        print(f"Shiftmate at Skill Level {a.skill_level} against Stockfish 15.1's UCI_Elo levels")
    elif a.uci_elo is not None:
        print(f"Shiftmate at UCI_Elo {a.uci_elo} against Stockfish 15.1's UCI_Elo levels")
    print("| UCI_Elo | games | W / D / L | score | Elo against Stockfish's level | plays at |")
    print("|---|---|---|---|---|---|")
    failed = False
    for level in levels:
        wins, draws, losses, unusual = play_level(a, level)
        if wins + draws + losses == 0:
            print(f"| {level} | 0 | no games finished: see the log in {a.out} |", flush=True)
            failed = True
            continue
        print(summary_row(level, wins, draws, losses), flush=True)
        if unusual:
            print(f"  level {level}: games that did not end in play: {unusual}", file=sys.stderr)
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
