#!/bin/sh
# kbench plot: the runner finds an interpreter and passes the arguments
# through (fake interpreters, always run); the script draws the fixtures in
# tests/plot/ and real kbench output as SVG and PNG, and refuses bad input
# with exit status 2 and no file (skipped without a Python with matplotlib).
. "$top_srcdir/tests/shell/lib.sh"
F=$top_srcdir/tests/plot
H=$top_builddir/plugins/host/.libs
mkdir "$tmpdir/bin" "$tmpdir/out"

# fake NAME STATUS: an interpreter that answers the matplotlib probe with
# STATUS and otherwise records its arguments, one a line, and exits 7.
fake() {
  cat > "$tmpdir/$1" <<EOF
#!/bin/sh
[ "\$1 \$2" = "-c import matplotlib" ] && exit $2
printf '%s\n' "\$@" > "$tmpdir/$1.args"
exit 7
EOF
  chmod +x "$tmpdir/$1"
}
fake yes 0
fake no 1
cp "$tmpdir/yes" "$tmpdir/bin/python3"
sed -i "s|yes.args|path.args|" "$tmpdir/bin/python3"

check "KBENCH_PYTHON that has matplotlib runs the script; its status is kbench's" \
  7 "" env KBENCH_PYTHON="$tmpdir/yes" "$KBENCH" plot "r s.json" -o x.svg
assert "the script from the source tree, then the arguments unchanged" \
  test "$(cat "$tmpdir/yes.args")" = "$top_srcdir/scripts/kbench-plot
r s.json
-o
x.svg"
check "a KBENCH_PYTHON without matplotlib is passed over for python3 on PATH" \
  7 "" env KBENCH_PYTHON="$tmpdir/no" PATH="$tmpdir/bin:$PATH" \
  "$KBENCH" plot r.json
assert "python3 on PATH ran it, the one without matplotlib did not" \
  test -f "$tmpdir/path.args" -a ! -f "$tmpdir/no.args"

# The real script from here on: skip its points without matplotlib.
reason=$("$KBENCH" plot --help 2>&1 |
  sed -n 's/^kbench plot: \(no Python that can import.*\)/\1/p')
if [ -n "$reason" ]; then
  for i in $(seq 1 28); do
    tap_n=$((tap_n + 1))
    echo "ok $tap_n # SKIP $reason"
  done
  done_testing
  exit
fi

# svg FILE LABEL...: the file parses as XML and its text (matplotlib keeps
# each string as a comment beside its glyphs) holds every LABEL.
svg() {
  python3 - "$@" <<'PY'
import sys, xml.etree.ElementTree as ET
path, labels = sys.argv[1], sys.argv[2:]
parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
root = ET.parse(path, parser).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
text = " ".join(t for e in root.iter() for t in (e.text, e.tail) if t)
missing = [l for l in labels if l not in text]
assert not missing, missing
PY
}
O=$tmpdir/out

check "a sweep: exit 0" 0 "" "$KBENCH" plot "$F/sweep.json" -o "$O/sweep.svg"
assert "the sweep is a non-empty SVG" test -s "$O/sweep.svg"
assert "with its variants, peaks, L2 size and axes" svg "$O/sweep.svg" \
  reduce_vec4 "square_smem (1 repetition failed)" \
  "reduce_smem_unroll (1 of 15 points failed)" "theoretical peak 3352 GB/s" \
  "measured copy peak 3023 GB/s" "L2 50 MiB" "64 MiB" "bandwidth (GB/s)" \
  "working set (bytes read + written)" "NVIDIA H100 80GB HBM3, hot mode"
check "a catalogue: exit 0" 0 "" \
  "$KBENCH" plot "$F/catalogue.json" -o "$O/catalogue.svg"
assert "with families, cases, failures and the peak in %" \
  svg "$O/catalogue.svg" reduction "shared memory" "host (CPU)" \
  "coalesce_stride stride=16" "91.7%" "100%" \
  "skip: needs 64 KiB of shared memory per block, 48 KiB allowed" \
  "crashed: an illegal memory access was encountered" \
  "11.8 GB/s (host, no peak to compare with)" \
  "% of the theoretical DRAM peak"
check "PNG from the extension" 0 "" \
  "$KBENCH" plot "$F/catalogue.json" -o "$O/catalogue.png"
assert "a PNG file" test "$(head -c 4 "$O/catalogue.png" | tail -c 3)" = PNG
check "--kind=catalogue on a sweep, --title" 0 "" "$KBENCH" plot \
  --kind=catalogue --title "Sizes on H100" "$F/sweep.json" -o "$O/k.svg"
assert "one bar a size, and the title" svg "$O/k.svg" "Sizes on H100" \
  "reduce_vec4 n=8M" "wrong: sum is 16383, expected 16384"

# A roofline, from the H100's --metrics=seed run (tests/plot/roofline.json:
# layout_aos and layout_soa have work and DRAM counts, reduce_vec4 no work).
check "a roofline: exit 0, the case without work named on stderr" 0 \
  "1 passed case left out of the roofline: no work or no measured DRAM bytes" \
  "$KBENCH" plot --kind=roofline "$F/roofline.json" -o "$O/roof.svg"
assert "the roofline is a non-empty SVG" test -s "$O/roof.svg"
assert "with both cases at FLOP/B from the counters, the DRAM and FP32 roofs" \
  svg "$O/roof.svg" "layout_aos: 0.192 FLOP/B, 422 GFLOP/s" \
  "layout_soa: 0.193 FLOP/B, 557 GFLOP/s" "theoretical DRAM peak 3352 GB/s" \
  "FP32 peak 66.9 TFLOP/s (132 SMs x 128 FP32 lanes x 2 x 1980 MHz, the highest SM clock of the run)" \
  "arithmetic intensity" "Roofline: NVIDIA H100 80GB HBM3, cold mode"
check "--fp32-peak replaces the computed roof" 0 "" "$KBENCH" plot \
  --kind=roofline --fp32-peak=60000 "$F/roofline.json" -o "$O/roof2.svg"
# (an SVG comment cannot hold "--": matplotlib writes "- -")
assert "and says so" svg "$O/roof2.svg" "FP32 peak 60 TFLOP/s (" "fp32-peak)"
python3 - "$F/roofline.json" > "$tmpdir/audit.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for b in d["benchmarks"]:
    for k in [k for k in b if k.startswith("dram__")]:
        del b[k]
    b.pop("sm_clock_max_mhz", None)
json.dump(d, sys.stdout)
PY
check "without --metrics, the bytes audit's DRAM bytes; no SM clock: no FP32 roof" \
  0 "no FP32 roof: the file lacks the SM clock \(give --fp32-peak\)" \
  "$KBENCH" plot --kind=roofline "$tmpdir/audit.json" -o "$O/roof3.svg"
assert "the points still drawn" svg "$O/roof3.svg" \
  "layout_aos: 0.192 FLOP/B" "no FP32 roof"

# Real output of this build: a host sweep.
"$KBENCH" --min-time=0 --max-noise=50 --param n=1K:64K:*4 \
  --json="$tmpdir/host.json" --plugin "$H/reduce_cpu.so" \
  --plugin "$H/copy_cpu.so" > /dev/null 2>&1
check "kbench's own JSON of a host sweep" 0 "" \
  "$KBENCH" plot "$tmpdir/host.json" -o "$O/host.svg"
assert "drawn as a sweep in bytes" svg "$O/host.svg" copy_cpu reduce_cpu \
  "4 KiB" "working set (bytes read + written)"

# A zipped sweep (rows and cols together) is a sweep too: its working set
# grows with every step.
"$KBENCH" --min-time=0 --max-noise=50 --param rows=16:128:*2 \
  --param cols=16:128:*2 --zip=rows,cols --json="$tmpdir/zip.json" \
  --plugin "$top_builddir/plugins/transpose/.libs/transpose_cpu.so" \
  > /dev/null 2>&1
check "a zipped host sweep" 0 "" \
  "$KBENCH" plot "$tmpdir/zip.json" -o "$O/zip.svg"
assert "drawn as a sweep in bytes" svg "$O/zip.svg" transpose_cpu \
  "working set (bytes read + written)"

# Bad input: status 2, a reason, and the old file (or none) left alone.
rm -f "$O"/*
echo old > "$O/keep.svg"
echo '{"benchmarks": [' > "$tmpdir/cut.json"
echo '{"benchmarks": []}' > "$tmpdir/none.json"
python3 - "$F/catalogue.json" > "$tmpdir/skipped.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for b in d["benchmarks"]:
    b.update(verdict="skip", gbps=None, message="no CUDA device")
json.dump(d, sys.stdout)
PY
check "a missing file" 2 "nope.json: No such file" \
  "$KBENCH" plot "$tmpdir/nope.json" -o "$O/keep.svg"
check "not JSON" 2 "cut.json: not a kbench or Google Benchmark results file: found JSON that ends early" "$KBENCH" plot "$tmpdir/cut.json" -o "$O/keep.svg"
check "no benchmarks" 2 "none\\.json: not a kbench or Google Benchmark results file: found an empty \"benchmarks\" list" \
  "$KBENCH" plot "$tmpdir/none.json" -o "$O/keep.svg"
check "nothing plottable" 2 "nothing plottable: no case passed" \
  "$KBENCH" plot "$tmpdir/skipped.json" -o "$O/keep.svg"
check "a roofline of a file without counters: says what to run" 2 \
  "no roofline: no passed case has both work \(flops\) and measured DRAM bytes \(run kbench with --metrics=memory" \
  "$KBENCH" plot --kind=roofline "$F/catalogue.json" -o "$O/keep.svg"
check "--fp32-peak must be positive" 2 "expected GFLOP/s" "$KBENCH" plot \
  --kind=roofline --fp32-peak=0 "$F/roofline.json" -o "$O/keep.svg"
check "an unknown picture format" 2 "must end in .svg, .png, .pdf" \
  "$KBENCH" plot "$F/sweep.json" -o "$O/keep.txt"
assert "the old file is untouched and nothing else was written" \
  test "$(cat "$O/keep.svg")" = old -a "$(ls -A "$O")" = keep.svg
done_testing
