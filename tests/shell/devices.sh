#!/bin/sh
# --devices: one worker per device, all running the plan at once.  Host
# plugins need no device, so two "devices" run here on the CPU, GPU or
# not: every result twice, tagged with its device in the table, the CSV
# and the JSON; a crash or a hang costs each device its own case, and two
# hangs cost one timeout of wall time, not two; one worker killed from
# outside leaves the other device's results alone.
. "$top_srcdir/tests/shell/lib.sh"
P=$TEST_PLUGINS
H=$top_builddir/plugins/host/.libs
fast="--min-time=0 --max-noise=5 --timeout=2"
good="--plugin $H/reduce_cpu.so --plugin $H/copy_cpu.so"

# rows FILE VERDICT DEVICE: CSV rows of that verdict on that device.
rows() {
  grep -c "^\".*,$2,.*,$3\$" "$1"
}

check "two devices: both run every case, exit 0" 0 "^# device 1" \
  "$KBENCH" $fast --devices=0,1 --param n=1000 $good \
  --csv="$tmpdir/two.csv" --samples="$tmpdir/two-samples.csv" \
  --json="$tmpdir/two.json"
printf '%s\n' "$out" > "$tmpdir/two.txt"
assert "the table: device 0's header, its two rows, device 1's, its two" \
  test "$(grep -E '^(# device [01]|(reduce|copy)_cpu .* ok$)' "$tmpdir/two.txt" \
    | sed 's/^# device \([01]\).*/device\1/; s/ .*//' | tr '\n' ' ')" \
    = "device0 reduce_cpu copy_cpu device1 reduce_cpu copy_cpu "
check "... and the closing line counts both devices' results" 0 \
  "^# 4 cases in" cat "$tmpdir/two.txt"
assert "... after the groups, each case's devices side by side in the plan's order" \
  test "$(sed -n '/^# side by side/,/^# 4 cases/p' "$tmpdir/two.txt" \
    | grep -E '^(reduce|copy)_cpu +n=1000 +[0-9.]+ [nu]s +[0-9.]+ [nu]s +[0-9]\.[0-9]{3}$' \
    | cut -d' ' -f1 | tr '\n' ' ')" = "reduce_cpu copy_cpu "
assert "the CSV's header ends with a device column" \
  sh -c 'head -n 1 "$1" | grep -q ",counters_note,device$"' _ "$tmpdir/two.csv"
assert "the CSV: two passed rows on device 0, two on device 1" \
  test "$(rows "$tmpdir/two.csv" pass 0) $(rows "$tmpdir/two.csv" pass 1)" = "2 2"
assert "the samples CSV: a device column, samples from both devices" \
  sh -c 'head -n 1 "$1" | grep -q ",repetition,device$" &&
         grep -q ",0$" "$1" && grep -q ",1$" "$1"' _ "$tmpdir/two-samples.csv"
if command -v python3 > /dev/null 2>&1; then
  assert "the JSON: strict, one entry per case and device" \
    validate "$tmpdir/two.json" 'len(b) == 4' \
    'sorted((e["name"], e["device_ordinal"]) for e in b) == [("copy_cpu/n:1000", 0), ("copy_cpu/n:1000", 1), ("reduce_cpu/n:1000", 0), ("reduce_cpu/n:1000", 1)]' \
    'all(e["verdict"] == "pass" for e in b)'
  assert "the JSON: every entry has the device keys, null for a host case" \
    validate "$tmpdir/two.json" \
    'all(e[k] is None for e in b for k in ["device_name", "device_uuid", "device_pci_bus_id"])'
  assert "the JSON: the context lists both devices" \
    validate "$tmpdir/two.json" \
    '[x["ordinal"] for x in c["kbench"]["devices"]] == [0, 1]'
else
  tap_n=$((tap_n + 1))
  echo "ok $tap_n - the JSON # SKIP python3 is needed to parse it strictly"
fi

if [ "$HAVE_JSON_C" = yes ]; then
  # Host cases are the host's whatever device their run had (results/'s
  # one rule for the same device): compare pools both devices' entries as
  # repetitions.  Two GPUs' entries are refused (fleet_real.sh).
  check "kbench compare: a --devices file of host cases is the host's, pooled" \
    0 "^reduce_cpu/n:1000 .* a host case is judged on its repetitions \(2 in base, 2 in new\)" \
    "$KBENCH" compare "$tmpdir/two.json" "$tmpdir/two.json"
fi

# One device: the table as ever, and the same keys, so that programs can
# rely on them.
check "one device: no device header for host cases, as ever" 0 \
  "^reduce_cpu .* ok$" "$KBENCH" $fast --param n=1000 --plugin $H/reduce_cpu.so \
  --json="$tmpdir/one.json" --csv="$tmpdir/one.csv" --device=1
assert "... no '# device' line" sh -c '! printf "%s\n" "$1" | grep -q "^# device"' \
  _ "$out"
assert "... the CSV's device column says 1" test "$(rows "$tmpdir/one.csv" pass 1)" = 1
if command -v python3 > /dev/null 2>&1; then
  assert "... the JSON entry has device_ordinal 1 and the device keys" \
    validate "$tmpdir/one.json" 'len(b) == 1 and b[0]["device_ordinal"] == 1' \
    'all(k in b[0] for k in ["device_name", "device_uuid", "device_pci_bus_id"])' \
    'b[0]["name"] == "reduce_cpu/n:1000"' \
    '[x["ordinal"] for x in c["kbench"]["devices"]] == [1]'
fi
if [ "$HAVE_JSON_C" = yes ]; then
  check "... which kbench compare still reads" 0 "reduce_cpu/n:1000" \
    "$KBENCH" compare "$tmpdir/one.json" "$tmpdir/one.json"
fi

# A crash on two devices: each device's crash is its own case.
check "a crashing plugin on two devices: exit 6" 6 "CRASH crashed: SIGSEGV in run$" \
  "$KBENCH" $fast --devices=0,1 --param n=1000 --plugin $H/reduce_cpu.so \
  --plugin "$P/crash_run.so" --plugin $H/copy_cpu.so --csv="$tmpdir/crash.csv"
assert "... a CRASH row per device" \
  test "$(printf '%s\n' "$out" | grep -c 'CRASH crashed: SIGSEGV in run$')" = 2
assert "... and the good cases verify on both devices" \
  test "$(printf '%s\n' "$out" | grep -Ec '^(reduce|copy)_cpu .* ok$')" = 4
assert "... the CSV: one crash and two passes per device" \
  test "$(rows "$tmpdir/crash.csv" crash 0) $(rows "$tmpdir/crash.csv" pass 0) $(rows "$tmpdir/crash.csv" crash 1) $(rows "$tmpdir/crash.csv" pass 1)" = "1 2 1 2"

# A hang on two devices: the watchdogs run at once.  Two watchdogs one
# after the other take two timeouts (6 s) at the least, whatever the load;
# at once, one timeout and the run's start (under 1 s alone, and more on a
# busy machine, so the bound leaves it 3 s).
t0=$(date +%s.%N)
check "a hang on two devices: each times out, exit 6" 6 \
  "CRASH timed out after 3 s in run$" \
  "$KBENCH" $fast --devices=0,1 --case-timeout=3 --param n=1000 \
  --plugin $H/reduce_cpu.so --plugin "$P/hang_run.so" --plugin $H/copy_cpu.so
wall=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
assert "... twice" \
  test "$(printf '%s\n' "$out" | grep -c 'CRASH timed out after 3 s in run$')" = 2
assert "... and the good cases verify on both devices" \
  test "$(printf '%s\n' "$out" | grep -Ec '^(reduce|copy)_cpu .* ok$')" = 4
assert "... in one timeout of wall time (${wall} s), less than two" \
  awk -v w="$wall" 'BEGIN { exit !(w >= 3 && w < 6) }'

# One worker killed from outside mid-sweep: that device loses the case it
# was on and goes on with a fresh worker; the other loses nothing.
sweep="--min-time=0.3 --max-noise=5 --param n=1M,1000001,1000002,1000003,1000004,1000005 reduce_cpu"
"$KBENCH" $sweep --devices=0,1 --csv="$tmpdir/kill.csv" > "$tmpdir/kill.out" 2>&1 &
pid=$!
wait_rows "$tmpdir/kill.csv" 2
workers=$(children_of $pid)
victim=$(printf '%s\n' $workers | head -n 1)
[ -n "$victim" ] && kill -9 "$victim"
wait $pid
rc=$?
assert "kill -9 of one of two workers (of: $(echo $workers)): exit 6 (got $rc)" \
  test "$rc" = 6
assert "... every case ran on both devices: 12 rows" \
  test "$(($(wc -l < "$tmpdir/kill.csv") - 1))" = 12
crashed=$(grep ',crash,' "$tmpdir/kill.csv" | sed 's/.*,//')
assert "... one case crashed, SIGKILL from outside (device ${crashed:-none})" \
  test "$(grep -c ',crash,.*SIGKILL in .* (killed from outside' "$tmpdir/kill.csv")" = 1
other=$((1 - ${crashed:-0}))
assert "... the other device's six cases all passed" \
  test "$(rows "$tmpdir/kill.csv" pass $other)" = 6
assert "... and the killed device's other five passed on fresh workers" \
  test "$(rows "$tmpdir/kill.csv" pass "${crashed:-0}")" = 5

# SIGTERM: both devices finish their current case, then stop.
stop_midway "$tmpdir/term.csv" "$tmpdir/term.out" $sweep --devices=0,1
assert "SIGTERM on two devices: exit 143 (got $rc)" test "$rc" = 143
assert "... the $finished finished cases all passed, fewer than 12" \
  test "$finished" -ge 2 -a "$finished" -lt 12 \
  -a "$(grep -c ',pass,' "$tmpdir/term.csv")" = "$finished"
check "... and it says how many of the 12 finished" 0 \
  "stopped after $finished of 12 cases" cat "$tmpdir/term.out"

# The command line.
for bad in "--devices=:expected all or a list of device ordinals" \
           "--devices=x:expected all or a list of device ordinals" \
           "--devices=-1:expected all or a list of device ordinals" \
           "--devices=0,:expected all or a list of device ordinals" \
           "--devices=1,1:device 1 is listed twice" \
           "--devices=0-2,1:device 1 is listed twice" \
           "--devices=3-1:the range 3-1 goes down" \
           "--devices=2000:expected all or a list of device ordinals" \
           "--devices=0-99:at most 64 devices"; do
  arg=${bad%%:*}
  check "$arg: usage error 2, '${bad#*:}'" 2 \
    "invalid --devices '${arg#--devices=}': ${bad#*:}" \
    "$KBENCH" "$arg" --plugin $H/reduce_cpu.so
done
check "--device and --devices together: usage error 2" 2 \
  "--device and --devices cannot be combined" \
  "$KBENCH" --device=0 --devices=0,1 --plugin $H/reduce_cpu.so
check "--devices and --device together, either order: usage error 2" 2 \
  "--device and --devices cannot be combined" \
  "$KBENCH" --devices=all -d 1 --plugin $H/reduce_cpu.so
check "--device=2000: usage error 2, the limit named" 2 \
  "invalid --device '2000': at most 1024" \
  "$KBENCH" --device=2000 --plugin $H/reduce_cpu.so
check "--help documents --devices" 0 "--devices=all\|LIST" "$KBENCH" --help

# --devices=all: without a device, device 0 alone, said so; with one,
# every device's results (tests/shell/gpu.sh checks those on a GPU).
gpu=no
if [ "$HAVE_CUDA" = yes ]; then
  probe=$("$KBENCH" --tap --param n=256 --plugin "$P/bad_tail.so" 2>&1)
  case $probe in *"# SKIP no CUDA device"*) ;; *) gpu=yes ;; esac
fi
if [ $gpu = no ]; then
  check "--devices=all without a device: a warning, device 0 alone" 0 \
    "kbench: warning: --devices=all: no CUDA device.*running on device 0 alone" \
    "$KBENCH" $fast --devices=all --param n=1000 --plugin $H/reduce_cpu.so
  assert "... whose host case verifies, without a device header" \
    sh -c 'printf "%s\n" "$1" | grep -q "^reduce_cpu .* ok$" &&
           ! printf "%s\n" "$1" | grep -q "^# device"' _ "$out"
else
  check "--devices=all on a GPU machine: host cases verify on each device" 0 \
    "^reduce_cpu .* ok$" \
    "$KBENCH" $fast --devices=all --param n=1000 --plugin $H/reduce_cpu.so
fi

# The progress line counts cases x devices (on a pseudo-terminal).
if script -qec true /dev/null < /dev/null > /dev/null 2>&1; then
  script -qec "TERM=xterm '$KBENCH' $fast --devices=0,1 --param n=1K $good" \
    /dev/null < /dev/null > "$tmpdir/tty.out" 2>&1
  assert "progress on a terminal: case 4 of 4, its device named" \
    grep -Eq "case 4 of 4 .*_cpu n=1K on device [01]" "$tmpdir/tty.out"
else
  tap_n=$((tap_n + 1))
  echo "ok $tap_n - progress on a terminal # SKIP no script(1) (util-linux)"
fi
done_testing
