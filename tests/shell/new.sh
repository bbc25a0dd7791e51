#!/bin/sh
# kbench new: refuses a bad NAME or an existing folder and writes nothing;
# what it writes builds against an installed kbench (staged here) with its
# Makefile and, when cmake is present, its CMakeLists.txt, and is loaded by
# kbench: the host skeleton verifies, the CUDA one skips without a GPU.
. "$top_srcdir/tests/shell/lib.sh"
work=$tmpdir/work
mkdir "$work"
cd "$work" || exit 1

check "--help: exit 0, names --host and --cuda" 0 "--host.*" \
  "$KBENCH" new --help
check "kbench --help names kbench new" 0 "kbench new NAME" "$KBENCH" --help
for bad in 9lives a-b 'two words' '' "$(printf '%070d' 0 | tr 0 a)"; do
  check "a NAME that is not a C identifier ('$bad'): 2, says why" 2 \
    "is not a C identifier" "$KBENCH" new "$bad"
done
check "no NAME: 2" 2 "which NAME" "$KBENCH" new --host
check "two NAMEs: 2" 2 "one NAME only" "$KBENCH" new a b
check "an unknown option: 2" 2 "unknown option '--gpu'" "$KBENCH" new a --gpu
check "--sync for a host plugin: 2, says why" 2 \
  "--sync is for a CUDA plugin" "$KBENCH" new a --host --sync
check "--help names --sync and --timer" 0 "--timer" "$KBENCH" new --help
check "--help names --inout" 0 "--inout +run reads its output too" \
  "$KBENCH" new --help
check "--inout with --timer: 2, says why" 2 \
  "--timer clears the output before each run, and an --inout run reads" \
  "$KBENCH" new a --inout --timer
mkdir taken
check "an existing folder: 2, nothing written" 2 "taken already exists" \
  "$KBENCH" new taken
: > file_taken
check "an existing file: 2" 2 "file_taken already exists" \
  "$KBENCH" new file_taken
assert "nothing was written by the refusals" \
  test "$(ls | tr '\n' ' ')" = "file_taken taken " -a -z "$(ls taken)"

check "kbench new demo_host --host: exit 0, names its files" 0 \
  "wrote demo_host/demo_host\.c demo_host/Makefile demo_host/CMakeLists\.txt" \
  "$KBENCH" new demo_host --host
check "kbench new demo_cuda (CUDA by default): exit 0" 0 \
  "wrote demo_cuda/demo_cuda\.cu demo_cuda/Makefile demo_cuda/CMakeLists\.txt" \
  "$KBENCH" new demo_cuda
check "the variant is named after NAME" 0 '"demo_host", *$' \
  grep -F '.name = "demo_host",' demo_host/demo_host.c
# One table for both: the host's and the CUDA plugin's variants, each
# field named, differ in their summary, backend and n's default and most.
variant_of() {
  sed -n '/^static const kbench_param params/,/^KBENCH_PLUGIN/p' "$1" |
    sed "s/$2/NAME/g"
}
variant_of demo_host/demo_host.c demo_host > host_variant
variant_of demo_cuda/demo_cuda.cu demo_cuda > cuda_variant
check "the CUDA skeleton's variant names each field, as the host's" 0 \
  '^  \.name = "demo_cuda",$' grep -x '  .name = "demo_cuda",' demo_cuda/demo_cuda.cu
check "the two variants differ in summary, backend, n's default and most" 0 "" \
  sh -c 'diff host_variant cuda_variant | grep "^[<>]" |
         grep -v -e "^[<>]   \.summary = " -e "^[<>]   \.backend = " \
           -e "^[<>]   {\.name = \"n\", " -e "^[<>]    \.max = " |
         grep . && exit 1; diff host_variant cuda_variant | grep -q "^[<>]"'
# ABI 1.2's scaffolds: a run that waits for its result (--sync, declared),
# one that times a region after an untimed clear (--timer), and both.
check "kbench new demo_sync --sync: exit 0" 0 "wrote demo_sync/demo_sync\.cu" \
  "$KBENCH" new demo_sync --sync
check "kbench new demo_timer --timer: exit 0" 0 "wrote demo_timer/demo_timer\.cu" \
  "$KBENCH" new demo_timer --timer
check "kbench new demo_both --sync --timer: exit 0" 0 "wrote demo_both/demo_both\.cu" \
  "$KBENCH" new demo_both --timer --sync
check "kbench new demo_htimer --host --timer: exit 0" 0 \
  "wrote demo_htimer/demo_htimer\.c" "$KBENCH" new demo_htimer --host --timer
check "--sync declares KBENCH_VARIANT_SYNCS and waits in run" 0 \
  "cudaStreamSynchronize" sh -c \
  'grep -q "^  \.flags = KBENCH_VARIANT_SYNCS,\$" demo_sync/demo_sync.cu && grep cudaStreamSynchronize demo_sync/demo_sync.cu'
check "--timer clears the output, then times a region" 0 "timer_stop" sh -c \
  'grep -q cudaMemsetAsync demo_timer/demo_timer.cu && grep -q "h->timer_start(h)" demo_timer/demo_timer.cu && grep "h->timer_stop(h)" demo_timer/demo_timer.cu'
check "without --sync, no flags; without --timer, no region" 1 "" \
  grep -E "KBENCH_VARIANT_SYNCS|timer_st" demo_cuda/demo_cuda.cu demo_host/demo_host.c
# ABI 1.4's scaffold: out += x + y, out declared in-out.
check "kbench new demo_hinout --host --inout: exit 0" 0 \
  "wrote demo_hinout/demo_hinout\.c" "$KBENCH" new demo_hinout --host --inout
check "kbench new demo_inout --inout: exit 0" 0 "wrote demo_inout/demo_inout\.cu" \
  "$KBENCH" new demo_inout --inout
check "--inout reads out where it writes it and declares it in-out" 0 \
  "kbench_device_inout" sh -c \
  'grep -q "s->out\[i\] += s->x\[i\] + s->y\[i\];" demo_hinout/demo_hinout.c && grep -q "h->inout(h, s->out, bytes, KBENCH_MEM_HOST)" demo_hinout/demo_hinout.c && grep -q "out\[i\] += x\[i\] + y\[i\];" demo_inout/demo_inout.cu && grep kbench_device_inout demo_inout/demo_inout.cu'
check "without --inout, no in-out buffer" 1 "" \
  grep -E "inout|\+=" demo_cuda/demo_cuda.cu demo_host/demo_host.c

# Without kbench.pc, both Makefiles stop at once and say what to set.
for d in demo_host demo_cuda; do
  check "$d's Makefile without kbench.pc: stops (2), says to set PKG_CONFIG_PATH" 2 \
    "pkg-config cannot find kbench: set PKG_CONFIG_PATH to the folder that holds kbench\.pc" \
    env PKG_CONFIG=pkg-config PKG_CONFIG_LIBDIR=/nonexistent PKG_CONFIG_PATH= \
    MAKEFLAGS= make -C $d
done
assert "... and they built nothing" sh -c '! ls demo_host/*.so demo_cuda/*.so 2>/dev/null'

# A staged install, found through pkg-config with its prefix moved.
staged_install

check "the host skeleton builds with its Makefile, warnings as errors" 0 "" \
  env MAKEFLAGS= make -C demo_host \
  CFLAGS="-O2 -Wall -Wextra -Wpedantic -Werror"
check "the installed kbench runs it: verified, exit 0" 0 \
  "^demo_host +n=1M .* ok$" "$bin" --param n=1M --plugin demo_host/demo_host.so
check "its make check runs it through kbench" 0 "^demo_host .* ok$" \
  env MAKEFLAGS= make -C demo_host check KBENCH="$bin --param n=64K"
check "the host --timer skeleton builds, warnings as errors" 0 "" \
  env MAKEFLAGS= make -C demo_htimer \
  CFLAGS="-O2 -Wall -Wextra -Wpedantic -Werror"
check "the installed kbench runs it: verified, timed over its region" 0 \
  "^  timed: the timed region of each run" \
  "$bin" --param n=1M --plugin demo_htimer/demo_htimer.so
assert "... and its row says ok" \
  sh -c 'printf "%s\n" "$1" | grep -q "^demo_htimer .* ok$"' _ "$out"
check "the host --inout skeleton builds, warnings as errors" 0 "" \
  env MAKEFLAGS= make -C demo_hinout \
  CFLAGS="-O2 -Wall -Wextra -Wpedantic -Werror"
check "the installed kbench runs it: verified, exit 0" 0 \
  "^demo_hinout +n=1M .* ok$" "$bin" --param n=1M --plugin demo_hinout/demo_hinout.so
# Its declaration is what makes it right: declared as an output, the run
# reads the poison, and the failure says so.
cp -R demo_hinout output_hinout
sed 's/return h->inout(h, s->out, bytes, KBENCH_MEM_HOST);/return h->output(h, s->out, bytes, KBENCH_MEM_HOST);/' \
  demo_hinout/demo_hinout.c > output_hinout/demo_hinout.c
env MAKEFLAGS= make -C output_hinout clean all > /dev/null 2>&1
check "the --inout skeleton with out declared as an output: FAIL naming h->inout" 1 \
  "FAIL first run: out\[0\] = -?nan, expected .*declare it in-out with h->inout\)$" \
  "$bin" --param n=1K --plugin output_hinout/demo_hinout.so
# Its region is checked: the sum moved after timer_stop fails the case.
cp -R demo_htimer late_htimer
python3 - demo_htimer/demo_htimer.c late_htimer/demo_htimer.c <<'PY'
import sys
src = open(sys.argv[1]).read()
loop = "  for (size_t i = 0; i < s->n; i++)\n    s->out[i] = s->x[i] + s->y[i];\n"
stop = "  if (h->timer_stop(h) != KBENCH_OK)   /* and ends */\n    return KBENCH_ERROR;\n"
assert loop + stop in src
open(sys.argv[2], "w").write(src.replace(loop + stop, stop + loop))
PY
env MAKEFLAGS= make -C late_htimer clean all > /dev/null 2>&1
check "the sum moved after the region: ERROR timed region, exit 4" 4 \
  "ERROR timed region: the outputs as timer_stop left them do not verify" \
  "$bin" --param n=1K --plugin late_htimer/demo_htimer.so
# The reference is a real check: a wrong sum fails.
cp -R demo_host wrong_host
sed 's/s->out\[i\] = s->x\[i\] + s->y\[i\];/s->out[i] = s->x[i] - s->y[i];/' \
  demo_host/demo_host.c > wrong_host/demo_host.c
env MAKEFLAGS= make -C wrong_host clean all > /dev/null 2>&1
check "the skeleton's verify catches a wrong loop: FAIL, exit 1" 1 \
  "FAIL .*out\[" "$bin" --param n=1K --plugin wrong_host/demo_host.so

# skipped_or_ran DESC SO: without a GPU the CUDA skeleton skips with its
# reason (exit 5); on one it verifies.
skipped_or_ran() {
  v=${3:-demo_cuda}
  case $("$bin" --tap --param n=1M --plugin "$2" 2>&1) in
    *"# SKIP no CUDA device"*)
      check "$1: skipped without a GPU, with the reason, exit 5" 5 \
        "^$v .* SKIP no CUDA device: .+" \
        "$bin" --param n=1M --plugin "$2" ;;
    *)
      check "$1: verified on the GPU, exit 0" 0 "^$v .* ok( \(event time\))?$" \
        "$bin" --param n=1M --plugin "$2" ;;
  esac
}
if [ "$HAVE_CUDA" != yes ]; then
  skip "the CUDA skeleton builds with its Makefile" "built without CUDA"
else
  check "the CUDA skeleton builds with its Makefile (nvcc from kbench.pc)" 0 "" \
    env MAKEFLAGS= make -C demo_cuda
  skipped_or_ran "the CUDA skeleton" demo_cuda/demo_cuda.so
  # A library the plugin calls, left out of the link, fails the link (-z
  # defs), not kbench's load of it (issue 57); LIBS is where it goes.
  mkdir blas_cuda && cp demo_cuda/Makefile blas_cuda/
  { cat demo_cuda/demo_cuda.cu
    printf '#include <cublas_v2.h>\n'
    printf 'int blas_probe(void) { cublasHandle_t b; return (int)cublasCreate(&b); }\n'
  } > blas_cuda/demo_cuda.cu
  check "a cuBLAS call without -lcublas fails the skeleton's link" 2 \
    "undefined reference to .cublasCreate" env MAKEFLAGS= make -C blas_cuda
  assert "... and leaves no plugin to fail at load" test ! -e blas_cuda/demo_cuda.so
  check "with LIBS=-lcublas, as its Makefile says, it links" 0 "" \
    env MAKEFLAGS= make -C blas_cuda LIBS=-lcublas
  for d in demo_sync demo_timer demo_both demo_inout; do
    check "the $d skeleton builds with its Makefile" 0 "" \
      env MAKEFLAGS= make -C $d
    skipped_or_ran "the $d skeleton" $d/$d.so $d
  done
fi

if ! command -v cmake > /dev/null 2>&1; then
  skip "the skeletons build with CMake" "cmake not found"
  done_testing
  exit
fi
pkgdir=$(dirname "$(find "$root" -path '*/cmake/kbench/kbench-config.cmake' | head -n 1)")
check "the host CMakeLists.txt shows where a library goes" 0 \
  "^#   target_link_libraries\(demo_host PRIVATE BLAS::BLAS\)$" cat demo_host/CMakeLists.txt
check "the CUDA one shows cuBLAS" 0 \
  "^#   target_link_libraries\(demo_cuda PRIVATE CUDA::cublas\)$" cat demo_cuda/CMakeLists.txt
check "the host skeleton configures with CMake" 0 "" \
  cmake -S demo_host -B build_host -Dkbench_DIR="$pkgdir"
check "and builds" 0 "" env MAKEFLAGS= cmake --build build_host
cflags=$(sed -n 's/^C_FLAGS = //p' build_host/CMakeFiles/demo_host.dir/flags.make)
assert "optimised as its Makefile builds it, with no build type given ($cflags)" \
  sh -c 'case " $1 " in *" -O"[23]" "*) ;; *) exit 1 ;; esac' _ "$cflags"
check "the CMake-built host plugin verifies, exit 0" 0 "^demo_host .* ok$" \
  "$bin" --param n=1M --plugin build_host/demo_host.so
if [ "$HAVE_CUDA" = yes ]; then
  check "the CUDA skeleton configures with CMake" 0 "" \
    cmake -S demo_cuda -B build_cuda -Dkbench_DIR="$pkgdir"
  check "and builds" 0 "" env MAKEFLAGS= cmake --build build_cuda
  cudaflags=$(sed -n 's/^CUDA_FLAGS = //p' build_cuda/CMakeFiles/demo_cuda.dir/flags.make)
  assert "optimised as its Makefile builds it (-O3: $cudaflags)" \
    sh -c 'case " $1 " in *" -O3 "*) ;; *) exit 1 ;; esac' _ "$cudaflags"
  skipped_or_ran "the CMake-built CUDA skeleton" build_cuda/demo_cuda.so
fi
done_testing
