#!/usr/bin/env python3
"""Nodes/s of UCI engines at several thread counts, side by side in one run.

usage: scripts/smp-nps.py [NAME=]COMMAND ... [--threads 1,2,4] [--movetime MS] [--hash MB]

Each engine searches three positions (opening, middlegame, endgame) for --movetime at every
thread count, one search at a time, the engines taking turns at each count so that a change of
the machine's load or clock touches all of them alike. Nodes/s is the nodes over the time of
each engine's last `info` line, summed over the positions. The table gives each engine's nodes/s,
its speed-up over its own first thread count, and the first engine's nodes/s over each other's.
"""
import argparse
import sys

from uci_engine import Engine

POSITIONS = [
    "startpos",
    "fen r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 8",
    "fen 8/5pk1/2r3p1/3R4/5P2/6KP/6P1/8 w - - 0 40",
]


def search(command, threads, hash_mb, position, movetime):
    """(nodes, milliseconds) of the engine's last info line with both."""
    engine = Engine(command, {"Threads": threads, "Hash": hash_mb})
    result = engine.search(position, movetime)
    engine.quit()
    if result.time_ms == 0:
        sys.exit(f"{command}: no info line with nodes and time")
    return result.nodes, result.time_ms


def engine_names(arguments):
    """[name, command] for each NAME=COMMAND, or COMMAND named by its program's file name."""
    named = []
    for argument in arguments:
        if "=" in argument.split()[0]:
            named.append(argument.split("=", 1))
        else:
            named.append([argument.split()[0].split("/")[-1], argument])
    return named


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engines", nargs="+", help="NAME=COMMAND or COMMAND")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--movetime", type=int, default=3000)
    ap.add_argument("--hash", type=int, default=256)
    a = ap.parse_args()
    engines = engine_names(a.engines)
    counts = [int(t) for t in a.threads.split(",")]

    nps = {}
    for threads in counts:
        for name, command in engines:
            nodes = ms = 0
            for position in POSITIONS:
                n, t = search(command, threads, a.hash, position, a.movetime)
                nodes, ms = nodes + n, ms + t
            nps[name, threads] = nodes * 1000 // ms
            print(f"# {name} threads {threads}: {nps[name, threads]} nodes/s", file=sys.stderr, flush=True)

    first = engines[0][0]
    header = ["threads"] + [f"{name} nodes/s (x{counts[0]})" for name, _ in engines]
    header += [f"{first} / {name}" for name, _ in engines[1:]]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for threads in counts:
        row = [str(threads)]
        row += [f"{nps[name, threads] / 1e6:.2f} M ({nps[name, threads] / nps[name, counts[0]]:.2f})"
                for name, _ in engines]
        row += [f"{nps[first, threads] / nps[name, threads]:.2f}" for name, _ in engines[1:]]
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
