# Shared by the TAP shell tests: run a command, check its exit status and
# that its output matches a pattern, print one test point.
tap_n=0
tap_failed=0

# check DESCRIPTION WANT_STATUS PATTERN COMMAND [ARG]...  (WANT_STATUS may
# list several, as 4|6)
check() {
  desc=$1 want=$2 pattern=$3
  shift 3
  out=$("$@" 2>&1)
  rc=$?
  tap_n=$((tap_n + 1))
  if case "|$want|" in *"|$rc|"*) true ;; *) false ;; esac &&
     printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
    echo "ok $tap_n - $desc"
  else
    tap_failed=$((tap_failed + 1))
    echo "not ok $tap_n - $desc"
    echo "# command: $*"
    echo "# exit status $rc, wanted $want; output should match: $pattern"
    printf '%s\n' "$out" | sed 's/^/#   /'
  fi
}

# assert DESCRIPTION CONDITION...: a test point from a shell condition.
assert() {
  desc=$1
  shift
  tap_n=$((tap_n + 1))
  if "$@"; then
    echo "ok $tap_n - $desc"
  else
    tap_failed=$((tap_failed + 1))
    echo "not ok $tap_n - $desc"
  fi
}

# ok DESCRIPTION, not_ok DESCRIPTION, skip DESCRIPTION WHY: a test point
# whose verdict the script worked out itself.
ok() {
  tap_n=$((tap_n + 1))
  echo "ok $tap_n - $1"
}
not_ok() {
  tap_n=$((tap_n + 1))
  tap_failed=$((tap_failed + 1))
  echo "not ok $tap_n - $1"
}
skip() {
  tap_n=$((tap_n + 1))
  echo "ok $tap_n - $1 # SKIP $2"
}

# options_of SOURCE: the long options a runner/*.c file declares, one a
# line, from its table of struct option.
options_of() {
  sed -n 's/^  {"\([a-z-]*\)", .*/\1/p' "$1"
}

# check_help SOURCE COMMAND [ARG]...: a test point per long option of
# SOURCE, that COMMAND's --help output names it.
check_help() {
  src=$1
  shift
  help=$("$@" --help)
  for opt in $(options_of "$src"); do
    assert "--help documents --$opt" sh -c 'printf "%s\n" "$1" | grep -q -- "--$2"' _ "$help" "$opt"
  done
}

done_testing() {
  echo "1..$tap_n"
  [ "$tap_failed" = 0 ]
}

# validate FILE CHECK...: parse FILE as strict JSON (NaN and Infinity
# refused), check the fields Google Benchmark requires of every entry and
# of the context, then run each Python CHECK on the document d, its
# entries b and its context c.
validate() {
  python3 - "$@" <<'PY'
import json, sys
def refuse(c):
    raise ValueError("non-standard JSON constant " + c)
d = json.load(open(sys.argv[1]), parse_constant=refuse)
b = d["benchmarks"]
required = ["name", "run_name", "run_type", "repetitions", "repetition_index",
            "threads", "iterations", "real_time", "cpu_time", "time_unit",
            "bytes_per_second", "verdict", "samples_s"]
for e in b:
    for k in required:
        assert k in e, (e.get("name"), k)
    # Google Benchmark's compare.py computes with both, for every entry.
    assert isinstance(e["real_time"], (int, float)), e["name"]
    assert isinstance(e["cpu_time"], (int, float)), e["name"]
    assert e["time_unit"] == "ns" and e["run_type"] == "iteration"
c = d["context"]
assert c["json_schema_version"] == 1 and isinstance(c["caches"], list)
for k in ["date", "host_name", "executable", "num_cpus", "mhz_per_cpu",
          "library_version", "library_build_type"]:
    assert k in c, k
for check in sys.argv[2:]:
    assert eval(check), check
PY
}

# children_of PID: the processes whose parent is PID, from /proc; shell
# built-ins only, so that it is quick enough to find them mid-run.
children_of() {
  parent=$1
  for stat in /proc/[0-9]*/stat; do
    { read -r line < "$stat"; } 2>/dev/null || continue
    set -- ${line##*) }        # state, parent, ...
    [ "${2:-}" = "$parent" ] && { stat=${stat#/proc/}; echo "${stat%/stat}"; }
  done
}

# Wait until the CSV has more than $2 lines.
wait_rows() {
  i=0
  while [ "$(cat "$1" 2>/dev/null | wc -l)" -le "$2" ] && [ $i -lt 300 ]; do
    sleep 0.1
    i=$((i + 1))
  done
}

# stop_midway CSV OUT ARG...: run kbench ARG... --csv=CSV, its output to
# OUT, until CSV holds two rows, then SIGTERM it; its exit status in rc and
# the rows it wrote in finished.
stop_midway() {
  csv=$1 log=$2
  shift 2
  "$KBENCH" "$@" --csv="$csv" > "$log" 2>&1 &
  pid=$!
  wait_rows "$csv" 2
  kill -TERM $pid
  wait $pid
  rc=$?
  finished=$(($(wc -l < "$csv") - 1))
}

# check_failed_rank DIR: kbench fleet over DIR/*.json, the files of a job
# of two ranks on this host whose rank 1 failed one of its two cases and
# whose rank 0 ran both: rank 1 flagged for it, rank 0 missing
# nothing (two test points; mpi.sh and slurm.sh, one launcher each).
check_failed_rank() {
  h=$(uname -n | cut -d. -f1)
  check "fleet, rank 1 failing: flagged for it, exit 1" 1 \
    "^$h r1 host .* 0 +1 +0 +0 .* FLAGGED \(1 failed\)$" \
    "$KBENCH" fleet --host-tolerance=1e6 "$1"/*.json
  check "... rank 0 is missing nothing" 1 "^$h r0 host .* 2 +0 +0 +0 +0 .* ok$" \
    "$KBENCH" fleet --host-tolerance=1e6 "$1"/*.json
}

# end_without_json_c WHAT COMMAND [ARG]...: in a build without json-c,
# check that COMMAND says what to install and exits 2, skip WHAT, and end
# the script; otherwise do nothing.
end_without_json_c() {
  [ "$HAVE_JSON_C" = yes ] && return
  what=$1
  shift
  check "built without json-c: says what to install, exits 2" 2 \
    "built without json-c: install libjson-c-dev and reconfigure" "$@"
  tap_n=$((tap_n + 1))
  echo "ok $tap_n # SKIP kbench was built without json-c: $what not tested"
  done_testing
  exit
}

# staged_install: make install into $tmpdir/root (a test point), then
# root, pc (kbench.pc) and bin (the staged kbench) name it, and
# PKG_CONFIG_PATH and PKG_CONFIG find kbench.pc with its prefix moved
# there, as an out-of-tree build would.
staged_install() {
  root=$tmpdir/root
  assert "make install into a temporary root" \
    sh -c "$MAKE -C '$top_builddir' install DESTDIR='$root' >'$tmpdir/install.log' 2>&1"
  pc=$(find "$root" -name kbench.pc | head -n 1)
  bin=$(find "$root" -path '*/bin/kbench' | head -n 1)
  PKG_CONFIG_PATH=$(dirname "$pc")
  export PKG_CONFIG_PATH
  prefix=$(pkg-config --variable=prefix kbench)
  PKG_CONFIG="pkg-config --define-variable=prefix=$root$prefix"
  export PKG_CONFIG
}

# dist_tarball DIR: this tree's `make dist` tarball, made in DIR and not
# in the build tree, where another test may be making its own: make
# distdir into DIR, then tar it as make dist does.  Its path on stdout.
dist_tarball() {
  name=kbench-$("$KBENCH" --version | sed -n '1s/^kbench \([^ ]*\) .*/\1/p')
  "$MAKE" -C "$top_builddir" distdir distdir="$1/$name" top_distdir="$1/$name" \
    > "$1/$name.log" 2>&1 &&
    (cd "$1" && tar chof - "$name" | gzip --best -c > "$name.tar.gz") &&
    rm -rf "${1:?}/$name" && echo "$1/$name.tar.gz"
}

# built_from_tarball: why this make check is one of a tarball that the
# make check of its tree already packaged (deb.sh, spack.sh), or fails:
# make distcheck's, in <tarball>/_build/sub (automake's distcheck rule),
# or that of a package's own build (KBENCH_PACKAGE_BUILD, which
# debian/rules and the Spack recipe set).
built_from_tarball() {
  case $top_builddir in
    */_build/sub) echo "in make distcheck: the make check before it packaged this tarball" ;;
    *) [ -n "${KBENCH_PACKAGE_BUILD:-}" ] &&
         echo "in the $KBENCH_PACKAGE_BUILD package's own build (KBENCH_PACKAGE_BUILD)" ;;
  esac
}

# workers JSON: how many workers ran the cases of a results file.
workers() {
  python3 -c 'import json, sys
print(len({e["worker"] for e in json.load(open(sys.argv[1]))["benchmarks"]}))' "$1"
}

# check_catalogue KBENCH WHERE: an installed kbench (WHERE: how it was
# installed) lists every variant the build tree's lists, each as its own
# catalogue's (none "runs as a third party": the digests recorded at
# install time are the files'), and runs the host cases, verified, in one
# worker: three test points.
check_catalogue() {
  "$KBENCH" --list 2> /dev/null | grep -c '^[a-z0-9_]* \[' > "$tmpdir/built.count"
  check "$2: kbench --list, the catalogue's $(cat "$tmpdir/built.count") variants, all its own" 0 "" \
    sh -c '"$1" --list > "$2/list" 2>&1 && ! grep -q "runs as a third party" "$2/list" &&
      test "$(grep -c "^[a-z0-9_]* \[" "$2/list")" = "$3"' _ "$1" "$tmpdir" \
    "$(cat "$tmpdir/built.count")"
  check "$2: the host cases run, verified" 0 "3 ok, 0 skipped, 0 flagged, 0 failed" \
    "$1" --min-samples=3 --max-samples=5 --min-time=0 --warmup=1 \
    --json="$tmpdir/host.json" copy_cpu reduce_cpu transpose_cpu
  assert "$2: ...in one worker, the catalogue's" \
    test "$(workers "$tmpdir/host.json")" = 1
}

# need_gpu: unless kbench was built with CUDA and finds a device, end the
# script as one skip that says why (bad_tail.so, a CUDA test plugin, is
# the probe).
need_gpu() {
  if [ "$HAVE_CUDA" != yes ]; then
    echo "1..0 # SKIP built without CUDA"
    exit 0
  fi
  probe=$("$KBENCH" --tap --param n=256 --plugin "$TEST_PLUGINS/bad_tail.so" 2>&1)
  case $probe in
    *"# SKIP no CUDA device"*)
      echo "1..0 # SKIP $(printf '%s\n' "$probe" | sed -n 's/.*# SKIP //p' | head -n 1)"
      exit 0 ;;
  esac
}

# gpu_exclusive: where the machine has a GPU, hold GPU 0's kbench lock
# (the shared one, as kbench takes it: <lock folder>/<UUID>.lock) for
# the rest of the script, on descriptor 9.  For the scripts that run
# kbench on the real GPU with a lock folder of their own (lock.sh,
# clocks.sh): under make -j16 check on a GPU host the other tests' kbench
# shared the GPU with them, and cases on both sides read DISTURBED.
gpu_exclusive() {
  command -v nvidia-smi > /dev/null 2>&1 && command -v flock > /dev/null 2>&1 ||
    return 0
  gpu_uuid=$(nvidia-smi --query-gpu=uuid --format=csv,noheader -i 0 2> /dev/null |
             head -n 1)
  case $gpu_uuid in GPU-*) ;; *) return 0 ;; esac
  # Where kbench takes it: $KBENCH_LOCK_DIR as the script was started,
  # else kbench's default (worker/device_lock.h).
  gpu_lock=${KBENCH_LOCK_DIR:-/tmp/kbench-locks}/$gpu_uuid.lock
  mkdir -p "$(dirname "$gpu_lock")" && chmod 1777 "$(dirname "$gpu_lock")" 2> /dev/null
  exec 9>> "$gpu_lock" && flock 9 || return 0
  # The record kbench reads to name a holder (worker/device_lock.c).
  printf 'pid %s\nowner %s\nuser %s\nsince %s\ncommand %s\n' $$ $$ \
    "$(id -un)" "$(date +%s)" "make check: $0" > "$gpu_lock"
}

tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/kbench-test.XXXXXX") || exit 1
trap 'rm -rf "$tmpdir"' EXIT

# merge_tap DESCRIPTION COMMAND [ARG]...: run a command that prints TAP
# (kbench --tap) and fold its test points into this script's numbering;
# everything else it prints becomes a comment.  A run that ends before its
# plan, or exits with an unexpected status, adds a failing point.
merge_tap() {
  desc=$1
  shift
  "$@" > "$tmpdir/merge.tap" 2>&1
  rc=$?
  planned=$(sed -n 's/^1\.\.\([0-9]*\).*/\1/p' "$tmpdir/merge.tap" | head -n 1)
  seen=0
  while IFS= read -r line; do
    case $line in
      "ok "*|"not ok "*)
        tap_n=$((tap_n + 1)) seen=$((seen + 1))
        case $line in "not ok "*) tap_failed=$((tap_failed + 1)) ;; esac
        echo "$line" | sed "s/^\(not ok\|ok\) [0-9]*/\1 $tap_n/" ;;
      "1.."*) ;;
      *) echo "# $line" ;;
    esac
  done < "$tmpdir/merge.tap"
  if [ "$seen" != "${planned:-x}" ] || { [ "$rc" != 0 ] && [ "$tap_failed" = 0 ]; }; then
    tap_n=$((tap_n + 1)) tap_failed=$((tap_failed + 1))
    echo "not ok $tap_n - $desc: exit status $rc, $seen of ${planned:-?} points"
  fi
}

# find_browser: headless Chromium for a page (tests/shell/report_browser.py):
# sets browser_python (a Python with selenium) and exports CHROMIUM, or
# sets browser_why to what is missing.
find_browser() {
  browser_python=
  for py in ${KBENCH_PYTHON:-} python3 /usr/bin/python3; do
    "$py" -c "import selenium" > /dev/null 2>&1 && { browser_python=$py; break; }
  done
  CHROMIUM=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
  export CHROMIUM
  browser_why=
  [ -n "$browser_python" ] || browser_why="no Python that can import selenium"
  command -v chromedriver > /dev/null 2>&1 || browser_why="${browser_why:+$browser_why, }no chromedriver"
  [ -n "$CHROMIUM" ] || browser_why="${browser_why:+$browser_why, }no chromium"
}

# end_without_python NAME WHAT: when kbench NAME (a Python script) finds no
# Python that can run it, skip WHAT with its reason and end the script.
end_without_python() {
  reason=$("$KBENCH" "$1" --help 2>&1 |
    sed -n "s/^kbench $1: \(no Python that can import.*\)/\1/p")
  [ -n "$reason" ] || return 0
  skip "$2" "$reason"
  done_testing
  exit
}
