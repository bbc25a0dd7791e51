#!/bin/sh
# The runner's rooms (runner/README.md), over every C, C++ and CUDA file
# of runner/, plugins/ and include/: each folder of runner/ includes only
# the folders below it and calls only into them, only the worker's rooms
# reach the CUDA wrapper (gpu/ and worker/ with its plugin/ and measure/: nothing else
# includes or calls into them, nor a CUDA header, known by its library's
# name, through any chain of includes, the public <kbench/...> headers'
# among them), no two files and no two modules (a source and its header)
# include or call each other in a circle, a plugin includes only the
# public headers
# and its own family's, and every file says what it is on its first line.
# Read from the #include lines of the sources and, for calls, from the
# symbols of the built objects (nm).  Each failure names the file and the
# include or call.  The table of allowed includes below is the one fact:
# runner/README.md's table is checked against it, and so is the order of
# docs/architecture.md's list of rooms (each above those it may include).
. "$top_srcdir/tests/shell/lib.sh"
top=$top_srcdir
root=$top_srcdir/runner
objects=$top_builddir/runner
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

# verdict DESCRIPTION [PREFIX]: the test point of a check whose failures
# are the lines of $bad, each said (after PREFIX) when there are any.
verdict() {
  if [ -z "$bad" ]; then
    ok "$1"
  else
    printf '%s\n' "$bad" | sed "/^\$/d; s/^/# ${2:-}/"
    not_ok "$1"
  fi
}

# Every source and header, as a path relative to the top of the tree.
sources() {
  (cd "$top" && find "$@" -type f \( -name '*.[ch]' -o -name '*.cu' \
     -o -name '*.cuh' -o -name '*.cpp' -o -name '*.hpp' \)) |
    sed 's|^\./||' | LC_ALL=C sort
}
sources runner > "$work/all"
sed 's|^runner/||' "$work/all" > "$work/files"
sources plugins > "$work/plugins"
sources include > "$work/public"

# The quoted and angled includes of a file, "FILE INCLUDE" a line (the
# include with its quotes or brackets).
includes_of() {
  sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*\([<"][^>"]*[>"]\).*/\1/p' \
    "$top/$1" | sed "s|^|$1 |"
}

# Whether an angled include names a header of CUDA or of a CUDA library,
# by its name: the toolkit's own (cuda.h, cuda_runtime.h, cuda/ of libcu++,
# crt/, the types and intrinsics it includes), its libraries (CUB, Thrust,
# cuBLAS, cuRAND, cuFFT, cuSPARSE, cuSOLVER, NVRTC, NPP, nvJPEG, cuDNN,
# NCCL, CUTLASS), and its tools' (CUPTI, NVTX, NVML, NVPerf).  One list:
# a new library is a line here.
cuda_header() {
  case $1 in
    cuda*|cu[A-Z]*|crt/*|nv/*|cub/*|thrust/*|cutlass/*|cute/*) return 0 ;;
    cublas*|curand*|cufft*|cusparse*|cusolver*|nvrtc*|npp*|nvjpeg*) return 0 ;;
    cudnn*|nccl*|cupti*|nvtx3/*|nvToolsExt*|nvml*|nvperf*) return 0 ;;
    cooperative_groups*|mma.h|sm_[0-9]*_intrinsics.h) return 0 ;;
    device_functions.h|device_launch_parameters.h|device_types.h) return 0 ;;
    driver_types.h|driver_functions.h|vector_types.h|vector_functions.h) return 0 ;;
    host_defines.h|library_types.h|math_constants.h|texture_types.h) return 0 ;;
    surface_types.h|builtin_types.h|channel_descriptor.h) return 0 ;;
  esac
  return 1
}

# Edges "FROM TO" of the runner's and the public headers' includes,
# resolved as the compiler does (-I runner: "model/result.h" is
# runner/model/result.h; -I include: <kbench/kit.h> is the node
# "<kbench/kit.h>", whose own includes are followed in turn); config.h is
# not the runner's.  CUDA headers become the node "<cuda>".
edges_of() {  # FILE NODE [QUOTED_PREFIX QUOTED_SUFFIX]: FILE's, from NODE
  includes_of "$1" | while read -r _ inc; do
    case $inc in
      '"config.h"') ;;
      \"*\") echo "$2 ${3:-}$(echo "$inc" | sed 's/^.//; s/.$//')${4:-}" ;;
      \<kbench/*) echo "$2 $inc" ;;
      \<*) if cuda_header "$(echo "$inc" | sed 's/^.//; s/.$//')"; then
              echo "$2 <cuda>"
            fi ;;
    esac
  done
}
{
  while read -r f; do edges_of "runner/$f" "$f"; done < "$work/files"
  while read -r f; do
    edges_of "$f" "<${f#include/}>" '<kbench/' '>'
  done < "$work/public"
} > "$work/includes"

# The folder of a file, as a path under runner/ ("." for runner/ itself):
# a room inside a room (commands/tune/search, worker/measure) is a room of its own.
folder() { case $1 in */*) echo "${1%/*}" ;; *) echo . ;; esac; }

# 1. Folders only point down.  What each folder may include (and call)
# besides itself; every folder that holds a source has a row (a new room
# gets one).  runner/README.md's table is this one, row for row.
rooms="util model gpu worker/plugin worker/measure plan output results
commands commands/compare commands/fleet commands/history commands/new
process worker job commands/tune commands/tune/search ."
allowed() {
  case $1 in
    util) echo "" ;;
    model) echo "util" ;;
    gpu) echo "util model" ;;
    worker/plugin) echo "util model gpu" ;;
    worker/measure) echo "util model gpu worker/plugin" ;;
    plan) echo "util model" ;;
    output) echo "util model plan results" ;;
    results) echo "util model" ;;
    commands) echo "util model output results" ;;
    commands/compare) echo "util model output results commands" ;;
    commands/fleet) echo "util model output results commands" ;;
    commands/history) echo "util model commands" ;;
    commands/new) echo "util model" ;;
    process) echo "util model plan" ;;
    worker) echo "util model gpu worker/plugin worker/measure plan process" ;;
    job) echo "util model plan output process" ;;
    commands/tune) echo "util model plan output process results job commands/tune/search" ;;
    commands/tune/search) echo "util model" ;;
    .) echo "any" ;;
    *) echo "UNKNOWN" ;;
  esac
}
# Whether folder $1 may reach folder $2 (its own, or one of its row).
may_reach() {
  [ "$1" = "$2" ] && return 0
  case " $(allowed "$1") " in
    *" any "*|*" $2 "*) return 0 ;;
  esac
  return 1
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

# The table as runner/README.md writes it: | `folder/` | `a/`, `b/` |.
for d in $rooms; do
  a=$(allowed "$d")
  case $d in .) name='`runner/` itself' ;; *) name="\`$d/\`" ;; esac
  case $a in
    "") list=nothing ;;
    any) list=any ;;
    *) list=$(printf '`%s/`, ' $a | sed 's/, $//') ;;
  esac
  echo "| $name | $list |"
done > "$work/table"
grep '^| `' "$root/README.md" > "$work/readme_table"
if cmp -s "$work/table" "$work/readme_table"; then
  ok "runner/README.md's table of includes is this test's"
else
  diff "$work/table" "$work/readme_table" | sed 's/^/# /'
  echo "# the rows, as this test has them:"
  sed 's/^/#   /' "$work/table"
  not_ok "runner/README.md's table of includes is this test's"
fi

# docs/architecture.md lists the rooms top to bottom, each above every
# room it may include (a room inside a room shares its top folder's row;
# runner/ itself is main.c's): every include the table above allows
# points down that list.
awk '/^## The folders of runner\//, /^## One case/' \
  "$top/docs/architecture.md" 2>/dev/null |
  sed -n 's/^| `\([^`]*\)` |.*/\1/p' | sed 's|/$||; s|^main\.c$|.|' |
  grep -vx folder > "$work/order"
rank() {  # ROOM: its top folder's line in docs/architecture.md's list
  grep -nxF "${1%%/*}" "$work/order" | cut -d: -f1
}
bad=
for d in $rooms; do
  rd=$(rank "$d")
  [ -n "$rd" ] || { bad="$bad$d/ has no row in docs/architecture.md
"; continue; }
  for a in $(allowed "$d"); do
    [ "$a" = any ] && continue
    ra=$(rank "$a")
    [ "${a%%/*}" = "${d%%/*}" ] && continue
    [ -n "$ra" ] && [ "$ra" -gt "$rd" ] ||
      bad="$bad$d/ may include $a/, listed above it in docs/architecture.md
"
  done
done
verdict "docs/architecture.md lists each room above those it may include"

# The top of runner/ is the dispatch alone (main.c), so that the run, a
# subcommand or a mode lands in a room of its own; and there are at most
# ten rooms at the top (issue 58: one for each step of the pipeline).
top_c=$(grep -c '^[^/]*\.c$' "$work/files")
if [ "$top_c" -le 1 ]; then
  ok "runner/ itself holds one .c file, the dispatch ($top_c)"
else
  echo "# runner/*.c: $(grep '^[^/]*\.c$' "$work/files" | tr '\n' ' ')"
  not_ok "runner/ itself holds one .c file, the dispatch ($top_c)"
fi
top_rooms=$(grep / "$work/files" | cut -d/ -f1 | sort -u | wc -l)
if [ "$top_rooms" -le 10 ]; then
  ok "runner/ has at most ten rooms at its top ($top_rooms)"
else
  echo "# rooms: $(grep / "$work/files" | cut -d/ -f1 | sort -u | tr '\n' ' ')"
  not_ok "runner/ has at most ten rooms at its top ($top_rooms)"
fi

bad=
while read -r from to; do
  case $from$to in *"<"*) continue ;; esac  # a public or CUDA header
  ff=$(folder "$from") tf=$(folder "$to")
  may_reach "$ff" "$tf" ||
    bad="$bad$from includes $to ($ff/ may include: $(allowed "$ff"))
"
done < "$work/includes"
verdict "every folder includes only the folders below it"

# closure EDGES: every pair "FROM TO" such that TO is reached from FROM
# through the edges "FROM TO" of the file EDGES (awk: a closure over a few
# hundred edges).
closure() {
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
    }' "$1" | LC_ALL=C sort
}
# The transitive includes of every file.
closure "$work/includes" > "$work/reach"

# 2. Only the worker touches CUDA: the rooms that run in the worker (and
# the clock keeper, worker/clock_lock.c) are the worker's side; every other
# file (the supervisor, the run, kbench tune, the offline tools) reaches
# none of their headers nor a CUDA header, through any chain, but main.c,
# the dispatch, which runs a worker's or the keeper's main (worker/'s
# headers).  The chains go through the public headers too (<kbench/kit.h>
# includes <cuda_runtime.h>).
# A rule on rooms, so that a new file of process/ is held to it too.
worker_side='^(gpu|worker)/'
bad=$(grep -Ev "$worker_side" "$work/reach" |
  awk '$1 !~ /^</ && ($2 ~ /^(gpu|worker\/plugin|worker\/measure)\// || $2 == "<cuda>" ||
       ($2 ~ /^worker\// && $1 != "main.c"))')
verdict "only the worker's side reaches its rooms' headers or CUDA's" \
  "reaches: "

# 3. No include circle: no file reaches itself.
bad=$(awk '$1 == $2' "$work/reach")
verdict "no include circle" "includes itself through others: "

# 3b. No circle between modules either: a file and its header are one
# module (model/result.c and model/result.h are model/result), so that a
# header that includes another whose source includes it back is a circle
# (result.h includes result_fields.h, whose source included result.h),
# which no file alone closes.
module_edges() {
  sed 's/\.[a-z]*\( \)/\1/; s/\([^>]\)\.[a-z]*$/\1/' "$@" |
    awk '$1 != $2' | LC_ALL=C sort -u
}
module_edges "$work/includes" > "$work/modules"
bad=$(closure "$work/modules" | awk '$1 == $2 { print $1 }')
verdict "no include circle between modules (a file and its header)" \
  "a module includes itself through others: "

# 4. Every file opens with a comment that says what it is: on line 1, of
# four words or more, and not the note of the line below it (a comment of
# one line right above a #define is that #define's, as a line about
# _GNU_SOURCE is).
purpose() {
  awk '
    NR == 1 && !/^[[:space:]]*(\/\*|\/\/)/ { none = 1; exit }
    NR == 1 { slash = /^[[:space:]]*\/\// }
    !done && slash && /^[[:space:]]*\/\// { text = text " " $0; last = NR; next }
    !done && !slash {
      text = text " " $0; last = NR
      if (/\*\//) done = 1
      next
    }
    { after = $0; exit }
    END {
      if (none) { print "no comment on line 1"; exit }
      gsub(/\/\*|\*\/|\*\*|\/\//, " ", text)
      words = 0
      n = split(text, w, /[[:space:]]+/)
      for (i = 1; i <= n; i++) if (w[i] ~ /[A-Za-z]/) words++
      if (words < 4)
        print "too short to say what the file is"
      else if (last == 1 && after ~ /^#[[:space:]]*define/)
        print "line 1 is the note of the #define below it"
    }' "$top/$1"
}
bad=
for f in $(cat "$work/all" "$work/plugins" "$work/public"); do
  why=$(purpose "$f")
  [ -n "$why" ] && bad="$bad$f: $why
"
done
verdict "every file starts with a comment saying what it is"

# 5. A plugin includes only the public headers (<kbench/...>) and its own
# family's (a quoted name in its folder); the public headers include only
# each other.  Anything else in brackets is a system or CUDA library.
project_header() {
  for d in runner plugins include; do
    [ -f "$top/$d/$1" ] && return 0
  done
  return 1
}
bad=
for f in $(cat "$work/plugins"); do
  fam=${f%/*}
  for inc in $(includes_of "$f" | cut -d' ' -f2); do
    name=$(echo "$inc" | sed 's/^.//; s/.$//')
    case $inc in
      \"*\") [ -f "$top/$fam/$name" ] && [ "${name%/*}" = "$name" ] ||
               bad="$bad$f includes $inc: not a header of $fam/
" ;;
      \<kbench/*) ;;
      *) project_header "$name" && bad="$bad$f includes $inc
" ;;
    esac
  done
done
verdict "a plugin includes only <kbench/...> and its own family's headers"
bad=
for f in $(cat "$work/public"); do
  for inc in $(includes_of "$f" | cut -d' ' -f2); do
    name=$(echo "$inc" | sed 's/^.//; s/.$//')
    case $inc in
      \<kbench/*) ;;
      \"*\") [ -f "$top/${f%/*}/$name" ] && [ "${name%/*}" = "$name" ] ||
               bad="$bad$f includes $inc
" ;;
      *) project_header "$name" && bad="$bad$f includes $inc
" ;;
    esac
  done
done
verdict "include/kbench/ includes only itself and the system's headers"

# 6. Calls point down as includes do, and no file calls back into itself
# through others: an object that calls a function of another (U there, T
# here) is an edge "FROM TO SYMBOL", both as runner/ paths without their
# extension.
objs=$(find "$objects" -path '*/.libs/*.o' -name 'libkbrunner_la-*.o' 2>/dev/null)
if [ -z "$objs" ] || ! command -v nm >/dev/null; then
  skip "every call points down, as the includes do" "no built objects or no nm"
  skip "no call circle between files" "no built objects or no nm"
  skip "no circle between modules through includes and calls" \
    "no built objects or no nm"
  skip "only the worker's side calls into it" "no built objects or no nm"
else
  for o in $objs; do
    dir=${o%/.libs/*}
    dir=${dir#"$objects"}
    dir=${dir#/}
    name=${o##*/libkbrunner_la-}
    nm "$o" | awk -v f="${dir:+$dir/}${name%.o}" '
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
  bad=
  while read -r from to sym; do
    ff=$(folder "$from") tf=$(folder "$to")
    may_reach "$ff" "$tf" ||
      bad="$bad$from calls $sym of $to ($ff/ may call: $(allowed "$ff"))
"
  done < "$work/calls"
  verdict "every call points down, as the includes do"
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
  # And none between modules through includes and calls together: a
  # module that calls another whose header includes the caller's back (as
  # worker/measure/probe called kernel_pass, whose header included probe.h for an
  # inline of it) is a circle neither graph shows alone.
  cut -d' ' -f1,2 "$work/calls" | cat - "$work/modules" |
    LC_ALL=C sort -u > "$work/both"
  bad=$(closure "$work/both" | awk '$1 == $2 { print $1 }')
  verdict "no circle between modules through includes and calls" \
    "a module reaches itself through others: "
  # The calls' side of rule 2: no file outside the worker's rooms calls
  # into them, through any chain (main.c, which runs a worker's or the
  # clock keeper's main, is the program's and not the library's: not read
  # here).
  bad=$(grep -Ev "$worker_side" "$work/creach" |
    awk '$2 ~ /^(gpu|worker)\// { print $1 " calls into " $2 }')
  verdict "only the worker's side calls into it"
fi
done_testing
