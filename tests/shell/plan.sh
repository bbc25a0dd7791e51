#!/bin/sh
# The plan of runner/ is true: each rule below is checked on the sources,
# then on a copy of them with a violation of it planted, which it must
# catch (as layering_planted.sh does for layering.sh).
. "$top_srcdir/tests/shell/lib.sh"
top=$top_srcdir
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

# The headers make writes (nodist_ sources of runner/*/local.mk): no guard,
# and named by comments though absent from a clean tree.
generated() {
  for mk in "$top"/runner/*/local.mk "$top"/runner/*/*/local.mk; do
    [ -f "$mk" ] || continue
    dir=${mk#"$top"/}
    dir=${dir%/local.mk}
    sed -n 's/^nodist_runner_libkbrunner_la_SOURCES *+*= *//p' "$mk" |
      tr ' ' '\n' | sed -n "s|^%reldir%/|$dir/|p"
  done
}
generated > "$work/generated"

# verdict DESCRIPTION: ok when $bad is empty, else its lines and not ok.
verdict() {
  if [ -z "$bad" ]; then
    ok "$1"
  else
    printf '%s\n' "$bad" | sed '/^$/d; s/^/# /'
    not_ok "$1"
  fi
}

# 1. guards ROOT: the headers of ROOT's runner/ and include/kbench/ whose
# guard is not named after the file, and the guards two headers share.  A
# guard is KB_ (KBENCH_ in include/kbench/), then any of the file's
# folders in order, then its name, uppercased with '.' and '/' as '_',
# ending _H (_HPP for a .hpp): runner/commands/compare/judge.h may be
# KB_JUDGE_H or KB_COMPARE_JUDGE_H.  The #define right after names it too.
guards() {
  (cd "$1" && find runner include/kbench -type f \
     \( -name '*.h' -o -name '*.hpp' \)) | LC_ALL=C sort |
    grep -vxF -f "$work/generated" |
    while read -r f; do
      g=$(sed -n 's/^#ifndef[[:space:]]\{1,\}\([A-Za-z0-9_]*\).*/\1/p' \
            "$1/$f" | head -n 1)
      d=$(sed -n 's/^#define[[:space:]]\{1,\}\([A-Za-z0-9_]*\).*/\1/p' \
            "$1/$f" | head -n 1)
      echo "$f ${g:--} ${d:--}"
    done > "$work/guards"
  awk '
    function upper(s) { s = toupper(s); gsub(/[.\/]/, "_", s); return s }
    {
      f = $1; g = $2; d = $3
      if (f ~ /^include\/kbench\//) { pre = "KBENCH_"; rel = substr(f, 16) }
      else { pre = "KB_"; rel = substr(f, 8) }
      n = split(rel, part, "/")
      want = pre "[" "FOLDERS_]" upper(part[n])
      ok = 0
      if (index(g, pre) == 1) {
        rest = substr(g, length(pre) + 1)
        base = upper(part[n])
        if (length(rest) >= length(base) &&
            substr(rest, length(rest) - length(base) + 1) == base) {
          lead = substr(rest, 1, length(rest) - length(base))
          # lead: some of the folders, in order, each followed by _
          for (i = 1; i < n && lead != ""; i++) {
            p = upper(part[i]) "_"
            if (index(lead, p) == 1) lead = substr(lead, length(p) + 1)
          }
          ok = lead == ""
        }
      }
      if (!ok)
        print f ": guard " g ", not named after the file (" want ")"
      else if (d != g)
        print f ": #ifndef " g " but #define " d
      seen[g] = seen[g] " " f
      count[g]++
    }
    END {
      for (g in count)
        if (count[g] > 1) print "guard " g " is defined by" seen[g]
    }' "$work/guards" | LC_ALL=C sort
}

# rules ROOT: each rule's failures on ROOT, in $work/failed.RULE.
rules() {
  guards "$1" > "$work/failed.guards"
}

rules "$top"
bad=$(cat "$work/failed.guards")
verdict "header guards are named after their files and unique"

# The same rules on a copy with a violation of each planted: each must
# fail, naming what was planted.
tree=$work/tree
mkdir -p "$tree"
(cd "$top" && find runner include -type f \( -name '*.[ch]' -o -name '*.cu' \
   -o -name '*.cuh' -o -name '*.cpp' -o -name '*.hpp' -o -name local.mk \
   -o -name README.md \) | tar cf - -T -) | tar xf - -C "$tree"
planted() {
  f=$tree/$1
  shift
  mkdir -p "${f%/*}"
  printf '%s\n' "/* A violation planted by plan.sh. */" "$@" > "$f"
}
planted runner/util/planted_guard.h '#ifndef KB_OLD_NAME_H' \
  '#define KB_OLD_NAME_H' '#endif'
planted runner/util/verdict.h '#ifndef KB_VERDICT_H' '#define KB_VERDICT_H' \
  '#endif'
rules "$tree"
cat "$work"/failed.* | sed '/^$/d; s/^/#   planted: /'
caught() {  # RULE PATTERN: the planted run of RULE failed, saying PATTERN
  grep -q -- "$2" "$work/failed.$1"
}
assert "a guard named after another file is caught" \
  caught guards '^runner/util/planted_guard.h: guard KB_OLD_NAME_H,'
assert "a guard two headers share is caught" \
  caught guards '^guard KB_VERDICT_H is defined by runner/model/verdict.h runner/util/verdict.h$'
done_testing
