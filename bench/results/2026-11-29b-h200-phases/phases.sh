#!/bin/sh
set -u
here=$(pwd)
O=/tmp/diag; rm -rf $O; mkdir -p $O
t() { date +%s.%N; }
for deb in $here/.debs/*.deb; do dpkg -x $deb / 2>/dev/null; done; ldconfig
B=/tmp/b; rm -rf $B; mkdir -p $B; tar xzf $here/diag.tar.gz -C $B; cd $B/kbench-*/
s=$(t); ./configure > $O/configure.txt 2>&1 && make -j16 > $O/build.txt 2>&1; echo "build $s $(t)" >> $O/times.txt
./kbench reduce_vec4 > /dev/null 2>&1
for name in traced noaudit; do
  flag=; [ $name = noaudit ] && flag=--no-audit
  s=$(t); KBENCH_SEAL=off KBW_TRACE=$O/$name.kbw ./kbench $flag --json=$O/$name.json > $O/$name.txt 2>&1; echo "$name rc=$? $s $(t)" >> $O/times.txt
done
s=$(t); KBENCH_SEAL=off KBW_TRACE=$O/ts.kbw taskset -c 0 ./kbench --json=$O/ts.json > $O/ts.txt 2>&1; echo "taskset rc=$? $s $(t)" >> $O/times.txt
cd $O && tar czf $OUT/diag.tar.gz .
