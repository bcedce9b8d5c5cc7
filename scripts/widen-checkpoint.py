#!/usr/bin/env python3
"""Widens a float checkpoint's hidden layer, for training a wider net on from a narrower one.

usage: scripts/widen-checkpoint.py IN.float OUT.float HIDDEN [SEED]

The old neurons keep every weight. Each new one gets input weights drawn uniformly from +-0.1 and
a bias of 0.25 (as `train` starts a net from random weights) and output weights of zero, so the
widened net evaluates every position exactly as the old one did, and training teaches the new
neurons from there. Train it with a build of the new width: `make HIDDEN=384 NET=none`, then
`train --init OUT.float` (nets/README.md, "What waits for more data").
"""
import random
import struct
import sys
from array import array

MAGIC = b"ShiftmateFloat1\n"  # float_checkpoint.cpp
HEADER = struct.Struct("<4I")  # mapping, input size, hidden size, output buckets


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__.strip())
    source, target, hidden = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) == 5 else 1)
    data = open(source, "rb").read()
    if not data.startswith(MAGIC):
        sys.exit(f"{source}: not a float checkpoint (train writes NET.float beside each net)")
    mapping, inputs, old, buckets = HEADER.unpack_from(data, len(MAGIC))
    if hidden <= old or hidden % 32 or hidden > 1024:
        sys.exit(f"HIDDEN must be a multiple of 32 above the checkpoint's {old}, at most 1024")
    weights = array("f")
    weights.frombytes(data[len(MAGIC) + HEADER.size:])
    expected = inputs * old + old + buckets * 2 * old + buckets
    if len(weights) != expected:
        sys.exit(f"{source}: {len(weights)} weights where its header says {expected}")
    added = hidden - old
    out = array("f")
    at = 0

    def widen_rows(count, new_weight):
        # The next `count` rows of `old` weights, each followed by its new
        # neurons' weights.
        nonlocal at
        for _ in range(count):
            out.extend(weights[at:at + old])
            out.extend(new_weight() for _ in range(added))
            at += old

    # The arrays in the file's order: feature-major input weights, the
    # biases, per bucket the side to move's half and the other side's
    # output weights, then the output biases, which stay as they are.
    widen_rows(inputs, lambda: rng.uniform(-0.1, 0.1))
    widen_rows(1, lambda: 0.25)
    widen_rows(buckets * 2, lambda: 0.0)
    out.extend(weights[at:])
    with open(target, "wb") as f:
        f.write(MAGIC + HEADER.pack(mapping, inputs, hidden, buckets) + out.tobytes())


if __name__ == "__main__":
    main()
