#!/bin/sh
# The Debian packages as a site gets them (debian/; README.md: Install
# from a package): make deb builds kbench and kbench-dev from this tree's
# `make dist` tarball; dpkg installs them into a fresh root, whose kbench
# lists the catalogue and runs the host cases as its own, and whose
# kbench.pc and CMake package build examples/kit; lintian finds no error;
# and removing them leaves nothing of theirs behind.
. "$top_srcdir/tests/shell/lib.sh"
# Where there is no debhelper (a PATH with make alone): one line that
# names the package to install, exit 2.
mkdir "$tmpdir/nodh" && ln -s "$(command -v "$MAKE")" "$tmpdir/nodh/make"
check "make deb without debhelper: one line naming it, exit 2" 2 \
  "^[^ ]*: \*\*\* make deb needs debhelper: apt-get install debhelper\.  Stop\.$" \
  env PATH="$tmpdir/nodh" MAKEFLAGS= make --no-print-directory -C "$top_builddir" deb
assert "...and nothing else" test "$(printf '%s\n' "$out" | wc -l)" = 1
if ! command -v dh > /dev/null 2>&1; then
  skip "the packages" "no debhelper (Debian: apt-get install debhelper, as .ci/run does)"
  done_testing
  exit
fi
# Not again from the tarball under make distcheck or inside a package's
# build: that would add minutes (CI has two cores) and prove nothing new.
if why=$(built_from_tarball); then
  skip "the packages" "$why"
  done_testing
  exit
fi

# logged LOG COMMAND [ARG]...: COMMAND's output into LOG, its last lines
# on stdout, its exit status.
logged() {
  log=$1
  shift
  "$@" > "$log" 2>&1
  rc=$?
  tail -n 20 "$log"
  return $rc
}

deb=$tmpdir/deb
t0=$(date +%s)
tarball=$(dist_tarball "$tmpdir")
if [ ! -f "$tarball" ]; then
  not_ok "make dist's tarball: $(tail -n 5 "$tmpdir"/kbench-*.log | tr '\n' ' ')"
  done_testing
  exit
fi
# At the lowest priority: under make -j2 check on two cores, the tests
# that time the host beside it come first.
check "make deb builds the packages from it" 0 "^make deb: built in" \
  logged "$tmpdir/make-deb.log" env DEB_BUILD_OPTIONS=nocheck nice -n 19 \
  "$MAKE" -C "$top_builddir" deb DEB_TARBALL="$tarball" DEB_DIR="$deb"
echo "# the tarball and make deb: $(( $(date +%s) - t0 )) s"
kb=$(ls "$deb"/kbench_*.deb 2> /dev/null)
dev=$(ls "$deb"/kbench-dev_*.deb 2> /dev/null)
if [ ! -f "$kb" ] || [ ! -f "$dev" ]; then
  not_ok "kbench_*.deb and kbench-dev_*.deb in $deb"
  done_testing
  exit
fi
field() { dpkg-deb -f "$1" "$2"; }

version=$("$KBENCH" --version | sed -n '1s/^kbench \([^ ]*\) .*/\1/p')
assert "the package is kbench $version's (debian/changelog: $(field "$kb" Version))" \
  test "$(field "$kb" Version | sed 's/-[^-]*$//')" = "$version"
depends=$(field "$kb" Depends)
for lib in libjson-c5 libseccomp2 libnettle8; do
  assert "kbench depends on $lib, as dpkg-shlibdeps found" \
    sh -c 'printf "%s\n" "$1" | grep -q "\(^\|, \)$2 "' _ "$depends" "$lib"
done
assert "and on nothing of CUDA's, the site's toolkit ($depends)" \
  sh -c '! printf "%s\n" "$1" | grep -qi "cuda\|cupti"' _ "$depends"
assert "kbench-dev depends on this kbench" \
  test "$(field "$dev" Depends | grep -o 'kbench (= [^)]*)')" = "kbench (= $(field "$kb" Version))"

if command -v lintian > /dev/null 2>&1; then
  lintian "$deb"/kbench_*.changes > "$tmpdir/lintian.txt" 2>&1
  check "lintian: no error (warnings: debian/*.lintian-overrides say why)" 0 "" \
    sh -c '! grep "^E:" "$1"' _ "$tmpdir/lintian.txt"
  sed 's/^/# lintian: /' "$tmpdir/lintian.txt"
else
  skip "lintian: no error" "no lintian (Debian: apt-get install lintian)"
fi

# A fresh root with an empty dpkg database: what is in it before the
# install is what must be in it after the packages are purged.
root=$tmpdir/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" &&
  : > "$root/var/lib/dpkg/status"
tree() { (cd "$root" && find . ! -path './var/lib/dpkg*' ! -path './var/log*' | sort); }
tree > "$tmpdir/before"
dpkg_root() { dpkg --root="$root" --force-not-root --force-depends "$@"; }
check "dpkg --root installs kbench and kbench-dev" 0 "" \
  dpkg_root -i "$kb" "$dev"
bin=$root/usr/bin/kbench
listed() { dpkg --root="$root" -L "$1" 2> /dev/null; }
for f in /usr/bin/kbench '/usr/lib/.*/kbench/plugins/reduce_cpu\.so' \
  '/usr/lib/.*/kbench/plugins/catalogue\.sha256' /usr/libexec/kbench/kbench-report \
  /usr/share/man/man1/kbench\.1\.gz; do
  assert "kbench holds $f" sh -c 'dpkg --root="$1" -L kbench | grep -qx "$2"' _ "$root" "$f"
done
for f in /usr/include/kbench/plugin\.h /usr/include/kbench/kit\.h \
  '/usr/lib/.*/pkgconfig/kbench\.pc' '/usr/lib/.*/cmake/kbench/kbench-config\.cmake'; do
  assert "kbench-dev holds $f" sh -c 'dpkg --root="$1" -L kbench-dev | grep -qx "$2"' _ "$root" "$f"
done
assert "no libtool archive is shipped" sh -c '! dpkg --root="$1" -L kbench | grep -q "\.la$"' _ "$root"

# The installed kbench finds the installed catalogue, and knows it as its
# own: dh_strip changed the libraries after make install recorded their
# SHA-256, and debian/rules records them anew.
check "the installed kbench --version is $version" 0 "^kbench $version " "$bin" --version
case $(field "$kb" Description) in
  *"host-only"*)
    check "a host-only package says so, and so does its kbench --version" 0 \
      "^built without CUDA" "$bin" --version ;;
  *)
    check "a CUDA package: its kbench --version names no host-only build" 0 "" \
      sh -c '! "$1" --version | grep -q "without CUDA"' _ "$bin" ;;
esac
check_catalogue "$bin" "dpkg --root"
quick="--min-samples=3 --max-samples=5 --min-time=0 --warmup=1"

# A plugin's build against the installed kit: kbench.pc, with its prefix
# moved into the root, and the CMake package, found from its own place.
cp -R "$top_srcdir/examples" "$tmpdir/examples" && chmod -R u+w "$tmpdir/examples"
pcdir=$(dirname "$root"/usr/lib/*/pkgconfig/kbench.pc)
pkgconf="pkg-config --define-variable=prefix=$root/usr"
cudakbench=$(PKG_CONFIG_LIBDIR=$pcdir $pkgconf --variable=nvcc kbench)
# on_gpu PLUGIN: whether the installed kbench finds a device for it.
on_gpu() {
  ! "$bin" --tap --min-time=0 --plugin "$1" 2>&1 | grep -q "# SKIP no CUDA device"
}
if [ -n "$cudakbench" ]; then
  check "examples/kit builds with the installed pkg-config kbench" 0 "" \
    env PKG_CONFIG="$pkgconf" PKG_CONFIG_LIBDIR="$pcdir" MAKEFLAGS= make -C "$tmpdir/examples/kit"
  check "the installed kbench lists its scale.so" 0 "^scale \[cuda\]" \
    "$bin" --list --plugin "$tmpdir/examples/kit/scale.so"
  if on_gpu "$tmpdir/examples/kit/scale.so"; then
    check "and runs it, verified" 0 "^scale .* ok$" \
      "$bin" $quick --plugin "$tmpdir/examples/kit/scale.so"
  else
    skip "the installed kbench runs examples/kit's scale.so" "no CUDA device"
  fi
else
  check "host-only: examples/kit says kbench.pc names no nvcc" 2 "names no nvcc" \
    env PKG_CONFIG="$pkgconf" PKG_CONFIG_LIBDIR="$pcdir" MAKEFLAGS= make -C "$tmpdir/examples/kit"
fi
cmakedir=$(dirname "$root"/usr/lib/*/cmake/kbench/kbench-config.cmake)
if command -v cmake > /dev/null 2>&1; then
  check "examples/cmake configures with the installed CMake package" 0 "" \
    cmake -S "$tmpdir/examples/cmake" -B "$tmpdir/cmake-build" -Dkbench_DIR="$cmakedir"
  check "and builds" 0 "" env MAKEFLAGS= cmake --build "$tmpdir/cmake-build"
  check "the installed kbench runs its saxpy_cpu.so, verified" 0 "^saxpy_cpu .* ok$" \
    "$bin" $quick --plugin "$tmpdir/cmake-build/saxpy_cpu.so"
  if [ -n "$cudakbench" ]; then
    check "and lists examples/kit's histogram.so, built by CMake" 0 "^histogram_shared \[cuda\]" \
      "$bin" --list --plugin "$tmpdir/cmake-build/histogram.so"
  fi
else
  skip "examples/cmake with the installed CMake package" "no cmake (apt-get install cmake)"
fi

check "dpkg --root purges kbench-dev and kbench" 0 "" dpkg_root --purge kbench-dev kbench
tree > "$tmpdir/after"
check "nothing of theirs is left in the root" 0 "" \
  diff "$tmpdir/before" "$tmpdir/after"
done_testing
