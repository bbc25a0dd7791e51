#!/bin/sh
# Write docs/kbench.1.in: help2man's page from kbench --help and --version
# and the include file, with the configured plugin directory left as
# @plugindir@ (docs/local.mk says when and why).
#   HELP2MAN=help2man mkman.sh KBENCH INCLUDE PLUGINDIR OUT [NEWER...]
# Without help2man it warns, naming the NEWER sources, and leaves OUT as it
# is: a page that may be out of date is no reason to fail a build.
kbench=$1 include=$2 plugindir=$3 out=$4
shift 4
if test -z "$HELP2MAN" && test ! -f "$out"; then
  echo "$out is missing, and making it takes help2man" >&2
  exit 1
elif test -z "$HELP2MAN"; then
  echo "WARNING: $out may be out of date: older than $*;" \
    "install help2man and run make to remake it" >&2
  exit 0
fi
$HELP2MAN --no-info --include="$include" --output="$out.h2m" "$kbench" \
  || exit 1
# --help's "Exit status (...):" group becomes the EXIT STATUS section
# (GNU sed: \n and \u in the replacement).
sed -e "s|$plugindir|@plugindir@|g" \
  -e 's/^\.SS "Exit status (\(.*\)):"$/.SH "EXIT STATUS"\n\u\1:/' \
  "$out.h2m" > "$out.tmp" || exit 1
rm -f "$out.h2m"
# Keep the page when only help2man's date line changed, so that a fresh
# checkout's build does not rewrite it; touch it so make is satisfied.
body() { sed -e '/^\.TH /d' "$1"; }
if test -f "$out" && test "$(body "$out")" = "$(body "$out.tmp")"; then
  rm -f "$out.tmp"
  touch "$out"
else
  mv -f "$out.tmp" "$out"
fi
