#!/usr/bin/env python3
"""Checks that src/ includes only downward, as the layer table of docs/layout.md says.

The "Layout of `src/`" table in docs/layout.md lists the layers from the
bottom up: a file may include files of its own row and of the rows above it. A cell
names files (`types.h`), every extension of a stem (`attacks.*`) or a whole
folder (`nnue/`). Every file under src/ must be in exactly one row.

Usage: scripts/check-layers.py [repository root]; exits 1 and names each
upward include, and each file the table misses, when there are any.
"""

import re
import sys
from pathlib import Path

LAYOUT_FILE = "docs/layout.md"  # the layer table, relative to the repository root
LAYOUT_HEADING = "## Layout of `src/`"
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def read_layers(layout):
    """The table's rows, top first, each a list of its file patterns."""
    lines = layout.read_text(encoding="utf-8").splitlines()
    try:
        start = lines.index(LAYOUT_HEADING)
    except ValueError:
        sys.exit(f"check-layers: no '{LAYOUT_HEADING}' section in {layout}")
    layers = []
    for line in lines[start + 1 :]:
        if line.startswith("#"):
            break  # the next section
        if not line.startswith("|") or set(line) <= set("|- "):
            if layers and not line.strip():
                break  # the blank line after the table
            continue
        first_cell = line.split("|")[1]
        patterns = re.findall(r"`([^`]+)`", first_cell)
        if patterns:  # the header row names no files
            layers.append(patterns)
    if not layers:
        sys.exit(f"check-layers: the '{LAYOUT_HEADING}' table in {layout} has no rows")
    return layers


def matches(pattern, rel):
    """Whether a table pattern covers a path relative to src/."""
    if pattern.endswith("/"):
        return rel.startswith(pattern)
    if pattern.endswith(".*"):
        stem = pattern[:-2]
        return "/" not in rel[len(stem) :] and rel.startswith(stem + ".")
    return rel == pattern


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
    src = root / "src"
    layers = read_layers(root / LAYOUT_FILE)

    def row_text(i):
        return ", ".join(layers[i])

    files = sorted(p.relative_to(src).as_posix() for p in src.rglob("*") if p.is_file())
    layer_of = {}
    problems = []
    for rel in files:
        rows = [i for i, row in enumerate(layers) if any(matches(p, rel) for p in row)]
        if not rows:
            problems.append(f"src/{rel} is in no row of the layer table in {LAYOUT_FILE}")
        elif len(rows) > 1:
            listed = "; ".join(f"row {i + 1} ({row_text(i)})" for i in rows)
            problems.append(f"src/{rel} is in more than one row: {listed}")
        else:
            layer_of[rel] = rows[0]

    for rel in files:
        if rel not in layer_of:
            continue
        text = (src / rel).read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            # As the compiler looks: beside the file first, then in src/.
            beside = (src / rel).parent / m.group(1)
            target = beside if beside.is_file() else src / m.group(1)
            if not target.is_file():
                continue  # not ours (a system or library header)
            included = target.resolve().relative_to(src.resolve()).as_posix()
            if included in layer_of and layer_of[included] > layer_of[rel]:
                problems.append(
                    f"src/{rel}:{number}: upward include of {included}: row "
                    f"{layer_of[rel] + 1} ({row_text(layer_of[rel])}) may not include row "
                    f"{layer_of[included] + 1} ({row_text(layer_of[included])}), further down the table"
                )

    if problems:
        print(f"check-layers: the includes under src/ do not match {LAYOUT_FILE}'s layer table:")
        for p in problems:
            print("  " + p)
        print(f"check-layers: {len(problems)} problem(s)")
        return 1
    print(f"check-layers: {len(files)} files in {len(layers)} layers, every include goes downward")
    return 0


if __name__ == "__main__":
    sys.exit(main())
