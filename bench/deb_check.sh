#!/bin/sh
# The Debian package on a GPU (issue 66): the kbench .deb that `make deb`
# built from a tarball (on a Debian machine with debhelper; the GPU host
# needs neither) is installed with dpkg, and its /usr/bin/kbench runs the
# whole catalogue under the worker's seal, every case verified.
#   sh bench/deb_check.sh DEB_DIR [ROOT]
# DEB_DIR holds kbench_*.deb (kbench-dev_*.deb is installed too when it is
# there).  ROOT (default /) is where dpkg installs it, --force-depends:
# the libraries it depends on are checked with ldd instead, and those
# missing are unpacked from $DEBS (default ./.debs, as bench/accept.sh
# carries them: libjson-c5, libseccomp2, libnettle8).  Into / as root, it
# purges the packages again at the end.  Prints one line,
#   PASS|FAIL deb: <figures>
# and exits 0 on PASS, 1 on FAIL.  Keeps the run in $DEB_CHECK_OUT when set.
set -u
dir=${1:?usage: deb_check.sh DEB_DIR [ROOT]}
root=${2:-/}
DEBS=${DEBS:-$(pwd)/.debs}
out=${DEB_CHECK_OUT:-$(mktemp -d)} && mkdir -p "$out" || exit 1
fail() { echo "FAIL deb: $*"; exit 1; }
kb=$(ls "$dir"/kbench_*.deb 2> /dev/null | head -n 1)
dev=$(ls "$dir"/kbench-dev_*.deb 2> /dev/null | head -n 1)
[ -f "$kb" ] || fail "no kbench_*.deb in $dir (make deb, on a machine with debhelper)"
version=$(dpkg-deb -f "$kb" Version)
if [ "$root" != / ]; then
  mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" &&
    touch "$root/var/lib/dpkg/status" || fail "cannot make a dpkg root in $root"
fi
dpkg --root="$root" --force-depends --force-not-root -i "$kb" $dev \
  > "$out/install.txt" 2>&1 || fail "dpkg -i: $(tail -n 3 "$out/install.txt" | tr '\n' ' ')"
bin=${root%/}/usr/bin/kbench
plugins=$(dpkg --root="$root" -L kbench | grep '/kbench/plugins/.*\.so$' | sed "s|^|${root%/}|")

# missing: the libraries that the binary and the plugins name and the
# loader cannot find, one a line.
missing() { ldd "$bin" $plugins 2> /dev/null | sed -n 's/^\t*\([^ ]*\) => not found$/\1/p' | sort -u; }
if [ -n "$(missing)" ]; then
  for name in $(dpkg-deb -f "$kb" Depends | tr ',' '\n' | sed 's/^ *//; s/ .*//'); do
    for deb in "$DEBS/${name}"_*.deb; do
      [ -e "$deb" ] && dpkg -x "$deb" / && echo "unpacked $deb" >> "$out/install.txt"
    done
  done
  ldconfig 2> /dev/null
fi
# The CUDA runtime and CUPTI are the site's toolkit, which the package
# finds where the machine that built it had it (its RUNPATH).  A toolkit
# elsewhere here: its library folders on LD_LIBRARY_PATH, and the line
# says so.
via=
if missing | grep -q '^libcu'; then
  nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  cuda=$(dirname "$(dirname "$nvcc")")
  for d in "$cuda/lib64" "$cuda/targets/$(uname -m)-linux/lib" "$cuda/extras/CUPTI/lib64"; do
    [ -d "$d" ] && via="${via:+$via:}$d"
  done
  LD_LIBRARY_PATH=$via${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export LD_LIBRARY_PATH
  via="; CUDA's libraries through LD_LIBRARY_PATH=$via (not at the built RUNPATH $(objdump -p "$bin" 2> /dev/null | sed -n 's/^ *RUNPATH *//p'))"
fi
lost=$(missing | paste -sd ' ' -)
[ -z "$lost" ] || fail "$version: the loader finds no $lost (carry their Debian packages in $DEBS)"

timeout 150 "$bin" --json="$out/catalogue.json" > "$out/catalogue.txt" 2>&1
echo "exit $?" >> "$out/catalogue.txt"
third=$(grep -c "runs as a third party" "$out/catalogue.txt")
fig=$(python3 - "$out/catalogue.json" <<'PY' 2>&1
import json, sys
d = json.load(open(sys.argv[1]))
b = d["benchmarks"]
n = {k: sum(e["verdict"] == k for e in b) for k in ("pass", "wrong", "error", "skip", "crash", "disturbed")}
cuda = sum(e.get("backend") == "cuda" for e in b)
print(f"{n['pass']}/{len(b)} cases ok ({cuda} CUDA), {n['wrong']} FAIL, {n['error']} ERROR, "
      f"{n['skip']} SKIP, {n['crash']} CRASH, {n['disturbed']} DISTURBED; "
      f"seal: {d['context']['kbench'].get('seal')}")
sys.exit(0 if b and n["pass"] == len(b) and cuda > 0 else 1)
PY
)
ok=$?
wall=$(sed -n 's/^# [0-9]* cases in \([0-9.]* s\).*/\1/p' "$out/catalogue.txt")
if [ "$root" = / ] && ! dpkg --purge kbench-dev kbench >> "$out/install.txt" 2>&1; then
  fig="$fig; dpkg --purge failed" ok=1
fi
if [ $ok = 0 ] && [ "$third" = 0 ]; then
  echo "PASS deb: $version, $bin: $fig; ${wall:-?}$via"
else
  echo "FAIL deb: $version, $bin: $fig$via; $third plugin(s) run as a third party; $(grep -E ' (FAIL|ERROR|SKIP|CRASH|DISTURBED) ' "$out/catalogue.txt" | sed 's/   */ /g' | head -n 3 | cut -c1-200 | tr '\n' '|')"
  exit 1
fi
