#!/usr/bin/env python3
"""Checks a release binary that runs through an emulator: the Windows .exe
under Wine (make windows-check) or the aarch64 file under qemu-aarch64
(make release-test).

  scripts/check-foreign.py SHIFTMATE.exe|SHIFTMATE [NATIVE_SHIFTMATE]

A file ending in .exe runs under Wine with Windows paths (drive letter,
backslashes, ';' between SyzygyPath directories); any other under
$SHIFTMATE_RUNNER (default qemu-aarch64) with POSIX paths (':').

bench's node count; a UCI session through a pipe (uci, isready, position,
go, stop, quit); CRLF lines; SyzygyPath as a drive-letter path (Wine maps
Z:\\ to /), two directories separated by ';' and a folder whose name has a
space and a non-ASCII letter, with the WDL of the reference positions in
the tables' README (and, given a native build, the same bestmove and score
as it); EvalFile, BookFile and Debug Log File in such a folder, absolute and
relative to the working directory. Exits non-zero on any failure.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLES = os.path.realpath(os.path.join(ROOT, "..", "shared", "data", "syzygy"))
BOOK = "/usr/share/games/gnuchess/book.bin"
failures = []


WINDOWS = False  # set in main(): whether the engine is the Windows build


def windows_path(unix_path):
    """The engine's name for a file: under Wine, Z:\\ is /."""
    if not WINDOWS:
        return os.path.abspath(unix_path)
    return "Z:" + os.path.abspath(unix_path).replace("/", "\\")


def check(ok, what, detail=""):
    print(("ok   " if ok else "FAIL ") + what + (f": {detail}" if detail and not ok else ""))
    if not ok:
        failures.append(what)


class Engine:
    """The engine behind a pipe; lines are read on a thread of their own."""

    def __init__(self, command, cwd=None):
        env = dict(os.environ, WINEDEBUG="-all")
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, cwd=cwd, env=env)
        self.lines, self.cond = [], threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.proc.stdout:
            with self.cond:
                self.lines.append(raw.decode("utf-8", "replace").rstrip("\r\n"))
                self.cond.notify_all()

    def send(self, text, end="\n"):
        self.proc.stdin.write((text + end).encode("utf-8"))
        self.proc.stdin.flush()

    def wait_for(self, prefix, timeout=60):
        """Lines read up to the first that starts with prefix (None on timeout)."""
        deadline = time.time() + timeout
        with self.cond:
            while True:
                for i, line in enumerate(self.lines):
                    if line.startswith(prefix):
                        seen, self.lines = self.lines[:i + 1], self.lines[i + 1:]
                        return seen
                if not self.cond.wait(max(0.0, deadline - time.time())) and time.time() > deadline:
                    return None

    def quit(self):
        self.send("quit")
        try:
            return self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return None


def reference_positions():
    rows = []
    with open(os.path.join(TABLES, "README.md"), encoding="utf-8") as readme:
        for line in readme:
            m = re.match(r"\| [^|]+ \| `([^`]+)` \| (\w+) \| (\d+) \|", line)
            if m:
                rows.append((m.group(1), m.group(2), int(m.group(3))))
    return rows


def score_of(lines):
    for line in reversed(lines or []):
        m = re.search(r" score (cp|mate) (-?\d+)", line)
        if m:
            return m.group(1), int(m.group(2))
    return None


def wdl_of(score):
    """The tablebase result the engine's score says (its 50-move rule is on)."""
    kind, value = score
    if kind == "mate" or value >= 20000 - 256:
        return "Win" if kind == "cp" or value > 0 else "Loss"
    if value <= -(20000 - 256):
        return "Loss"
    return {0: "Draw", 2: "CursedWin", -2: "BlessedLoss"}.get(value, f"cp {value}")


def search(engine, fen, depth=6):
    engine.send(f"position fen {fen}")
    engine.send(f"go depth {depth}")
    lines = engine.wait_for("bestmove", 120)
    return score_of(lines), (lines[-1] if lines else None)


def main():
    exe = os.path.abspath(sys.argv[1])
    native = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
    global WINDOWS
    WINDOWS = exe.endswith(".exe")
    if WINDOWS:
        wine = [shutil.which("wine") or "wine64", exe]
    else:
        wine = os.environ.get("SHIFTMATE_RUNNER", "qemu-aarch64").split() + [exe]
    sep, missing = (";", "Z:\\nonexistent") if WINDOWS else (":", "/nonexistent")
    relative = (lambda *parts: "\\".join(parts)) if WINDOWS else os.path.join

    # The count the newest commit records, as make check-bench reads it.
    # Its own message (a shallow clone has no count) goes to stderr.
    bench = subprocess.run([os.path.join(ROOT, "scripts", "check-bench.sh"), "--expected"],
                           stdout=subprocess.PIPE, text=True, check=True).stdout.strip()
    start = time.time()
    out = subprocess.run(wine + ["bench"], capture_output=True, text=True,
                         env=dict(os.environ, WINEDEBUG="-all")).stdout.strip().splitlines()
    last = out[-1] if out else ""
    check(last.split()[0:2] == [bench, "nodes"], f"bench: {last} ({time.time() - start:.1f} s)")

    work = tempfile.mkdtemp(prefix="shiftmate-foreign-")
    folder = os.path.join(work, "with space é")
    os.makedirs(folder)
    shutil.copy(os.path.join(ROOT, "nets", "default.nnue"), os.path.join(folder, "net é.nnue"))
    shutil.copy(BOOK, os.path.join(folder, "book.bin"))
    shutil.copytree(TABLES, os.path.join(folder, "syzygy"))

    # A session through a pipe, every line ending in CR LF.
    e = Engine(wine, cwd=work)
    e.send("uci", "\r\n")
    check(e.wait_for("uciok") is not None, "CRLF: uci answers uciok")
    e.send("isready", "\r\n")
    check(e.wait_for("readyok") is not None, "CRLF: isready answers readyok")
    e.send("position startpos moves e2e4 e7e5", "\r\n")
    e.send("d", "\r\n")
    fen = next((l for l in (e.wait_for("Key", 30) or []) if l.startswith("Fen")), "")
    check("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2" in fen,
          "CRLF: position ... moves", fen)
    e.send("go infinite")
    time.sleep(2)
    e.send("stop")
    best = e.wait_for("bestmove", 10)
    check(best is not None, "go infinite, stop: bestmove", best and best[-1])
    if best:
        print("     " + best[-1])

    # Files in a folder whose name has a space and a non-ASCII letter.
    for option, value, expect in [
        ("EvalFile", os.path.join(folder, "net é.nnue"), "info string EvalFile: evaluating with"),
        ("EvalFile", relative("with space é", "net é.nnue"), "info string EvalFile: evaluating with"),
        ("EvalFile", "<embedded>", "info string EvalFile: evaluating with"),
        ("BookFile", os.path.join(folder, "book.bin"), "info string BookFile:"),
        ("BookFile", relative("with space é", "book.bin"), "info string BookFile:"),
    ]:
        if value.startswith("/"):
            value = windows_path(value)
        e.send(f"setoption name {option} value {value}")
        said = e.wait_for(f"info string {option}", 30)
        line = said[-1] if said else ""
        ok = line.startswith(expect) and "cannot" not in line and "not a" not in line
        check(ok, f"{option} {value}", line)
        print("     " + line)
    e.send("setoption name OwnBook value true")
    e.send("position startpos")
    e.send("go depth 5")
    best = e.wait_for("bestmove", 60)
    check(best is not None and any("book" in l for l in best), "OwnBook: a book move",
          best and best[-2:])
    log = os.path.join(folder, "debug log.txt")
    e.send(f"setoption name Debug Log File value {windows_path(log)}")
    e.send("isready")
    e.wait_for("readyok")
    check(os.path.exists(log) and "isready" in open(log, encoding="utf-8").read(),
          "Debug Log File in the folder")

    # Syzygy: a drive letter, ';' between directories, the non-ASCII folder.
    refs = reference_positions()
    native_engine = None
    if native:
        native_engine = Engine([native])
        native_engine.send(f"setoption name SyzygyPath value {TABLES}")
    for path in [windows_path(TABLES), missing + sep + windows_path(TABLES),
                 windows_path(os.path.join(folder, "syzygy"))]:
        e.send(f"setoption name SyzygyPath value {path}")
        said = e.wait_for("info string SyzygyPath: found", 60)
        line = said[-1] if said else ""
        check("35 WDL and 35 DTZ files, up to 4 pieces" in line, f"SyzygyPath {path}", line)
        print("     " + line)
        agree = same = 0
        for fen, wdl, dtz in refs:
            score, best = search(e, fen)
            got = wdl_of(score) if score else None
            agree += got == wdl
            if got != wdl:
                check(False, f"WDL of {fen}", f"{got} (score {score}), expected {wdl}")
            if native_engine:
                theirs, their_best = search(native_engine, fen)
                same += (theirs, their_best) == (score, best)
                if (theirs, their_best) != (score, best):
                    check(False, f"native agrees on {fen}", f"{score} {best} vs {theirs} {their_best}")
        check(agree == len(refs), f"  WDL of {agree}/{len(refs)} reference positions")
        if native_engine:
            check(same == len(refs), f"  same score and bestmove as the native build: {same}/{len(refs)}")
    if native_engine:
        native_engine.quit()
    check(e.quit() == 0, "quit: exit status 0")
    shutil.rmtree(work, ignore_errors=True)
    print("check-foreign:", "all passed" if not failures else f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
