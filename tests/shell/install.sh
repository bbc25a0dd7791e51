#!/bin/sh
# An installed kbench finds what was installed beside it (its plugins, its
# Python scripts) relative to itself: staged under make install DESTDIR=,
# and moved whole to another prefix, as after ./configure --prefix=ELSEWHERE
# that rebuilt nothing (issue 42: the installed kbench looked in
# /usr/local/lib/kbench/plugins and found no plugins); and make install
# prefix=DIR, whose kbench.pc and CMake package name DIR.
. "$top_srcdir/tests/shell/lib.sh"
staged_install
staged=$root$prefix
plugins=$(pkg-config --variable=plugindir kbench | sed "s|^$prefix||")

check "staged: the staged kbench names its staged plugin directory" 0 \
  "then $staged$plugins;" "$bin" --help
check "staged: it lists the staged catalogue's host variants" 0 \
  "^reduce_cpu " "$bin" --list
# The catalogue is known by content: the install records each library's
# SHA-256 beside it; a library changed after that runs as a third party,
# and the run says why.
lib=$staged$plugins
assert "staged: the install recorded the catalogue's digests" \
  grep -q '  copy_cpu\.so$' "$lib/catalogue.sha256"
json=$tmpdir/staged.json
check "staged: reduce_cpu and copy_cpu, as installed, run" 0 "^copy_cpu .* ok" \
  "$bin" --min-time=0 --param n=1K --json="$json" \
  --plugin "$lib/reduce_cpu.so" --plugin "$lib/copy_cpu.so"
assert "staged: ...in one worker, the catalogue's" test "$(workers "$json")" = 1
printf 'x' >> "$lib/copy_cpu.so"
check "staged: copy_cpu changed after the install: it runs, and the run says why" \
  0 "copy_cpu.so is named as kbench's own but its content is not what was built or installed .*: it runs as a third party" \
  "$bin" --min-time=0 --param n=1K --json="$json" \
  --plugin "$lib/reduce_cpu.so" --plugin "$lib/copy_cpu.so"
assert "staged: ...in a worker of its own" test "$(workers "$json")" = 2

mv "$staged" "$tmpdir/moved"
moved=$tmpdir/moved/${bin#"$staged"/}
check "moved: --help names the plugin directory beside it" 0 \
  "then $tmpdir/moved$plugins;" "$moved" --help
check "moved: it finds a catalogue plugin by name and runs it" 0 \
  "^copy_cpu +n=1K .* ok" "$moved" --min-time=0 --param n=1K copy_cpu
check "moved: an unknown name lists the moved directory among those searched" 3 \
  "$tmpdir/moved$plugins" "$moved" --plugin nosuch
# The scripts (libexec): kbench history runs its own copy, whose usage
# names the program; without a Python that has its modules, a skip that
# names the ones missing.
# missing: the modules that none of the Pythons kbench tries can import
# (runner/commands/script.c: $KBENCH_PYTHON, python3, /usr/bin/python3).
missing=
for m in matplotlib jinja2 scipy ruptures; do
  found=
  for py in ${KBENCH_PYTHON:-} python3 /usr/bin/python3; do
    "$py" -c "import $m" > /dev/null 2>&1 && found=yes && break
  done
  [ -n "$found" ] || missing="$missing $m"
done
if "$moved" history --help > /dev/null 2>&1 || [ -z "$missing" ]; then
  check "moved: kbench history finds its script" 0 \
    "usage: kbench history" "$moved" history --help
else
  skip "moved: kbench history finds its script" \
    "no Python here imports$missing"
fi

# make install prefix=DIR, which GNU's standards allow without configure:
# kbench.pc and the CMake package name DIR (issue 51: they named
# configure's /usr/local, and a plugin's build found no header).  It
# rebuilds nothing in the build tree, whose kbench other tests are
# running (an installed kbench finds its plugins relative to itself: the
# moved tests above).
kbp=$tmpdir/kbp
assert "make install prefix=DIR: exit 0" \
  sh -c "$MAKE -C '$top_builddir' install prefix='$kbp' >'$tmpdir/prefix.log' 2>&1"
assert "... and it rebuilt nothing in the build tree" \
  sh -c "! grep -E '^ *(CC|CCLD|GEN) +(kbench|runner/)' '$tmpdir/prefix.log'"
check "... its kbench.pc says prefix=DIR" 0 "^prefix=$kbp$" \
  cat "$kbp/lib/pkgconfig/kbench.pc"
check "... pkg-config --cflags kbench gives DIR/include" 0 "^-I$kbp/include *$" \
  env PKG_CONFIG=pkg-config PKG_CONFIG_PATH="$kbp/lib/pkgconfig" pkg-config --cflags kbench
check "... its CMake package names DIR" 0 "^set\(_kbench_prefix \[=\[$kbp\]=\]\)$" \
  cat "$kbp/lib/cmake/kbench/kbench-config.cmake"
(cd "$tmpdir" && "$kbp/bin/kbench" new my_host --host > /dev/null 2>&1)
check "... kbench new my_host --host builds against it with pkg-config" 0 "" \
  env PKG_CONFIG=pkg-config PKG_CONFIG_PATH="$kbp/lib/pkgconfig" MAKEFLAGS= \
  make -C "$tmpdir/my_host"
check "... and the installed kbench runs it" 0 "^my_host +n=64K .* ok$" \
  "$kbp/bin/kbench" --min-time=0 --param n=64K --plugin "$tmpdir/my_host/my_host.so"
done_testing
