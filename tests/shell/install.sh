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
workers() {
  python3 -c 'import json, sys
print(len({e["worker"] for e in json.load(open(sys.argv[1]))["benchmarks"]}))' "$1"
}
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
# names the program; without a Python that can run it, it says so.
check "moved: kbench history finds its script" 0 \
  "usage: kbench history|no Python that can import" "$moved" history --help
done_testing
