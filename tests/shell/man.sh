#!/bin/sh
# The man page (docs/local.mk): every long option of runner/plan/cli.c and
# of kbench tune (runner/commands/tune/options.c), and every one that kbench's
# and each subcommand's --help names, is in it (a subcommand's in its own
# section), so a new option fails here until the page is remade; it is
# this version's, has its sections, and renders without warnings, also
# with a plugin directory too long for a line.
. "$top_srcdir/tests/shell/lib.sh"
page="$top_builddir/docs/kbench.1"

assert "docs/kbench.1 was built" test -s "$page"
# The page's text as troff writes it, less escapes: \-\-plugin, \fBx\fR.
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\f(CW//g' -e 's/\\[,\/%&]//g' \
  "$page" > "$tmpdir/text"
failed=$tap_failed
for opt in $(options_of "$top_srcdir/runner/plan/cli.c") \
           $(options_of "$top_srcdir/runner/commands/tune/options.c"); do
  assert "the man page documents --$opt" grep -qw -- "--$opt" "$tmpdir/text"
done
[ "$tap_failed" = "$failed" ] || echo "# docs/kbench.1.in is older than" \
  "runner/plan/cli.c or runner/commands/tune/options.c: install help2man, run make" \
  "and commit docs/kbench.1.in"
# Every long option each --help names is in the page: kbench's in the
# page, and each subcommand's (every one kbench --help names) in its own
# section, KBENCH SUB, made from that --help (docs/mkman.sh); a Python
# subcommand's --help needs its modules, and is skipped without them.
help_options() {
  printf '%s\n' "$1" | grep -o -- '--[a-z0-9][a-z0-9-]*' | sort -u
}
# section SUB: the text of the page's section for kbench SUB.
section() {
  awk -v want=".SH \"KBENCH $(echo "$1" | tr a-z A-Z)\"" \
    '$0 == want {on = 1; next} /^\.SH / {on = 0} on' "$page" |
    sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\[,\/%&]//g'
}
for opt in $(help_options "$("$KBENCH" --help)"); do
  assert "the man page documents kbench $opt" grep -qw -- "$opt" "$tmpdir/text"
done
subs=$("$KBENCH" --help | sed -n 's/^ *or: *kbench \([a-z]*\) .*/\1/p')
assert "kbench --help names its subcommands ($(echo $subs))" test -n "$subs"
for sub in $subs; do
  section "$sub" > "$tmpdir/$sub.text"
  assert "the man page has a section for kbench $sub" test -s "$tmpdir/$sub.text"
  if help=$("$KBENCH" "$sub" --help 2> /dev/null); then
    for opt in $(help_options "$help"); do
      assert "its section documents kbench $sub $opt" \
        grep -qw -- "$opt" "$tmpdir/$sub.text"
    done
  else
    skip "the man page documents kbench $sub's options" \
      "kbench $sub --help needs a Python with its modules"
  fi
done
assert "the man page documents kbench report and --format=md" sh -c \
  'grep -q "kbench report" "$1" && grep -q -- "--format=md" "$1" &&
   grep -q -- "kbench compare --format=md" "$1"' _ "$tmpdir/text"
assert "the man page says what --json=FILE and compare's --format=json are" \
  sh -c 'grep -q -- "--json=FILE" "$1" && grep -q -- "--format=json" "$1" &&
   grep -q "means one thing everywhere: also write JSON to" "$1" &&
   grep -qx ".B kbench compare --json" "$1"' _ "$tmpdir/text"
version=$("$KBENCH" --version | head -n 1)
assert "the man page is for $version" \
  grep -q "^\.TH KBENCH \"1\" \"[^\"]*\" \"$version\"" "$page"
assert "the plugin directory is filled in" sh -c '! grep -q "@plugindir@" "$1"' \
  _ "$page"
for sect in NAME SYNOPSIS DESCRIPTION '"EXIT STATUS"' ISOLATION REPORTS ENVIRONMENT \
  FILES EXAMPLES '"SEE ALSO"'; do
  assert "the man page has a section $sect" grep -qx "\.SH $sect" "$page"
done

# Rendering: groff's warnings on, or man-db's check; neither may be there.
if command -v groff > /dev/null 2>&1; then
  render="groff -man -Tutf8 -ww -z"
elif command -v man > /dev/null 2>&1; then
  render="man --warnings -E UTF-8 -l -Tutf8 -Z"
fi
# The same page for a --prefix of 200 characters, filled in as the build
# fills it in (docs/fillman.sh): its plugin directory breaks after a '/',
# and reads back whole, with no hyphen added.
long=/tmp/kbench-check
while [ ${#long} -lt 200 ]; do long="$long/a-rather-long-prefix-$((${#long} % 7))"; done
long=$(printf '%s' "$long" | cut -c 1-200 | sed 's|/*$||')
sh "$top_srcdir/docs/fillman.sh" "$long/lib/kbench/plugins" \
  "$top_srcdir/docs/kbench.1.in" > "$tmpdir/long.1"
if [ -n "$render" ]; then
  $render "$page" > /dev/null 2> "$tmpdir/warnings"
  assert "the man page renders ($render) without warnings" \
    test ! -s "$tmpdir/warnings"
  sed 's/^/# /' "$tmpdir/warnings"
  $render "$tmpdir/long.1" > /dev/null 2> "$tmpdir/warnings"
  assert "with a ${#long}-character prefix too" test ! -s "$tmpdir/warnings"
  sed 's/^/# /' "$tmpdir/warnings"
  if command -v groff > /dev/null 2>&1; then
    groff -man -Tascii -P-cbou "$tmpdir/long.1" 2> /dev/null |
      sed -n '/^FILES/,/The installed plugins/p' | tr -d ' \n' > "$tmpdir/files"
    assert "where its plugin directory, broken over lines, reads whole" \
      grep -qF "FILES$long/lib/kbench/plugins" "$tmpdir/files"
  fi
else
  tap_n=$((tap_n + 1))
  echo "ok $tap_n - the man page renders # SKIP neither groff nor man installed"
fi
done_testing
