#!/usr/bin/env python3
"""W/D/L, Elo +- 95%, normalised Elo, LOS and the pentanomial line of one engine in a fastchess PGN.

usage: scripts/match-stats.py GAMES.pgn [GAMES.pgn ...] [ENGINE]

ENGINE is the White/Black name the engine played under (default: the first White name); the last
argument is taken as ENGINE when it is neither a file nor named *.pgn. Games are paired by their
Round tag within their file (fastchess -repeat plays each opening twice under one round), and the
intervals come from the pairs, as fastchess computes them: the two games of an opening are not
independent, so per-game statistics would understate the error. Several PGNs (runs of one match
with other seeds) pool into one result. Games without their partner (a match cut short) count in
W/D/L but not in the pairs.

Written for matches run outside fastchess's own summary, such as ../shared/tools/match.py, which
prints W/D/L and a per-game interval but no pentanomial line.
"""
import math
import os
import re
import sys
from collections import defaultdict

ELO_PER_LOGIT = 400 / math.log(10)


def elo(score):
    score = min(max(score, 1e-9), 1 - 1e-9)
    return -400 * math.log10(1 / score - 1)


def read_games(path, file_index):
    """Yields ((file_index, round), white, black, result) for each game with a decisive or drawn
    result: the file's index keeps round 1 of one run apart from round 1 of another."""
    text = open(path, encoding="utf-8", errors="replace").read()
    for game in text.split("[Event ")[1:]:
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M))
        if tags.get("Result") in ("1-0", "0-1", "1/2-1/2"):
            key = (file_index, tags.get("Round", "?"))
            yield key, tags.get("White", ""), tags.get("Black", ""), tags["Result"]


def engine_score(white, result, engine):
    if result == "1/2-1/2":
        return 0.5
    return 1.0 if (result == "1-0") == (white == engine) else 0.0


def summarise(games, engine):
    """The figures as a dict; pairs are the rounds with exactly two games of the engine."""
    wins = draws = losses = 0
    by_round = defaultdict(list)
    for rnd, white, black, result in games:
        if engine not in (white, black):
            continue
        s = engine_score(white, result, engine)
        wins += s == 1.0
        draws += s == 0.5
        losses += s == 0.0
        by_round[rnd].append(s)
    pentanomial = [0] * 5
    for scores in by_round.values():
        if len(scores) == 2:
            pentanomial[int(round(2 * sum(scores)))] += 1
    pairs = sum(pentanomial)
    out = {"games": wins + draws + losses, "wins": wins, "draws": draws, "losses": losses,
           "pentanomial": pentanomial, "pairs": pairs}
    if out["games"]:
        out["score"] = (wins + draws / 2) / out["games"]
    if pairs:
        mean = sum(k / 4 * n for k, n in enumerate(pentanomial)) / pairs
        variance = sum((k / 4 - mean) ** 2 * n for k, n in enumerate(pentanomial)) / pairs
        sigma = math.sqrt(variance / pairs)
        out["elo"] = elo(mean)
        out["elo_error"] = (elo(mean + 1.96 * sigma) - elo(mean - 1.96 * sigma)) / 2
        # Normalised Elo: the pair score's distance from even in units of its spread.
        nelo_per_spread = 2 * ELO_PER_LOGIT / math.sqrt(2)
        out["nelo"] = (mean - 0.5) / math.sqrt(variance) * nelo_per_spread if variance else math.inf
        out["nelo_error"] = 1.96 * nelo_per_spread / math.sqrt(pairs)
        out["los"] = 0.5 * (1 + math.erf((mean - 0.5) / sigma / math.sqrt(2))) if sigma else float(mean > 0.5)
    return out


def main(argv):
    paths = argv[1:]
    engine = None
    if len(paths) >= 2 and not os.path.isfile(paths[-1]) and not paths[-1].endswith(".pgn"):
        engine = paths.pop()
    if not paths:
        sys.exit(__doc__.split("\n\n")[1])
    for path in paths:
        if not os.path.isfile(path):
            sys.exit(f"{path}: no such file")
    games = [game for index, path in enumerate(paths) for game in read_games(path, index)]
    label = ", ".join(paths)
    if not games:
        sys.exit(f"{label}: no finished games")
    engine = engine or games[0][1]
    s = summarise(games, engine)
    if not s["games"]:
        sys.exit(f"{label}: no games of '{engine}'")
    print(f"{engine}: {s['games']} games, W / D / L {s['wins']} / {s['draws']} / {s['losses']}, "
          f"score {100 * s['score']:.2f}%")
    if s["pairs"]:
        print(f"Elo {s['elo']:+.1f} +- {s['elo_error']:.1f} (nElo {s['nelo']:+.1f} +- {s['nelo_error']:.1f}), "
              f"LOS {100 * s['los']:.1f}%")
        print(f"pentanomial {s['pentanomial']} ({s['pairs']} pairs)")
    unpaired = s["games"] - 2 * s["pairs"]
    if unpaired == 1:
        print("1 game without its partner is in W/D/L only")
    elif unpaired:
        print(f"{unpaired} games without their partner are in W/D/L only")


if __name__ == "__main__":
    main(sys.argv)
