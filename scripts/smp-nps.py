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
import subprocess
import sys

POSITIONS = [
    "startpos",
    "fen r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 8",
    "fen 8/5pk1/2r3p1/3R4/5P2/6KP/6P1/8 w - - 0 40",
]


def search(command, threads, hash_mb, position, movetime):
    """(nodes, milliseconds) of the engine's last info line with both."""
    engine = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")

    def wait_for(prefix):
        for line in engine.stdout:
            if line.startswith(prefix):
                return line
        sys.exit(f"{command}: ended before '{prefix}'")

    send("uci")
    wait_for("uciok")
    send(f"setoption name Threads value {threads}")
    send(f"setoption name Hash value {hash_mb}")
    send("isready")
    wait_for("readyok")
    send(f"position {position}")
    send(f"go movetime {movetime}")
    nodes = ms = 0
    for line in engine.stdout:
        words = line.split()
        if words and words[0] == "info" and "nodes" in words and "time" in words:
            nodes = int(words[words.index("nodes") + 1])
            ms = int(words[words.index("time") + 1])
        elif line.startswith("bestmove"):
            break
    send("quit")
    engine.wait(timeout=30)
    if ms == 0:
        sys.exit(f"{command}: no info line with nodes and time")
    return nodes, ms


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engines", nargs="+", help="NAME=COMMAND or COMMAND")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--movetime", type=int, default=3000)
    ap.add_argument("--hash", type=int, default=256)
    a = ap.parse_args()
    engines = [e.split("=", 1) if "=" in e.split()[0] else [e.split("/")[-1].split()[0], e] for e in a.engines]
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
