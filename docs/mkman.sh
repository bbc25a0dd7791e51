#!/bin/sh
# Bring docs/kbench.1.in up to date: help2man's page from kbench --help and
# --version and the include file, with the configured plugin directory left
# as @plugindir@ (docs/local.mk says when and why).
#   HELP2MAN=help2man mkman.sh KBENCH INCLUDE PLUGINDIR OUT
kbench=$1 include=$2 plugindir=$3 out=$4
# Each subcommand gets a section of its own, made from its --help as the
# page is made from kbench's: those of C, whose --help is always there, and
# those of Python, whose --help needs their modules (so their sources, not
# their --help, are in the checksum below).  man.sh checks that every
# subcommand kbench --help names has its section.
native="compare fleet new tune"
python="plot report history"
scripts=$(dirname "$include")/../scripts

# The first line of --version alone, the same in every build: a build
# without CUDA says so on a second line, which is not the page's.
version=$("$kbench" --version | head -n 1)

# The page's last line records a checksum of what it is made from; while
# that matches, there is nothing to do.
sum=$({ { "$kbench" --help
          for s in $native; do "$kbench" "$s" --help; done; } |
        sed "s|$plugindir|@plugindir@|g"
        echo "$version"; cat "$include" "$0"
        for s in $python; do cat "$scripts/kbench-$s"; done; } |
      cksum | cut -d' ' -f1)
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
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
cp "$include" "$work/include.h2m" || exit 1
# A subcommand's page, as help2man makes it of kbench SUB run as a program
# of its own, from its SYNOPSIS (Python's usage has none: its DESCRIPTION)
# on: its section, [KBENCH SUB], its DESCRIPTION the section's text and
# its other sections subsections.
for s in $native $python; do
  # Python's argparse fills --help to $COLUMNS: one line of usage, which
  # help2man reads whole (it takes a wrapped one's lines for headings).
  printf '#!/bin/sh\nCOLUMNS=200 exec "%s" %s "$@"\n' \
    "$kbench" "$s" > "$work/kbench" && chmod +x "$work/kbench" &&
  $HELP2MAN --no-info --version-string="$version" --output="$work/$s.1" \
    "$work/kbench" || {
    echo "$out: help2man could not run kbench $s --help" >&2
    exit 1
  }
  printf '[KBENCH %s]\n' "$(echo "$s" | tr a-z A-Z)" >> "$work/include.h2m"
  sed -n '/^\.SH \(SYNOPSIS\|DESCRIPTION\)$/,$p' "$work/$s.1" |
    sed -e '1d' -e "s|$plugindir|@plugindir@|g" \
      -e "s/\\\\fI\\\\,$s \\\\\/\\\\fR/$s /" \
      -e 's/^\.SH DESCRIPTION$/.PP/' -e 's/^\.SH \(.*\)$/.SS \1/' \
    >> "$work/include.h2m" || exit 1
done
$HELP2MAN --no-info --version-string="$version" \
  --include="$work/include.h2m" --output="$work/page.h2m" "$kbench" || exit 1
# --help's "Exit status (...):" group becomes the EXIT STATUS section
# (GNU sed: \n and \u in the replacement).  The draft is this run's own
# (parallel makes, such as the tests' installs, may each remake the page),
# beside the page so that the rename replaces it whole.
sed -e "s|$plugindir|@plugindir@|g" \
  -e 's/^\.SS "Exit status (\(.*\)):"$/.SH "EXIT STATUS"\n\u\1:/' \
  "$work/page.h2m" > "$out.$$.tmp" && echo "$tag $sum" >> "$out.$$.tmp" ||
  { rm -f "$out.$$.tmp"; exit 1; }
mv -f "$out.$$.tmp" "$out"
