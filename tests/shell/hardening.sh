#!/bin/sh
# The worker resists rewriting (docs/security.md): the kbench binary, which
# is also the worker (fork+exec of itself), is linked with full RELRO and
# immediate binding, so that its GOT is read-only before any plugin loads
# and no PLT slot can be rewritten with a plain store.
. "$top_srcdir/tests/shell/lib.sh"

if ! command -v readelf >/dev/null 2>&1; then
  echo "1..0 # SKIP readelf (binutils) is not installed"
  exit 0
fi
dyn=$(readelf -d "$KBENCH")
seg=$(readelf -l "$KBENCH")
assert "kbench has a GNU_RELRO segment" \
  sh -c 'printf "%s\n" "$1" | grep -q GNU_RELRO' _ "$seg"
# -z now sets DF_BIND_NOW (BIND_NOW, or NOW among FLAGS) and DF_1_NOW
# (NOW among FLAGS_1); either makes ld.so resolve every symbol at start and
# then lets it make the whole RELRO range, the GOT included, read-only.
assert "kbench is linked with immediate binding (BIND_NOW, FLAGS NOW or FLAGS_1 NOW)" \
  sh -c 'printf "%s\n" "$1" | grep -Eq "\(BIND_NOW\)|\(FLAGS\).* NOW|\(FLAGS_1\).* NOW"' _ "$dyn"
# With lazy binding the PLT's GOT slots (.got.plt) lie outside RELRO and
# stay writable: the adversary rewrote cudaEventElapsedTime's there.
# Under -z now the linker folds them into .got, inside RELRO.
sections=$(readelf -S -W "$KBENCH")
assert "kbench has no writable .got.plt outside RELRO" \
  sh -c '! printf "%s\n" "$1" | grep -q "\.got\.plt"' _ "$sections"
done_testing
