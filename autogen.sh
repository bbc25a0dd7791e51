#!/bin/sh
# Regenerate the build system.  As root with apt, first install what a
# fresh Debian machine lacks to build: the autotools, needed here, and make
# and g++ (nvcc's host compiler), needed next.
set -e
cd "$(dirname "$0")"
have() { command -v "$1" >/dev/null 2>&1; }
missing=
for tool in autoreconf automake libtoolize pkg-config make g++; do
  have $tool || missing="$missing $tool"
done
if [ -n "$missing" ] && [ "$(id -u)" = 0 ] && have apt-get; then
  echo "autogen.sh: installing the build tools (missing:$missing)" >&2
  apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    autoconf automake libtool pkg-config make g++ >/dev/null || true
fi
for tool in autoreconf automake libtoolize pkg-config; do
  if ! have $tool; then
    echo "autogen.sh: need autoconf, automake, libtool and pkg-config" >&2
    exit 1
  fi
done
exec autoreconf -fi
