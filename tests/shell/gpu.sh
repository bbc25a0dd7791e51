#!/bin/sh
# GPU verification: the deliberately broken bad_tail caught, the broken
# and cheating plugins kept to their case, the instruments, the seal's
# adversary, the seeds' counters, the modes and --devices=all.  Every CUDA
# variant at every awkward size is gpu_sizes.sh's (the two halves run side
# by side on two GPUs: bench/accept.sh).  Skipped, with the reason, where
# there is no device.
. "$top_srcdir/tests/shell/lib.sh"
need_gpu
# Quick criterion: these runs prove correctness; bench/ measures speed.
quick="--min-samples=3 --max-samples=5 --min-time=0 --warmup=0 --timeout=10"

check "bad_tail passes when n is a multiple of its block" 0 "ok" \
  "$KBENCH" $quick --param n=262144 --plugin "$TEST_PLUGINS/bad_tail.so"
check "bad_tail's dropped tail is caught at an odd size" 1 \
  "FAIL first run: sum\[0\] = [0-9]+, expected [0-9]+" \
  "$KBENCH" $quick --param n=1000003 --plugin "$TEST_PLUGINS/bad_tail.so"

# Isolation on the GPU: each broken CUDA plugin runs between two good CUDA
# cases, which must both verify (the second one on a fresh worker when the
# broken one killed its worker or its CUDA context).
G=$TEST_PLUGINS
check "gpu_ok, the broken plugins' healthy base, verifies" 0 "^gpu_ok .* ok$" \
  "$KBENCH" $quick --plugin "$G/gpu_ok.so"
gpu_between() {
  name=$1 want=$2 pattern=$3
  shift 3
  check "$name: exit $want, '$pattern'" "$want" "$pattern" \
    "$KBENCH" $quick --param n=${gpu_n:-4M} "$@" --plugin "$G/gpu_ok.so" \
    --plugin "$G/$name.so" gpu_ok "$name" reduce_vec4
  good=no
  printf '%s\n' "$out" | grep -q "^gpu_ok .* ok$" &&
    printf '%s\n' "$out" | grep -Eq "^reduce_vec4 .* ok( |$)" && good=yes
  assert "$name: the good CUDA cases before and after it verify" \
    test $good = yes
  [ $good = yes ] || printf '%s\n' "$out" | sed 's/^/#   /'
}
gpu_between gpu_crash_run 6 "CRASH crashed: SIGSEGV in run$"
t0=$(date +%s.%N)
gpu_between gpu_hang 6 "CRASH timed out after 5 s in run$" --case-timeout=5
echo "# gpu_hang: the three cases took $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }') s with a 5 s case timeout"
gpu_between gpu_illegal 4 \
  "ERROR first run: .*illegal memory access.*device unusable afterwards"
gpu_between gpu_side_stream 4 \
  "ERROR stream check: work ran outside kbench's"
gpu_between gpu_legacy 4 \
  "ERROR stream check: work ran outside kbench's"
gpu_n=64M
gpu_between gpu_nonblocking 4 \
  "ERROR stream check: work ran outside kbench's"
gpu_n=
gpu_between gpu_per_thread 4 \
  "ERROR stream check: work ran outside kbench's"
gpu_between gpu_graph 4 \
  "ERROR stream check: work ran outside kbench's"
gpu_between gpu_off_copy 4 \
  "ERROR stream check: work ran outside kbench's"
# Each cheat at a size where its work ends long before kbench's stop
# marker: the audit's order, not the timing, names it.
for cheat in gpu_side_stream gpu_nonblocking gpu_legacy gpu_per_thread \
  gpu_graph gpu_off_copy; do
  check "$cheat at 4K ints: the stream audit names the unordered work" 4 \
    "ERROR stream check: work ran outside kbench's timed window: (kernel .*|memcpy [A-Za-z]+|memset) on stream [0-9]+ is (neither forked from nor joined back to|not joined back to|not forked from) kbench's stream" \
    "$KBENCH" $quick --param n=4K --plugin "$G/$cheat.so"
done
# ABI 1.3, third-party code on a default stream (tests/plugins/
# gpu_default_stream.cuh): a launcher with no stream argument on the
# legacy stream, the same built with --default-stream per-thread, and the
# sibling on kbench's stream verify and are timed in each mode (graph mode
# cannot capture the legacy stream, and says so).  The stream cheats
# rewritten to declare a default stream still fail, naming both streams.
for name in gpu_default_legacy gpu_default_per_thread gpu_default_sibling; do
  for mode in cold hot; do
    check "$name in $mode mode: verified and timed" 0 "^$name .* ok( .*)?$" \
      "$KBENCH" $quick --mode=$mode --param n=4M --plugin "$G/$name.so"
  done
done
check "gpu_default_per_thread in graph mode: captured and timed" 0 \
  "^gpu_default_per_thread .* ok( .*)?$" \
  "$KBENCH" $quick --mode=graph --param n=4M --plugin "$G/gpu_default_per_thread.so"
check "gpu_default_legacy in graph mode: skipped, saying why" "0|5" \
  "SKIP graph mode cannot capture the legacy default stream \(KBENCH_VARIANT_LEGACY_STREAM\)" \
  "$KBENCH" $quick --mode=graph --plugin "$G/gpu_default_legacy.so"
for cheat in gpu_decl_legacy_side_stream gpu_decl_legacy_nonblocking \
  gpu_decl_legacy_on_per_thread gpu_decl_per_thread_on_legacy; do
  for n in 4K 64M; do
    check "$cheat n=$n: a default stream declared, the work elsewhere: ERROR" 4 \
      "^$cheat .* ERROR stream check: work ran outside kbench's timed window: (kernel .*|memset) on stream [0-9]+ is (neither forked from nor joined back to|not joined back to|not forked from) kbench's stream [0-9]+" \
      "$KBENCH" $quick --param n=$n --plugin "$G/$cheat.so"
  done
done
# Multi-stream work done right (tests/plugins/gpu_fork_join.cu): half of
# y = 2x on a stream of the plugin's own, forked from kbench's stream and
# joined back, passes at every size on a non-blocking and on a blocking
# side stream; the same with the join left out fails at every size, short
# or long, by the stream audit's order (not by luck of timing).
for blocking in 0 1; do
  for n in 4K 1M 64M; do
    check "gpu_fork_join n=$n blocking=$blocking: an honest fork and join passes" \
      0 "^gpu_fork_join .* ok$" "$KBENCH" $quick --param n=$n \
      --param blocking=$blocking --plugin "$G/gpu_fork_join.so"
    check "gpu_fork_join n=$n blocking=$blocking join=0: the unjoined half fails" \
      4 "ERROR stream check: work ran outside kbench's timed window: kernel scale2.* on stream [0-9]+ is not joined back to kbench's stream [0-9]+" \
      "$KBENCH" $quick --param n=$n --param blocking=$blocking \
      --param join=0 --plugin "$G/gpu_fork_join.so"
  done
done
check "gpu_fork_join under --no-audit: the host-timed check passes the join" \
  0 "^gpu_fork_join .* ok$" "$KBENCH" $quick --no-audit --param n=64M \
  --param blocking=1 --plugin "$G/gpu_fork_join.so"
check "gpu_fork_join under --no-audit: it catches a long unjoined blocking half" \
  4 "ERROR stream check: work ran outside kbench's stream" \
  "$KBENCH" $quick --no-audit --param n=64M --param blocking=1 --param join=0 \
  --plugin "$G/gpu_fork_join.so"
# Runs that are hard on the instruments (tests/plugins/gpu_instruments.cu),
# planned by name in one worker: a run that fails under the profiler costs
# its own kernel time only, not the next case's audit (the worker ends
# after it and the next case starts afresh); a graph's replay, which the
# range profiler cannot time, says so, and the cudaMallocAsync in run after
# it keeps its kernel time and audits.
instruments_ok() {
  printf '%s\n' "$out" | grep -Eq "^$1 .* ok$"
}
check "gpu_fails_profiled, then gpu_malloc_async: both verified" 0 \
  "^gpu_fails_profiled .* ok" \
  "$KBENCH" $quick --plugin "$G/gpu_instruments.so" --exclude=gpu_graph_replay
assert "gpu_malloc_async after a case whose profiler pass failed: audited, with kernel time" \
  instruments_ok gpu_malloc_async
check "gpu_graph_replay, then gpu_malloc_async: both verified" 0 "" \
  "$KBENCH" $quick --plugin "$G/gpu_instruments.so" --exclude=gpu_fails_profiled
check "gpu_graph_replay: event time, saying in one line why it has no kernel time" \
  0 "^  event time: no kernel time: the run replays a CUDA graph, which the range profiler cannot time" \
  "$KBENCH" $quick --plugin "$G/gpu_instruments.so" --exclude=gpu_fails_profiled
assert "gpu_malloc_async after a graph's replay: kernel time and both audits" \
  instruments_ok gpu_malloc_async
[ $tap_failed = 0 ] || printf '%s\n' "$out" | sed 's/^/#   /'
# ABI 1.2, library code (tests/plugins/gpu_sync.cu): a run that allocates,
# sums, copies the sum to the host, waits and frees, as Thrust does.
# Declared (KBENCH_VARIANT_SYNCS) it is timed run by run and passes; the
# same run undeclared keeps the error it always had, now naming the flag;
# declared but with work on a stream nothing joins, the audit fails it.
check "gpu_sync, declared: verified, timed run by run with the host's clock" 0 \
  "^  timed: each run as a whole, one run a sample, not held \(KBENCH_VARIANT_SYNCS\); median on the host's clock [0-9.]+ [mun]?s$" \
  "$KBENCH" $quick --json="$tmpdir/sync.json" --plugin "$G/gpu_sync.so" --exclude=gpu_sync_undeclared
assert "gpu_sync: JSON says syncs, with a host median" python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["benchmarks"][0]
assert e["verdict"] == "pass" and e["syncs"] is True and e["timed_region"] is False
assert e["host_median_s"] > 0 and e["batch"] == 1, e' "$tmpdir/sync.json"
check "gpu_sync in hot mode: one run a sample (batch 1)" 0 \
  "^gpu_sync .* ok \(event time\)$" "$KBENCH" $quick --mode=hot --plugin "$G/gpu_sync.so" --exclude=gpu_sync_undeclared
check "gpu_sync in graph mode: skipped, saying why" "0|5" \
  "SKIP graph mode cannot capture a run that synchronizes \(KBENCH_VARIANT_SYNCS\)" \
  "$KBENCH" $quick --mode=graph --plugin "$G/gpu_sync.so" --exclude=gpu_sync_undeclared
check "gpu_sync_undeclared: ERROR, the message names KBENCH_VARIANT_SYNCS" 4 \
  "^gpu_sync_undeclared .* ERROR [a-z -]+: .*(waited for the whole device|the stream hold timed out).*declares KBENCH_VARIANT_SYNCS" \
  "$KBENCH" $quick --plugin "$G/gpu_sync.so" --exclude=gpu_sync
for n in 4K 16M; do
  check "gpu_sync n=$n side=1: declared, but an unjoined stream is still an ERROR" 4 \
    "^gpu_sync .* ERROR stream check: work ran outside kbench's timed window: kernel halve.* on stream [0-9]+ is (neither forked from nor joined back to|not joined back to) kbench's stream" \
    "$KBENCH" $quick --param n=$n --param side=1 --plugin "$G/gpu_sync.so" --exclude=gpu_sync_undeclared
done
# The timed region (tests/plugins/gpu_region.cu): a 256 MiB memset, then a
# CUB sum of 64M ints.  The region leaves the memset out; its cheats (the
# sum before or after the region) fail at any size.
"$KBENCH" $quick --json="$tmpdir/region.json" --param clear=0,256M \
  --param use=none,region --plugin "$G/gpu_region.so" > "$tmpdir/region.out" 2>&1
sed 's/^/# /' "$tmpdir/region.out"
assert "gpu_region: with the region, the sum's time alone; without, the memset's too" \
  python3 -c '
import json, sys
m = {}
for e in json.load(open(sys.argv[1]))["benchmarks"]:
    assert e["verdict"] == "pass", e
    m[(e["params"]["clear"], e["params"]["use"])] = e["event_median_s"]
alone, region, whole = m[(0, "none")], m[(268435456, "region")], m[(268435456, "none")]
print("# alone %.4g s, region %.4g s, memset and sum %.4g s" % (alone, region, whole))
assert region < 1.2 * alone and region < 0.65 * whole' "$tmpdir/region.json"
for n in 4K 64M; do
  for use in before after; do
    check "gpu_region n=$n use=$use (the sum outside the region): ERROR timed region" 4 \
      "^gpu_region .* ERROR timed region: the outputs (already verified when timer_start|as timer_stop left them do not verify)" \
      "$KBENCH" $quick --param n=$n --param use=$use --plugin "$G/gpu_region.so"
  done
done
check "gpu_region in hot mode: one run a sample" 0 "^gpu_region .* ok( \(event time\))?( .*)?$" \
  "$KBENCH" $quick --mode=hot --param n=4M --param clear=16M --plugin "$G/gpu_region.so"
check "gpu_region in graph mode: skipped, saying why" "0|5" \
  "SKIP graph mode cannot capture the timed region of a run" \
  "$KBENCH" $quick --mode=graph --param n=4M --plugin "$G/gpu_region.so"
# cudaDeviceReset inside run: an error, or on the H100's driver 580 (seen
# in two runs, 2026-11-23, with and without the counters) a SIGSEGV in the
# worker; either way the cases around it verify.
gpu_between gpu_reset "4|6" "^gpu_reset .* (ERROR |CRASH crashed: SIGSEGV in run)"
# Setup's input lands 20 ms after setup returns, on the legacy stream: the
# runner waits for the device before the first run, or zeros are summed.
check "gpu_late_setup: setup's late copy is waited for" 0 \
  "^gpu_late_setup .* ok$" \
  "$KBENCH" $quick --param n=64K --plugin "$G/gpu_late_setup.so"

# The hardware's view (CUPTI; runner/worker/measure/probe.c).  The stream audit
# reads activity records, so it sees what the host-timed check cannot: a
# short kernel (1M ints) on a non-blocking stream of the plugin's own.
# The device's profiler serves one process at a time; under a parallel make
# check another test's kbench may hold it for a few seconds, and kbench then
# falls back to the host-timed check, which cannot see this: try again.
for attempt in 1 2 3; do
  out=$("$KBENCH" $quick --param n=1M --plugin "$G/gpu_nonblocking.so" 2>&1)
  printf '%s\n' "$out" | grep -q "ERROR stream check" && break
  sleep 3
done
assert "gpu_nonblocking at 1M ints: the stream audit names the work and its stream (attempt $attempt)" \
  sh -c 'printf "%s\n" "$1" | grep -Eq "$2"' _ "$out" \
  "ERROR stream check: work ran outside kbench's timed window: (kernel .*|memcpy [A-Za-z]+|memset) on stream [0-9]+ is (neither forked from nor joined back to|not joined back to|not forked from) kbench's stream [0-9]+"
# The bytes audit: a claim of 1000x what moves is flagged (FLAGGED), and
# fails the case under --strict.  The device's profiler serves one process
# at a time: while another test's kbench holds it, kbench says so in a
# "counters:" line, and these points are skipped with that line.
check_counted() {
  desc=$1 want=$2 pattern=$3
  shift 3
  out=$("$@" 2>&1)
  busy=$(printf '%s\n' "$out" | sed -n 's/^ *counters: \(no .*\)/\1/p' | head -n 1)
  if [ -n "$busy" ]; then
    skip "$desc" "$busy"
  else
    check "$desc" "$want" "$pattern" "$@"
  fi
}
check_counted "gpu_inflated: the bytes audit flags a claim of 1000x, with both rates" 0 \
  "^  flagged: claims (9[5-9][0-9]|10[0-4][0-9])\.[0-9]x the [0-9.]+ MB DRAM moved: DRAM [0-9.]+ GB/s, [0-9.]+ GB/s claimed$" \
  "$KBENCH" $quick --param n=64M --plugin "$G/gpu_inflated.so"
assert "gpu_inflated: its row's result is FLAGGED, not ok (or the profiler was busy)" \
  sh -c 'printf "%s\n" "$1" | grep -Eq "^gpu_inflated .* FLAGGED$|^ *(counters: no|unaudited:)"' _ "$out"
check_counted "gpu_inflated --strict: the flagged claim fails the case" 4 \
  "ERROR bytes audit: the case claims [0-9.]+x the" \
  "$KBENCH" $quick --strict --param n=64M --plugin "$G/gpu_inflated.so"
# Issue 45's adversary: a rewrite of cudaEventElapsedTime's GOT slot in
# every object, refused by the worker's seal; gpu_ok after it, in a worker
# of its own, reads as it does alone (not 10x short).
json_alone="$tmpdir/forge-alone.json"
json_after="$tmpdir/forge-after.json"
check "gpu_ok alone" 0 "^gpu_ok .* ok$" \
  "$KBENCH" $quick --param n=64M --json="$json_alone" --plugin "$G/gpu_ok.so"
check "gpu_forge_event: the seal refuses its rewrite of the runner's GOT" 4 \
  "^gpu_forge_event .* ERROR setup: the plugin tried to make the runner's memory writable" \
  "$KBENCH" $quick --param n=64M --json="$json_after" \
  --plugin "$G/gpu_forge_event.so" --plugin "$G/gpu_ok.so"
assert "gpu_ok after gpu_forge_event reads as alone (within 0.5x-2x), in another worker" \
  python3 - "$json_alone" "$json_after" <<'PY'
import json, sys
alone = json.load(open(sys.argv[1]))["benchmarks"][0]
after = json.load(open(sys.argv[2]))["benchmarks"]
ok = [e for e in after if e["name"].startswith("gpu_ok")][0]
forge = [e for e in after if e["name"].startswith("gpu_forge_event")][0]
assert ok["verdict"] == "pass" and ok["worker"] != forge["worker"], after
ratio = ok["event_median_s"] / alone["event_median_s"]
assert 0.5 < ratio < 2, ratio
PY
# With the seal off the rewrite works in its own worker, and its own
# time is caught: the events read 10x shorter than its kernel (kernel
# time needs the GPU's profiler, which another test's kbench may hold).
desc="gpu_forge_event with the seal off: its own time is FLAGGED, both readings named"
out=$(env KBENCH_SEAL=off "$KBENCH" $quick --param n=64M --plugin "$G/gpu_forge_event.so" 2>&1)
case $out in
  *"(event time)"*) skip "$desc" "no kernel time in this run" ;;
  *) check "$desc" 0 "flagged: the event time [0-9.]+ us is shorter than the kernel time" \
       printf '%s\n' "$out" ;;
esac

check "--metrics: a name the device lacks is refused, the nearest offered" 2 \
  "dram__bytes_reed.sum.*dram__bytes_read.sum" \
  "$KBENCH" --metrics=dram__bytes_reed.sum reduce_vec4
check "--list-metrics: every set's names checked on the device" 0 \
  "Every name above checked on device 0" "$KBENCH" --list-metrics

# The seeds' lessons as relations between counters (not exact numbers):
# conflict ways grow with the bank stride up to 32; padding and swizzling
# remove the transpose tile's conflicts; AoS moves more DRAM bytes than SoA
# for the same work; sectors per request grow with the access stride.
"$KBENCH" $quick --metrics=seed --format=json --param stride=1,2,4,8,16,32 \
  smem_bank coalesce_stride transpose_smem transpose_smem_pad \
  transpose_smem_swizzle layout_aos layout_soa > "$tmpdir/seed.json" \
  2> "$tmpdir/seed.err"
python3 - "$tmpdir/seed.json" > "$tmpdir/seed.tap" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
v = {}
for e in d["benchmarks"]:
    v.setdefault(e["variant"], []).append(e)
def m(name, key):
    return [e.get(key) for e in v.get(name, [])]
notes = sorted({e.get("counters_note") for e in d["benchmarks"]
                if e.get("counters_note")})
def tap(ok, what, got):
    if not ok and notes:
        print("skip - " + what + " # SKIP " + notes[0])
        return
    print(("ok" if ok else "not ok") + " - " + what + " (" + str(got) + ")")
ways = m("smem_bank", "kb__shared_ld_ways.ratio")
tap(len(ways) == 6 and all(w is not None for w in ways)
    and all(a <= b + 0.01 for a, b in zip(ways, ways[1:]))
    and abs(ways[0] - 1) < 0.1 and abs(ways[-1] - 32) < 1,
    "smem_bank: conflict ways grow with the stride, 1 at 1, 32 at 32", ways)
t = [m(n, "kb__shared_ld_ways.ratio") + m(n, "kb__shared_st_ways.ratio")
     for n in ("transpose_smem", "transpose_smem_pad", "transpose_smem_swizzle")]
tap(all(x is not None for x in sum(t, [])) and max(t[0]) > 8
    and max(t[1]) < 1.5 and max(t[2]) < 1.5,
    "transpose: the tile's conflicts, and none padded or swizzled", t)
# AoS reads the same DRAM bytes as SoA on the H100 (its L2 keeps the
# lines the next fields need) but asks for six times the sectors per
# request: the waste is in L1 and L2 traffic.
aos = m("layout_aos", "kb__global_ld_sectors_per_request.ratio")
soa = m("layout_soa", "kb__global_ld_sectors_per_request.ratio")
tap(aos and soa and None not in aos + soa and aos[0] > 2 * soa[0],
    "layout: AoS loads more sectors per request than SoA", (aos, soa))
spr = m("coalesce_stride", "kb__global_ld_sectors_per_request.ratio")
tap(len(spr) == 6 and all(a <= b + 0.01 for a, b in zip(spr, spr[1:]))
    and spr[-1] > 2 * spr[0],
    "coalesce_stride: sectors per request grow with the stride", spr)
PY
while read -r line; do
  case $line in
    "ok - "*) ok "${line#ok - }" ;;
    "skip - "*) what=${line#skip - }; skip "${what%% # SKIP *}" "${what#* # SKIP }" ;;
    *) not_ok "${line#not ok - }" ;;
  esac
done < "$tmpdir/seed.tap"
if [ ! -s "$tmpdir/seed.tap" ]; then
  not_ok "the seeds' counters were read"
  tail -n 20 "$tmpdir/seed.err" | sed 's/^/# /'
fi


# Measurement: modes, the flush, the launch floor.
# A 16 MB read fits in L2: hot runs find it there, cold ones in DRAM.
small="--param n=4M --min-samples=20 --max-noise=2"
"$KBENCH" $small --mode=cold --csv="$tmpdir/cold.csv" reduce_vec4 > "$tmpdir/cold.txt" 2>&1
"$KBENCH" $small --mode=hot --csv="$tmpdir/hot.csv" reduce_vec4 > "$tmpdir/hot.txt" 2>&1
median() { awk -F, 'NR == 2 { print $10 }' "$1"; }
cold=$(median "$tmpdir/cold.csv") hot=$(median "$tmpdir/hot.csv")
assert "16 MB reduction: cold ($cold s) slower than hot ($hot s), since it fits in L2" \
  awk -v c="$cold" -v h="$hot" 'BEGIN { exit !(c > h) }'
floor=$(sed -n 's/.*launch floor \([0-9.]*\) us.*/\1/p' "$tmpdir/cold.txt")
assert "cold launch floor ${floor} us: the ~30 us L2 flush is outside the timed region" \
  awk -v f="$floor" 'BEGIN { exit !(f != "" && f < 15) }'
check "cold mode warns that 16 MB fits in L2" 0 "fits in the .* L2" cat "$tmpdir/cold.txt"
for mode in hot graph; do
  check "$mode mode verifies reduce_vec4 and transpose_fast" 0 \
    "^transpose_fast .* ok" "$KBENCH" $quick --mode=$mode reduce_vec4 transpose_fast
done
check "--calibrate reports the measured copy peak" 0 "measured copy peak [0-9]+ GB/s" \
  "$KBENCH" $quick --calibrate --param n=1M reduce_vec4

# --devices=all: every device the runtime reports runs a small subset at
# once, each with its device line, each result tagged with its device.
if command -v python3 > /dev/null 2>&1; then
  check "--devices=all: the subset runs on every device" 0 "^transpose_fast .* ok" \
    "$KBENCH" $quick --devices=all --json="$tmpdir/all.json" --param n=1M \
    --param rows=1K --param cols=1K reduce_vec4 transpose_fast
  n=$(python3 -c 'import json, sys
print(len(json.load(open(sys.argv[1]))["context"]["kbench"]["devices"]))' \
    "$tmpdir/all.json")
  assert "--devices=all: a device line for each of the $n devices" \
    test "$(printf '%s\n' "$out" | grep -c '^# device [0-9]*: .*, sm_')" = "$n"
  assert "--devices=all: every case verified on each of the $n devices, tagged" \
    validate "$tmpdir/all.json" 'len(b) == 2 * len(c["kbench"]["devices"])' \
    'all(x["name"] and x["uuid"] for x in c["kbench"]["devices"])' \
    'sorted(e["device_ordinal"] for e in b) == sorted(2 * [x["ordinal"] for x in c["kbench"]["devices"]])' \
    'all(e["verdict"] == "pass" and e["device_uuid"] and e["device_name"] for e in b)'
  # Issue 41's three cases on two GPUs or more: kernel time's samples held
  # for the table while device 0 printed were freed twice ("double free
  # detected in tcache 2", exit 134, device 1's last result lost).
  if [ "$n" -ge 2 ]; then
    check "--devices=all on $n GPUs, kernel time on: exit 0, no abort" 0 \
      "^# $((3 * n)) cases in" "$KBENCH" --devices=all --min-time=0 \
      --json="$tmpdir/three.json" reduce_vec4 stencil_smem_overlap copy_cpu
    assert "--devices=all on $n GPUs: every result written, kernel time in each CUDA one" \
      validate "$tmpdir/three.json" "len(b) == 3 * $n" \
      'all(e["verdict"] == "pass" for e in b)' \
      'all(e["kernel_samples"] > 0 for e in b if not e["name"].startswith("copy_cpu"))'
  else
    skip "--devices=all on two GPUs or more, kernel time on" "one GPU here"
    skip "--devices=all on two GPUs or more: every result written" "one GPU here"
  fi
fi
done_testing
