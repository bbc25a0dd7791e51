#!/bin/sh
# One device call: build kbench from the dist tarball, record the device,
# run the whole catalogue in cold and hot mode, then make check (GPU tests
# included).  Everything goes under $OUT; at most 8 files come back, so
# logs are concatenated.  Usage (repo root, tarball beside it):
#   sh bench/device-run.sh
set -u
OUT=${OUT:?set OUT to the folder for results}
tar xf kbench-*.tar.gz && cd kbench-*/ || exit 1
{
  date -u; nvidia-smi; nvcc --version
  nvidia-smi --query-gpu=clocks.sm,clocks.mem,clocks.max.sm,power.draw,temperature.gpu --format=csv
} > "$OUT/device.txt" 2>&1
if ! { ./configure && make -j16; } > "$OUT/build.log" 2>&1; then
  tail -n 60 "$OUT/build.log"
  exit 1
fi
echo "== catalogue, cold"
timeout 300 ./kbench --csv="$OUT/cold.csv" 2>&1 | tee "$OUT/cold.txt"
echo "== catalogue, hot"
timeout 200 ./kbench --mode=hot --csv="$OUT/hot.csv" > "$OUT/hot.txt" 2>&1
echo "== make check"
timeout 400 make -j4 check > "$OUT/check.log" 2>&1
echo "make check exit $?" >> "$OUT/check.log"
cat tests/*.log >> "$OUT/check.log"
grep -E "^(# |FAIL|ERROR)" "$OUT/check.log" | head -n 60
