#!/bin/sh
# The replay: results files (tests/replay/corpus: GPU files of the
# catalogue from bench/results, host runs of this repository, results
# format 1; and some of tests/compare's fixtures) through every printer
# that works from a file, each output held byte for byte against
# tests/replay/golden.  A run's own printers (table, TAP, markdown, CSV,
# --samples, JSON) get the file's results from replay_print; kbench
# compare, fleet, history and report read the files themselves.  What
# depends on this host, not on the file, is normalised: the JSON's
# context, the version of kbench that prints, the report's figures (SVG
# drawn by this host's matplotlib).  kbench plot is left out: its output
# is a picture of matplotlib's.
#
# REPLAY_WRITE=1 writes the outputs into the golden folder instead: only
# for a change of output meant and said in its commit.
. "$top_srcdir/tests/shell/lib.sh"
corpus=$top_srcdir/tests/replay/corpus
golden=$top_srcdir/tests/replay/golden
print=$top_builddir/tests/replay/replay_print

if [ "$HAVE_JSON_C" != yes ]; then
  skip "the replay" "kbench was built without json-c"
  done_testing
  exit
fi

# normalise: what depends on the host that replays, not on the file.
normalise() {
  sed -e 's/^], "context": .*/], "context": (this host'"'"'s)/' \
      -e 's/^\(`kbench`\) (kbench [^)]*)$/\1 (kbench VERSION)/' \
      -e 's/^\( *"kbench_version": \)"[^"]*"/\1"VERSION"/' |
    perl -0pe 's/<svg.*?<\/svg>/<svg\/>/gs'
}

# replay NAME COMMAND...: the command's output (standard output, then
# standard error) and exit status, normalised, the same as golden/NAME.
replay() {
  name=$1
  shift
  { "$@" 2> "$tmpdir/err"; echo "# exit $?"; cat "$tmpdir/err"; } |
    normalise > "$tmpdir/out"
  if [ -n "${REPLAY_WRITE:-}" ]; then
    cp "$tmpdir/out" "$golden/$name"
    ok "$name written"
  elif cmp -s "$tmpdir/out" "$golden/$name"; then
    ok "$name"
  else
    not_ok "$name"
    diff -u "$golden/$name" "$tmpdir/out" | head -40 | sed 's/^/# /'
  fi
}

# The files read by the paths they are named by, as given here.
cd "$corpus" || exit 1
# Every sample of a file is a line of --samples: three files' are enough.
for f in *.json; do
  for format in table tap md csv json; do
    replay "${f%.json}.$format" "$print" "$format" "$f"
  done
done
for f in host-a.json h100-format1-a.json h200-forge.json; do
  replay "${f%.json}.samples" "$print" samples "$f"
done
for f in energy-new counters-new crash capped gbench-new disturbed nodevice; do
  for format in table tap md csv; do
    replay "$f.$format" "$print" "$format" "../../compare/$f.json"
  done
done

for format in table markdown json; do
  replay "compare-seal.$format" "$KBENCH" compare --format=$format \
    h200-catalogue.json h200-catalogue-seal-off.json
  replay "compare-format1.$format" "$KBENCH" compare --format=$format \
    h100-format1-a.json h100-format1-b.json
  replay "compare-host.$format" "$KBENCH" compare --format=$format \
    --allow-missing host-a.json host-b.json
  replay "fleet-ranks.$format" "$KBENCH" fleet --format=$format \
    h200x4-rank-0.json h200x4-rank-1.json h200x4-rank-2.json \
    h200x4-rank-3.json
  replay "fleet-devices.$format" "$KBENCH" fleet --format=$format \
    --verbose h200x4-devices.json h200-stray.json h200-forge.json
done

end_without_python history "kbench history and kbench report"
runs="h200-catalogue.json h200-catalogue-seal-off.json h200x4-rank-0.json
  h200x4-rank-1.json h200x4-rank-2.json h200x4-rank-3.json"
for format in table md; do
  replay "history.$format" "$KBENCH" history --order=given --format=$format \
    $runs
done
replay "history.json" sh -c '"$@" > /dev/null && cat "$0"' \
  "$tmpdir/history.json" "$KBENCH" history --order=given \
  --json="$tmpdir/history.json" $runs
replay "report.html" sh -c '"$@" && cat "$0"' "$tmpdir/report.html" \
  "$KBENCH" report -o "$tmpdir/report.html" h200-catalogue.json \
  h200-catalogue-seal-off.json
replay "report-host.html" sh -c '"$@" && cat "$0"' \
  "$tmpdir/report-host.html" "$KBENCH" report -o "$tmpdir/report-host.html" \
  host-a.json

done_testing
