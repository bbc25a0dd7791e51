#!/bin/sh
# The command line: help, version, usage errors and their exit status.
. "$top_srcdir/tests/shell/lib.sh"
export KBENCH_PLUGIN_PATH="$top_builddir/plugins/host/.libs"

check "--help exits 0 and documents the exit codes" 0 "5  nothing failed" \
  "$KBENCH" --help
check_help "$top_srcdir/runner/plan/cli.c" "$KBENCH"
check "--help: --strict also fails a run for a disturbed case, exit 7" 0 \
  "^ +the run \(exit 7\) for a case another process$" "$KBENCH" --help
check "--help: exit status 7, above 5 in the order that applies" 0 \
  "^  7  --strict: another process disturbed a case \(DISTURBED\); without$" \
  sh -c '"$1" --help | sed -n "/^  4  /,/^  5  /p"' _ "$KBENCH"
check "--version prints the ABI" 0 "plugin ABI 1\.4" "$KBENCH" --version
check "unknown option: usage error 2" 2 "unknown option '--frobnicate'" \
  "$KBENCH" --frobnicate
check "an option with a slip: the nearest offered" 2 \
  "^kbench: unknown option '--exlude=x'; did you mean --exclude\?$" "$KBENCH" --exlude=x
check "... a tune option too" 2 \
  "^kbench: unknown option '--restirct'; did you mean --restrict\?$" "$KBENCH" tune --restirct x
check "... none offered for one that is far from all" 2 \
  "^kbench: unknown option '--frobnicate'$" "$KBENCH" --frobnicate
check "a subcommand with a slip, before results files: the nearest offered" 2 \
  "^kbench: 'comapre' is not a subcommand, and a run takes no results files; did you mean 'kbench compare'\?$" \
  "$KBENCH" comapre a.json b.json
check "... a variant name beside no results file still runs" 0 "^copy_cpu " \
  "$KBENCH" --min-time=0 --max-samples=10 --param n=1K copy_cpu
check "--filter (other tools' word): says how kbench selects" 2 \
  "^kbench: unknown option '--filter'; NAME and PATTERN arguments select variants, --exclude=PATTERN leaves some out$" \
  "$KBENCH" --filter
check "missing option value: 2" 2 "option '--mode' needs a value" "$KBENCH" --mode
check "unknown letter in a cluster of short options is named" 2 \
  "unknown option '-x'" "$KBENCH" -lx
check "bad mode: 2" 2 "expected cold, hot or graph" "$KBENCH" --mode=warm
check "bad seed: 2" 2 "invalid --seed" "$KBENCH" --seed=-4
check "bad noise: 2" 2 "percentage" "$KBENCH" --max-noise=200
check "--max-noise that is not a number asks for a percentage, not seconds" \
  2 "invalid --max-noise 'lots': expected a percentage" \
  "$KBENCH" --max-noise=lots
check "min above max samples: 2" 2 "more than --max-samples" \
  "$KBENCH" --min-samples=10 --max-samples=5
check "--param without '=': 2" 2 "expected NAME=VALUE" "$KBENCH" --param n
check "--param typo: 2, names it" 2 "--param nn: no selected variant" \
  "$KBENCH" --param nn=5 reduce_cpu
check "--param out of range: 2" 2 "n=0 is outside" \
  "$KBENCH" --param n=0 reduce_cpu
check "--param junk: 2" 2 "'12q' is not an integer" \
  "$KBENCH" --param n=12q reduce_cpu
check "--param range: 1K:4K:*2,7 runs 1K, 2K, 4K and 7" 0 \
  "n=1K .*n=2K .*n=4K .*n=7 " sh -c '"$1" --min-time=0 --param n=1K:4K:*2,7 \
  reduce_cpu | tr "\n" " "' _ "$KBENCH"
check "--param arithmetic range: 3 cases" 0 "^# 3 cases" \
  "$KBENCH" --min-time=0 --param n=100:300:+100 copy_cpu
check "--param range START > STOP: 2, names the item" 2 \
  "--param n: '4K:1K:\*2': START is more than STOP" \
  "$KBENCH" --param n=4K:1K:*2 reduce_cpu
check "--param range with a missing part: 2" 2 \
  "'1:8': expected START:STOP:\*FACTOR or START:STOP:\+STEP" \
  "$KBENCH" --param n=1:8 reduce_cpu
check "--param range over the cap: 2, cap named" 2 \
  "'1:1G:\+1' would make more than 100000 values" \
  "$KBENCH" --param n=1:1G:+1 reduce_cpu
check "--param range values are checked against the limits" 2 \
  "n=0 is outside" "$KBENCH" --param n=0:8:+4 reduce_cpu
check "usage error writes no CSV" 2 "outside" \
  "$KBENCH" --param n=0 --csv="$tmpdir/none.csv" reduce_cpu
assert "no CSV file or temporary left behind" \
  test -z "$(ls "$tmpdir")"
check "unknown plugin: load error 3, search path shown" 3 \
  "not found: .*searched .*plugins/host/\.libs" "$KBENCH" no_such_variant
check "... in the user's words: \$KBENCH_PLUGIN_PATH as given, the build tree's plugins/ folder, the installed one; no family's .libs" 3 \
  "\(searched [^,]*/plugins/host/\.libs, the build tree's [^,]*/plugins/, [^,]*/kbench/plugins\)$" \
  "$KBENCH" no_such_variant
check "a name with a slip: the nearest names offered (issue 42)" 3 \
  "^reduce_cpux .* ERROR load: not found: no variant or plugin of that name; did you mean reduce_cpu(, [a-z_0-9]+)*\? \(searched " \
  "$KBENCH" reduce_cpux
check "--plugin NAME with a slip: the nearest of the catalogue's files" 3 \
  "^copy_cpv .* did you mean copy_cpu" "$KBENCH" --plugin copy_cpv
printf 'reduce_cpu n=5\n# a comment\n\nreduce_cpu m=5\n' > "$tmpdir/cases.txt"
check "--cases: a bad line is a usage error naming file and line" 2 \
  "cases\.txt:4: 'm=5': reduce_cpu has no such parameter" \
  "$KBENCH" --cases="$tmpdir/cases.txt"
check "--cases and --param together are refused" 2 "cannot be combined" \
  "$KBENCH" --cases="$tmpdir/cases.txt" --param n=3
printf 'reduce_cpu n=5,6\ncopy_cpu n=7\n' > "$tmpdir/cases.txt"
check "--cases runs exactly the listed cases" 0 "^copy_cpu +n=7 " \
  "$KBENCH" --min-time=0 --cases="$tmpdir/cases.txt"
check "--cases and --zip together are refused" 2 "cannot be combined" \
  "$KBENCH" --cases="$tmpdir/cases.txt" --zip=rows,cols
check "--cases and a variant name together are refused" 2 \
  "--cases and a variant name cannot be combined" \
  "$KBENCH" --cases="$tmpdir/cases.txt" reduce_cpu

# Selecting variants: patterns over the catalogue, --exclude.
fast="--min-time=0 --max-noise=5 --timeout=2"
for want in "^1\.\.2$" "^ok 1 - copy_cpu n=1K$" "^ok 2 - reduce_cpu n=1K$"; do
  check "pattern '*_cpu' less --exclude='transpose_*': $want" 0 "$want" \
    "$KBENCH" $fast --tap --param n=1K --exclude='transpose_*' '*_cpu'
done
check "a pattern matching no variant: 2, names it" 2 \
  "no variant matches 'xyz\*'" "$KBENCH" 'xyz*'
# Names and patterns together: the named plugins' variants and those of
# the catalogue a pattern matches, each once.
for want in "^1\.\.2$" "^ok 1 - reduce_cpu n=1K$" "^ok 2 - copy_cpu n=1K$"; do
  check "a name and a pattern: reduce_cpu 'copy_*': $want" 0 "$want" \
    "$KBENCH" $fast --tap --param n=1K reduce_cpu 'copy_*'
done
check "a name its pattern matches too runs once: reduce_cpu '*_cpu' less transpose" \
  0 "^1\.\.2$" \
  "$KBENCH" $fast --tap --param n=1K --exclude='transpose_*' reduce_cpu '*_cpu'
check "a path the catalogue holds too is loaded once, no conflict" 0 \
  "^ok 1 - copy_cpu n=1K$" "$KBENCH" $fast --tap --param n=1K \
  "$KBENCH_PLUGIN_PATH/reduce_cpu.so" 'copy_*'
check "a name that matches nothing beside a pattern: a load error, exit 3" 3 \
  "^nosuch .* ERROR load: not found: " "$KBENCH" $fast --param n=1K nosuch 'copy_*'
check "a pattern that matches nothing beside a name: 2, names it" 2 \
  "no variant matches 'xyz\*'" "$KBENCH" $fast reduce_cpu 'xyz*'
# Counts in words: one case, not "1 cases" (issue 42).
check "one case: '# 1 case in ...', and what came of it" 0 \
  "^# 1 case in [0-9.]+ s: 1 ok, 0 skipped, 0 flagged, 0 failed$" \
  "$KBENCH" $fast --param n=1K copy_cpu
check "two: '# 2 cases in ...'" 0 "^# 2 cases in [0-9.]+ s: 2 ok, 0 skipped, 0 flagged, 0 failed$" \
  "$KBENCH" $fast --param n=1K copy_cpu reduce_cpu

# Names and patterns after --plugin choose among its variants first
# (issue 42: kbench --plugin tp.so tp_scale_cpu loaded tp_scale_cpu as a
# plugin, failed, and ran all of tp.so).  nap_pair.so holds nap and
# nap_half.
pair="$TEST_PLUGINS/nap_pair.so"
nap="--param us=100"
check "--help says what a bare name selects" 0 \
  "A bare NAME selects the variant of that name: among the" "$KBENCH" --help
for want in "^1\.\.2$" "^ok 1 - nap us=100$" "^ok 2 - nap_half us=100$"; do
  check "--plugin nap_pair.so alone: both its variants: $want" 0 "$want" \
    "$KBENCH" $fast $nap --tap --plugin "$pair"
done
for want in "^1\.\.1$" "^ok 1 - nap_half us=100$"; do
  check "--plugin nap_pair.so nap_half: that variant alone, exit 0: $want" 0 "$want" \
    "$KBENCH" $fast $nap --tap --plugin "$pair" nap_half
  check "... and a pattern the same way ('*_half'): $want" 0 "$want" \
    "$KBENCH" $fast $nap --tap --plugin "$pair" '*_half'
done
for want in "^1\.\.2$" "^ok 1 - nap_half us=100$" "^ok 2 - copy_cpu n=1K$"; do
  check "a name the plugin lacks is the catalogue's: nap_half copy_cpu: $want" 0 "$want" \
    "$KBENCH" $fast $nap --param n=1K --tap --plugin "$pair" nap_half copy_cpu
done
check "a name it lacks with a slip: exit 3, the plugin's variant offered" 3 \
  "^nap_hulf .* did you mean nap_half\?" \
  "$KBENCH" $fast $nap --plugin "$pair" nap_hulf
check "... and nothing else run" 3 "^# 1 case in " \
  "$KBENCH" $fast $nap --plugin "$pair" nap_hulf
check "a name that is not found and a --param: the load error, not the --param" 3 \
  "^nosuch .* ERROR load: not found" "$KBENCH" $fast --param n=1K nosuch
for want in "^1\.\.1$" "^ok 1 - reduce_cpu n=1K$"; do
  check "--exclude=copy_cpu among named plugins: $want" 0 "$want" \
    "$KBENCH" $fast --tap --param n=1K --exclude=copy_cpu reduce_cpu copy_cpu
done
check "--exclude leaving nothing: 2" 2 "--exclude leaves no variant to run" \
  "$KBENCH" --exclude='*' reduce_cpu

# --zip, through transpose_cpu (rows, cols, block).
transpose="$top_builddir/plugins/transpose/.libs/transpose_cpu.so"
for want in "^1\.\.2$" "^ok 2 - transpose_cpu rows=128 cols=16 block=32$"; do
  check "--zip=rows,cols pairs 2 rows with 2 cols: $want" 0 "$want" \
    "$KBENCH" $fast --tap --zip=rows,cols --param rows=64,128 \
    --param cols=32,16 "$transpose"
done
for want in "^1\.\.6$" "^ok 2 - transpose_cpu rows=32 cols=16 block=32$" \
    "^ok 6 - transpose_cpu rows=128 cols=48 block=32$"; do
  check "--zip over ranges, crossed with block: $want" 0 "$want" \
    "$KBENCH" $fast --tap --zip=rows,cols --param rows=32:128:*2 \
    --param cols=16:48:+16 --param block=0,32 "$transpose"
done
check "--zip lists of unequal length: 2, names lists and lengths" 2 \
  "--zip rows,cols: lists of unequal length for transpose_cpu: rows has 2, cols has 1" \
  "$KBENCH" --zip=rows,cols --param rows=64,128 --param cols=32 "$transpose"
check "--zip of a parameter no selected variant has: 2" 2 \
  "--zip n,stride: no selected variant has a parameter stride" \
  "$KBENCH" --zip=n,stride reduce_cpu
check "--zip of one name: 2" 2 "invalid --zip 'n': expected two or more" \
  "$KBENCH" --zip=n reduce_cpu
check "--list shows the host variants with parameters" 0 \
  "reduce_cpu \[host\]" "$KBENCH" --list
check "--list shows defaults and ranges" 0 "n += 16M +\[1, 2G\]" \
  "$KBENCH" --list reduce_cpu
# A default longer than its column ("32,64,128,256,512,1024") widens the
# column for the variant's every row: the ranges stay in line.
check "--list with a long default list" 0 "^    threads += 32,64,128,256,512,1024 \[32, 1K\] pow2" \
  "$KBENCH" --list --plugin "$TEST_PLUGINS/long_default.so"
assert "... and the ranges of its rows start in one column" test \
  "$(printf '%s\n' "$out" | awk '/^    [a-z]+ += / { print index($0, "[") }' | sort -u | wc -l)" = 1
# --format=csv: --csv's rows on stdout, nothing else there.
"$KBENCH" --format=csv --min-time=0 --max-samples=10 --param n=1K,2K copy_cpu \
  > "$tmpdir/out.csv" 2> /dev/null
rc=$?
"$KBENCH" --csv="$tmpdir/file.csv" --min-time=0 --max-samples=10 \
  --param n=1K copy_cpu > /dev/null 2>&1
assert "--format=csv: exit 0 ($rc), --csv's header, then a row a case" sh -c \
  'test "$1" = 0 && test "$(head -n 1 "$2")" = "$(head -n 1 "$3")" && test "$(wc -l < "$2")" = 3 && grep -q "^\"copy_cpu\",\"n=2K\",host," "$2"' \
  _ "$rc" "$tmpdir/out.csv" "$tmpdir/file.csv"
rm -f "$tmpdir/out.csv" "$tmpdir/file.csv"
check "--format=csv with --csv=FILE: 2, one CSV stream" 2 \
  "^kbench: --format=csv and --csv=x\.csv cannot be combined" \
  "$KBENCH" --format=csv --csv=x.csv copy_cpu
# A long parameter label widens its column: every row's median ends where
# the header's does (issue 51: a label past 24 characters pushed its row's
# numbers out of their columns).
"$KBENCH" --min-time=0 --max-samples=10 -P rows=1000 -P cols=1000 \
  -P block=0,16 transpose_cpu 2> /dev/null > "$tmpdir/long.txt"
assert "a long parameters label: the columns stay in line" awk '
  /^variant / { end = index($0, "median") + 5 }
  /^transpose_cpu / { rows++; if (!end || substr($0, end - 1, 2) !~ /s$/) bad = 1 }
  END { exit !(rows == 2 && !bad) }' "$tmpdir/long.txt"
rm -f "$tmpdir/long.txt"
# --mode on host variants: timed as always, and said so once.
check "--mode=hot with a host variant: warned, the case still runs" 0 \
  "^kbench: warning: --mode=hot applies to CUDA variants; the host variant copy_cpu is timed as always \(mode host\)$" \
  "$KBENCH" --mode=hot --min-time=0 --max-samples=10 --param n=1K copy_cpu
check "... the default mode says nothing" 0 "^copy_cpu " sh -c \
  '"$1" --min-time=0 --max-samples=10 --param n=1K copy_cpu 2>&1 | grep -v "warning: --mode"' _ "$KBENCH"
assert "... not even a word" sh -c \
  '! "$1" --min-time=0 --max-samples=10 --param n=1K copy_cpu 2>&1 | grep -q -- "--mode"' _ "$KBENCH"
# --list selects as a run does: names, patterns, --exclude, --plugin.
# listed ARGS...: the variant names kbench --list ARGS prints, on one line.
listed() {
  "$KBENCH" --list "$@" | sed -n 's/^\([a-z0-9_]*\) \[.*/\1/p' | tr '\n' ' '
}
check "--list PATTERN lists the variants it matches, only them" 0 \
  "^copy_cpu reduce_cpu transpose_cpu $" listed '*_cpu'
check "--list PATTERN --exclude=PATTERN leaves the excluded out" 0 \
  "^transpose_copy transpose_copy_smem transpose_cpu transpose_diag transpose_fast transpose_smem transpose_smem_pad transpose_smem_swizzle transpose_tma $" \
  listed 'transpose_*' --exclude='*naive*'
check "--list NAME PATTERN: the union" 0 "^copy_cpu transpose_cpu $" \
  listed copy_cpu 'transpose_c[p]u'
check "--list --plugin FILE PATTERN: that plugin's variants it matches" 0 \
  "^reduce_cpu $" listed --plugin "$top_builddir/plugins/host/.libs/reduce_cpu.so" 'r*'
check "--list --exclude alone: the rest of the catalogue" 0 "^copy_cpu $" \
  sh -c '"$1" --list --exclude="*[!u]" --exclude="*[!p]u" --exclude="reduce*" --exclude="transpose*" | sed -n "s/^\([a-z0-9_]*\) \[.*/\1/p" | tr "\n" " "' _ "$KBENCH"
check "--list PATTERN that matches nothing: 2, says so" 2 \
  "^kbench: no variant matches 'zzz\*'" "$KBENCH" --list 'zzz*'
check "--list with --exclude of everything: 2, says so" 2 \
  "^kbench: --exclude leaves no variant to list$" "$KBENCH" --list --exclude='*'
# --placements=N (a placement study, model/placement.h): a number from 1
# to 32; anything else is a usage error that names the option and its
# range, with nothing run.
for bad in 0 -1 x 8x 99999999999999999999; do
  check "--placements=$bad: exit 2, the option and its range, nothing run" 2 \
    "^kbench: invalid --placements '$bad': expected an integer from 1 to 32$" \
    sh -c 'out=$("$1" --placements="$2" copy_cpu 2>&1); rc=$?
           printf "%s\n" "$out"
           printf "%s\n" "$out" | grep -q "^variant\|^copy_cpu" && exit 9
           exit $rc' \
    _ "$KBENCH" "$bad"
done
check "--placements=33: exit 2, at most 32" 2 \
  "^kbench: invalid --placements '33': at most 32$" \
  "$KBENCH" --placements=33 copy_cpu
check "--placements=4 on a host case: ok, its row says it is not studied" 0 \
  "^  placement: not studied: a host case has no device memory to place$" \
  "$KBENCH" --placements=4 $fast --param n=1K copy_cpu
check "no --placements: no placement line" 1 "" \
  sh -c '"$1" --min-time=0 --max-samples=10 --param n=1K copy_cpu | grep "placement:"' _ "$KBENCH"
done_testing
