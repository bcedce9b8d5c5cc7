"""A UCI engine driven over pipes, for the measuring scripts (depth-bench.py, smp-nps.py)."""

import subprocess
import sys
from typing import NamedTuple


class SearchResult(NamedTuple):
    depth: int  # of the last completed iteration: the deepest `info depth` with a pv and no bound
    seldepth: int
    nodes: int  # of the last info line that has both nodes and time
    time_ms: int


class Engine:
    """Starts COMMAND (a shell command line), reads its name and sets OPTIONS (name -> value)."""

    def __init__(self, command, options=None):
        self.command = command
        self.proc = subprocess.Popen(
            command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1,
        )
        self.send("uci")
        self.name = command
        for line in self.lines_until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name ") :]
        for name, value in (options or {"Hash": 16, "Threads": 1}).items():
            self.send(f"setoption name {name} value {value}")

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def lines_until(self, token):
        """Every line up to and including the first that starts with TOKEN."""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f"{self.command}: exited before '{token}'")
            line = line.strip()
            yield line
            if line.split()[:1] == [token]:
                return

    def search(self, position, movetime):
        """A new game's search of POSITION ("startpos" or "fen ...") for MOVETIME ms."""
        self.send("ucinewgame")
        self.send(f"position {position}")
        self.send("isready")
        for _ in self.lines_until("readyok"):
            pass
        self.send(f"go movetime {movetime}")
        depth = seldepth = nodes = time_ms = 0
        for line in self.lines_until("bestmove"):
            tokens = line.split()
            if tokens[:1] != ["info"]:
                continue
            fields = dict(zip(tokens[1:], tokens[2:]))  # each token -> the one after it
            if "nodes" in fields and "time" in fields:
                nodes, time_ms = int(fields["nodes"]), int(fields["time"])
            bound = "lowerbound" in tokens or "upperbound" in tokens
            if "depth" in fields and "pv" in tokens and not bound:
                if int(fields["depth"]) >= depth:
                    depth = int(fields["depth"])
                    seldepth = int(fields.get("seldepth", depth))
        return SearchResult(depth, seldepth, nodes, time_ms)

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=30)
