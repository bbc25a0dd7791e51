#!/bin/sh
# Issue 56 item 1: reduce_vec4's two speeds on four H200s.
set -u
here=$(pwd)
R=$OUT/exp; mkdir -p $R
for p in "json-c libjson-c-dev libjson-c5" "libseccomp libseccomp-dev" "nettle nettle-dev libnettle8 libhogweed6"; do
  set -- $p; pkg-config --exists "$1" 2>/dev/null && continue; shift
  for n in "$@"; do for d in .debs/${n}_*.deb; do [ -e "$d" ] && dpkg -x "$d" /; done; done
done; ldconfig
nvidia-smi > $R/nvidia-smi.txt 2>&1
nvidia-smi -q -d CLOCK,PERFORMANCE,ECC,MEMORY > $R/smi-q.txt 2>&1
nvcc -O3 -arch=sm_90 -Iinclude -Iplugins/reduce -o /tmp/placement bench/tune/placement.cu > $R/placement-build.txt 2>&1
ngpu=$(nvidia-smi -L | grep -c '^GPU ')
for d in $(seq 0 $((ngpu-1))); do /tmp/placement $d > $R/placement-g$d.txt 2>&1 & done
B=/tmp/exp; rm -rf $B; mkdir -p $B; tar xzf .exp/kbench-d73b828.tar.gz -C $B; cd $B/kbench-0.1.0
(./configure && make -j32 && make -j32 check TESTS=) > $R/build.txt 2>&1 || { tail -20 $R/build.txt; }
wait
K=$(pwd)
cases=$(./kbench --list 2>/dev/null | grep -E '^[a-z_0-9]+ \[cuda\]' | awk '{print $1}' | grep -v '^reduce_vec4$')
col() { python3 - "$@" <<'PY'
import csv,sys
for r in csv.DictReader(open(sys.argv[1])):
  if r['variant'] in ('reduce_vec4','reduce_vec4_float','reduce_packed','memcpy_d2d'):
    print(sys.argv[2], r['variant'], 'kernel', r.get('busy_median_s'), 'event', r.get('median_s'), 'verdict', r.get('verdict'))
PY
}
# per GPU, in parallel: alone, the catalogue, then each CUDA case followed by reduce_vec4
for d in $(seq 0 $((ngpu-1))); do (
  o=$R/g$d; mkdir -p $o
  for i in 1 2; do ./kbench --device=$d --csv=$o/alone$i.csv reduce_vec4 > /dev/null 2>&1; col $o/alone$i.csv alone$i; done
  ./kbench --device=$d --csv=$o/cat.csv > $o/cat.txt 2>&1; col $o/cat.csv catalogue
  for x in $cases; do
    ./kbench --device=$d --csv=$o/after-$x.csv $x reduce_vec4 > /dev/null 2>&1; col $o/after-$x.csv "after:$x" | grep 'reduce_vec4 '
  done
  ./kbench --device=$d --csv=$o/alone3.csv reduce_vec4 > /dev/null 2>&1; col $o/alone3.csv alone3
  ) > $R/order-g$d.txt 2>&1 &
done
wait
# ncu in the same process: the placement program's acc positions, first 12
cd $here
PHASES=acc timeout 120 ncu --clock-control none --cache-control all -k regex:reduce_vec4 --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct --csv /tmp/placement 2 67108864 12 > $R/ncu-placement-g2.txt 2>&1
# kbench under ncu as the issue ran it (today's code), and with --no-hold
cd $K
timeout 90 ncu --target-processes all -k regex:reduce -c 4 ./kbench --param n=16M reduce_vec4 reduce_packed > $R/ncu-kbench.txt 2>&1; echo "exit $?" >> $R/ncu-kbench.txt
timeout 90 ncu --target-processes all -k regex:reduce -c 4 ./kbench --no-hold --param n=16M reduce_vec4 reduce_packed > $R/ncu-kbench-nohold.txt 2>&1; echo "exit $?" >> $R/ncu-kbench-nohold.txt
timeout 90 compute-sanitizer --target-processes all ./kbench --param n=1M reduce_vec4 reduce_packed > $R/sanitizer.txt 2>&1; echo "exit $?" >> $R/sanitizer.txt
cd $OUT && tar czf exp.tar.gz exp && rm -rf exp
