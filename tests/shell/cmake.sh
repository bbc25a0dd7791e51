#!/bin/sh
# The CMake package from a plugin author's side: install kbench into a
# temporary root, build examples/cmake with find_package(kbench CONFIG) and
# kbench_add_plugin(), and load what it built with the installed kbench.
. "$top_srcdir/tests/shell/lib.sh"
if ! command -v cmake > /dev/null 2>&1; then
  echo "1..0 # SKIP cmake not found (Debian: apt-get install cmake, as ./autogen.sh does as root)"
  exit 0
fi
root=$tmpdir/root
assert "make install into a temporary root" \
  sh -c "$MAKE -C '$top_builddir' install DESTDIR='$root' >'$tmpdir/install.log' 2>&1"
cfg=$(find "$root" -path '*/cmake/kbench/kbench-config.cmake' | head -n 1)
bin=$(find "$root" -path '*/bin/kbench' | head -n 1)
pkgdir=$(dirname "$cfg")
assert "kbench-config.cmake and kbench-config-version.cmake in lib/cmake/kbench" \
  test -f "$cfg" -a -f "$pkgdir/kbench-config-version.cmake" -a -x "$bin"
cp -R "$top_srcdir/examples" "$tmpdir/examples" && chmod -R u+w "$tmpdir/examples"

# probe DIR VERSION: a project that only finds the package under DIR and
# prints what it set, one NAME=VALUE a line.
mkdir "$tmpdir/probe"
cat > "$tmpdir/probe/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.18)
project(probe NONE)
find_package(kbench ${WANT} CONFIG REQUIRED)
get_target_property(inc kbench::kbench INTERFACE_INCLUDE_DIRECTORIES)
foreach(v kbench_VERSION KBENCH_EXECUTABLE KBENCH_PLUGINDIR KBENCH_NVCC
    KBENCH_CUDA_GENCODE inc)
  message(STATUS "${v}=${${v}}")
endforeach()
CM
probe() {
  rm -rf "$tmpdir/probe-build"
  cmake -S "$tmpdir/probe" -B "$tmpdir/probe-build" -Dkbench_DIR="$1" \
    -DWANT="$2" 2>&1 | sed -n 's/^-- \([A-Za-z_]*=\)/\1/p'
}
out=$(probe "$pkgdir" 0.1)
got() { printf '%s\n' "$out" | sed -n "s/^$1=//p"; }
version=$("$bin" --version | sed -n '1s/^kbench \([0-9.]*\).*/\1/p')
assert "the package's version is kbench's ($version)" \
  test "$(got kbench_VERSION)" = "$version"
assert "staged under DESTDIR, KBENCH_EXECUTABLE is the staged kbench" \
  test "$(got KBENCH_EXECUTABLE)" = "$bin"
assert "and kbench::kbench's include directory holds kbench/plugin.h and kit.h" \
  test -f "$(got inc)/kbench/plugin.h" -a -f "$(got inc)/kbench/kit.h"
assert "KBENCH_PLUGINDIR is the staged plugin directory" \
  test -f "$(got KBENCH_PLUGINDIR)/reduce_cpu.so"
check "a newer major version is refused" 1 "version: $version" \
  cmake -S "$tmpdir/probe" -B "$tmpdir/probe-new" -Dkbench_DIR="$pkgdir" -DWANT=1
# A prefix moved as a whole: found from the package's own place.
prefix=${bin#"$root"}
prefix=${prefix%/bin/kbench}
mkdir -p "$tmpdir/moved" && cp -R "$root$prefix" "$tmpdir/moved/kbench"
moved=$(find "$tmpdir/moved" -path '*/cmake/kbench' | head -n 1)
out=$(probe "$moved" "")
assert "a moved prefix: KBENCH_EXECUTABLE and the headers follow it" \
  test "$(got KBENCH_EXECUTABLE)" = "$tmpdir/moved/kbench/bin/kbench" \
  -a -f "$(got inc)/kbench/kit.h"
out=$(probe "$pkgdir" "")
nvcc=$(got KBENCH_NVCC) gencode=$(got KBENCH_CUDA_GENCODE)

# build NAME CMAKE-ARGS...: configure and build examples/cmake in build-NAME.
build() {
  dir=$tmpdir/build-$1
  shift
  check "examples/cmake configures ($*)" 0 "" \
    cmake -S "$tmpdir/examples/cmake" -B "$dir" -Dkbench_DIR="$pkgdir" "$@"
  check "and builds" 0 "" env MAKEFLAGS= cmake --build "$dir"
}

# The host plugin in a project of the C language alone.
build host -DKBENCH_EXAMPLES_CUDA=OFF
so=$tmpdir/build-host/saxpy_cpu.so
assert "CUDA was not enabled" sh -c '! grep -q "^CMAKE_CUDA_COMPILER" "$1"' \
  _ "$tmpdir/build-host/CMakeCache.txt"
assert "kbench_add_plugin made saxpy_cpu.so, no lib prefix" test -f "$so"
check "it exports kbench_plugin_library alone" 0 "^kbench_plugin_library$" \
  sh -c "nm -D --defined-only '$so' | awk '\$2 ~ /^[TDBRVW]$/ { print \$3 }'"
assert "exactly one symbol" test "$(printf '%s\n' "$out" | wc -l)" = 1
check "the installed kbench lists it" 0 "^saxpy_cpu \[host\]" \
  "$bin" --list --plugin "$so"
check "and runs it: verified" 0 "^saxpy_cpu +n=1M .* ok$" \
  "$bin" --param n=1M --plugin "$so"

# Optimised by default (issue 42: with CMake's default of no flags at all,
# the host skeleton ran 2.5-4x slower than built by its Makefile): with
# no build type, a plugin's flags are a Release build's; a build type the
# user chose is kept.  flags DIR TARGET LANG: the compile flags, sorted.
flags() {
  sed -n "s/^$3_FLAGS = //p" "$1/CMakeFiles/$2.dir/flags.make" | tr ' ' '\n' |
    grep . | LC_ALL=C sort | tr '\n' ' '
}
for type in Release Debug; do
  cmake -S "$tmpdir/examples/cmake" -B "$tmpdir/build-$type" \
    -Dkbench_DIR="$pkgdir" -DKBENCH_EXAMPLES_CUDA=OFF \
    -DCMAKE_BUILD_TYPE=$type > /dev/null 2>&1
done
assert "no build type: the plugin's C flags are a Release build's ($(flags "$tmpdir/build-host" saxpy_cpu C))" \
  test "$(flags "$tmpdir/build-host" saxpy_cpu C)" = "$(flags "$tmpdir/build-Release" saxpy_cpu C)"
assert "... which optimise (-O3)" \
  sh -c 'printf "%s\n" "$1" | grep -q -- "-O3"' _ "$(flags "$tmpdir/build-host" saxpy_cpu C)"
assert "CMAKE_BUILD_TYPE=Debug is kept: -g, no -O ($(flags "$tmpdir/build-Debug" saxpy_cpu C))" \
  sh -c 'printf "%s\n" "$1" | grep -q -- "-g " && ! printf "%s\n" "$1" | grep -q -- "-O"' \
  _ "$(flags "$tmpdir/build-Debug" saxpy_cpu C)"

# The name first, as add_library() takes it, beside NAME name; a name
# given both ways, or none, is refused with the usage.
mkdir "$tmpdir/short"
cp "$tmpdir/examples/cmake/saxpy_cpu.c" "$tmpdir/short/"
short() {
  cat > "$tmpdir/short/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.18)
project(short LANGUAGES C)
find_package(kbench CONFIG REQUIRED)
$1
CM
  rm -rf "$tmpdir/short-build"
  cmake -S "$tmpdir/short" -B "$tmpdir/short-build" -Dkbench_DIR="$pkgdir" \
    && env MAKEFLAGS= cmake --build "$tmpdir/short-build"
}
check "kbench_add_plugin(tp SOURCES ...) builds" 0 "" \
  short "kbench_add_plugin(tp SOURCES saxpy_cpu.c)"
check "and the installed kbench runs tp.so: verified" 0 "^saxpy_cpu +n=1M .* ok$" \
  "$bin" --param n=1M --plugin "$tmpdir/short-build/tp.so"
for call in "kbench_add_plugin(tp NAME tq SOURCES saxpy_cpu.c)" \
  "kbench_add_plugin(SOURCES saxpy_cpu.c)" "kbench_add_plugin(tp saxpy_cpu.c)"; do
  check "$call is refused with the usage" 1 \
    "usage: kbench_add_plugin\(name SOURCES file\.\.\.\) or" short "$call"
done

if [ "$HAVE_CUDA" != yes ]; then
  tap_n=$((tap_n + 1))
  echo "ok $tap_n - CMake-built CUDA examples # SKIP built without CUDA"
  done_testing
  exit
fi
build cuda
dir=$tmpdir/build-cuda
for p in scale histogram; do
  assert "$p.so built from examples/kit/$p.cu" test -f "$dir/$p.so"
  check "$p.so links the shared CUDA runtime" 0 "NEEDED.*libcudart\.so" \
    readelf -d "$dir/$p.so"
done
# nvcc got kbench's -gencode flags and no targets of CMake's own; with
# cuobjdump at hand, the module holds SASS for exactly kbench's sm_ targets.
gencode=$(printf '%s\n' "$gencode" | tr ';' ' ')
flags=$(sed -n 's/^CUDA_FLAGS = //p' "$dir/CMakeFiles/scale.dir/flags.make")
assert "scale.cu compiled with kbench's gencode flags ($gencode)" \
  sh -c 'for f in $1; do case " $2 " in *" $f "*) ;; *) exit 1 ;; esac; done' \
  _ "$gencode" "$flags"
assert "and no other target" sh -c \
  'test "$(printf "%s\n" $1 | grep -c -e -gencode -e --generate-code -e -arch)" = "$(echo $2 | wc -w)"' \
  _ "$flags" "$gencode"
assert "no build type: scale.cu compiled with a Release build's -O3 -DNDEBUG" \
  sh -c 'case " $1 " in *" -O3 "*) ;; *) exit 1 ;; esac &&
         case " $1 " in *" -DNDEBUG "*) ;; *) exit 1 ;; esac' \
  _ "$flags"
cuobjdump=$(dirname "$nvcc")/cuobjdump
if [ -x "$cuobjdump" ]; then
  want=$(printf '%s\n' $gencode | sed -n 's/.*code=sm_\([0-9a-z]*\)$/sm_\1/p' | sort -u)
  have=$("$cuobjdump" --list-elf "$dir/scale.so" 2>&1 |
    sed -n 's/.*\.\(sm_[0-9a-z]*\)\..*/\1/p' | sort -u)
  assert "scale.so holds SASS for $(echo $want)" test -n "$want" -a "$want" = "$have"
else
  tap_n=$((tap_n + 1))
  echo "ok $tap_n - the SASS in scale.so # SKIP no cuobjdump beside $nvcc"
fi
example() {  # PLUGIN VARIANT...: listed, then run and verified (or skipped)
  so=$dir/$1.so
  shift
  for v in "$@"; do
    check "the installed kbench lists $v" 0 "^$v \[cuda\]" \
      "$bin" --list --plugin "$so"
  done
  case $("$bin" --tap --plugin "$so" 2>&1) in
    *"# SKIP no CUDA device"*)
      check "without a GPU, $* skipped: exit 5" 5 "SKIP no CUDA device" \
        "$bin" --plugin "$so" ;;
    *)
      check "$* run on the GPU: exit 0" 0 "" "$bin" --plugin "$so"
      for v in "$@"; do
        assert "$v verifies" sh -c \
          'printf "%s\n" "$1" | grep -q "^$2 .* ok$"' _ "$out" "$v"
      done ;;
  esac
}
example scale scale
example histogram histogram_global histogram_shared
done_testing
