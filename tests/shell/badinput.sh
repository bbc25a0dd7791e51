#!/bin/sh
# Bad input to kbench compare, fleet, history and report, one wording for
# all four (issue 42: json-c's words from two of them, "no benchmarks"
# for a nameless entry from the others; issue 51: a folder, and the Python
# ones' usage errors in kbench's words; issue 65: a time key missing, null
# or not a number, and tune's --cache): the file, what was expected (a
# kbench or Google Benchmark results file) and what was found, the case
# and the key among it; exit 2.
# compare and fleet say it in C (runner/results/file_read.c), history
# and report in Python (scripts/kbench-plot's load); this test holds them
# to one text.
. "$top_srcdir/tests/shell/lib.sh"
end_without_json_c "bad input" "$KBENCH" compare x.json y.json
good=$top_srcdir/tests/compare/base.json
cd "$tmpdir" || exit 1
printf 'garbage\n' > garbage.json
printf '{"benchmarks": [{"name": "a",\n' > cut.json
: > empty.json
printf '{"runs": []}\n' > other.json
printf '[1, 2]\n' > list.json
printf '{"benchmarks": [{"name": 5}]}\n' > noname.json
printf '{"benchmarks": ["a"]}\n' > string.json
printf '{"benchmarks": [{"name": "a"}]} {}\n' > extra.json
printf '{"benchmarks": []}\n' > nothing.json
printf '{"benchmarks": [{"name": "a", "run_type": "aggregate"}]}\n' > aggregates.json
printf '{"benchmarks": [{"name": "a", "real_time": "fast"}]}\n' > fast.json
printf '{"benchmarks": [{"name": "a", "verdict": "skip"}, {"name": "b", "verdict": "pass", "samples_s": [null]}]}\n' > notime.json
# Results format 2: a passed entry's time_median_s (the judged median)
# missing, null, a string or not finite, though its samples are there:
# no reader reads it as 0, or passes over it.
f2() {  # f2 FILE 'TIME_KEY' : a format 2 file whose passed entry has it
  printf '{"benchmarks": [{"name": "a", "verdict": "skip"}, {"name": "b/n:1", "verdict": "pass", "samples_s": [1e-3, 2e-3]%s}], "context": {"kbench": {"results_format": 2}}}\n' "$2" > "$1"
}
f2 t-missing.json ''
f2 t-null.json ', "time_median_s": null'
f2 t-string.json ', "time_median_s": "fast"'
f2 t-nan.json ', "time_median_s": NaN'

want() {  # want FILE: what each says of FILE, after "kbench TOOL: "
  case $1 in
    garbage.json) found='text that is not JSON, beginning "garbage"' ;;
    cut.json) found='JSON that ends early, beginning "{"benchmarks": [{"name": "a","' ;;
    empty.json) found='JSON that ends early, beginning ""' ;;
    other.json|list.json) found='JSON with no "benchmarks" list' ;;
    noname.json) found='benchmarks[0] with no name' ;;
    string.json) found='benchmarks[0] that is not an object' ;;
    extra.json) found='JSON with more text after it, at byte 32' ;;
    nothing.json) found='an empty "benchmarks" list' ;;
    aggregates.json) found='a "benchmarks" list of aggregates only' ;;
    fast.json) found='benchmarks[0] ("a") that passed with no numeric time (samples_s, median_s or real_time)' ;;
    notime.json) found='benchmarks[1] ("b") that passed with no numeric time (samples_s, median_s or real_time)' ;;
    t-missing.json) found='benchmarks[1] ("b/n:1") that passed with no numeric time: time_median_s is missing' ;;
    t-null.json) found='benchmarks[1] ("b/n:1") that passed with no numeric time: time_median_s is null' ;;
    t-string.json) found='benchmarks[1] ("b/n:1") that passed with no numeric time: time_median_s is a string' ;;
    t-nan.json) found='benchmarks[1] ("b/n:1") that passed with no numeric time: time_median_s is not finite' ;;
  esac
  printf '%s: not a kbench or Google Benchmark results file: found %s' "$1" "$found"
}
# said TOOL FILE COMMAND...: COMMAND exits 2 and prints exactly TOOL's
# line for FILE.
said() {
  tool=$1 file=$2
  shift 2
  line="kbench $tool: $(want "$file")"
  out=$("$@" 2>&1)
  rc=$?
  assert "$tool, $file: exit 2 ($rc), the one wording" \
    test "$rc" = 2 -a "$out" = "$line"
  [ "$out" = "$line" ] || printf '# wanted: %s\n# got:    %s\n' "$line" "$out"
}
python_can() {  # python_can TOOL: whether kbench TOOL's Python can run
  "$KBENCH" "$1" --help > /dev/null 2>&1
}
for f in garbage.json cut.json empty.json other.json list.json noname.json \
    string.json extra.json nothing.json aggregates.json fast.json \
    notime.json t-missing.json t-null.json t-string.json t-nan.json; do
  said compare "$f" "$KBENCH" compare "$good" "$f"
  said fleet "$f" "$KBENCH" fleet "$good" "$f"
  if python_can history; then
    said history "$f" "$KBENCH" history "$good" "$f"
  else
    skip "history, $f" "kbench history has no Python that can run it"
  fi
  if python_can report; then
    said report "$f" "$KBENCH" report "$f" -o page.html
  else
    skip "report, $f" "kbench report has no Python that can run it"
  fi
done
# kbench tune's --cache is read the same way, a passed entry's time too.
for f in other.json noname.json garbage.json fast.json notime.json \
    t-missing.json t-null.json t-string.json t-nan.json; do
  out=$("$KBENCH" tune --param rows=64 --param cols=64 --param block=1,2 \
    --cache="$f" transpose_cpu 2>&1)
  rc=$?
  assert "tune --cache=$f: exit 2 ($rc), the one wording" \
    test "$rc" = 2 -a "$out" = "kbench tune: --cache: $(want "$f")"
done
check "a file that is not there: each says it cannot open it" 2 \
  "^kbench compare: cannot open nope\.json: No such file or directory$" \
  "$KBENCH" compare "$good" nope.json
if python_can history; then
  check "... history the same" 2 \
    "^kbench history: cannot open nope\.json: No such file or directory$" \
    "$KBENCH" history "$good" nope.json
fi
# A folder given as a file: one wording, open(2)'s, for all four (compare
# said "cannot read DIR: Input/output error").
mkdir folder.json
for tool in compare fleet history report; do
  if [ $tool = history ] || [ $tool = report ]; then
    python_can $tool || { skip "$tool, a folder" "no Python that can run it"; continue; }
  fi
  case $tool in
    report) args="folder.json -o page.html" ;;
    *) args="$good folder.json" ;;
  esac
  check "$tool, a folder: exit 2, 'cannot open folder.json: Is a directory'" 2 \
    "^kbench $tool: cannot open folder\.json: Is a directory$" "$KBENCH" $tool $args
done
# The Python subcommands' usage errors in kbench's words, not argparse's.
for tool in report history plot; do
  if python_can $tool; then
    out=$("$KBENCH" $tool 2>&1)
    rc=$?
    assert "$tool, no arguments: exit 2 ($rc), kbench's two lines" test "$rc" = 2 -a \
      "$(printf '%s\n' "$out" | sed -n 2p)" = "Try 'kbench $tool --help'."
    assert "... the first names the problem, no argparse usage or 'error:'" sh -c \
      'printf "%s\n" "$1" | head -n 1 | grep -q "^kbench $2: the following arguments are required: " && ! printf "%s\n" "$1" | grep -q "usage:\|error:"' _ "$out" $tool
  else
    skip "$tool's usage error" "no Python that can run it"
  fi
done
assert "no page was written" test ! -e page.html
done_testing
