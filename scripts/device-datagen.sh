#!/usr/bin/env bash
# Self-play data on the lent device machine (16 cores, nothing installed):
# run there from a folder holding static builds made here, e.g.
#
#   scripts/build-fathom.sh gcc /tmp/dev/fathom
#   for a in x86-64-v3 x86-64-v4; do cmake -S . -B /tmp/dev/$a -DCMAKE_BUILD_TYPE=Release \
#     -DSHIFTMATE_ARCH=$a -DSHIFTMATE_STATIC=ON -DSHIFTMATE_FATHOM_DIR=/tmp/dev/fathom \
#     -DSHIFTMATE_TESTS=OFF && cmake --build /tmp/dev/$a -j2 --target shiftmate; done
#   mkdir -p .dev && cp /tmp/dev/x86-64-v3/shiftmate .dev/shiftmate-v3 && \
#     cp /tmp/dev/x86-64-v4/shiftmate .dev/shiftmate-v4 && cp scripts/device-datagen.sh .dev/
#   (.dev/ in .git/info/exclude; the device tool's run: carry [".dev"],
#    command `bash .dev/device-datagen.sh SECONDS SEED NAME`)
#
# Datagen at 5,000 nodes a move on every core, stopped by SIGINT after
# SECONDS; the records come back xz-compressed in 15 MiB pieces (the tool
# returns at most 8 files of 16 MiB, 64 MiB in all: about 8 M records), with
# their sha256. Here: cat NAME.bin.xz.* | xz -dc > NAME.bin, then sha256sum.
# On 2026-12-04 it made about 2,970 positions/s (bench 1.38 M nodes/s there).
set -u
secs=${1:?seconds}
seed=${2:?seed}
name=${3:?name}
cd "$(dirname "$0")"
threads=$(nproc)
bin=./shiftmate-v3
grep -q avx512bw /proc/cpuinfo && bin=./shiftmate-v4
echo "cores $threads, binary $bin"
grep -m1 "model name" /proc/cpuinfo
$bin bench 2>&1 | tail -1
timeout -s INT "$secs" $bin datagen --threads "$threads" --nodes 5000 --seed "$seed" \
  --positions 100000000 --output "/tmp/$name.bin" > "$OUT/$name.log" 2>&1
tail -n 1 "$OUT/$name.log"
sha256sum "/tmp/$name.bin" | tee "$OUT/$name.sha256"
xz -T"$threads" -6 --block-size=16MiB -c "/tmp/$name.bin" | split -b 15M -d -a 1 - "$OUT/$name.bin.xz."
ls -l "$OUT"
