#!/bin/sh
# A third party's view: install kbench into a temporary root, build the
# out-of-tree example plugin with nothing but pkg-config, and run it
# through the installed kbench.
. "$top_srcdir/tests/shell/lib.sh"
staged_install
hdr=$(find "$root" -path '*/include/kbench/plugin.h' | head -n 1)
assert "kbench, kbench.pc, kbench/plugin.h and kbench/kit.h installed" \
  test -n "$pc" -a -x "$bin" -a -f "$hdr" -a -f "$(dirname "$hdr")/kit.h"
plugindir=$($PKG_CONFIG --variable=plugindir kbench)
check "installed plugins are found through KBENCH_PLUGIN_PATH" 0 \
  "reduce_cpu \[host\]" env KBENCH_PLUGIN_PATH="$plugindir" "$bin" --list
check "the installed header compiles as C++ too" 0 "" \
  sh -c "printf '#include <kbench/plugin.h>\nint main(){return KBENCH_ABI_MAJOR-1;}\n' > '$tmpdir/t.cc' && \
         \${CXX:-g++} \$($PKG_CONFIG --cflags kbench) -std=c++11 -Wall -Werror -o '$tmpdir/t' '$tmpdir/t.cc' && '$tmpdir/t'"
# The kit's host part is plain C11 and C++, with no CUDA header in sight.
printf '#include <kbench/kit.h>\nint main(void){return KBENCH_KIT_CUDA;}\n' \
  > "$tmpdir/kit.c"
check "the installed kit compiles as C11 without CUDA headers" 0 "" \
  sh -c "\${CC:-cc} \$($PKG_CONFIG --cflags kbench) -std=c11 -Wall -Wextra -Wpedantic -Werror -o '$tmpdir/kit_c' '$tmpdir/kit.c' -lm && '$tmpdir/kit_c'"
cp "$tmpdir/kit.c" "$tmpdir/kit.cc"
check "and as C++" 0 "" \
  sh -c "\${CXX:-g++} \$($PKG_CONFIG --cflags kbench) -std=c++11 -Wall -Wextra -Werror -o '$tmpdir/kit_cc' '$tmpdir/kit.cc' && '$tmpdir/kit_cc'"
# The first cuda block of docs/plugins.md ("A whole plugin").
awk '/^```cuda$/ {on = 1; next} on && /^```$/ {exit} on' \
  "$top_srcdir/docs/plugins.md" > "$tmpdir/readme.cu"
check "docs/plugins.md's whole plugin is examples/kit/scale.cu" 0 "" \
  diff "$top_srcdir/examples/kit/scale.cu" "$tmpdir/readme.cu"
# Every variant an author copies from names its fields (designated
# initialisers): the examples, the test plugins, the catalogue, the
# runner's own, the fuzzers and the docs.  A positional one breaks
# silently when a field is appended; the line after "kbench_variant X = {"
# must set a field by name.
positional=$(cd "$top_srcdir" && find examples plugins tests/plugins runner \
  fuzz docs include -type f \( -name '*.[ch]' -o -name '*.cu' \
  -o -name '*.cuh' -o -name '*.md' \) | LC_ALL=C sort |
  xargs awk '
    after && !/^[[:space:]]*(\*\*?[[:space:]]*)?\./ {
      print FILENAME ":" FNR ": " $0
    }
    { after = /kbench_variant [A-Za-z_0-9]+ = \{[[:space:]]*$/ }')
check "every kbench_variant in the tree names its fields" 0 "" \
  sh -c 'printf "%s" "$1" | sed "s/^/positional: /"; test -z "$1"' _ "$positional"
# Without kbench.pc, each example's Makefile stops at once and says what
# to set (issue 42: an empty $(NVCC) made a recipe line of -O3..., whose
# errors make ignored: exit 0, and no plugin).
for ex in saxpy kit libs; do
  cp -R "$top_srcdir/examples/$ex" "$tmpdir/$ex" && chmod -R u+w "$tmpdir/$ex"
  check "examples/$ex without kbench.pc: make stops (2), says to set PKG_CONFIG_PATH" 2 \
    "pkg-config cannot find kbench: set PKG_CONFIG_PATH to the folder that holds kbench\.pc" \
    env PKG_CONFIG=pkg-config PKG_CONFIG_LIBDIR=/nonexistent PKG_CONFIG_PATH= \
    MAKEFLAGS= make -C "$tmpdir/$ex"
  assert "... and built nothing" sh -c '! ls "$1"/*.so 2>/dev/null' _ "$tmpdir/$ex"
done
if [ "$HAVE_CUDA" != yes ]; then
  echo "ok $((tap_n + 1)) - out-of-tree CUDA examples # SKIP built without CUDA"
  tap_n=$((tap_n + 1))
  done_testing
  exit
fi
printf '#define KBENCH_KIT_CUDA 1\n#include <kbench/kit.h>\nint main(void){return !kbench_blocks(1, 256);}\n' \
  > "$tmpdir/kitcuda.cc"
check "the kit's CUDA part under the host compiler, with KBENCH_KIT_CUDA" 0 "" \
  sh -c "\${CXX:-g++} \$($PKG_CONFIG --cflags kbench) \$($PKG_CONFIG --variable=cuda_cppflags kbench) -Wall -Wextra -Werror -c -o '$tmpdir/kitcuda.o' '$tmpdir/kitcuda.cc'"
for ex in saxpy kit; do
  check "examples/$ex builds out of tree with pkg-config kbench" 0 "" \
    env MAKEFLAGS= make -C "$tmpdir/$ex"
done
# example PLUGIN VARIANT...: listed by the installed kbench, then skipped
# without a GPU, or run and verified on one.
example() {
  so=$tmpdir/$1
  shift
  for v in "$@"; do
    check "installed kbench lists $v" 0 "^$v \[cuda\]" \
      "$bin" --list --plugin "$so"
  done
  case $("$bin" --tap --min-time=0 --plugin "$so" 2>&1) in
    *"# SKIP no CUDA device"*)
      check "without a GPU, $* skipped: exit 5" 5 "SKIP no CUDA device" \
        "$bin" --min-time=0 --plugin "$so" ;;
    *)
      check "$* run on the GPU: exit 0" 0 "" \
        "$bin" --min-time=0 --plugin "$so"
      for v in "$@"; do
        assert "$v verifies" sh -c \
          'printf "%s\n" "$1" | grep -q "^$2 .* ok$"' _ "$out" "$v"
      done ;;
  esac
}
example saxpy/saxpy.so saxpy
example kit/histogram.so histogram_global histogram_shared
example kit/scale.so scale
done_testing
