#!/bin/sh
# Building a plugin against this build tree with nothing installed (issue
# 57: only make install wrote kbench.pc and the CMake package, and the
# README's `make -C examples/kit` failed in a fresh built clone):
# PKG_CONFIG_PATH=<build tree> finds kbench-uninstalled.pc, kbench_DIR=<build
# tree> finds kbench-config.cmake.  No system directory is searched, so
# an installed kbench cannot stand in for the build tree.
. "$top_srcdir/tests/shell/lib.sh"
PKG_CONFIG_LIBDIR=/nonexistent PKG_CONFIG_PATH=$top_builddir
export PKG_CONFIG_LIBDIR PKG_CONFIG_PATH
unset PKG_CONFIG CMAKE_PREFIX_PATH kbench_DIR
cp -R "$top_srcdir/examples" "$tmpdir/examples" && chmod -R u+w "$tmpdir/examples"

check "pkg-config finds kbench in the build tree" 0 "" pkg-config --exists kbench
check "... its headers are the source tree's" 0 "^-I$top_srcdir/include *$" \
  pkg-config --cflags kbench
check "... and its version is kbench's" 0 \
  "^$("$KBENCH" --version | sed -n '1s/^kbench \([0-9.]*\).*/\1/p')$" \
  pkg-config --modversion kbench

# The pkg-config route on the CPU: kbench new's host skeleton, built with
# its Makefile against the build tree and run by the built kbench.
(cd "$tmpdir" && "$KBENCH" new tree_host --host > /dev/null)
check "kbench new --host: its Makefile builds against the build tree" 0 "" \
  env MAKEFLAGS= make -C "$tmpdir/tree_host"
check "... and the built kbench runs it: verified" 0 "^tree_host +n=1M .* ok$" \
  "$KBENCH" --param n=1M --plugin "$tmpdir/tree_host/tree_host.so"

# The README's route: make -C examples/kit, then kbench --plugin.
if [ "$HAVE_CUDA" != yes ]; then
  skip "examples/kit builds against the build tree" "built without CUDA"
else
  check "examples/kit builds against the build tree with pkg-config" 0 "" \
    env MAKEFLAGS= make -C "$tmpdir/examples/kit"
  # -z defs: a library the plugin calls, left out, fails the link, not
  # kbench's load of it; LIBS is where it goes.
  mkdir "$tmpdir/blas" && cp "$tmpdir/examples/kit/Makefile" "$tmpdir/blas/"
  { cat "$tmpdir/examples/kit/scale.cu"
    printf '#include <cublas_v2.h>\n'
    printf 'int blas_probe(void) { cublasHandle_t b; return (int)cublasCreate(&b); }\n'
  } > "$tmpdir/blas/scale.cu"
  check "examples/kit's Makefile: a cuBLAS call without -lcublas fails the link" 2 \
    "undefined reference to .cublasCreate" env MAKEFLAGS= make -C "$tmpdir/blas"
  check "... and links with LIBS=-lcublas" 0 "" \
    env MAKEFLAGS= make -C "$tmpdir/blas" LIBS=-lcublas
  for so in scale histogram; do
    case $("$KBENCH" --tap --min-time=0 --plugin "$tmpdir/examples/kit/$so.so" 2>&1) in
      *"# SKIP no CUDA device"*)
        check "$so.so: loaded and skipped without a GPU, exit 5" 5 \
          "SKIP no CUDA device" "$KBENCH" --min-time=0 \
          --plugin "$tmpdir/examples/kit/$so.so" ;;
      *)
        check "$so.so: verified on the GPU, exit 0" 0 " ok$" "$KBENCH" \
          --min-time=0 --plugin "$tmpdir/examples/kit/$so.so" ;;
    esac
  done
fi

if ! command -v cmake > /dev/null 2>&1; then
  skip "the CMake package in the build tree" "cmake not found"
  done_testing
  exit
fi
# What the package sets, found with kbench_DIR=<build tree> alone.
mkdir "$tmpdir/probe"
cat > "$tmpdir/probe/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.18)
project(probe NONE)
find_package(kbench 0.1 CONFIG REQUIRED)
get_target_property(inc kbench::kbench INTERFACE_INCLUDE_DIRECTORIES)
foreach(v KBENCH_EXECUTABLE inc)
  message(STATUS "${v}=${${v}}")
endforeach()
CM
out=$(cmake -S "$tmpdir/probe" -B "$tmpdir/probe-build" \
  -Dkbench_DIR="$top_builddir" 2>&1)
got() { printf '%s\n' "$out" | sed -n "s/^-- $1=//p"; }
assert "kbench_DIR=<build tree>: KBENCH_EXECUTABLE is the built kbench" \
  test "$(got KBENCH_EXECUTABLE)" = "$top_builddir/kbench"
assert "... and kbench::kbench's headers are the source tree's" \
  test "$(got inc)" = "$top_srcdir/include"
cuda=-DKBENCH_EXAMPLES_CUDA=OFF
[ "$HAVE_CUDA" = yes ] && cuda=-DKBENCH_EXAMPLES_CUDA=ON
check "examples/cmake configures against the build tree ($cuda)" 0 "" \
  cmake -S "$tmpdir/examples/cmake" -B "$tmpdir/build" \
  -Dkbench_DIR="$top_builddir" $cuda
check "and builds" 0 "" env MAKEFLAGS= cmake --build "$tmpdir/build"
check "the built kbench runs its host plugin: verified" 0 \
  "^saxpy_cpu +n=1M .* ok$" \
  "$KBENCH" --param n=1M --plugin "$tmpdir/build/saxpy_cpu.so"
if [ "$HAVE_CUDA" = yes ]; then
  check "and lists its CUDA plugin" 0 "^scale \[cuda\]" \
    "$KBENCH" --list --plugin "$tmpdir/build/scale.so"
fi
done_testing
