#!/bin/sh
# layering.sh against planted violations: a copy of the sources with a
# file that reaches CUDA through <kbench/kit.h>, files that include each
# CUDA library's header by name, and two modules in a circle that no file
# closes alone (by includes; by an include and a call), and
# docs/architecture.md's list with a room above one it may include, so
# that each of its checks is seen to fail on what it is meant to catch.
. "$top_srcdir/tests/shell/lib.sh"
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
tree=$work/tree build=$work/build
mkdir -p "$tree/tests/shell" "$build/runner/util/.libs"
(cd "$top_srcdir" && find runner plugins include -type f \
   \( -name '*.[ch]' -o -name '*.cu' -o -name '*.cuh' -o -name '*.cpp' \
      -o -name '*.hpp' -o -name README.md \) | tar cf - -T -) |
  tar xf - -C "$tree"
cp "$top_srcdir/tests/shell/lib.sh" "$tree/tests/shell/"
# docs/architecture.md's list with results/ moved above output/, which
# may include it.
mkdir -p "$tree/docs"
awk '/^\| `results\/` \|/ { next }
     /^\| `output\/` \|/ { print held }
     { print }' held="$(grep '^| `results/` |' "$top_srcdir/docs/architecture.md")" \
  "$top_srcdir/docs/architecture.md" > "$tree/docs/architecture.md"

# plant FILE LINE...: a source of the copy, its purpose line first.
plant() {
  f=$tree/runner/$1
  shift
  echo "/* A violation planted by layering_planted.sh. */" > "$f"
  printf '%s\n' "$@" >> "$f"
}
plant output/planted_kit.c '#include <kbench/kit.h>'
libs="cub/cub.cuh thrust/device_vector.h cublas_v2.h curand.h cufft.h
cusparse.h cusolverDn.h nvrtc.h cuda/std/atomic cooperative_groups.h
nvml.h cupti.h"
i=0
for h in $libs; do
  i=$((i + 1))
  plant "output/planted_lib$i.c" "#include <$h>"
done
# A header that includes another whose source includes it back.
plant util/planted_a.h '#include "util/planted_b.h"'
plant util/planted_b.h 'int planted_b(void);'
plant util/planted_b.c '#include "util/planted_a.h"'
# A source that calls into a module whose header includes the caller's:
# read from built objects, so these two are compiled where layering.sh
# looks for objects (here, only they).
plant util/planted_c.h 'int planted_c(void);'
plant util/planted_c.c 'int planted_d(void);' \
  'int planted_c(void) { return planted_d(); }'
plant util/planted_d.h '#include "util/planted_c.h"'
plant util/planted_d.c 'int planted_d(void) { return 1; }'
for m in c d; do
  ${CC:-cc} -c -o "$build/runner/util/.libs/libkbrunner_la-planted_$m.o" \
    "$tree/runner/util/planted_$m.c" || exit 1
done

out=$(top_srcdir=$tree top_builddir=$build sh "$top_srcdir/tests/shell/layering.sh" 2>&1)
printf '%s\n' "$out" | sed 's/^/#   /'

# failed DESCRIPTION PATTERN WHAT: layering.sh's test point DESCRIPTION
# failed and said PATTERN in its comments, on WHAT was planted.
saw_failure() {
  printf '%s\n' "$out" | grep -q "^not ok [0-9]* - $want_desc\$" &&
    printf '%s\n' "$out" | grep -q -- "$want_pattern"
}
failed() {
  want_desc=$1 want_pattern=$2
  assert "$1 fails on $3" saw_failure
}
failed "only the worker's side reaches its rooms' headers or CUDA's" \
  '^# reaches: output/planted_kit.c <cuda>$' '<kbench/kit.h>'
i=0
for h in $libs; do
  i=$((i + 1))
  failed "only the worker's side reaches its rooms' headers or CUDA's" \
    "^# reaches: output/planted_lib$i.c <cuda>\$" "<$h>"
done
failed "no include circle between modules (a file and its header)" \
  '^# a module includes itself through others: util/planted_a$' \
  'util/planted_a.h and planted_b.c'
failed "no circle between modules through includes and calls" \
  '^# a module reaches itself through others: util/planted_c$' \
  'planted_c.c calling planted_d, whose header includes planted_c.h'
failed "docs/architecture.md lists each room above those it may include" \
  '^# output/ may include results/, listed above it in docs/architecture.md$' \
  'results/ listed above output/'
# The file-level checks see none of these circles: the new ones are needed.
file_checks_pass() {
  printf '%s\n' "$out" | grep -q "^ok [0-9]* - no include circle\$" &&
    printf '%s\n' "$out" | grep -q "^ok [0-9]* - no call circle between files\$"
}
assert "no file alone closes the planted circles" file_checks_pass
done_testing
