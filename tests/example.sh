#!/bin/sh
# A third party's view: install kbench into a temporary root, build the
# out-of-tree example plugin with nothing but pkg-config, and run it
# through the installed kbench.
. "$top_srcdir/tests/lib.sh"
root=$tmpdir/root
assert "make install into a temporary root" \
  sh -c "$MAKE -C '$top_builddir' install DESTDIR='$root' >'$tmpdir/install.log' 2>&1"
pc=$(find "$root" -name kbench.pc | head -n 1)
bin=$(find "$root" -path '*/bin/kbench' | head -n 1)
hdr=$(find "$root" -path '*/include/kbench/plugin.h' | head -n 1)
assert "kbench, kbench.pc and kbench/plugin.h installed" \
  test -n "$pc" -a -x "$bin" -a -f "$hdr"
# Point pkg-config at the staged files: relocate the prefix into the root.
export PKG_CONFIG_PATH="$(dirname "$pc")"
prefix=$(pkg-config --variable=prefix kbench)
PKG_CONFIG="pkg-config --define-variable=prefix=$root$prefix"
export PKG_CONFIG
plugindir=$($PKG_CONFIG --variable=plugindir kbench)
check "installed plugins are found through KBENCH_PLUGIN_PATH" 0 \
  "reduce_cpu \[host\]" env KBENCH_PLUGIN_PATH="$plugindir" "$bin" --list
check "the installed header compiles as C++ too" 0 "" \
  sh -c "printf '#include <kbench/plugin.h>\nint main(){return KBENCH_ABI_MAJOR-1;}\n' > '$tmpdir/t.cc' && \
         \${CXX:-g++} \$($PKG_CONFIG --cflags kbench) -std=c++11 -Wall -Werror -o '$tmpdir/t' '$tmpdir/t.cc' && '$tmpdir/t'"
if [ "$HAVE_CUDA" != yes ]; then
  echo "ok $((tap_n + 1)) - out-of-tree CUDA example # SKIP built without CUDA"
  tap_n=$((tap_n + 1))
  done_testing
  exit
fi
cp -R "$top_srcdir/examples/saxpy" "$tmpdir/saxpy" && chmod -R u+w "$tmpdir/saxpy"
check "example builds out of tree with pkg-config kbench" 0 "" \
  env MAKEFLAGS= make -C "$tmpdir/saxpy"
check "installed kbench lists the example" 0 "saxpy \[cuda\]" \
  "$bin" --list --plugin "$tmpdir/saxpy/saxpy.so"
out=$("$bin" --tap --min-time=0 --plugin "$tmpdir/saxpy/saxpy.so" 2>&1)
case $out in
  *"# SKIP no CUDA device"*)
    check "without a GPU the example is skipped, exit 5" 5 "SKIP no CUDA device" \
      "$bin" --min-time=0 --plugin "$tmpdir/saxpy/saxpy.so" ;;
  *)
    check "the example runs and verifies on the GPU" 0 "saxpy .* ok" \
      "$bin" --min-time=0 --plugin "$tmpdir/saxpy/saxpy.so" ;;
esac
done_testing
