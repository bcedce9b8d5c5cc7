#!/usr/bin/env python3
"""Shiftmate through OpenBench's own worker code (Client/bench.py, genfens.py).

    client_test.py SHIFTMATE OPENBENCH_CLIENT_DIR BOOK.epd STOCKFISH

- bench.run_benchmark, as a worker checks a build: it must read the node
  count that `shiftmate bench` prints last.
- genfens.create_genfens_opening_book, as a DATAGEN worker asks for
  openings: two engine processes with different seeds, 500 openings each,
  from the start position and from BOOK. At least 990 of the 1,000 must be
  distinct, and each must be legal with moves, as Stockfish (an independent
  program) counts them with `go perft 1`. The same seeds give the same
  openings again; other seeds give others.

Exits 77 (skipped) when the client is not there. On a stall the client
kills the engine with `pkill -f NAME`, which would also hit any other
Shiftmate on the machine (datagen, matches): the engine runs under a name of
its own, and that function is replaced.
"""

import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIPPED = 77
N = 500
THREADS = 2
EPD = re.compile(r"^(\S+ [wb] \S+ \S+) hmvc (\d+); fmvn (\d+);$")


def perft1_counts(stockfish, fens):
    """Stockfish's count of legal moves for each FEN, in order."""
    commands = "".join(f"position fen {fen}\ngo perft 1\n" for fen in fens) + "quit\n"
    out = subprocess.run([stockfish], input=commands, capture_output=True, text=True,
                         timeout=300).stdout
    return [int(n) for n in re.findall(r"^Nodes searched: (\d+)$", out, re.MULTILINE)]


def main():
    engine, client_dir, book, stockfish = (os.path.abspath(arg) for arg in sys.argv[1:5])
    if not os.path.isfile(os.path.join(client_dir, "genfens.py")):
        print(f"no OpenBench client in {client_dir}: skipped")
        return SKIPPED
    sys.path.insert(0, client_dir)
    try:
        import bench
        import genfens
        import utils
    except ImportError as e:  # utils needs requests (Debian: python3-requests)
        print(f"cannot import OpenBench's client ({e})")
        return 1
    utils.kill_process_by_name = lambda name: None
    failures = []

    with tempfile.TemporaryDirectory() as work:
        name = f"sm-obtest-{os.getpid()}"
        shutil.copy(engine, os.path.join(work, name))
        os.chdir(work)

        last = subprocess.run([engine, "bench"], capture_output=True, text=True).stdout
        ours = int(last.strip().splitlines()[-1].split()[0])  # "N nodes N nps"
        speed, counted = bench.run_benchmark(name, THREADS, 1, ours)
        print(f"bench.py: bench {counted}, {speed} nps; ours {ours}")
        if counted != ours:
            failures.append(f"bench.py read {counted}, the bench printed {ours}")

        def book_of(book_arg, seeds, n):
            out = io.StringIO()
            genfens.create_genfens_opening_book(
                {"N": n, "book": book_arg, "seeds": seeds, "extra": "", "engine": name,
                 "threads": THREADS, "output": out})
            return out.getvalue().splitlines()

        for book_arg in ["None", book]:
            label = "no book" if book_arg == "None" else os.path.basename(book)
            lines = book_of(book_arg, [11, 12], N)
            if len(lines) != N * THREADS:
                failures.append(f"{label}: {len(lines)} openings, expected {N * THREADS}")
            parsed = [EPD.match(line) for line in lines]
            if not all(parsed):
                failures.append(f"{label}: not EPD with counters: {lines[parsed.index(None)]}")
                continue
            fens = [f"{m.group(1)} {m.group(2)} {m.group(3)}" for m in parsed]
            distinct = len({m.group(1) for m in parsed})
            if distinct < 990:
                failures.append(f"{label}: {distinct} distinct openings of {len(lines)}")
            counts = perft1_counts(stockfish, fens)
            if len(counts) != len(fens) or min(counts, default=0) == 0:
                failures.append(f"{label}: Stockfish found {len(counts)} of {len(fens)} positions "
                                f"legal, fewest moves {min(counts, default=0)}")
            small = book_of(book_arg, [11, 12], 20)
            if sorted(book_of(book_arg, [11, 12], 20)) != sorted(small):
                failures.append(f"{label}: the same seeds gave other openings")
            if sorted(book_of(book_arg, [13, 14], 20)) == sorted(small):
                failures.append(f"{label}: other seeds gave the same openings")
            print(f"{label}: {len(lines)} openings, {distinct} distinct, Stockfish's perft 1 "
                  f"from {min(counts, default=0)} to {max(counts, default=0)} moves; "
                  f"e.g. {lines[0]}")
    for failure in failures:
        print("FAILED:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
