#!/bin/sh
# The Spack recipe (packaging/spack/; README.md: Install from a package):
# `spack install kbench` builds this tree's `make dist` tarball offline,
# from a file mirror, with this machine's CUDA toolkit and libraries as
# externals (packaging/spack/externals.sh); `spack load kbench` puts the
# installed kbench on PATH, which lists the catalogue and runs the host
# cases as its own.  Where `spack` is on PATH: a Spack of the user's, so
# its user scope (SPACK_USER_CONFIG_PATH), install tree and stage are this
# script's own; the user's caches, such as a bootstrapped clingo, are
# shared.
. "$top_srcdir/tests/shell/lib.sh"
if ! command -v spack > /dev/null 2>&1; then
  echo "1..0 # SKIP no spack on PATH (packaging/spack/README.md: how it was tested)"
  exit 0
fi
if why=$(built_from_tarball); then
  echo "1..0 # SKIP $why"
  exit 0
fi
SPACK_USER_CONFIG_PATH=$tmpdir/spack-user
export SPACK_USER_CONFIG_PATH
scope=$tmpdir/scope
mkdir -p "$scope" "$tmpdir/mirror/kbench"
tarball=$(dist_tarball "$tmpdir")
if [ ! -f "$tarball" ]; then
  not_ok "make dist's tarball: $(tail -n 5 "$tmpdir"/kbench-*.log | tr '\n' ' ')"
  done_testing
  exit
fi
cp "$tarball" "$tmpdir/mirror/kbench/"
check "externals.sh lists this machine's toolkit and libraries" 0 "" \
  sh -c 'sh "$1/packaging/spack/externals.sh" > "$2/packages.yaml"' _ "$top_srcdir" "$scope"
printf 'repos:\n- %s/packaging/spack\n' "$top_srcdir" > "$scope/repos.yaml"
printf 'mirrors:\n  kbench-test: file://%s/mirror\n' "$tmpdir" > "$scope/mirrors.yaml"
printf 'config:\n  install_tree:\n    root: %s/opt\n  build_stage:\n  - %s/stage\n  source_cache: %s/source-cache\n' \
  "$tmpdir" "$tmpdir" "$tmpdir" > "$scope/config.yaml"
# Without make check's MAKEFLAGS: under make -j2 check Spack failed to
# downgrade its install lock ("Bad file descriptor").  At the lowest
# priority, as deb.sh's build: the tests that time the host come first.
sp() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL nice -n 19 spack -C "$scope" "$@"; }
check "spack compiler find, into this script's user scope" 0 "" \
  sp compiler find --scope=user

# The recipe's sha256 is its release tarball's, not this one's.
t0=$(date +%s)
sp install --no-checksum kbench > "$tmpdir/install.log" 2>&1
rc=$?
echo "# spack install: $(( $(date +%s) - t0 )) s"
check "spack install kbench: from the mirror, built and installed" 0 \
  "Successfully installed kbench-" sh -c 'tail -n 30 "$1"; exit $2' _ "$tmpdir/install.log" $rc
check "it fetched the tarball from the file mirror, nothing else" 0 "" \
  sh -c '! grep -Eq "Fetching https?:" "$1"' _ "$tmpdir/install.log"

prefix=$(sp location -i kbench 2> /dev/null)
loaded=$(sp load --sh kbench 2> "$tmpdir/load.err")
assert "spack load kbench" test -n "$loaded"
eval "$loaded"
check "it puts Spack's kbench on PATH" 0 "^$prefix/bin/kbench$" command -v kbench
version=$("$KBENCH" --version | head -n 1)
assert "kbench --version: $version" test "$(kbench --version | head -n 1)" = "$version"
check_catalogue "$(command -v kbench)" "spack load kbench"
check "spack uninstall kbench" 0 "" sp uninstall -y kbench
assert "...leaves no kbench in the install tree" test ! -e "$prefix"
done_testing
