#!/bin/sh
# Ranks of kbench under a real srun --cpu-bind=cores on a machine with no
# Slurm and no network (the device machines): Debian 12's Slurm 22.05 and
# munge, carried as .debs, are unpacked with dpkg -x into a folder of
# their own (nothing under /usr changes), the one-node cluster of
# tests/shell/slurm_node.sh starts from there, and
#   srun -n $RANKS --cpu-bind=cores $KBENCH --json=$RUN/%h-%r.json ARG...
# runs, then kbench fleet over the files.  Where Slurm is installed, that
# one is used and nothing is unpacked.
#
# Here (Debian 12, with a network), into the ignored .debs/slurm/, 4 MB:
#   mkdir -p .debs/slurm && cd .debs/slurm && apt-get download \
#     slurmd slurmctld slurm-client slurm-wlm-basic-plugins munge libmunge2 \
#     liblua5.1-0 libhwloc15 libjson-c5 libnuma1 libyaml-0-2 libdbus-1-3 \
#     liblz4-1 libreadline8
# Slurm's and munge's own packages are always unpacked; of the libraries
# (the rest) only those whose shared objects the machine lacks, so that
# none shadows the machine's own (Ubuntu 24.04 has libhwloc15 and, as
# libreadline8t64, libreadline.so.8).  Assumed there: amd64, glibc 2.34
# or newer (the packages' newest symbol version; Ubuntu 22.04 and 24.04
# qualify), dpkg-deb, and libc6, libgcc-s1, libstdc++6, libpam0g,
# libsystemd0, libudev1, libtinfo6, libgcrypt20, zlib1g and libbz2-1.0
# (all on a minimal Debian or Ubuntu); ldd says what is missing, a
# library or a glibc version, before anything starts.
#
# There, from the repository root, kbench built:
#   sh bench/slurm-node.sh [KBENCH_ARG...]
# KBENCH (./kbench), RANKS (2), RUN (run: the ranks' files, the bindings,
# fleet's verdict), DEBS (.debs/slurm), SLURM_ROOT (/tmp/slurm-root: the
# unpacked packages and the cluster's files).  With fewer GPUs than ranks
# and CUDA_VISIBLE_DEVICES unset, every rank is given GPU 0
# (CUDA_VISIBLE_DEVICES=0: they queue on its lock).  Exit status: srun's.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
node_sh=$here/tests/shell/slurm_node.sh
KBENCH=${KBENCH:-./kbench}
RANKS=${RANKS:-2}
RUN=${RUN:-run}
DEBS=${DEBS:-$here/.debs/slurm}
SLURM_ROOT=${SLURM_ROOT:-/tmp/slurm-root}
cluster=$SLURM_ROOT/cluster
say() { echo "slurm-node.sh: $*" >&2; }

# sonames DEB: the shared objects (lib*.so.N) a package holds.
sonames() {
  dpkg-deb -c "$1" | awk '{ print $6 }' |
    sed -n 's|.*/\(lib[^/]*\.so\.[0-9][0-9]*\)$|\1|p'
}

# unpack: the carried packages into $SLURM_ROOT; PATH, LD_LIBRARY_PATH
# and the plugins' folder pointed there.
unpack() {
  ls "$DEBS"/*.deb > /dev/null 2>&1 || { say "no .deb in $DEBS"; exit 1; }
  known=$(ldconfig -p | awk '{ print $1 }')
  for deb in "$DEBS"/*.deb; do
    pkg=$(dpkg-deb -f "$deb" Package) || exit 1
    case $pkg in
      slurm*|munge) ;;
      *) lacking=
         for so in $(sonames "$deb"); do
           echo "$known" | grep -qxF "$so" || lacking="$lacking $so"
         done
         [ -n "$lacking" ] || { say "$pkg: the machine has its libraries"; continue; } ;;
    esac
    say "unpacking $pkg"
    dpkg-deb -x "$deb" "$SLURM_ROOT" || exit 1
  done
  plugins=$(echo "$SLURM_ROOT"/usr/lib/*/slurm-wlm)
  [ -d "$plugins" ] || { say "no Slurm plugins under $SLURM_ROOT/usr/lib"; exit 1; }
  PATH=$SLURM_ROOT/usr/sbin:$SLURM_ROOT/usr/bin:$PATH
  # Debian 12 still puts some libraries in /lib/<triplet> (libdbus-1,
  # which cgroup_v2.so needs, and libreadline): both folders, or slurmd
  # stops with "Unable to initialize cgroup plugin".
  triplet=$(basename "$(dirname "$plugins")")
  LD_LIBRARY_PATH=$plugins:$(dirname "$plugins"):$SLURM_ROOT/lib/$triplet${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  KBENCH_SLURM_PLUGIN_DIR=$plugins
  export PATH LD_LIBRARY_PATH KBENCH_SLURM_PLUGIN_DIR
  # What the cluster loads, resolved against the machine's libraries.
  missing=$(for f in "$SLURM_ROOT"/usr/sbin/* "$SLURM_ROOT"/usr/bin/srun \
      "$SLURM_ROOT"/usr/bin/sinfo "$SLURM_ROOT"/usr/bin/scontrol \
      "$plugins"/select_cons_tres.so "$plugins"/task_affinity.so \
      "$plugins"/auth_munge.so "$plugins"/cred_munge.so \
      "$plugins"/proctrack_pgid.so "$plugins"/cgroup_v2.so; do
    ldd "$f" 2>&1 | grep 'not found' | sed "s|^[[:space:]]*||; s|\$| (${f##*/})|"
  done | sort -u)
  [ -z "$missing" ] || { say "libraries missing: $missing"; exit 1; }
}

if ! sh "$node_sh" why > /dev/null; then
  unpack
fi
mkdir -p "$RUN" || exit 1
rm -rf "$cluster"
sh "$node_sh" start "$cluster" || exit 1
trap 'sh "$node_sh" stop "$cluster"' EXIT
trap 'exit 1' HUP INT TERM
slurm() { sh "$node_sh" run "$cluster" "$@"; }
slurm sinfo -N -o '%N %T %z %c' | tee "$RUN/sinfo.txt"

gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
if [ "$gpus" -lt "$RANKS" ] && [ -z "${CUDA_VISIBLE_DEVICES:-}" ]; then
  say "$gpus GPU(s) for $RANKS ranks: every rank on GPU 0 (CUDA_VISIBLE_DEVICES=0)"
  CUDA_VISIBLE_DEVICES=0
  export CUDA_VISIBLE_DEVICES
fi
# The CPUs each rank may run on, as srun binds them.
slurm srun -n "$RANKS" --cpu-bind=cores sh -c \
  'echo "rank $SLURM_PROCID: $(grep Cpus_allowed_list /proc/self/status)"' |
  sort | tee "$RUN/binding.txt"
slurm srun -n "$RANKS" --cpu-bind=cores "$KBENCH" --json="$RUN/%h-%r.json" "$@"
rc=$?
echo "srun exit $rc" | tee "$RUN/srun-exit.txt"
"$KBENCH" fleet "$RUN"/*.json > "$RUN/fleet.txt" 2>&1
echo "fleet exit $?" >> "$RUN/fleet.txt"
cat "$RUN/fleet.txt"
exit $rc
