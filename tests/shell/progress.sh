#!/bin/sh
# The progress line: never in a pipe or a file; on a terminal (a
# pseudo-terminal from script(1), when there is one) it shows each case and
# is erased before the next line of the report.
. "$top_srcdir/tests/shell/lib.sh"
export KBENCH_PLUGIN_PATH="$top_builddir/plugins/host/.libs"
run="--min-time=0 --param n=1K copy_cpu reduce_cpu"
esc=$(printf '\033')

# no_progress FILE: neither the text nor the escape that erases it.
no_progress() {
  ! grep -q -e "case [0-9]* of" -e "$esc" "$1"
}

"$KBENCH" $run > "$tmpdir/pipe.out" 2>&1 < /dev/null
assert "stdout and stderr through a pipe: no progress line" \
  no_progress "$tmpdir/pipe.out"
"$KBENCH" $run > "$tmpdir/file.out" 2> "$tmpdir/file.err"
assert "stderr to a file: no progress line" no_progress "$tmpdir/file.err"

# script -e keeps kbench's exit status; -c runs it on a new pty.
if ! script -qec true /dev/null < /dev/null > /dev/null 2>&1; then
  echo "ok $((tap_n + 1)) - progress on a terminal # SKIP no script(1) (util-linux)"
  tap_n=$((tap_n + 1))
  done_testing
  exit
fi

on_pty() {
  script -qec "$1" /dev/null < /dev/null > "$2" 2>&1
}
on_pty "TERM=xterm '$KBENCH' $run" "$tmpdir/tty.out"
assert "on a terminal: exit status 0" test $? = 0
assert "on a terminal: case 1 of 2 shown before it runs, no estimate yet" \
  grep -q "case 1 of 2 (0:00 elapsed): copy_cpu n=1K" "$tmpdir/tty.out"
assert "on a terminal: case 2 of 2 with an estimate of the time left" \
  grep -Eq "case 2 of 2 \([0-9]+:[0-9]{2} elapsed, ~[0-9]+:[0-9]{2} left\): reduce_cpu n=1K" \
  "$tmpdir/tty.out"
# What the terminal shows: each line from its last carriage return (the
# pty ends lines with CR LF), less the erase escape.
sed "s/\r\$//; s/.*\r//; s/$esc\[K//g" "$tmpdir/tty.out" > "$tmpdir/tty.screen"
assert "on a terminal: every progress line is erased" \
  no_progress "$tmpdir/tty.screen"
assert "on a terminal: the report's rows are all there" \
  test "$(grep -Ec '^(copy|reduce)_cpu +n=1K .* ok$' "$tmpdir/tty.screen")" = 2

on_pty "TERM=xterm '$KBENCH' $run 2> '$tmpdir/tty.err'" "$tmpdir/tty.out"
assert "stdout on a terminal, stderr to a file: no progress line anywhere" \
  sh -c '! grep -q "case [0-9]* of" "$1" && test ! -s "$2"' _ \
  "$tmpdir/tty.out" "$tmpdir/tty.err"
on_pty "TERM=xterm '$KBENCH' --format=json $run > '$tmpdir/json.out'" \
  "$tmpdir/tty.out"
assert "JSON to a file, stderr on a terminal: the progress line is shown" \
  grep -q "case 2 of 2 (" "$tmpdir/tty.out"
assert "... and not in the JSON" no_progress "$tmpdir/json.out"
on_pty "TERM=xterm '$KBENCH' --format=json $run" "$tmpdir/tty.out"
assert "JSON on a terminal: no progress line, which would erase its open line" \
  no_progress "$tmpdir/tty.out"
on_pty "TERM=dumb '$KBENCH' $run" "$tmpdir/dumb.out"
assert "a dumb terminal gets no progress line" no_progress "$tmpdir/dumb.out"
done_testing
