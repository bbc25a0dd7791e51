#!/bin/sh
# What the docs say that must stay true of the code: docs/usage.md's list
# of the packages autogen.sh installs is autogen.sh's, the README's fleet
# example has the criterion line kbench fleet prints today (issue 42 found
# it stale), the sample outputs docs/tables.py makes have kbench's shape
# (issue 51), docs/plugins.md's calls of the kit's checks compile, and
# the README stays within 250 lines.
. "$top_srcdir/tests/shell/lib.sh"
# autogen.sh's packages: each 'need PKG' after '||' or at a line's start.
want=$(grep -o '\(||\|^\) *need [a-z0-9.+-]*' "$top_srcdir/autogen.sh" |
  awk '{ print $NF }' | tr '\n' ' ' | sed 's/ $//')
have=$(tr '\n' ' ' < "$top_srcdir/docs/usage.md" |
  sed -n 's/.*missing of `\([^`]*\)` with apt-get.*/\1/p' |
  tr -s ' ')
assert "docs/usage.md lists autogen.sh's packages ($want)" \
  test -n "$want" -a "$have" = "$want"
[ "$have" = "$want" ] || echo "# docs/usage.md: $have"

# The README's fleet example: two hosts' files, as its ranks write them.
mkdir "$tmpdir/run"
for r in 0 1; do
  env SLURM_PROCID=$r SLURM_LOCALID=$r SLURM_NTASKS=2 "$KBENCH" \
    --min-time=0 --param us=100 --plugin "$TEST_PLUGINS/nap.so" \
    --json="$tmpdir/run/%h-%r.json" > /dev/null 2>&1
done
if [ "$HAVE_JSON_C" = yes ]; then
  now=$("$KBENCH" fleet "$tmpdir"/run/*.json | grep '^# a GPU is flagged when')
  assert "the README's fleet example has the criterion kbench fleet prints" \
    grep -qxF -- "$now" "$top_srcdir/README.md"
else
  skip "the README's fleet example" "built without json-c"
fi
# The sample outputs docs/tables.py makes from runs (a marker above each
# block): their columns, words and last line are what kbench prints now.
if command -v python3 > /dev/null 2>&1; then
  check "the docs' sample outputs have the shape of kbench's (docs/tables.py --check)" 0 "" \
    python3 "$top_srcdir/docs/tables.py" "$KBENCH" --check \
    "$top_srcdir/README.md" "$top_srcdir"/docs/*.md
  # ... and the check sees a drift: a block with an old column.
  sed 's/| noise | samples | event |/| noise | n | event |/' \
    "$top_srcdir/docs/results.md" > "$tmpdir/old.md"
  check "... a block whose columns are not kbench's fails it, named" 1 \
    "old\.md:[0-9]+: kbench --format=md .*: its lines without numbers differ" \
    python3 "$top_srcdir/docs/tables.py" "$KBENCH" --check "$tmpdir/old.md"
else
  skip "the docs' sample outputs" "no python3"
fi
# Examples built in place, as docs/plugins.md shows, are no untracked
# files of a checkout.
if git -C "$top_srcdir" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
  for f in examples/kit/histogram.so examples/saxpy/saxpy.so \
      examples/cmake/build/x; do
    assert "git ignores $f, built in place" \
      git -C "$top_srcdir" check-ignore -q "$f"
  done
else
  skip "git ignores examples built in place" "not a git checkout"
fi
# docs/plugins.md's calls of the kit's checks compile against kit.h as
# written: their arguments, in their order, are the functions'.
{ printf '#include <kbench/kit.h>\n'
  printf 'int f(const kbench_host *h, const int *got_i, const int *want_i,\n'
  printf '      const float *got_f, const float *want_f, const double *got_d,\n'
  printf '      const double *want_d, size_t n, size_t i) {\n  int rc, ok;\n'
  awk '/^<!-- kit-checks/ { on = 1; next } on && /^```c$/ { next }
       on && /^```$/ { exit } on' "$top_srcdir/docs/plugins.md"
  printf '  return rc + ok;\n}\n'
} > "$tmpdir/checks.c"
check "docs/plugins.md's calls of the kit's checks compile against kit.h" 0 "" \
  sh -c 'grep -q kbench_check_float "$1" &&
         ${CC:-cc} -std=c11 -Wall -Wextra -Werror -I"$2/include" -c -o "$1.o" "$1"' \
  _ "$tmpdir/checks.c" "$top_srcdir"
lines=$(wc -l < "$top_srcdir/README.md")
assert "the README is at most 250 lines ($lines)" test "$lines" -le 250
done_testing
