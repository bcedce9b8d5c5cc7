#!/usr/bin/env python3
"""Shows, or writes, an SPSA run's values as the search's defaults.

usage: scripts/spsa-apply.py RUN/spsa.csv [--write]

Rounds the last row of the run (scripts/spsa.py's csv) to integers and lists each parameter of
src/search_params.h whose default would change (old, new, the unrounded value). --write puts them
into src/search_params.h; run clang-format on it afterwards. The values become the defaults only
after a timed match against the build before them (docs/testing.md).
"""
import csv
import os
import re
import sys

PARAMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "search_params.h")


def main():
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    rows = list(csv.DictReader(open(sys.argv[1])))
    if not rows:
        sys.exit(f"{sys.argv[1]}: no iterations")
    tuned = {name: float(value) for name, value in list(rows[-1].items())[5:]}
    text = open(PARAMS).read()
    changes = []

    def replace(match):
        name, old = match.group(1), int(match.group(2))
        if name not in tuned or round(tuned[name]) == old:
            return match.group(0)
        changes.append((name, old, round(tuned[name]), tuned[name]))
        return f"P({name}, {round(tuned[name])},"

    text = re.sub(r"P\((\w+), (-?\d+),", replace, text)
    unknown = sorted(set(tuned) - set(re.findall(r"P\((\w+),", text)))
    if unknown:
        sys.exit(f"not in {PARAMS}: {', '.join(unknown)}")
    for name, old, new, exact in changes:
        print(f"{name} {old} -> {new} ({exact:.2f})")
    print(f"{len(changes)} of {len(tuned)} change")
    if "--write" in sys.argv[2:]:
        open(PARAMS, "w").write(text)


if __name__ == "__main__":
    main()
