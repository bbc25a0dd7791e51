#!/bin/sh
# Smoke call: setup on the GPU (fills, locking) on one H200.
set -u
here=$(pwd)
O=/tmp/smoke; rm -rf $O; mkdir -p $O
t() { date +%s.%N; }
T0=$(t)
for deb in $here/.debs/*.deb; do dpkg -x $deb / 2>/dev/null; done; ldconfig
B=/tmp/b; Bb=/tmp/base; rm -rf $B $Bb; mkdir -p $B $Bb
tar xzf $here/kbench-0.1.0.tar.gz -C $B; tar xzf $here/.exp/base-d73b828.tar.gz -C $Bb
(cd $Bb/kbench-*/ && ./configure > $O/base-conf.txt 2>&1 && make -j6 > $O/base-build.txt 2>&1) &
D=/tmp/dx; rm -rf $D; mkdir -p $D; tar xzf $here/.exp/diag.tar.gz -C $D
(cd $D/kbench-*/ && ./configure > $O/dx-conf.txt 2>&1 && make -j6 > $O/dx-build.txt 2>&1) &
cd $B/kbench-*/
./configure > $O/configure.txt 2>&1 && make -j16 > $O/build.txt 2>&1
echo "build $T0 $(t)" >> $O/times.txt
(make -j10 check TESTS= > $O/build-check.txt 2>&1; echo "check-build $(t)" >> $O/times.txt) &
cb=$!
wait $(jobs -p | head -1) 2>/dev/null
run() { name=$1; shift; s=$(t); "$@" > $O/$name.txt 2>&1; echo "$name rc=$? $s $(t)" >> $O/times.txt; }
run warm ./kbench reduce_vec4
wait
run cat ./kbench --json=$O/cat.json
run cat2 ./kbench --json=$O/cat2.json
run base sh -c "cd $Bb/kbench-*/ && KBENCH_SEAL=off ./kbench --json=$O/base.json"
run compare ./kbench compare $O/base.json $O/cat.json
run compare2 ./kbench compare $O/base.json $O/cat2.json
run taskset taskset -c 0 ./kbench --json=$O/ts.json
run dxdef sh -c "cd $D/kbench-*/ && KBENCH_SEAL=off KBW_TRACE=$O/dxdef.kbw ./kbench --json=$O/dxdef.json"
run dxsplit sh -c "cd $D/kbench-*/ && KBENCH_SEAL=off KBX_SPLIT=1 KBW_TRACE=$O/dxsplit.kbw ./kbench --json=$O/dxsplit.json"
run dxsplit2 sh -c "cd $D/kbench-*/ && KBENCH_SEAL=off KBX_SPLIT=1 KBW_TRACE=$O/dxsplit2.kbw ./kbench --json=$O/dxsplit2.json"
run dxbare sh -c "cd $D/kbench-*/ && KBENCH_SEAL=off ./kbench --no-audit --no-kernel-time --json=$O/dxbare.json"
run check timeout 150 make -j16 check TESTS="tests/shell/gpu_fill.sh tests/shell/kit.sh tests/shell/gpu_inout.sh"
cp tests/shell/*.log $O/ 2>/dev/null
cd $O && tar czf $OUT/smoke.tar.gz .
