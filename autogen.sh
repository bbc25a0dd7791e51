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
# (runner/analyze/script.c); Debian's python3-matplotlib and
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
# a jinja2 template with its figures), the third is what
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
can_import matplotlib || need python3-matplotlib
can_import "matplotlib, jinja2" || need python3-jinja2
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
can_import matplotlib || still="$still python3-matplotlib (kbench plot, kbench report)"
can_import "matplotlib, jinja2" || still="$still python3-jinja2 (kbench report)"
have groff || still="$still groff-base (make check: the man page's rendering)"
have cmake || still="$still cmake (make check: the CMake package)"
[ -z "$still" ] || echo "autogen.sh: still missing:$still" >&2
exec autoreconf -fi
