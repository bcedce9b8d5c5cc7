#!/usr/bin/env python3
"""Tunes the search's margins by SPSA self-play through fastchess.

usage: scripts/spsa.py ENGINE [--iterations N] [--pairs N] [--tc 2+0.02 | --nodes N]
                       [--params A,B,...] [--book FILE] [--concurrency N] [--parallel N]
                       [--out DIR] [--seed S] [--pgn FILE] [--start-from RUN/spsa.csv]

ENGINE is a build made with `make SPSA=on`, whose margins are UCI options; `ENGINE search-params`
gives their names, values, ranges and final perturbations (c_end). Each iteration flips a random
sign d_i for every parameter, plays --pairs game pairs (colours swapped, same opening) of
theta + c_k * d against theta - c_k * d, and moves theta by a_k * (W - L) * d / c_k: the usual
SPSA gradient step, scaled per parameter as OpenBench does (c_k = c_end * (N / k) ** 0.101,
a_k = r_end * c_end ** 2 * ((A + N) / (A + k)) ** 0.602 with A = N / 10, r_end 0.002).

Every iteration appends one row (iteration, games, W, D, L and each parameter) to DIR/spsa.csv;
a run given the same DIR resumes from its last row (keep DIR in the repository, e.g. under tune/,
and commit it as the run goes: a run that lives only on one machine's disk is lost with it). --nodes
plays a fixed number of nodes a move instead of a clock: games are cheaper and the load beside them
changes nothing, but the time manager's parameters (Time*) learn nothing then; leave them out with
--params or --skip Time. Needs fastchess on PATH.

--parallel N keeps N iterations in flight at once (N fastchess processes of --concurrency games
each), for a machine with more cores than one iteration's games can use. Each iteration perturbs
the values as they stand when it starts and its step is applied when it ends, as OpenBench's
workers do; rows are written in the order iterations end.

--start-from RUN/spsa.csv begins a new run (an --out without a csv) from another run's last row
instead of the build's defaults, for every parameter the two have in common: after a search change,
the next run starts where the last one ended.

--pgn FILE appends every game, with both sides' scores, to FILE (keep it outside the checkout):
self-play games are training data once converted.
"""
import argparse
import concurrent.futures
import csv
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ALPHA, GAMMA, R_END = 0.602, 0.101, 0.002
keep_lock = threading.Lock()  # --pgn is appended to by parallel iterations


def read_parameters(engine):
    out = subprocess.run([engine, "search-params"], capture_output=True, text=True).stdout
    lines = out.splitlines()
    if not lines or not lines[0].startswith("# name value min max step"):
        sys.exit(f"{engine} does not list its search parameters (`search-params`): not a Shiftmate build?")
    if "constants" in lines[0]:
        sys.exit(f"{engine} is not an SPSA build: rebuild it with `make SPSA=on`")
    params = {}
    for line in lines[1:]:
        name, value, lo, hi, step = line.split()
        params[name] = {"value": float(value), "min": int(lo), "max": int(hi), "c_end": float(step)}
    return params


def play(engine, plus, minus, pairs, limit, book, concurrency, seed, keep=None):
    """Game pairs of `plus` against `minus`; returns (W, D, L) for plus."""
    def options(values):
        return [f"option.{name}={value}" for name, value in values.items()]
    with tempfile.TemporaryDirectory() as wd:
        pgn = os.path.join(wd, "games.pgn")
        cmd = ["fastchess", "-engine", f"cmd={engine}", "name=plus", *options(plus),
               "-engine", f"cmd={engine}", "name=minus", *options(minus),
               "-each", *limit, "option.Hash=16", "option.Threads=1",
               "-openings", f"file={book}", "format=epd" if book.endswith(".epd") else "format=pgn",
               "order=random", "-srand", str(seed), "-repeat", "-rounds", str(pairs),
               "-concurrency", str(concurrency), "-recover", "-pgnout", f"file={pgn}",
               "-resign", "movecount=3", "score=1000", "twosided=true",
               "-draw", "movenumber=40", "movecount=8", "score=10"]
        subprocess.run(cmd, cwd=wd, capture_output=True, text=True)
        text = open(pgn).read() if os.path.exists(pgn) else ""
    if keep and text:
        with keep_lock, open(keep, "a") as f:
            f.write(text)
    w = d = l = 0
    for game in text.split("[Event ")[1:]:
        white = re.search(r'\[White "([^"]+)"\]', game).group(1)
        result = re.search(r'\[Result "([^"]+)"\]', game).group(1)
        if result == "1/2-1/2":
            d += 1
        elif (result == "1-0") == (white == "plus"):
            w += 1
        elif result in ("1-0", "0-1"):
            l += 1
    return w, d, l


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine")
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--pairs", type=int, default=1, help="game pairs per iteration")
    ap.add_argument("--tc", default="2+0.02")
    ap.add_argument("--nodes", type=int, help="nodes a move instead of --tc")
    ap.add_argument("--skip", help="comma-separated name prefixes to leave out (e.g. Time)")
    ap.add_argument("--params", help="comma-separated names to tune (default: all)")
    ap.add_argument("--book", default=os.path.join(HERE, "..", "..", "shared", "data", "books", "UHO_4060_v4.epd"))
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--parallel", type=int, default=1, help="iterations in flight at once")
    ap.add_argument("--out", default="spsa-run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pgn", help="append every game to this file")
    ap.add_argument("--start-from", help="a new run begins from this run's last row (spsa.csv)")
    a = ap.parse_args()
    if not shutil.which("fastchess"):
        ap.error("fastchess is not on PATH (build it: docs/testing.md)")

    engine = os.path.abspath(a.engine)
    params = read_parameters(engine)
    if a.params:
        wanted = a.params.split(",")
        unknown = [n for n in wanted if n not in params]
        if unknown:
            sys.exit(f"unknown parameters: {', '.join(unknown)} (see `{a.engine} search-params`)")
        params = {n: params[n] for n in wanted}
    if a.skip:
        prefixes = tuple(a.skip.split(","))
        params = {n: p for n, p in params.items() if not n.startswith(prefixes)}
    names = sorted(params)
    limit = ["tc=inf", f"nodes={a.nodes}"] if a.nodes else [f"tc={a.tc}"]
    book = os.path.abspath(a.book)
    if not os.path.exists(book):
        sys.exit(f"no opening book at {book} (--book)")

    os.makedirs(a.out, exist_ok=True)
    log = os.path.join(a.out, "spsa.csv")
    start = 0
    if os.path.exists(log):  # resume
        rows = list(csv.DictReader(open(log)))
        if rows:
            last = rows[-1]
            if list(last)[5:] != names:  # after iteration, games, W, D, L
                sys.exit(f"{log} was written for other parameters (--params, --skip); "
                         "give the same ones, or use another --out")
            start = max(int(r["iteration"]) for r in rows)  # rows end out of order with --parallel
            for n in names:
                params[n]["value"] = float(last[n])
    new_file = not os.path.exists(log) or os.path.getsize(log) == 0
    if a.start_from and new_file:
        rows = list(csv.DictReader(open(a.start_from)))
        if not rows:
            sys.exit(f"{a.start_from}: no iterations to start from")
        common = [n for n in names if n in rows[-1]]
        for n in common:
            params[n]["value"] = min(max(float(rows[-1][n]), params[n]["min"]), params[n]["max"])
        print(f"starting from {a.start_from}, iteration {rows[-1]['iteration']}: "
              f"{len(common)} of {len(names)} parameters", flush=True)
    elif a.start_from:
        print(f"{log} exists: resuming it, --start-from ignored", flush=True)
    out = open(log, "a", newline="")
    writer = csv.writer(out)
    if new_file:
        writer.writerow(["iteration", "games", "W", "D", "L", *names])
        writer.writerow([0, 0, 0, 0, 0, *(params[n]["value"] for n in names)])

    n_iter = a.iterations
    big_a = n_iter / 10
    rng = random.Random(a.seed * 1_000_003 + start)

    def perturb(k):
        plus, minus, deltas, cks = {}, {}, {}, {}
        for n in names:
            p = params[n]
            ck = p["c_end"] * (n_iter / k) ** GAMMA
            d = rng.choice((-1, 1))
            deltas[n], cks[n] = d, ck
            plus[n] = int(round(min(max(p["value"] + ck * d, p["min"]), p["max"])))
            minus[n] = int(round(min(max(p["value"] - ck * d, p["min"]), p["max"])))
        return plus, minus, deltas, cks, rng.randrange(1 << 30)

    def step(k, deltas, cks, w, d, l):
        for n in names:
            p = params[n]
            ak = R_END * p["c_end"] ** 2 * ((big_a + n_iter) / (big_a + k)) ** ALPHA
            p["value"] = min(max(p["value"] + ak * (w - l) * deltas[n] / cks[n], p["min"]), p["max"])
        writer.writerow([k, w + d + l, w, d, l, *(round(params[n]["value"], 2) for n in names)])
        out.flush()
        print(f"iteration {k}/{n_iter}: plus {w}-{d}-{l}  " +
              " ".join(f"{n}={params[n]['value']:.1f}" for n in names), flush=True)

    pending, k = {}, start
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.parallel)) as pool:
        while pending or k < n_iter:
            while k < n_iter and len(pending) < max(1, a.parallel):
                k += 1
                plus, minus, deltas, cks, seed = perturb(k)
                job = pool.submit(play, engine, plus, minus, a.pairs, limit, book, a.concurrency, seed,
                                  a.pgn and os.path.abspath(a.pgn))
                pending[job] = (k, deltas, cks)
            done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for job in done:
                step(*pending.pop(job), *job.result())
    print("final (rounded):")
    for n in names:
        print(f"  {n} {int(round(params[n]['value']))}")


if __name__ == "__main__":
    main()
