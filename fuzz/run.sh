#!/usr/bin/env bash
# fuzz/run.sh [SECONDS]: build every fuzz/fuzz_*.c with libFuzzer, ASan and
# UBSan and run each for its share of SECONDS (default 60), from a copy of
# fuzz/corpus/<target>/.  One line per target; exit 1 on any finding (crash,
# leak, UBSan report, timeout, out of memory) or build failure; exit 0 with
# "skipped: ..." when no clang with libFuzzer is installed.
#
# Why clang directly and not automake: libFuzzer needs clang, while the
# project builds with $CC (gcc) and CUDA; a second configured tree just for
# this would cost a full configure and build.  Here every runner source
# (runner/*.c and the .c files of its folders, three deep) except those defining main() and the CUDA
# wrapper's CUDA half is compiled with coverage instrumentation into a
# static archive, so a new runner file needs no change here and a target
# links only the objects it uses.  Our own config.h defines no KBENCH_HAVE_*
# and runner/gpu/none.c stands in for the device: nothing needs CUDA.  A file that does
# not compile so (one automake builds only with an optional library, such
# as json-c) is left out; a target that needs it then fails to link, and
# its compiler errors are shown.
#
# Environment: FUZZ_CC (default: the first of clang, clang-19 ... clang-14),
# FUZZ_WORKDIR (default fuzz/work: builds, corpora grown, logs, reproducers).
set -u
shopt -s nullglob
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
budget=${1:-60}
case $budget in ''|*[!0-9]*) echo "usage: fuzz/run.sh [SECONDS]" >&2; exit 2 ;; esac
work=${FUZZ_WORKDIR:-$here/work}
build=$work/build

cc=
probe='int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n)
{ (void)d; (void)n; return 0; }'
for c in ${FUZZ_CC:-clang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14}; do
  command -v "$c" >/dev/null 2>&1 || continue
  if printf '%s\n' "$probe" | "$c" -x c -fsanitize=fuzzer,address,undefined \
       -o /dev/null - >/dev/null 2>&1; then
    cc=$c
    break
  fi
done
if [ -z "$cc" ]; then
  echo "fuzz: skipped: no clang with libFuzzer (Debian: apt-get install clang libclang-rt-dev)"
  exit 0
fi

targets=()
for src in "$here"/fuzz_*.c; do
  targets+=("$(basename "$src" .c)")
done
if [ ${#targets[@]} = 0 ]; then
  echo "fuzz: no fuzz/fuzz_*.c targets" >&2
  exit 1
fi

# Fatal UBSan, so that libFuzzer sees each report as a crash.
# shellcheck disable=SC2054 # the commas are -fsanitize's
cflags=(-std=c11 -g -O1 -fno-omit-frame-pointer -Wall -Wextra
  -fsanitize=address,undefined -fno-sanitize-recover=undefined
  -D_POSIX_C_SOURCE=200809L -I"$build" -I"$top/include" -I"$top/runner"
  '-DKBENCH_PLUGINDIR="/nonexistent"'
  '-DKBENCH_BUILDDIR="/nonexistent"')

rm -rf "$build"
mkdir -p "$build/runner" || exit 1
cat > "$build/config.h" <<EOF
/* Written by fuzz/run.sh: no KBENCH_HAVE_CUDA, so no CUDA is needed. */
#define PACKAGE_VERSION "fuzz"
EOF
# -fsanitize=fuzzer-no-link: coverage for libFuzzer, whose main() comes
# only with each target's link.
left_out=()
for src in "$top"/runner/*.c "$top"/runner/*/*.c "$top"/runner/*/*/*.c \
    "$top"/runner/*/*/*/*.c; do
  grep -Eq '^int[[:space:]]+main[[:space:]]*\(' "$src" && continue
  [ "$src" = "$top/runner/gpu/cuda.c" ] && continue
  rel=${src#"$top"/runner/}
  base=$build/runner/$(echo "${rel%.c}" | tr / _)
  if "$cc" "${cflags[@]}" -fsanitize=fuzzer-no-link -c "$src" -o "$base.o" \
       2>"$base.err"; then
    cat "$base.err" >&2  # warnings
  else
    left_out+=("$base")
  fi
done
ar rcs "$build/libkbrunner.a" "$build"/runner/*.o || exit 1
for t in "${targets[@]}"; do
  if ! "$cc" "${cflags[@]}" -fsanitize=fuzzer "$here/$t.c" \
         "$build/libkbrunner.a" $(pkg-config --libs nettle) -ldl -lm -lpthread \
         -o "$build/$t"; then
    echo "fuzz: FAILED to build $t"
    for base in "${left_out[@]}"; do
      echo "  left out, as it did not compile: ${base##*/}.c"
      head -n 20 "$base.err" | sed 's/^/    /'
    done
    exit 1
  fi
done

share=$(( budget / ${#targets[@]} ))
[ "$share" -ge 1 ] || share=1
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
failed=0
# The number of files in a folder.
count() { local f=("$1"/*); echo ${#f[@]}; }
for t in "${targets[@]}"; do
  dir=$work/$t
  rm -rf "$dir"
  mkdir -p "$dir/corpus"
  # A copy: libFuzzer adds what it finds to the first corpus folder.
  seeds=("$here/corpus/$t"/*)
  [ ${#seeds[@]} = 0 ] || cp "${seeds[@]}" "$dir/corpus/" || exit 1
  # -close_fd_mask=3: the runner's own messages would drown the log;
  # sanitizer reports still come through.  -timeout: one input past 10 s
  # is a finding.
  (cd "$dir" && "$build/$t" -max_total_time="$share" -timeout=10 \
     -rss_limit_mb=2048 -close_fd_mask=3 -print_final_stats=1 \
     -artifact_prefix="$dir/" corpus > log 2>&1)
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log")
  if [ $rc = 0 ]; then
    echo "$t: ok, ${runs:-?} runs in ${share} s, corpus ${#seeds[@]} -> $(count "$dir/corpus")"
  else
    failed=$((failed + 1))
    what=$(grep -m1 -E 'ERROR: [A-Za-z]+Sanitizer|runtime error:|ERROR: libFuzzer|ALARM:' "$dir/log")
    input=
    for a in "$dir"/{crash,leak,timeout,oom,slow-unit}-*; do input=$a; break; done
    echo "$t: FAILED (exit $rc): ${what:-see $dir/log}"
    [ -n "$input" ] && echo "  replay: $build/$t $input"
    # The report's summary and its frames in our own sources.
    grep -E "SUMMARY|runtime error| $top/" "$dir/log" | head -n 12 | sed 's/^/  /'
  fi
done
[ $failed = 0 ]
