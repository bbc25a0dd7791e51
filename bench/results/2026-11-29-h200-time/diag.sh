#!/bin/sh
# Diagnostic device call (issue 64): where the catalogue's time goes at HEAD.
set -u
here=$(pwd)
O=/tmp/diag; rm -rf $O; mkdir -p $O
t() { date +%s.%N; }
for deb in $here/.debs/*.deb; do dpkg -x $deb /; done; ldconfig
B=/tmp/b; rm -rf $B; mkdir -p $B; tar xzf $here/kbench-*.tar.gz -C $B; cd $B/kbench-*/
nvidia-smi > $O/smi.txt 2>&1; nproc >> $O/smi.txt
s=$(t); ./configure > $O/configure.txt 2>&1 && make -j16 > $O/build.txt 2>&1; echo "build $(t) $s" >> $O/times.txt
run() { name=$1; shift; s=$(t); KBENCH_TRACE=1 "$@" --json=$O/$name.json > $O/$name.txt 2> $O/$name.trace; echo "$name rc=$? $s $(t)" >> $O/times.txt; }
run cat1 ./kbench
run cat2 ./kbench
run noplace ./kbench --no-placement
run bare ./kbench --no-placement --no-kernel-time --no-audit
run noaudit ./kbench --no-placement --no-audit
run nokt ./kbench --no-placement --no-kernel-time
run taskset taskset -c 0 ./kbench --no-placement
run vec4a ./kbench reduce_vec4 reduce_vec4_float
nvcc -O3 -arch=sm_90 -Iinclude -Iplugins/reduce -o $B/ps $here/.exp/placement_study.cu > $O/ps-build.txt 2>&1
s=$(t); $B/ps 0 67108864 8 3 > $O/ps.txt 2>&1; echo "ps rc=$? $s $(t)" >> $O/times.txt
cd $O && tar czf $OUT/diag.tar.gz .
