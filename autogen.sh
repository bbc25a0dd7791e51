#!/bin/sh
# Regenerate the build system.  Installs the autotools from Debian's
# packages first when they are missing and we are allowed to.
set -e
cd "$(dirname "$0")"
missing=
for tool in autoreconf automake libtoolize pkg-config; do
  command -v $tool >/dev/null 2>&1 || missing=yes
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "autogen.sh: installing autoconf automake libtool pkg-config" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      autoconf automake libtool pkg-config >/dev/null
  else
    echo "autogen.sh: need autoconf, automake, libtool and pkg-config" >&2
    exit 1
  fi
fi
exec autoreconf -fi
