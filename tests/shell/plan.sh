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

# comments FILE...: each line of the C comments of FILE, "FILE:LINE: TEXT"
# (strings and character constants skipped).
comments() {
  awk '
    FNR == 1 { state = "code" }
    {
      if (state == "line" || state == "str" || state == "chr") state = "code"
      line = $0; out = ""; n = length(line)
      for (i = 1; i <= n; i++) {
        c = substr(line, i, 1); c2 = substr(line, i, 2)
        if (state == "block") {
          if (c2 == "*/") { state = "code"; i++ } else out = out c
        } else if (state == "str" || state == "chr") {
          if (c == "\\") i++
          else if (c == (state == "str" ? "\"" : "'\''")) state = "code"
        } else if (c2 == "/*") { state = "block"; out = out " "; i++ }
        else if (c2 == "//") {
          out = out " " substr(line, i + 2); state = "line"; break
        }
        else if (c == "\"") state = "str"
        else if (c == "'\''") state = "chr"
      }
      if (out ~ /[^[:space:]]/) print FILENAME ":" FNR ":" out
    }' "$@"
}

# The files of the repository: git's list in a checkout, else (a
# tarball, which leaves out some files comments name, as bench/'s probes)
# the tree's own, enough for the planted names alone.
git -C "$top" ls-files > "$work/repo" 2>/dev/null
checkout=yes
[ -s "$work/repo" ] || {
  checkout=
  (cd "$top" && find . -type f | sed 's|^\./||') > "$work/repo"
}
cat "$work/generated" >> "$work/repo"

# The system's and CUDA's headers a comment may name, where they are; and
# without CUDA, those of its headers the comments name today.
cuda_include=
for d in ${CUDA_HOME:+"$CUDA_HOME/include"} /usr/local/cuda/include; do
  [ -d "$d" ] && { cuda_include=$d; break; }
done
cuda_named="cupti_activity.h cupti_profiler_host.h
generated_cuda_runtime_api_meta.h"
outside() {
  for d in /usr/include /usr/include/*-linux-gnu $cuda_include; do
    [ -f "$d/$1" ] && return 0
  done
  [ -z "$cuda_include" ] && case " $(echo $cuda_named) " in
    *" $1 "*) return 0 ;;
  esac
  return 1
}

# 2. names ROOT: the file names in the comments of ROOT's runner/ sources
# (name.c, .h, .cu, .cpp, .hpp, .sh, .py, .md, .mk, with a path or
# without) that name no file: each must be a path of the repository or
# the end of one (measure/probe.c), a file's name (probe.c), a system or
# CUDA header, or the design card beside the checkout, named
# ../shared/DESIGN.md.  "FILE:LINE: NAME" a line.
file_name='[A-Za-z0-9_./+-]*[A-Za-z0-9_]\.(c|h|cu|cpp|hpp|sh|py|md|mk)'
names() {
  (cd "$1" && find runner -type f \( -name '*.[ch]' -o -name '*.cu' \
     -o -name '*.cuh' -o -name '*.cpp' -o -name '*.hpp' \)) |
    grep -vxF -f "$work/generated" | LC_ALL=C sort > "$work/sources"
  (cd "$1" && comments $(cat "$work/sources")) |
    grep -oE "^[^:]+:[0-9]+:|$file_name([^A-Za-z0-9_]|\$)" |
    awk '/:$/ { at = $0; next }
         { sub(/[^A-Za-z0-9_]$/, ""); print at, $0 }' |
    while read -r at name; do
      case $name in ../shared/DESIGN.md) continue ;; esac
      path=$name
      while :; do
        case $path in
          ./*) path=${path#./} ;;
          ../*) path=${path#../} ;;
          *) break ;;
        esac
      done
      grep -qE "(^|/)$(printf '%s' "$path" | sed 's/[.+]/\\&/g')\$" \
        "$work/repo" && continue
      outside "$path" && continue
      echo "$at $name"
    done
}

# 3. prefixed ROOT: the files of ROOT's runner/ whose name repeats their
# folder's as a prefix (gpu/gpu_cuda.c, not gpu/cuda.c; the folder's own
# main file, gpu/gpu.h or job/job.c, says nothing twice and stays).
prefixed() {
  (cd "$1" && find runner -type f \( -name '*.[ch]' -o -name '*.cu' \
     -o -name '*.cuh' -o -name '*.cpp' -o -name '*.hpp' \)) |
    awk -F/ '{ dir = $(NF - 1) }
             index($NF, dir "_") == 1 { print $0 ": repeats " dir "/" }' |
    LC_ALL=C sort
}

# 4. long ROOT: runner/README.md when it runs past 60 lines (what
# docs/architecture.md says, it leaves to it).
long() {
  n=$(wc -l < "$1/runner/README.md")
  [ "$n" -le 60 ] || echo "runner/README.md: $n lines, more than 60"
}

# rules ROOT: each rule's failures on ROOT, in $work/failed.RULE.
rules() {
  guards "$1" > "$work/failed.guards"
  names "$1" > "$work/failed.names"
  prefixed "$1" > "$work/failed.prefixed"
  long "$1" > "$work/failed.long"
}

rules "$top"
bad=$(cat "$work/failed.guards")
verdict "header guards are named after their files and unique"
bad=$(cat "$work/failed.names")
if [ -n "$checkout" ]; then
  verdict "no comment of runner/ names a file that does not exist"
else
  skip "no comment of runner/ names a file that does not exist" \
    "not a git checkout: the repository's files are unknown"
fi
bad=$(cat "$work/failed.prefixed")
verdict "no file of runner/ repeats its folder's name"
bad=$(cat "$work/failed.long")
verdict "runner/README.md is at most 60 lines"

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
planted runner/util/planted_name.c '/* Reads it (util/no_such_file.c). */'
planted runner/util/planted_design.c '// As DESIGN.md says.'
planted runner/model/model_planted.c
yes '' | head -n 61 >> "$tree/runner/README.md"
rules "$tree"
cat "$work"/failed.* | grep -e planted -e KB_VERDICT_H -e README | sed 's/^/#   planted: /'
caught() {  # RULE PATTERN: the planted run of RULE failed, saying PATTERN
  grep -q -- "$2" "$work/failed.$1"
}
assert "a guard named after another file is caught" \
  caught guards '^runner/util/planted_guard.h: guard KB_OLD_NAME_H,'
assert "a guard two headers share is caught" \
  caught guards '^guard KB_VERDICT_H is defined by runner/model/verdict.h runner/util/verdict.h$'
assert "a comment naming a file that is not there is caught" \
  caught names '^runner/util/planted_name.c:2: util/no_such_file.c$'
assert "a comment naming the design card as DESIGN.md is caught" \
  caught names '^runner/util/planted_design.c:2: DESIGN.md$'
assert "a file that repeats its folder's name is caught" \
  caught prefixed '^runner/model/model_planted.c: repeats model/$'
assert "a runner/README.md of more than 60 lines is caught" \
  caught long '^runner/README.md: [0-9]* lines, more than 60$'
done_testing
