#!/bin/sh
# No driver and an old driver read differently: CUDA's own text
# ("driver version is insufficient") fits both, so kbench asks the driver
# library, and says the same on every path: a case's skip, --metrics and
# --list-metrics.  A fake libcuda.so.1, built here, plays the old driver.
. "$top_srcdir/tests/shell/lib.sh"
# The stand-in driver lives in this test's private folder, which the
# identity a third-party worker takes under root cannot reach.
KBENCH_WORKER_UID=off
export KBENCH_WORKER_UID
if [ "$HAVE_CUDA" != yes ]; then
  echo "1..0 # SKIP built without CUDA"
  exit 0
fi
so=$TEST_PLUGINS/gpu_ok.so

# same_words WHY ENV...: --metrics and --list-metrics give the reason WHY
# (a pattern) too, never CUDA's own words; skipped in a build without
# CUPTI, which says that instead.
same_words() {
  why=$1
  shift
  if [ "$HAVE_CUPTI" != yes ]; then
    skip "--metrics and --list-metrics say the same" "built without CUPTI"
    return
  fi
  check "--metrics: the same words, the timings go on" 5 \
    "^kbench: warning: --metrics: no counters: no CUDA device: $why; the timings go on$" \
    env "$@" "$KBENCH" --min-time=0 --metrics=dram --plugin "$so"
  assert "and not CUDA's 'driver version is insufficient'" \
    sh -c '! printf "%s\n" "$1" | grep -q insufficient' _ "$out"
  check "--list-metrics: the same words" 0 \
    "the names were not checked on device 0: no CUDA device: $why$" \
    env "$@" "$KBENCH" --list-metrics
}

# With no libcuda.so.1 anywhere the loader looks (this machine and CI).
found=$(ldconfig -p 2>/dev/null | grep 'libcuda\.so\.1 ')
for d in $(printf '%s' "$LD_LIBRARY_PATH" | tr ':' ' '); do
  [ -e "$d/libcuda.so.1" ] && found=$d/libcuda.so.1
done
if [ -n "$found" ]; then
  skip "no driver: says so" "a libcuda.so.1 may be on the loader path"
else
  check "no driver: the skip says libcuda.so.1 was not found" 5 \
    "gpu_ok .* SKIP no CUDA device: no NVIDIA driver \(libcuda\.so\.1 not found\)$" \
    "$KBENCH" --min-time=0 --plugin "$so"
  same_words "no NVIDIA driver \(libcuda\.so\.1 not found\)" TERM=dumb

  # A GPU the driver lists (its node, here a folder standing in for /dev)
  # that CUDA cannot use is an error naming it, not an absence; the
  # driver's own nodes (nvidiactl, nvidia-uvm) are not GPUs.
  mkdir "$tmpdir/dev" "$tmpdir/nogpu"
  : > "$tmpdir/nogpu/nvidiactl"
  : > "$tmpdir/nogpu/nvidia-uvm"
  : > "$tmpdir/dev/nvidiactl"
  : > "$tmpdir/dev/nvidia0"
  : > "$tmpdir/dev/nvidia1"
  check "a listed GPU CUDA cannot use: ERROR naming the nodes and CUDA's reason, exit 4" 4 \
    "gpu_ok .* ERROR device: the driver lists 2 GPUs \(nvidia[01], nvidia[01]\) but CUDA cannot use them: no NVIDIA driver \(libcuda\.so\.1 not found\)$" \
    env KBENCH_TEST_DEV_DIR="$tmpdir/dev" "$KBENCH" --min-time=0 --plugin "$so"
  check "...and CUDA_VISIBLE_DEVICES does not hide a missing driver" 4 \
    "gpu_ok .* ERROR device: the driver lists 2 GPUs" \
    env KBENCH_TEST_DEV_DIR="$tmpdir/dev" CUDA_VISIBLE_DEVICES= \
    "$KBENCH" --min-time=0 --plugin "$so"
  check "only the driver's control nodes: a skip, as with no GPU" 5 \
    "gpu_ok .* SKIP no CUDA device: no NVIDIA driver" \
    env KBENCH_TEST_DEV_DIR="$tmpdir/nogpu" "$KBENCH" --min-time=0 --plugin "$so"
fi

# An old driver: CUDA 11.0, older than any runtime kbench builds with.
mkdir "$tmpdir/old"
cat > "$tmpdir/old/cuda.c" <<'C'
/* A driver that reports CUDA 11.0 and does nothing else. */
int cuDriverGetVersion(int *version) { *version = 11000; return 0; }
int cuInit(unsigned flags) { (void)flags; return 0; }
C
if ! ${CC:-cc} -shared -fPIC -o "$tmpdir/old/libcuda.so.1" \
     "$tmpdir/old/cuda.c"; then
  not_ok "a fake libcuda.so.1 builds"
else
  # Where no GPU node is (an empty folder for /dev, so that a GPU host
  # reads the same), an absence: a skip.
  mkdir "$tmpdir/empty"
  check "old driver: the skip names the driver's and the runtime's CUDA" 5 \
    "gpu_ok .* SKIP no CUDA device: the driver \(CUDA 11\.0\) is older than the runtime \(CUDA [0-9]+\.[0-9]+\)$" \
    env LD_LIBRARY_PATH="$tmpdir/old${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    KBENCH_TEST_DEV_DIR="$tmpdir/empty" "$KBENCH" --min-time=0 --plugin "$so"
  same_words "the driver \(CUDA 11\.0\) is older than the runtime \(CUDA [0-9]+\.[0-9]+\)" \
    LD_LIBRARY_PATH="$tmpdir/old${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    KBENCH_TEST_DEV_DIR="$tmpdir/empty"
  # Beside a GPU's node, an error: the GPU is there, its driver too old.
  mkdir -p "$tmpdir/gpu"
  : > "$tmpdir/gpu/nvidia0"
  check "old driver beside a GPU: ERROR naming the node and both CUDAs, exit 4" 4 \
    "gpu_ok .* ERROR device: the driver lists 1 GPU \(nvidia0\) but CUDA cannot use it: the driver \(CUDA 11\.0\) is older than the runtime \(CUDA [0-9]+\.[0-9]+\)$" \
    env LD_LIBRARY_PATH="$tmpdir/old${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    KBENCH_TEST_DEV_DIR="$tmpdir/gpu" "$KBENCH" --min-time=0 --plugin "$so"
fi
done_testing
