#!/bin/sh
# Print a Spack packages.yaml that names this machine's CUDA toolkit,
# json-c, libseccomp, Nettle, pkgconf and GNU make as externals Spack
# never builds (buildable: false), so that `spack install kbench` downloads
# nothing.  packages.yaml beside it is its output on Debian 12.
#   sh packaging/spack/externals.sh [CUDA-DIR] > packages.yaml
# CUDA-DIR: the toolkit (default: the nvcc on PATH's, else /usr/local/cuda's);
# with none there, kbench is asked for without CUDA (~cuda).
set -eu
nvcc=${1:+$1/bin/nvcc}
nvcc=${nvcc:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
cuda_version=
if [ -x "$nvcc" ]; then
  cuda=$(cd "$(dirname "$nvcc")/.." && pwd -P)
  cuda_version=$("$nvcc" --version | sed -n 's/.*release [0-9.]*, V\([0-9.]*\).*/\1/p')
  [ -n "$cuda_version" ] || { echo "externals.sh: no version from $nvcc --version" >&2; exit 2; }
elif [ -n "${1:-}" ]; then
  echo "externals.sh: no $nvcc" >&2
  exit 2
fi
# external NAME VERSION PREFIX: one package, Spack's to use and never build.
external() {
  [ -n "$2" ] || { echo "externals.sh: no version of $1 found" >&2; exit 2; }
  printf '  %s:\n    buildable: false\n    externals:\n    - spec: %s@%s\n      prefix: %s\n' \
    "$1" "$1" "$2" "$3"
}
modversion() { pkg-config --modversion "$1" 2> /dev/null; }
prefix_of() { pkg-config --variable=prefix "$1" 2> /dev/null; }
# The prefix above the folder that holds program $1.
tool_prefix() { (cd "$(dirname "$(command -v "$1")")/.." && pwd -P); }
# The whole file, printed only when every version was found.
yaml() {
  echo "# Written by packaging/spack/externals.sh on $(sed -n 's/^PRETTY_NAME="\(.*\)"/\1/p' /etc/os-release 2> /dev/null)."
  echo "packages:"
  echo "  kbench:"
  if [ -n "$cuda_version" ]; then
    echo "    variants: +cuda cuda_arch=90"
    external cuda "$cuda_version" "$cuda"
  else
    echo "    variants: ~cuda"
  fi
  for lib in json-c libseccomp nettle; do
    external $lib "$(modversion $lib)" "$(prefix_of $lib)"
  done
  external pkgconf "$(pkg-config --version)" "$(tool_prefix pkg-config)"
  external gmake "$(make --version | sed -n '1s/^GNU Make \([0-9.]*\).*/\1/p')" \
    "$(tool_prefix make)"
}
out=$(yaml)
printf '%s\n' "$out"
