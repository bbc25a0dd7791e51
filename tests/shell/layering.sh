#!/bin/sh
# The runner's rooms (runner/README.md): each folder includes only the
# folders below it, the supervisor's side and the offline tools never
# reach the CUDA wrapper, no two files include or call each other in a
# circle, and every .c says what it is on its first line.  Read from the
# #include lines of the sources and, for calls, from the symbols of the
# built objects (nm).  Each failure names the file and the include or call.
. "$top_srcdir/tests/shell/lib.sh"
root=$top_srcdir/runner
objects=$top_builddir/runner
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

# Every runner source, as a path relative to runner/.
(cd "$root" && find . -name '*.[ch]' -o -name '*.cu') | sed 's|^\./||' |
  LC_ALL=C sort > "$work/files"

# Edges "FROM TO" of the quoted includes, resolved as the compiler does
# (-I runner: "core/result.h" is runner/core/result.h); config.h and the
# public <kbench/...> headers are not the runner's.  CUDA headers become the
# node "<cuda>".
while read -r f; do
  sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*\([<"][^>"]*[>"]\).*/\1/p' \
    "$root/$f" | while read -r inc; do
    case $inc in
      '"config.h"') ;;
      \"*\") echo "$f ${inc#?}" | sed 's/"$//' ;;
      '<cuda'*|'<cupti'*|'<nvtx3/'*|'<nvml'*) echo "$f <cuda>" ;;
    esac
  done
done < "$work/files" > "$work/includes"

# The folder of a file, as a path under runner/ ("." for runner/ itself):
# a room inside a room (tune/search, analyze/compare) is a room of its own.
folder() { case $1 in */*) echo "${1%/*}" ;; *) echo . ;; esac; }

# 1. Folders only point down.  What each folder may include besides itself;
# every folder that holds a source has a row (a new room gets one).
allowed() {
  case $1 in
    core) echo "" ;;
    gpu) echo "core" ;;
    plugin) echo "core gpu" ;;
    measure) echo "core gpu plugin" ;;
    plan) echo "core" ;;
    output) echo "core plan results" ;;
    results) echo "core" ;;
    analyze) echo "core output results" ;;
    analyze/compare) echo "core output results analyze" ;;
    analyze/fleet) echo "core output results analyze" ;;
    analyze/history) echo "core analyze" ;;
    author) echo "core" ;;
    process) echo "core gpu plugin measure plan" ;;
    job) echo "core plan output process" ;;
    tune) echo "core plan output process results job tune/search" ;;
    tune/search) echo "core" ;;
    .) echo "core gpu plugin measure plan output results analyze analyze/compare analyze/fleet analyze/history author process job tune" ;;
    *) echo "UNKNOWN" ;;
  esac
}
bad=
for f in $(cat "$work/files"); do
  d=$(folder "$f")
  [ "$(allowed "$d")" = UNKNOWN ] && bad="$bad $d"
done
if [ -z "$bad" ]; then
  ok "every folder of runner/ has a row in this test"
else
  echo "# folders without a row in allowed():$(printf '%s\n' $bad | sort -u | tr '\n' ' ')"
  not_ok "every folder of runner/ has a row in this test"
fi

# The top of runner/ is the dispatch and the run: at most 4 .c files, so
# that a subcommand or mode lands in a room of its own.
top_c=$(grep -c '^[^/]*\.c$' "$work/files")
if [ "$top_c" -le 4 ]; then
  ok "runner/ itself holds at most 4 .c files ($top_c)"
else
  echo "# runner/*.c: $(grep '^[^/]*\.c$' "$work/files" | tr '\n' ' ')"
  not_ok "runner/ itself holds at most 4 .c files ($top_c)"
fi

bad=
while read -r from to; do
  [ "$to" = "<cuda>" ] && continue
  ff=$(folder "$from") tf=$(folder "$to")
  [ "$ff" = "$tf" ] && continue
  case " $(allowed "$ff") " in
    *" $tf "*) ;;
    *) bad="$bad$from includes $to ($ff/ may include: $(allowed "$ff"))
" ;;
  esac
done < "$work/includes"
if [ -z "$bad" ]; then
  ok "every folder includes only the folders below it"
else
  printf '%s' "$bad" | sed 's/^/# /'
  not_ok "every folder includes only the folders below it"
fi

# The transitive includes of every file, as lines "FROM TO" (awk: a
# closure over a few hundred edges).
awk '
  { out[$1] = out[$1] " " $2 }
  END {
    for (f in out) {
      n = 0; delete seen; delete stack
      split(out[f], first, " ")
      for (i in first) if (first[i] != "") stack[++n] = first[i]
      while (n > 0) {
        t = stack[n--]
        if (t in seen) continue
        seen[t] = 1
        print f, t
        if (t in out) {
          split(out[t], next_, " ")
          for (i in next_) if (next_[i] != "") stack[++n] = next_[i]
        }
      }
    }
  }' "$work/includes" | LC_ALL=C sort > "$work/reach"

# 2. The supervisor's side (the run, job/, kbench tune, the supervisor and
# what it speaks to a worker with) and every folder it or the offline tools
# use reach no CUDA: neither gpu/ nor a CUDA header, through
# any chain.
supervisor_side='^(main\.c|run\.[ch]|process/(supervisor|strays|worker_handle|wire|protocol|keeper)\.[ch]|(core|plan|output|results|analyze|author|job|tune)/[^ ]*) '
bad=$(grep -E "$supervisor_side" "$work/reach" | grep -E ' (gpu/|<cuda>)')
if [ -z "$bad" ]; then
  ok "the supervisor's side and analyze/ never reach gpu/ or a CUDA header"
else
  printf '%s\n' "$bad" | sed 's/^/# reaches: /'
  not_ok "the supervisor's side and analyze/ never reach gpu/ or a CUDA header"
fi

# 3. No include circle: no file reaches itself.
bad=$(awk '$1 == $2' "$work/reach")
if [ -z "$bad" ]; then
  ok "no include circle"
else
  printf '%s\n' "$bad" | sed 's/^/# includes itself through others: /'
  not_ok "no include circle"
fi

# 4. Every .c opens with a comment that says what it is.
bad=
for f in $(grep '\.c$' "$work/files"); do
  head -n 1 "$root/$f" | grep -q '^/\*' || bad="$bad $f"
done
if [ -z "$bad" ]; then
  ok "every .c starts with a comment saying what it is"
else
  echo "# no opening comment:$bad"
  not_ok "every .c starts with a comment saying what it is"
fi

# 5. No call circle between files: an object that calls a function of
# another (U there, T here) is an edge; no file may reach itself.
objs=$(find "$objects" -path '*/.libs/*.o' -name 'libkbrunner_la-*.o' 2>/dev/null)
if [ -z "$objs" ] || ! command -v nm >/dev/null; then
  skip "no call circle between files" "no built objects or no nm"
else
  for o in $objs; do
    nm "$o" | awk -v f="${o##*/libkbrunner_la-}" '
      $2 == "T" { print "T", f, $3 }
      $1 == "U" { print "U", f, $2 }'
  done > "$work/symbols"
  awk '
    $1 == "T" { def[$3] = $2; next }
    { use[++n] = $2 " " $3 }
    END {
      for (i = 1; i <= n; i++) {
        split(use[i], u, " ")
        if ((u[2] in def) && def[u[2]] != u[1])
          print u[1], def[u[2]], u[2]
      }
    }' "$work/symbols" | LC_ALL=C sort -u > "$work/calls"
  # Closure by repeated joining: small graphs, few rounds.
  cut -d' ' -f1,2 "$work/calls" | LC_ALL=C sort -u > "$work/creach"
  while :; do
    awk 'NR == FNR { e[$1] = e[$1] " " $2; next }
         { print; n = split(e[$2], t, " ");
           for (i = 1; i <= n; i++) print $1, t[i] }' \
      "$work/creach" "$work/creach" | LC_ALL=C sort -u > "$work/creach2"
    cmp -s "$work/creach" "$work/creach2" && break
    mv "$work/creach2" "$work/creach"
  done
  bad=$(awk '$1 == $2 { print $1 }' "$work/creach")
  if [ -z "$bad" ]; then
    ok "no call circle between files"
  else
    for f in $bad; do
      echo "# $f calls back into itself through: $(awk -v f="$f" '$1 == f' "$work/calls" | cut -d' ' -f2,3 | tr '\n' ';')"
    done
    not_ok "no call circle between files"
  fi
fi
done_testing
