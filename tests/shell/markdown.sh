#!/bin/sh
# Markdown for a pull request: a run's --format=md and kbench compare
# --format=md, on the host variants (no GPU needed): GitHub-flavoured
# tables whose every row has its header's cells, one row per case.
. "$top_srcdir/tests/shell/lib.sh"
H=$top_builddir/plugins/host/.libs
T=$top_builddir/plugins/transpose/.libs
run() {
  "$KBENCH" --min-time=0 --max-noise=50 --plugin "$H/copy_cpu.so" \
    --plugin "$H/reduce_cpu.so" --plugin "$T/transpose_cpu.so" "$@"
}

# table FILE HEADER: the table under the row HEADER (a pattern) is
# well formed (its delimiter row, every row as many cells as the header)
# and has N rows, printed; nothing when there is no such table.
table() {
  python3 - "$@" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
cells = lambda l: len(re.split(r"(?<!\\)\|", l)) - 2
start = next(i for i, l in enumerate(lines) if re.match(sys.argv[2], l))
head, delim = lines[start], lines[start + 1]
assert re.fullmatch(r"\|( :?---:? \|)+", delim), delim
rows = []
for l in lines[start + 2:]:
    if not l.startswith("|"):
        break
    assert cells(l) == cells(head), (l, cells(l), cells(head))
    rows.append(l)
print(len(rows))
PY
}

run --format=md -P n=1K,4K > "$tmpdir/run.md" 2> "$tmpdir/run.err"
rc=$?
assert "--format=md: exit 0, every case verified" test "$rc" = 0
assert "nothing else on standard error" test ! -s "$tmpdir/run.err"
check "a heading, then the command line in a code span" 0 \
  "^\`kbench --min-time=0 .* --format=md -P n=1K,4K\` \(kbench [0-9.]+\)$" \
  cat "$tmpdir/run.md"
assert "the first line is the heading" \
  test "$(head -n 1 "$tmpdir/run.md")" = "### kbench"
check "a well-formed table of the five cases" 0 "^5$" \
  table "$tmpdir/run.md" "^\| variant \| parameters \| median \| min \| max \| noise \| samples \| event \| launch \| GB/s \| % peak \| work \| result \|$"
check "a passed host case's row: its own times and count, no kernel time, GB/s, no peak" 0 \
  "^\| \`copy_cpu\` \| n=4K \| [0-9.]+ [nu]s \| [0-9.]+ [nu]s \| [0-9.]+ [nu]s \| [0-9.]+% \| [0-9]+ \| - \| - \| [0-9.]+ \| - \|  \| ok \|$" \
  cat "$tmpdir/run.md"
check "the closing line counts them" 0 "^\*\*5 cases in [0-9.]+ s\*\*: 5 ok\.$" \
  cat "$tmpdir/run.md"
assert "no aligned table besides it" sh -c '! grep -q "^variant  *parameters" "$1"' \
  _ "$tmpdir/run.md"
check "--format=markdown is the same" 0 "^\*\*1 case in [0-9.]+ s\*\*: 1 ok\.$" \
  "$KBENCH" --min-time=0 --format=markdown --plugin "$H/copy_cpu.so" -P n=1K
check "--tap after it wins" 0 "^1\.\.1$" \
  "$KBENCH" --min-time=0 --format=md --tap --plugin "$H/copy_cpu.so" -P n=1K
check "--format=xml: the choices named" 2 "expected table, tap, json, md or csv" \
  "$KBENCH" --format=xml
"$KBENCH" --min-time=0 --calibrate --format=md --plugin "$H/copy_cpu.so" \
  -P n=1K,2K > "$tmpdir/cal.md" 2>&1
check "--calibrate adds a % copy column" 0 "^2$" table "$tmpdir/cal.md" \
  "^\| variant .* \| % peak \| % copy \| work \| result \|$"

# Failures: a plugin that does not load, a case that fails; the exit
# status as the table's.
check "a missing plugin: exit 3, listed above the table" 3 \
  "^- \*\*ERROR\*\* load \`nope\.so\`: " \
  "$KBENCH" --min-time=0 --format=md --plugin nope.so --plugin "$H/copy_cpu.so" -P n=1K
if [ "$HAVE_CUDA" = yes ]; then
  "$KBENCH" --min-time=0 --format=md --plugin "$TEST_PLUGINS/gpu_ok.so" \
    --plugin "$H/copy_cpu.so" -P n=1K > "$tmpdir/gpu.md"
  rc=$?
  if grep -q "SKIP\*\* no CUDA device" "$tmpdir/gpu.md"; then
    assert "without a GPU: the CUDA case's skip in its row, exit 5" test "$rc" = 5
    check "and the closing line counts it" 0 "^\*\*2 cases in [0-9.]+ s\*\*: 1 ok, 1 SKIP\.$" \
      cat "$tmpdir/gpu.md"
  else
    check "with a GPU: its device line above the table" 0 \
      "^sm_[0-9]+, [0-9]+ SMs, L2 .* theoretical DRAM bandwidth [0-9]+ GB/s; launch floor" \
      cat "$tmpdir/gpu.md"
    assert "and both cases verified" test "$rc" = 0
  fi
else
  skip "a CUDA case in markdown" "built without CUDA"
  skip "its closing line" "built without CUDA"
fi

# kbench compare --format=md on two host runs.
end_without_json_c "kbench compare --format=md" \
  "$KBENCH" compare --format=md x.json y.json
run -P n=1K,4K --repetitions=3 --json="$tmpdir/a.json" > /dev/null 2>&1
run -P n=1K,4K --repetitions=3 --json="$tmpdir/b.json" > /dev/null 2>&1
"$KBENCH" compare --format=md --host-threshold=1e6 "$tmpdir/a.json" \
  "$tmpdir/b.json" > "$tmpdir/cmp.md"
rc=$?
assert "kbench compare --format=md: exit 0 (no threshold can be passed)" \
  test "$rc" = 0
check "its heading" 0 "^### kbench compare$" cat "$tmpdir/cmp.md"
check "a well-formed table, a row per case" 0 "^5$" \
  table "$tmpdir/cmp.md" "^\| case \| base \| new \| change \| p \| samples \| result \| note \|$"
check "a host case's row: both medians, the change, p, the pooled samples" 0 \
  "^\| \`copy_cpu/n:4K\` \| [0-9.]+ [nu]s \| [0-9.]+ [nu]s \| [+-][0-9.]+% \| - \| [0-9]+/[0-9]+ \| not judged \| .*\|$" \
  cat "$tmpdir/cmp.md"
check "and the criterion below it" 0 "^Significant: Mann-Whitney U p < 0\.01" \
  cat "$tmpdir/cmp.md"
# A run on several devices: each case's devices side by side, in the
# plan's order, with each device's median over the first device's.
"$KBENCH" --devices=0,1 --param n=1000 --min-time=0 --max-noise=5 \
  --format=md reduce_cpu copy_cpu > "$tmpdir/two.md" 2>&1
check "--devices=0,1: a side-by-side table after the devices' own" 0 \
  "^\| variant \| parameters \| device 0 \| device 1 \| 1 / 0 \|$" cat "$tmpdir/two.md"
assert "... one row per case, in the plan's order, each with its ratio" \
  test "$(sed -n '/^#### Side by side/,$p' "$tmpdir/two.md" | grep -E '^\| `' \
    | sed -E 's/^\| `([a-z_]+)` \| n=1000 \| [0-9.]+ [nu]s \| [0-9.]+ [nu]s \| [0-9]\.[0-9]{3} \|$/\1/' \
    | tr '\n' ' ')" = "reduce_cpu copy_cpu "
done_testing
