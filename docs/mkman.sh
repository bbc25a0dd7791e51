#!/bin/sh
# Bring docs/kbench.1.in up to date: help2man's page from kbench --help and
# --version and the include file, with the configured plugin directory left
# as @plugindir@ (docs/local.mk says when and why).
#   HELP2MAN=help2man mkman.sh KBENCH INCLUDE PLUGINDIR OUT
kbench=$1 include=$2 plugindir=$3 out=$4

# The page's last line records a checksum of what it is made from; while
# that matches, there is nothing to do.
sum=$({ "$kbench" --help | sed "s|$plugindir|@plugindir@|g"
        "$kbench" --version; cat "$include" "$0"; } | cksum | cut -d' ' -f1)
tag=".\\\" made from kbench --help, --version and the include, cksum"
if test -f "$out" && grep -qxF "$tag $sum" "$out"; then
  exit 0
fi
# Without help2man an old page is still a page: warn, do not fail.
if test -z "$HELP2MAN" && test -f "$out"; then
  echo "WARNING: $out is out of date: kbench --help or $include changed;" \
    "install help2man and run make to remake it" >&2
  exit 0
elif test -z "$HELP2MAN"; then
  echo "$out is missing, and making it takes help2man" >&2
  exit 1
fi

echo "  GEN      $out"
$HELP2MAN --no-info --include="$include" --output="$out.h2m" "$kbench" \
  || exit 1
# --help's "Exit status (...):" group becomes the EXIT STATUS section
# (GNU sed: \n and \u in the replacement).
sed -e "s|$plugindir|@plugindir@|g" \
  -e 's/^\.SS "Exit status (\(.*\)):"$/.SH "EXIT STATUS"\n\u\1:/' \
  "$out.h2m" > "$out.tmp" && echo "$tag $sum" >> "$out.tmp" || exit 1
rm -f "$out.h2m"
mv -f "$out.tmp" "$out"
