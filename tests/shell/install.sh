#!/bin/sh
# An installed kbench finds what was installed beside it (its plugins, its
# Python scripts) relative to itself: staged under make install DESTDIR=,
# and moved whole to another prefix, as after ./configure --prefix=ELSEWHERE
# that rebuilt nothing (issue 42: the installed kbench looked in
# /usr/local/lib/kbench/plugins and found no plugins).
. "$top_srcdir/tests/shell/lib.sh"
staged_install
staged=$root$prefix
plugins=$(pkg-config --variable=plugindir kbench | sed "s|^$prefix||")

check "staged: the staged kbench names its staged plugin directory" 0 \
  "then $staged$plugins;" "$bin" --help
check "staged: it lists the staged catalogue's host variants" 0 \
  "^reduce_cpu " "$bin" --list
mv "$staged" "$tmpdir/moved"
moved=$tmpdir/moved/${bin#"$staged"/}
check "moved: --help names the plugin directory beside it" 0 \
  "then $tmpdir/moved$plugins;" "$moved" --help
check "moved: it finds a catalogue plugin by name and runs it" 0 \
  "^copy_cpu +n=1K .* ok" "$moved" --min-time=0 --param n=1K copy_cpu
check "moved: an unknown name lists the moved directory among those searched" 3 \
  "$tmpdir/moved$plugins" "$moved" --plugin nosuch
# The scripts (libexec): kbench history runs its own copy, whose usage
# names the program; without a Python that can run it, it says so.
check "moved: kbench history finds its script" 0 \
  "usage: kbench history|no Python that can import" "$moved" history --help
done_testing
