#!/bin/sh
# Library code as plugins (examples/libs: Thrust, CUB, cuBLAS), a third
# party's way: install kbench into a temporary root, build the examples
# with pkg-config and with CMake, and load them with the installed kbench.
# Without a GPU they are listed and skipped; on one each verifies, says how
# it was timed (thrust_reduce by each synchronizing call, thrust_sort over
# its timed region) and cublas_sgemm reports FLOP/s.
. "$top_srcdir/tests/shell/lib.sh"
if [ "$HAVE_CUDA" != yes ]; then
  echo "1..0 # SKIP built without CUDA"
  exit 0
fi
staged_install
cp -R "$top_srcdir/examples/libs" "$tmpdir/libs" && chmod -R u+w "$tmpdir/libs"
plugins="thrust_reduce thrust_sort cub_sort cublas_sgemm"

check "examples/libs builds with pkg-config kbench" 0 "" \
  env MAKEFLAGS= make -C "$tmpdir/libs"
dirs="$tmpdir/libs"
if command -v cmake > /dev/null 2>&1; then
  pkgdir=$(dirname "$(find "$root" -path '*/cmake/kbench/kbench-config.cmake' | head -n 1)")
  check "examples/libs configures with CMake" 0 "" \
    cmake -S "$tmpdir/libs" -B "$tmpdir/build" -Dkbench_DIR="$pkgdir"
  check "and builds" 0 "" env MAKEFLAGS= cmake --build "$tmpdir/build"
  check "cublas_sgemm.so links cuBLAS and the shared CUDA runtime" 0 \
    "NEEDED.*libcublas\.so" readelf -d "$tmpdir/build/cublas_sgemm.so"
  dirs="$dirs $tmpdir/build"
else
  skip "examples/libs builds with CMake" "cmake not found"
fi

for dir in $dirs; do
  how=pkg-config
  [ "$dir" = "$tmpdir/build" ] && how=CMake
  for p in $plugins; do
    check "$how: the installed kbench lists $p" 0 "^$p \[cuda\]" \
      "$bin" --list --plugin "$dir/$p.so"
    check "$how: $p.so exports kbench_plugin_library" 0 \
      "^kbench_plugin_library$" \
      sh -c "nm -D --defined-only '$dir/$p.so' | awk '\$2 == \"T\" { print \$3 }'"
  done
done

quick="--min-samples=3 --max-samples=5 --min-time=0 --warmup=0 --timeout=10"
# run PLUGIN PARAMS...: run it from the pkg-config build at small sizes.
run() {
  p=$1
  shift
  "$bin" $quick "$@" --plugin "$tmpdir/libs/$p.so" > "$tmpdir/$p.out" 2>&1
  echo $? > "$tmpdir/$p.rc"
  sed 's/^/# /' "$tmpdir/$p.out"
}
run thrust_reduce --param n=1M
case $(cat "$tmpdir/thrust_reduce.out") in
  *"SKIP no CUDA device"*)
    check "without a GPU, the library examples skip: exit 5" 5 \
      "SKIP no CUDA device" "$bin" $quick --plugin "$tmpdir/libs/cub_sort.so"
    done_testing
    exit ;;
esac
assert "thrust_reduce verifies, timed by each call (KBENCH_VARIANT_SYNCS)" \
  sh -c 'grep -q "^thrust_reduce .* ok " "$1" &&
    grep -q "^  timed: each run as a whole, one run a sample, not held (KBENCH_VARIANT_SYNCS); median on the host" "$1"' \
  _ "$tmpdir/thrust_reduce.out"
run thrust_sort --param n=1M
assert "thrust_sort verifies, timed over its region" \
  sh -c 'grep -q "^thrust_sort .* ok " "$1" &&
    grep -q "^  timed: the timed region of each run (timer_start to timer_stop), one run a sample, not held" "$1"' \
  _ "$tmpdir/thrust_sort.out"
run cub_sort --param n=1M
assert "cub_sort verifies, timed as any kernel" \
  sh -c 'grep -q "^cub_sort .* ok " "$1" && ! grep -q "^  timed:" "$1"' \
  _ "$tmpdir/cub_sort.out"
run cublas_sgemm --param m=512 --param n=256 --param k=1024
assert "cublas_sgemm verifies and reports FLOP/s" \
  sh -c 'grep -Eq "^cublas_sgemm .* ok  [0-9.]+ [GT]FLOP/s" "$1"' \
  _ "$tmpdir/cublas_sgemm.out"
if [ -d "$tmpdir/build" ]; then
  check "the CMake-built thrust_sort verifies too" 0 "^thrust_sort .* ok " \
    "$bin" $quick --param n=64K --plugin "$tmpdir/build/thrust_sort.so"
fi
done_testing
