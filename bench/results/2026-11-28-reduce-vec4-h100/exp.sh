#!/bin/sh
# reduce_vec4's two speeds: alone, after the reductions before it, in the catalogue.
set -u
R=$OUT/exp; mkdir -p $R
for p in "json-c libjson-c-dev libjson-c5" "libseccomp libseccomp-dev" "nettle nettle-dev libnettle8"; do
  set -- $p; pkg-config --exists "$1" 2>/dev/null && continue; shift
  for n in "$@"; do for d in .debs/${n}_*.deb; do [ -e "$d" ] && dpkg -x "$d" /; done; done
done; ldconfig
B=/tmp/exp; rm -rf $B; mkdir -p $B; tar xzf .debs/exp-7019e17.tar.gz -C $B; cd $B/kbench-0.1.0
(./configure && make -j16) > $R/build.txt 2>&1 || { tail -20 $R/build.txt; exit 1; }
F="--warmup=0 --min-samples=20 --max-samples=20 --min-time=0"
col() { python3 -c "
import csv,sys
for r in csv.DictReader(open(sys.argv[1])):
  if r['variant'].startswith('reduce_vec4') or r['variant'] in ('reduce_unroll_warp','reduce_packed'): print(sys.argv[2], r['variant'], 'kernel', r['busy_median_s'], 'event', r['median_s'], 'mem', r.get('mem_clock_start_mhz'))
" "$1" "$2"; }
for i in 1 2; do
  ./kbench $F --csv=$R/alone$i.csv reduce_vec4 > /dev/null 2>&1; col $R/alone$i.csv alone$i
  ./kbench $F --csv=$R/after$i.csv reduce_unroll_warp reduce_vec4 > /dev/null 2>&1; col $R/after$i.csv after$i
  ./kbench $F --csv=$R/reds$i.csv 'reduce_*' > /dev/null 2>&1; col $R/reds$i.csv reductions$i
done
./kbench --csv=$R/cat.csv > /dev/null 2>&1; col $R/cat.csv catalogue
./kbench $F --csv=$R/alone3.csv reduce_vec4 > /dev/null 2>&1; col $R/alone3.csv alone3
