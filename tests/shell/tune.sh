#!/bin/sh
# kbench tune on host variants: the strategies, budgets, restrictions (and
# a malformed one), --per, several devices, the objectives, a configuration
# that crashes and one that hangs, the --json file and its plot, the cache
# (a second search and a resumed one measure nothing twice, one killed
# inside a write leaves it valid, files replaced safely), and the --best
# file rerun by kbench --cases.
. "$top_srcdir/tests/shell/lib.sh"
if ! command -v python3 >/dev/null 2>&1; then
  echo "1..0 # SKIP python3 is needed to read the result files"
  exit 0
fi
export KBENCH_PLUGIN_PATH="$top_builddir/plugins/host/.libs"
TRAP=$TEST_PLUGINS/tune_trap.so
space="--param rows=1K --param cols=1K --param block=0,8,16,32,64"
fast="--min-time=0 --max-noise=5"

# py FILE EXPR: the value of a Python expression over the JSON document d
# of FILE, its entries b and its tune context t.
py() {
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); b = d["benchmarks"]
t = d["context"].get("tune", {})
print(eval(sys.argv[2]))' "$@"
}

check_help "$top_srcdir/runner/commands/tune/options.c" "$KBENCH" tune
check "kbench --help points to kbench tune" 0 "kbench tune \[OPTION\]" \
  "$KBENCH" --help

# Usage errors: exit 2, a message, nothing run.
check "no variant named: exit 2" 2 "name the variants to tune" \
  "$KBENCH" tune $space
check "an unknown strategy: exit 2" 2 "invalid --strategy 'genetic'" \
  "$KBENCH" tune --strategy=genetic $space transpose_cpu
check "a budget of 0: exit 2" 2 "invalid --budget '0'" \
  "$KBENCH" tune --budget=0 $space transpose_cpu
check "a budget in unknown units: exit 2" 2 "a time such as 90s" \
  "$KBENCH" tune --budget=5d $space transpose_cpu
check "--cases means nothing to a search: exit 2" 2 \
  "--cases has no meaning for a search" \
  "$KBENCH" tune --cases=/dev/null --plugin transpose_cpu
check "--tap means nothing to a search: exit 2" 2 \
  "--tap has no meaning for a search" \
  "$KBENCH" tune --tap $space transpose_cpu
check "--energy-time=0.1 is refused as in a run: exit 2" 2 \
  "invalid --energy-time '0.1'" \
  "$KBENCH" tune --energy-time=0.1 $space transpose_cpu
check "an objective that is no metric: exit 2" 2 "invalid --objective" \
  "$KBENCH" tune --objective=speed $space transpose_cpu
check "--restrict='block>>': exit 2, pointing at the column" 2 \
  "found '>'" "$KBENCH" tune $space --restrict='block>>' transpose_cpu
assert "...with a caret under the second '>'" \
  sh -c 'printf "%s\n" "$1" | grep -qx "  block>>" &&
         printf "%s\n" "$1" | grep -qx "        ^"' _ "$out"
check "a restriction on a parameter no variant has: exit 2" 2 \
  "no variant to tune has a parameter 'blok'" \
  "$KBENCH" tune $space --restrict='blok>=16' transpose_cpu
check "--per on a parameter no variant has: exit 2" 2 \
  "--per size: no variant to tune has such a parameter" \
  "$KBENCH" tune $space --per=size transpose_cpu
check "--json and --cache the same file: exit 2" 2 "name the same file" \
  "$KBENCH" tune $space --json="$tmpdir/x.json" --cache="$tmpdir/x.json" \
  transpose_cpu
check "a restriction that leaves nothing: exit 2" 2 \
  "--restrict leaves no configuration of transpose_cpu rows=1K cols=1K" \
  "$KBENCH" tune $space --restrict='block>64' transpose_cpu

# Exhaustive: every configuration, the best rerun from --best's file.
check "exhaustive: every configuration, exit 0" 0 \
  "^transpose_cpu rows=1K cols=1K: 5 of 5 configurations evaluated \(5 measured" \
  "$KBENCH" tune --strategy=exhaustive $space $fast --json="$tmpdir/ex.json" \
  --best="$tmpdir/b.txt" transpose_cpu
best=$(py "$tmpdir/ex.json" 't["searches"][0]["best"]["params"]["block"]')
assert "the table's best is the file's best (block=$best)" \
  sh -c 'printf "%s\n" "$1" | grep -qx "  best: transpose_cpu rows=1K cols=1K block=$2"' \
  _ "$out" "$best"
assert "--json: strict, five entries, each with its tune object in order" \
  validate "$tmpdir/ex.json" 'len(b) == 5' \
  '[e["tune"]["evaluation"] for e in b] == [1, 2, 3, 4, 5]' \
  'all(e["tune"]["strategy"] == "exhaustive" and e["tune"]["objective"] == "time" for e in b)' \
  'all(e["tune"]["value"] == e["time_median_s"] for e in b)' \
  'all(b[i]["tune"]["best_so_far"] == min(e["time_median_s"] for e in b[:i + 1]) for i in range(5))'
assert "--json's context: strategy, seed, budget, restrictions, space" \
  validate "$tmpdir/ex.json" 'd["context"]["tune"]["strategy"] == "exhaustive"' \
  'd["context"]["tune"]["seed"] == 1 and d["context"]["tune"]["space"] == 5' \
  'd["context"]["tune"]["budget"] == {"evaluations": None, "seconds": None}' \
  'd["context"]["tune"]["restrictions"] == []' \
  'd["context"]["tune"]["searches"][0]["evaluations"] == 5'
check "the --best file is a --cases file: kbench --cases reruns it" 0 \
  "^transpose_cpu +rows=1K cols=1K block=$best .* ok$" \
  "$KBENCH" $fast --cases="$tmpdir/b.txt"
assert "...exactly that one case" \
  test "$(printf '%s\n' "$out" | grep -c '^transpose_cpu ')" = 1

check "--restrict='block>=16' measures three" 0 "\(3 measured, 0 from" \
  "$KBENCH" tune $space $fast --restrict='block>=16' \
  --json="$tmpdir/r.json" transpose_cpu
assert "...those with block 16, 32 and 64" \
  test "$(py "$tmpdir/r.json" 'sorted(e["params"]["block"] for e in b)')" = \
  "[16, 32, 64]"
check "restrictions combine: '--restrict block%16==0 --restrict block<64'" 0 \
  "\(3 measured" "$KBENCH" tune $space $fast --restrict='block%16==0' \
  --restrict='block<64' transpose_cpu

# Random, local and annealing within a budget; the same seed, the same
# search.
for s in random local anneal; do
  check "$s with --budget=3: three evaluations" 0 \
    "3 of 5 configurations evaluated \(3 measured" \
    "$KBENCH" tune --strategy=$s --budget=3 --seed=7 $space $fast \
    --json="$tmpdir/$s.json" transpose_cpu
done
"$KBENCH" tune --strategy=random --budget=3 --seed=7 $space $fast \
  --json="$tmpdir/random2.json" transpose_cpu > /dev/null
assert "random: the same seed measures the same configurations" \
  test "$(py "$tmpdir/random.json" '[e["name"] for e in b]')" = \
  "$(py "$tmpdir/random2.json" '[e["name"] for e in b]')"
assert "local and anneal start at the variant's defaults (block=32)" \
  test "$(py "$tmpdir/local.json" 'b[0]["params"]["block"]')" = 32 -a \
  "$(py "$tmpdir/anneal.json" 'b[0]["params"]["block"]')" = 32
check "a time budget stops a search early" 0 "configurations evaluated" \
  "$KBENCH" tune --budget=0.3s --param rows=64 --param cols=64 \
  --param block=1:300:+1 --json="$tmpdir/time.json" transpose_cpu
n=$(py "$tmpdir/time.json" 'len(b)')
assert "...after some of its 300 configurations ($n)" test "$n" -ge 1 -a "$n" -lt 300
assert "...and says so in the context" \
  validate "$tmpdir/time.json" 'c["tune"]["budget"]["seconds"] == 0.3' \
  'c["tune"]["searches"][0]["budget"] == 300'

# A configuration that crashes and one that hangs: both recorded, the
# search goes on to its end, the best found.
check "tune_trap: the search completes past a crash and a hang, exit 0" 0 \
  "tune_trap y=1: 10 of 10 configurations evaluated" \
  "$KBENCH" tune --plugin "$TRAP" --param x=0:9:+1 --case-timeout=1 \
  --json="$tmpdir/trap.json" --best="$tmpdir/trap.txt"
assert "...the crash and the hang in the table" \
  sh -c 'printf "%s\n" "$1" | grep -q "failed: x=7: CRASH crashed: SIGSEGV in run" &&
         printf "%s\n" "$1" | grep -q "failed: x=8: CRASH timed out after 1 s in run"' \
  _ "$out"
assert "...both recorded in the JSON with no value and their cause" \
  validate "$tmpdir/trap.json" 'len(b) == 10' \
  'b[7]["verdict"] == "crash" and b[7]["tune"]["value"] is None' \
  'b[7]["tune"]["note"] == "crashed: SIGSEGV in run"' \
  'b[8]["verdict"] == "crash" and "timed out" in b[8]["tune"]["note"]' \
  'b[9]["verdict"] == "pass" and b[9]["tune"]["best_so_far"] is not None'
assert "...and the best is x=4" grep -qx "tune_trap x=4 y=1" "$tmpdir/trap.txt"

check "one configuration: '1 of 1 configuration evaluated'" 0 \
  "^tune_trap x=4 y=1: 1 of 1 configuration evaluated \(1 measured, 0 from the cache\)$" \
  "$KBENCH" tune --plugin "$TRAP" --param x=4
check "--per=y: a search per value of y" 0 "tune_trap x=3:5 y=2:|tune_trap y=2: 3 of 3" \
  "$KBENCH" tune --plugin "$TRAP" --param x=3:5:+1 --param y=1,2 --per=y \
  --best="$tmpdir/per.txt" --json="$tmpdir/per.json"
assert "...each with its own best line" \
  sh -c 'grep -qx "tune_trap x=4 y=1" "$1" && grep -qx "tune_trap x=4 y=2" "$1"' \
  _ "$tmpdir/per.txt"
assert "...and its own entries" \
  test "$(py "$tmpdir/per.json" 'sorted({e["tune"]["search"] for e in b})')" = \
  "['tune_trap/y:1', 'tune_trap/y:2']"

check "--devices=0,1: a search on each device" 0 \
  "transpose_cpu rows=1K cols=1K on device 1: 5 of 5" \
  "$KBENCH" tune --devices=0,1 $space $fast --json="$tmpdir/dev.json" \
  --best="$tmpdir/dev.txt" transpose_cpu
assert "...five entries for each" \
  test "$(py "$tmpdir/dev.json" 'sorted(e["device_ordinal"] for e in b)')" = \
  "[0, 0, 0, 0, 0, 1, 1, 1, 1, 1]"
assert "...and each device's best in the --best file" \
  test "$(grep -c 'device [01] (a host variant)' "$tmpdir/dev.txt")" = 2

check "--objective=bandwidth: higher is better" 0 \
  "objective bandwidth \(higher is better\)" \
  "$KBENCH" tune --objective=bandwidth $space $fast \
  --json="$tmpdir/bw.json" transpose_cpu
assert "...the best is the highest GB/s" \
  validate "$tmpdir/bw.json" 'c["tune"]["maximize"] is True' \
  'c["tune"]["unit"] == "GB/s"' \
  'b[-1]["tune"]["best_so_far"] == max(e["gbps"] for e in b)'
check "--objective=energy on a host variant: no value anywhere, exit 4" 4 \
  "no configuration passed" "$KBENCH" tune --objective=energy \
  --param n=1K --json="$tmpdir/energy.json" copy_cpu
assert "...each evaluation says why; --energy was on (its note is written)" \
  validate "$tmpdir/energy.json" 'b[0]["verdict"] == "pass"' \
  'b[0]["tune"]["value"] is None and "no energy" in b[0]["tune"]["note"]' \
  '"host cases" in b[0]["energy_note"] and d["context"]["kbench"]["energy_time_s"] is not None'

check "--energy on a host variant: measured as a run would, no energy" 0 \
  "5 of 5 configurations evaluated" "$KBENCH" tune --energy $space $fast \
  --json="$tmpdir/henergy.json" transpose_cpu
assert "...each entry says why it has none" \
  validate "$tmpdir/henergy.json" 'len(b) == 5' \
  'all(e["energy_j_per_run"] is None and "host cases" in e["energy_note"] for e in b)'

# The energy objective read back from a cache: the key a run writes
# (energy_j_per_run), each configuration's joules set by hand; nothing is
# measured and the least energy wins (not the least time).
python3 - "$tmpdir/ex.json" "$tmpdir/ecache.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for e in d["benchmarks"]:
    e["energy_j_per_run"] = {0: 0.5, 8: 0.4, 16: 0.3, 32: 0.2, 64: 0.1}[e["params"]["block"]]
json.dump(d, open(sys.argv[2], "w"))
PY
if [ "$HAVE_JSON_C" != yes ]; then
  skip "--objective=energy from a cache" "built without json-c"
else
  check "--objective=energy from a cache: nothing measured, the least joules win" 0 \
    "\(0 measured, 5 from the cache\)" \
    "$KBENCH" tune --objective=energy $space --cache="$tmpdir/ecache.json" \
    --best="$tmpdir/eb.txt" transpose_cpu
  assert "...block=64, 0.1 J" \
    sh -c 'grep -qx "transpose_cpu rows=1K cols=1K block=64" "$1" &&
           printf "%s\n" "$2" | grep -q "0.1 J"' _ "$tmpdir/eb.txt" "$out"
fi

# The progress line: never in a pipe; on a terminal, done of budget and
# the best so far.
"$KBENCH" tune $space $fast transpose_cpu > "$tmpdir/pipe.out" 2>&1
assert "through a pipe: no progress line" \
  sh -c '! grep -q "configuration [0-9]* of" "$1"' _ "$tmpdir/pipe.out"
if script -qec true /dev/null < /dev/null > /dev/null 2>&1; then
  script -qec "TERM=xterm '$KBENCH' tune $space $fast transpose_cpu" \
    /dev/null < /dev/null > "$tmpdir/tty.out" 2>&1
  assert "on a terminal: the evaluations done of the budget, the best so far" \
    grep -Eq "configuration 2 of 5 \([0-9]+:[0-9]{2} elapsed, ~[0-9]+:[0-9]{2} left\): best block=0 " \
    "$tmpdir/tty.out"
else
  skip "on a terminal: the progress line" "no script(1) (util-linux)"
fi

# The same on a GPU: a kernel that faults and one that never ends.
if [ "$HAVE_CUDA" != yes ]; then
  skip "a GPU space with a fault and a hang" "built without CUDA"
elif probe=$("$KBENCH" --tap --plugin "$TEST_PLUGINS/gpu_ok.so" 2>&1) &&
     ! printf '%s\n' "$probe" | grep -q "# SKIP"; then
  check "gpu_tune_trap: the search completes past a fault and a hang" 0 \
    "gpu_tune_trap n=1M: 10 of 10 configurations evaluated" \
    "$KBENCH" tune --plugin "$TEST_PLUGINS/gpu_tune_trap.so" --param n=1M \
    --param x=0:9:+1 --case-timeout=10 --best="$tmpdir/gpu.txt"
  assert "...both recorded, the best found" \
    sh -c 'printf "%s\n" "$1" | grep -q "failed: x=7: \(ERROR\|CRASH\)" &&
           printf "%s\n" "$1" | grep -q "failed: x=8: CRASH timed out" &&
           grep -qx "gpu_tune_trap n=1M x=4" "$2"' _ "$out" "$tmpdir/gpu.txt"
else
  skip "a GPU space with a fault and a hang" \
    "$(printf '%s\n' "$probe" | sed -n 's/.*# SKIP //p' | head -n 1)"
fi

# The run's writers, all of them: --format=md and --format=json print the
# configurations measured on stdout, as a run's, in place of the table.
check "--format=md: a markdown table of the five configurations" 0 \
  "^\*\*5 cases in" "$KBENCH" tune $space $fast --format=md transpose_cpu
assert "...headed by the search's command line" sh -c \
  'printf "%s\n" "$1" | grep -q "^\`kbench tune --param rows=1K"' _ "$out"
assert "...each a row, and no closing table" sh -c '
  test "$(printf "%s\n" "$1" | grep -c "^| \`transpose_cpu\` | rows=1K cols=1K block=")" = 5 &&
  ! printf "%s\n" "$1" | grep -q "configurations evaluated"' _ "$out"
"$KBENCH" tune $space $fast --format=json --json="$tmpdir/fj.json" \
  transpose_cpu > "$tmpdir/fj-out.json"
assert "--format=json: stdout holds every evaluation with its tune object" \
  validate "$tmpdir/fj-out.json" 'len(b) == 5 and all("tune" in e for e in b) and "tune" in d["context"]'
assert "...the same entries as --json's file" sh -c 'python3 -c "
import json, sys
a, b = (json.load(open(f))[\"benchmarks\"] for f in sys.argv[1:])
sys.exit([e[\"name\"] for e in a] != [e[\"name\"] for e in b])" "$1" "$2"' \
  _ "$tmpdir/fj-out.json" "$tmpdir/fj.json"

# kbench plot draws a tuning file.
if "$KBENCH" plot --help > /dev/null 2>&1; then
  check "kbench plot draws the --json of a search" 0 "" \
    "$KBENCH" plot "$tmpdir/trap.json" -o "$tmpdir/trap.svg"
  assert "...the evaluations, the best so far and the failures" \
    sh -c 'grep -q "best so far" "$1" && grep -q "failed (2)" "$1" &&
           grep -q "tune_trap/y:1" "$1"' _ "$tmpdir/trap.svg"
else
  skip "kbench plot of a tuning file" "no Python with matplotlib"
fi

# The cache, from here on.
end_without_json_c "the cache" "$KBENCH" tune --cache="$tmpdir/none.json" \
  $space transpose_cpu

C=$tmpdir/c.json
check "the issue's bar: exhaustive with --cache and --best, exit 0" 0 \
  "\(5 measured, 0 from the cache\)" \
  "$KBENCH" tune --strategy=exhaustive $space --cache="$C" \
  --best="$tmpdir/b.txt" transpose_cpu
assert "the cache: a results file of the five, each with its tune object" \
  validate "$C" 'len(b) == 5 and all(e["tune"]["cached"] is False for e in b)'
check "the --best file runs" 0 "^transpose_cpu .* ok$" \
  "$KBENCH" $fast --cases="$tmpdir/b.txt"
cp "$C" "$tmpdir/c-first.json"
check "--json of a search serves as a cache: nothing measured" 0 \
  "\(0 measured, 5 from the cache\)" \
  "$KBENCH" tune $space --cache="$tmpdir/ex.json" transpose_cpu
check "a second search with the same cache measures nothing" 0 \
  "\(0 measured, 5 from the cache\)" \
  "$KBENCH" tune --strategy=exhaustive $space --cache="$C" \
  --json="$tmpdir/again.json" transpose_cpu
assert "...the cache still holds five, one per configuration" \
  test "$(py "$C" 'len({e["name"] for e in b}), len(b)')" = "(5, 5)"
# Read back and written again by kbench's one writer, an entry is the
# bytes it was first written as (json-c's printer spaced it otherwise).
sed -n '/^{"name"/p' "$tmpdir/c-first.json" > "$tmpdir/entries-first"
sed -n '/^{"name"/p' "$C" > "$tmpdir/entries-again"
check "...each entry written back byte for byte as it was first written" 0 "" \
  sh -c 'test -s "$1" && cmp "$1" "$2"' _ "$tmpdir/entries-first" \
  "$tmpdir/entries-again"
assert "...and --json has the five evaluations, cached" \
  validate "$tmpdir/again.json" 'len(b) == 5' \
  'all(e["tune"]["cached"] is True for e in b)' \
  'c["tune"]["measured"] == 0 and c["tune"]["evaluations"] == 5'
check "another strategy over the cached space measures nothing either" 0 \
  "\(0 measured, 2 from the cache\)" \
  "$KBENCH" tune --strategy=anneal --budget=2 $space --cache="$C" \
  transpose_cpu

C2=$tmpdir/resume.json
check "a random search of 2 with a new cache" 0 "\(2 measured" \
  "$KBENCH" tune --strategy=random --budget=2 $space $fast --cache="$C2" \
  transpose_cpu
check "an exhaustive search resumed from it measures the other 3" 0 \
  "5 of 5 configurations evaluated \(3 measured, 2 from the cache\)" \
  "$KBENCH" tune --strategy=exhaustive $space $fast --cache="$C2" \
  transpose_cpu
assert "...the cache holds the five once each" \
  test "$(py "$C2" 'len({e["name"] for e in b}), len(b)')" = "(5, 5)"

# Stopped midway: the cache holds every finished configuration, and the
# search resumed from it measures only the others.
C3=$tmpdir/stopped.json
"$KBENCH" tune --param rows=512 --param cols=512 --param block=1:40:+1 \
  --timeout=0.1 --min-time=0.05 --cache="$C3" transpose_cpu \
  > "$tmpdir/stopped.out" 2>&1 &
pid=$!
i=0
while [ "$(py "$C3" 'len(b)' 2>/dev/null || echo 0)" -lt 3 ] && [ $i -lt 300 ]; do
  sleep 0.1
  i=$((i + 1))
done
kill -TERM $pid
wait $pid
rc=$?
k=$(py "$C3" 'len(b)')
assert "SIGTERM stops the search with 143, the cache whole ($k entries)" \
  test "$rc" = 143 -a "$k" -ge 3 -a "$k" -lt 40
check "the resumed search measures only the $((40 - k)) left" 0 \
  "40 of 40 configurations evaluated \($((40 - k)) measured, $k from" \
  "$KBENCH" tune --param rows=512 --param cols=512 --param block=1:40:+1 \
  --timeout=0.1 --min-time=0.05 --cache="$C3" transpose_cpu

# Killed in the middle of writing the cache: a file size limit (ulimit -f,
# in 512-byte blocks) kills kbench tune with SIGXFSZ inside a write, once
# the cache has grown past 20 KB.  A cache rewritten in place is left cut
# off there, invalid JSON, and the next search refuses to start; one
# replaced whole after each step keeps its last complete document.
C5=$tmpdir/killed.json
big="--param rows=512 --param cols=512 --param block=1:40:+1 --timeout=0.1"
sh -c 'ulimit -f 40; exec "$@"' _ "$KBENCH" tune $big $fast --cache="$C5" \
  transpose_cpu > /dev/null 2>&1
rc=$?
k=$(py "$C5" 'len(b)' 2>/dev/null || echo invalid)
assert "killed inside a write (SIGXFSZ, $rc), the cache is valid ($k entries)" \
  test "$rc" = 153 -a "$k" != invalid
check "...and the next search starts from it" 0 \
  "40 of 40 configurations evaluated \([0-9]+ measured, $k from the cache\)" \
  "$KBENCH" tune $big $fast --cache="$C5" transpose_cpu

# One safe replace: no fixed temporary name that two runs naming the same
# file would share (here, one that is taken), and a failed write (a file
# size limit, the signal ignored: EFBIG) leaves the old file as it was and
# no temporary file behind.
mkdir "$tmpdir/taken" "$tmpdir/taken/c.json.tmp" "$tmpdir/taken/b.txt.tmp"
check "--cache and --best when FILE.tmp is taken by another: exit 0" 0 \
  "\(5 measured" "$KBENCH" tune $space $fast --cache="$tmpdir/taken/c.json" \
  --best="$tmpdir/taken/b.txt" transpose_cpu
assert "...both written" validate "$tmpdir/taken/c.json" 'len(b) == 5'
assert "...the --best file too" grep -q "^transpose_cpu " "$tmpdir/taken/b.txt"
cp "$C5" "$tmpdir/before.json"
check "a cache that cannot be written: exit 2, a message" 2 \
  "--cache|cannot write .*killed.json" \
  sh -c 'trap "" XFSZ; ulimit -f 40; exec "$@"' _ "$KBENCH" tune $big $fast \
  --cache="$C5" transpose_cpu
assert "...the cache left as it was" cmp -s "$tmpdir/before.json" "$C5"
check "--best in a folder that does not exist: exit 2 before any configuration" 2 \
  "^kbench tune: --best: cannot create $tmpdir/nodir/b\.txt: No such file or directory$" \
  "$KBENCH" tune --plugin "$TRAP" --param x=0:6:+1 --best="$tmpdir/nodir/b.txt" \
  --json="$tmpdir/nobest.json"
assert "...nothing measured: no --json file was begun" test ! -e "$tmpdir/nobest.json"
echo "old best" > "$tmpdir/taken/big.txt"
check "a --best file that cannot be written: exit 4, a message" 4 \
  "--best: cannot write" sh -c 'trap "" XFSZ; ulimit -f 0; exec "$@"' _ \
  "$KBENCH" tune --plugin "$TRAP" --param x=0:6:+1 --param y=1:4:+1 \
  --best="$tmpdir/taken/big.txt"
assert "...the old --best file left as it was, no temporary file behind" \
  sh -c 'test "$(cat "$1/big.txt")" = "old best" &&
         test -z "$(ls "$1" | grep "big.txt.")"' _ "$tmpdir/taken"

check "the crash and the hang are cached too: nothing measured again" 0 \
  "\(0 measured, 10 from the cache\)" sh -c '
  "$1" tune --plugin "$2" --param x=0:9:+1 --case-timeout=1 --cache="$3" \
    > /dev/null &&
  "$1" tune --plugin "$2" --param x=0:9:+1 --case-timeout=1 --cache="$3"' \
  _ "$KBENCH" "$TRAP" "$tmpdir/trap-cache.json"
assert "...and still recorded as failed" \
  sh -c 'printf "%s\n" "$1" | grep -q "failed: x=8: CRASH timed out"' _ "$out"

C4=$tmpdir/devices.json
"$KBENCH" tune --devices=0,1 $space $fast --cache="$C4" transpose_cpu \
  > /dev/null
# A host case runs on the host whatever device its lane has: results/'s
# one rule for the same device (kb_res_same_device) makes the host's
# entries stand for it on every device.  A CUDA case's are its device's
# (by UUID), which this machine without a GPU cannot show.
check "a host case's cache entries are the host's: device 2 measures none" 0 \
  "on device 2: 5 of 5 configurations evaluated \(0 measured" \
  "$KBENCH" tune --devices=1,2 $space $fast --cache="$C4" transpose_cpu
assert "...nor device 1" \
  sh -c 'printf "%s\n" "$1" | grep -q "on device 1: 5 of 5 configurations evaluated (0 measured"' \
  _ "$out"

echo "not a results file" > "$tmpdir/bad.json"
check "a cache that is not a results file: exit 2" 2 "--cache: .*not JSON" \
  "$KBENCH" tune $space --cache="$tmpdir/bad.json" transpose_cpu
assert "...and it is left as it was" grep -qx "not a results file" \
  "$tmpdir/bad.json"

# The strategies rated against the exhaustive search, from the cache.
"$KBENCH" tune --plugin "$TRAP" --param x=0:6:+1 --param y=1:4:+1 \
  --cache="$tmpdir/rate.json" > /dev/null
check "bench/tune_strategies.py rates the strategies from a cache alone" 0 \
  "^\| anneal \| 9 \| [0-9.]+ \| [0-9]+/3 \|" \
  env KBENCH="$KBENCH" python3 "$top_srcdir/bench/tune_strategies.py" \
  --seeds=3 "$tmpdir/rate.json" -- --plugin "$TRAP" --param x=0:6:+1 \
  --param y=1:4:+1
done_testing
