#!/bin/sh
# The set-up step: install what building and testing kbench needs, then
# regenerate the build system.  As root with apt, the missing Debian
# packages are installed; otherwise the apt-get line to run is printed, and
# autoreconf still runs when the autotools are there.
#   ./autogen.sh            set up and autoreconf
#   ./autogen.sh --no-deps  autoreconf only (say what is missing, install nothing)
set -e
cd "$(dirname "$0")"
install=yes
case ${1-} in
  --no-deps) install=no ;;
  "") ;;
  *) echo "usage: $0 [--no-deps]" >&2; exit 2 ;;
esac
have() { command -v "$1" >/dev/null 2>&1; }

# kbench plot and kbench report run the first of $KBENCH_PYTHON, python3
# on PATH and /usr/bin/python3 that imports what they need
# (runner/commands/script.c); Debian's python3-matplotlib and
# python3-jinja2 serve the last.
can_import() {
  for py in ${KBENCH_PYTHON:-} python3 /usr/bin/python3; do
    "$py" -c "import $1" >/dev/null 2>&1 && return 0
  done
  return 1
}

# Each missing need adds its Debian package: the first group builds, the
# second makes every subcommand work (kbench compare and fleet read JSON
# through json-c, kbench plot draws with matplotlib, kbench report fills
# a jinja2 template with its figures, kbench history finds change points
# with scipy and ruptures), the third is what
# make check exercises besides (groff renders the man page, cmake builds
# examples/cmake against the installed CMake package, script(1) gives the
# progress line a terminal).
missing=
need() { missing="$missing $1"; }
have autoreconf || need autoconf
have automake || need automake
have libtoolize || need libtool
have pkg-config || need pkg-config
have make || need make
have g++ || need g++          # nvcc's host compiler (gcc comes with it)
pkg-config --exists json-c 2>/dev/null || need libjson-c-dev
# SHA-256 for recognising the catalogue's libraries (runner/plan/trust.h).
pkg-config --exists nettle 2>/dev/null || need nettle-dev
# The worker's seccomp filter (docs/security.md); configure goes on
# without it, and says what such a build lacks.
pkg-config --exists libseccomp 2>/dev/null || need libseccomp-dev
can_import matplotlib || need python3-matplotlib
can_import "matplotlib, jinja2" || need python3-jinja2
# kbench history: scipy (Student's t) from Debian, and pip to install
# ruptures (PELT), which Debian does not package, from PyPI below.
can_import "matplotlib, jinja2, scipy" || need python3-scipy
can_import ruptures || /usr/bin/python3 -m pip --version >/dev/null 2>&1 ||
  need python3-pip
have groff || need groff-base
have cmake || need cmake
have script || need bsdutils

if [ -n "$missing" ]; then
  if [ $install = yes ] && [ "$(id -u)" = 0 ] && have apt-get; then
    echo "autogen.sh: installing$missing" >&2
    apt-get update -qq || true
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      $missing >/dev/null || echo "autogen.sh: apt-get install failed" >&2
  else
    echo "autogen.sh: missing:$missing" >&2
    echo "autogen.sh: to install them, as root: apt-get install$missing" >&2
  fi
fi

# ruptures from PyPI for the Python that has Debian's matplotlib, jinja2
# and scipy: as root into /usr/local (Debian's place for what its package
# manager does not own, on /usr/bin/python3's path), else for the user;
# --no-deps keeps Debian's numpy and scipy, which it needs.
if [ $install = yes ] && ! can_import "matplotlib, jinja2, scipy, ruptures"; then
  for py in ${KBENCH_PYTHON:-} python3 /usr/bin/python3; do
    "$py" -c "import matplotlib, jinja2, scipy" >/dev/null 2>&1 || continue
    where=--user
    [ "$(id -u)" = 0 ] && where=
    echo "autogen.sh: installing ruptures for $py (pip)" >&2
    # shellcheck disable=SC2086
    "$py" -m pip install -q $where --no-deps --break-system-packages ruptures \
      >/dev/null 2>&1 ||
      "$py" -m pip install -q $where --no-deps ruptures >/dev/null 2>&1 ||
      echo "autogen.sh: pip install ruptures failed" >&2
    break
  done
fi

for tool in autoreconf automake libtoolize pkg-config; do
  if ! have $tool; then
    echo "autogen.sh: need autoconf, automake, libtool and pkg-config" \
      "to make configure" >&2
    exit 1
  fi
done
# What is still missing after the install: configure stops without json-c
# (unless --without-json-c); the rest costs a subcommand or a test.
still=
pkg-config --exists json-c 2>/dev/null || still="$still libjson-c-dev (kbench compare, kbench fleet)"
pkg-config --exists nettle 2>/dev/null || still="$still nettle-dev (configure stops without it)"
can_import matplotlib || still="$still python3-matplotlib (kbench plot, kbench report)"
can_import "matplotlib, jinja2" || still="$still python3-jinja2 (kbench report)"
can_import "matplotlib, jinja2, scipy, ruptures" ||
  still="$still python3-scipy and ruptures from PyPI (kbench history)"
have groff || still="$still groff-base (make check: the man page's rendering)"
have cmake || still="$still cmake (make check: the CMake package)"
[ -z "$still" ] || echo "autogen.sh: still missing:$still" >&2
exec autoreconf -fi
