#!/usr/bin/env python3
"""Perft speed of Shiftmate and Stockfish side by side, in the same run.

    scripts/perft-bench.py [SHIFTMATE] [STOCKFISH] [--rounds N] [--threads N]
                           [--no-callgrind] [--callgrind-shiftmate BINARY]

Four standard positions (start, Kiwipete and the Chess Programming Wiki's
positions 3 and 4), one thread, no hash, bulk counting. Runs alternate
between the engines and the fastest of ROUNDS is kept, to damp a noisy
machine; the ratio is what compares across machines. With valgrind present,
the instructions per leaf (callgrind, stable where the clock is not) are
measured too, as the difference between two depths so that start-up cost
(tables, Stockfish's network) cancels out. Valgrind 3.19 (Debian 12) stops
at AVX-512 instructions: on such a machine give --callgrind-shiftmate a
`make ARCH=x86-64-bmi2` build (AVX2 and PEXT: the same code, except that the last
ply counts slider moves by lookups where AVX-512 counts them by vector fills);
`make perft-bench` builds one and does so.
"""

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time

POSITIONS = [
    # name, FEN, timed depth, published count, (callgrind depths: low, high)
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7, 3195901860, (4, 5)),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 6, 8031647685, (3, 4)),
    ("cpw3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 8, 3009794393, (5, 6)),
    ("cpw4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 706045033, (4, 5)),
]


def shiftmate_command(binary, fen, depth, threads):
    return [binary, "perft", str(depth), "--fen", fen, "--threads", str(threads)], None


def stockfish_command(binary, fen, depth, threads):
    script = f"setoption name Threads value {threads}\nposition fen {fen}\ngo perft {depth}\nquit\n"
    return [binary], script


def run(command, stdin_text, prefix=()):
    start = time.perf_counter()
    done = subprocess.run(
        list(prefix) + command, input=stdin_text, capture_output=True, text=True, check=True
    )
    seconds = time.perf_counter() - start
    match = re.search(r"Nodes searched\s*:\s*(\d+)", done.stdout)
    if not match:
        sys.exit(f"no 'Nodes searched' from {' '.join(command)}:\n{done.stdout}{done.stderr}")
    return int(match.group(1)), seconds, done.stderr


def instructions(command, stdin_text):
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        try:
            nodes, _, err = run(
                command, stdin_text, ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}"]
            )
        except subprocess.CalledProcessError as e:
            print(f"callgrind could not run {command[0]} ({e}); see --callgrind-shiftmate", file=sys.stderr)
            return None
    match = re.search(r"Collected\s*:\s*(\d+)", err)
    if not match:
        sys.exit(f"no instruction count from callgrind:\n{err}")
    return nodes, int(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("shiftmate", nargs="?", default="./shiftmate")
    parser.add_argument("stockfish", nargs="?", default="/usr/games/stockfish")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--no-callgrind", action="store_true")
    parser.add_argument("--callgrind-shiftmate", help="the build to count instructions of (default SHIFTMATE)")
    parser.add_argument("--only", help="comma-separated position names")
    args = parser.parse_args()

    engines = [("shiftmate", args.shiftmate, shiftmate_command), ("stockfish", args.stockfish, stockfish_command)]
    positions = [p for p in POSITIONS if not args.only or p[0] in args.only.split(",")]
    callgrind = not args.no_callgrind and shutil.which("valgrind")

    print(f"{'position':<12} {'engine':<10} {'nodes':>14} {'seconds':>9} {'M nodes/s':>10} {'instr/leaf':>11}")
    ratios = []
    for name, fen, depth, expected, (low, high) in positions:
        best = {}
        for _ in range(args.rounds):
            for engine, binary, make in engines:
                nodes, seconds, _ = run(*make(binary, fen, depth, args.threads))
                if nodes != expected:
                    sys.exit(f"{engine} counts {nodes} on {name} depth {depth}, published {expected}")
                best[engine] = min(best.get(engine, seconds), seconds)
        per_leaf = {}
        if callgrind:
            for engine, binary, make in engines:
                if engine == "shiftmate" and args.callgrind_shiftmate:
                    binary = args.callgrind_shiftmate
                low_run = instructions(*make(binary, fen, low, 1))
                high_run = instructions(*make(binary, fen, high, 1))
                if low_run and high_run:
                    per_leaf[engine] = (high_run[1] - low_run[1]) / (high_run[0] - low_run[0])
        for engine, _, _ in engines:
            leaf = f"{per_leaf[engine]:11.1f}" if engine in per_leaf else f"{'-':>11}"
            print(
                f"{name + ' d' + str(depth):<12} {engine:<10} {expected:>14} {best[engine]:9.2f} "
                f"{expected / best[engine] / 1e6:10.0f} {leaf}"
            )
        ratio = best["stockfish"] / best["shiftmate"]
        ratios.append(ratio)
        line = f"{name + ' d' + str(depth):<12} shiftmate/stockfish: {ratio:.2f}x speed"
        if len(per_leaf) == 2:
            line += f", {per_leaf['stockfish'] / per_leaf['shiftmate']:.2f}x fewer instructions per leaf"
        print(line, flush=True)
    print(f"lowest ratio: {min(ratios):.2f}x")


if __name__ == "__main__":
    main()
