#!/usr/bin/env python3
"""Fixed-time search depth and speed of several UCI engines on the same positions.

    scripts/depth-bench.py ENGINE [ENGINE ...] [--movetime MS] [--positions FILE] [--parallel]

Each engine searches every position for MS milliseconds (1 thread, 16 MB, a
new game each time). Reported per engine: the average depth of the last
completed iteration (the deepest `info depth` line with a pv and no bound),
the average seldepth, and nodes per second over all positions. With
--parallel the engines run at the same time, one per core, so a noisy
machine slows them alike (the comparison issue 12 asks for).
"""

import argparse
import statistics
import threading

from uci_engine import Engine

# The middlegame, then middlegames from Shiftmate's bench list.
DEFAULT_POSITIONS = [
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
    "r1bq1rk1/ppp2ppp/5n2/2bp4/2NPP3/2P5/PP3PPP/RNBQK2R w KQ - 0 1",
    "rn2kb1r/pp2pppp/2p2n2/q2bN3/3P1PP1/2N5/PPP4P/R1BQKB1R w KQkq - 0 1",
    "rn2kb1r/ppq2ppp/2p2n2/3pNb2/2PP4/1QN5/PP3PPP/R1B1KB1R w KQkq - 0 1",
    "r2qkb1r/ppp2p2/2n1pn1p/3pNbp1/Q1PP3B/2N5/PP2PPPP/R3KB1R w KQkq - 0 1",
    "r1bqk2r/p2nppb1/2pp1n1p/1p4p1/2BP4/4PN1P/PPPN1PPB/R2QK2R w KQkq - 0 1",
    "r3kb1r/pbq1nppp/1pn1p3/2pp4/3PP3/2PB1N2/PP1NQPPP/R1B2RK1 w kq - 0 1",
    "r3kbnr/pp1n1ppp/4p3/q2p1b2/2B5/2N5/PPPBQPPP/R3K1NR w KQkq - 0 1",
    "rn1qk2r/pbp1npbp/1p1p2p1/3Pp3/2P1PB2/2NB1N2/PP3PPP/R2QK2R w KQkq - 0 1",
    "rnbq1rk1/ppp1p1bp/5np1/1P1p1p2/3P4/5NP1/PBP1PPBP/RN1Q1RK1 w - - 0 1",
    "r1bq1rk1/ppp1bppp/3p1n2/2n5/3NPP2/2N1B2P/PPP3P1/R2QKB1R w KQ - 0 1",
    "r3kb1r/pp1b1ppp/2nppn2/q5B1/3NPP2/2N5/PPPQ2PP/R3KB1R w KQkq - 0 1",
    "r1bqkb1r/2pnnpp1/p2pp2p/8/Pp1PPB2/2NB1N2/1PP2PPP/R2Q1RK1 w kq - 0 1",
    "r1b1k2r/ppp1q1bp/2np1ppn/4p3/2BPP3/2P2N1P/PP3PP1/RNBQR1K1 w kq - 0 1",
    "r1bqnrk1/pp1nbppp/2p1p3/3p4/2PP1B2/2NBPN2/PP3PPP/2RQK2R w K - 0 1",
    "r1b2rk1/1pppqpp1/p1n2n1p/2b1p3/2B1P3/P1NPBN2/1PP2PPP/R2Q1RK1 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2r3k1/1q1nbppp/r3p3/3pP3/pPpP4/P1Q2N2/2RN1PPP/2R4K b - - 0 22",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
]


def run(command, positions, movetime, results):
    engine = Engine(command)
    rows = [engine.search(f"fen {fen}", movetime) for fen in positions]
    results[command] = (engine.name, rows)
    engine.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("engines", nargs="+")
    parser.add_argument("--movetime", type=int, default=5000)
    parser.add_argument("--positions", help="file with one FEN per line (default: 20 middlegames)")
    parser.add_argument("--parallel", action="store_true", help="run the engines at the same time")
    args = parser.parse_args()

    positions = DEFAULT_POSITIONS
    if args.positions:
        with open(args.positions) as f:
            positions = [l.split(";")[0].strip() for l in f if l.strip() and not l.startswith("#")]

    results = {}
    jobs = [threading.Thread(target=run, args=(e, positions, args.movetime, results)) for e in args.engines]
    for job in jobs:
        job.start()
        if not args.parallel:
            job.join()
    for job in jobs:
        job.join()

    names = [results[e][0] for e in args.engines]
    print("position  " + "  ".join(f"{n[:24]:>24}" for n in names))
    for i in range(len(positions)):
        cells = []
        for e in args.engines:
            d, sd, nodes, ms = results[e][1][i]
            cells.append(f"d{d:>3} sd{sd:>3} {nodes / max(ms, 1) / 1000:6.2f} Mn/s")
        print(f"{i + 1:>8}  " + "  ".join(f"{c:>24}" for c in cells))
    print()
    summary = {}
    for e, name in zip(args.engines, names):
        rows = results[e][1]
        depth = statistics.mean(r[0] for r in rows)
        seldepth = statistics.mean(r[1] for r in rows)
        nps = sum(r[2] for r in rows) / max(sum(r[3] for r in rows), 1) * 1000
        summary[e] = (depth, nps)
        print(f"{name}: average depth {depth:.2f}, seldepth {seldepth:.2f}, {nps / 1e6:.3f} M nodes/s")
    if len(args.engines) >= 2:
        first, second = args.engines[0], args.engines[1]
        print(
            f"{names[0]} - {names[1]}: depth {summary[first][0] - summary[second][0]:+.2f}, "
            f"nodes/s ratio {summary[first][1] / summary[second][1]:.3f}"
        )


if __name__ == "__main__":
    main()
