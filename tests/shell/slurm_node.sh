#!/bin/sh
# A one-node Slurm cluster of its own, for tests/shell/slurm.sh and
# bench/slurm-node.sh: munged, slurmctld and slurmd on this host, with a
# private configuration, key, state and logs in one folder, on ports no
# one listens on, stopped again by the same folder.
#
#   slurm_node.sh why        why a cluster cannot start here (exit 1), or
#                            nothing (exit 0)
#   slurm_node.sh packages   the Debian packages missing for it, or nothing
#   slurm_node.sh start DIR  start it and wait until its node is idle (its
#                            configuration: DIR/slurm.conf).  Exit 1,
#                            saying why and with the daemons' last log
#                            lines, when it does not start (what did start
#                            is stopped again)
#   slurm_node.sh stop DIR   stop what start DIR started
#   slurm_node.sh run DIR COMMAND...
#                            run COMMAND (srun, sinfo) against it
#
# The configuration is what sites run: SelectType=select/cons_tres (cores
# are allocated), TaskPlugin=task/affinity (srun --cpu-bind binds each
# task), the node's topology as slurmd -C reads it.  The daemons run as
# the user who starts them, root or not (SlurmUser and SlurmdUser): jobs
# are that user's own, so slurmd needs no right to become another.
# Debian: apt-get install slurmd slurmctld slurm-client munge; their
# services need not run.  $KBENCH_SLURM_WAIT_S bounds each wait (default
# 60 s); $KBENCH_SLURM_PLUGIN_DIR names Slurm's plugins where they are not
# where Debian puts them (bench/slurm-node.sh unpacks them elsewhere).
set -u

# find_cmd NAME...: the first of NAME... on PATH or in /usr/sbin (not on a
# plain user's PATH), or status 1.  Debian's slurmd, slurmctld and
# slurmstepd are alternatives over slurmd-wlm etc.; unpacked with dpkg -x,
# only the -wlm names exist.
find_cmd() {
  for name; do
    for p in $(command -v "$name" 2>/dev/null) "/usr/sbin/$name"; do
      [ -x "$p" ] && { echo "$p"; return 0; }
    done
  done
  return 1
}

# packages: the Debian packages that hold the commands missing here.
packages() {
  missing=
  for cmd in munged:munge slurmctld:slurmctld slurmd:slurmd \
             slurmstepd:slurmd srun:slurm-client sinfo:slurm-client \
             scontrol:slurm-client; do
    find_cmd "${cmd%%:*}" "${cmd%%:*}-wlm" > /dev/null ||
      case " $missing " in *" ${cmd#*:} "*) ;; *) missing="$missing ${cmd#*:}" ;; esac
  done
  echo $missing
}

why() {
  missing=$(packages)
  if [ -n "$missing" ]; then
    echo "Slurm is not installed (Debian: apt-get install $missing)"
  elif ! id -un > /dev/null 2>&1; then
    echo "user id $(id -u) has no name, which Slurm's SlurmUser needs"
  fi
}

# free_port: a TCP port from 10000-29999 (below Linux's ephemeral ports)
# that nothing on this host listens on (/proc/net/tcp{,6}) and that this
# script has not handed out already.
taken=
free_port() {
  used=$(awk '$4 == "0A" { split($2, a, ":"); print a[2] }' \
    /proc/net/tcp /proc/net/tcp6 2>/dev/null | tr '\n' ' ')
  while :; do
    port=$(( 10000 + $(od -An -N2 -tu2 /dev/urandom) % 20000 ))
    case " $used $taken " in
      *" $(printf '%04X' "$port") "*|*" $port "*) continue ;;
    esac
    taken="$taken $port"
    echo "$port"
    return
  done
}

# alive PID: the process runs.
alive() {
  { read -r stat < "/proc/$1/stat"; } 2>/dev/null || return 1
  set -- ${stat##*) }
  [ "$1" != Z ]
}

# wait_for PID COMMAND...: poll COMMAND until it succeeds; 1 when
# $KBENCH_SLURM_WAIT_S pass first or the daemon PID, whom COMMAND waits on,
# ends.
wait_for() {
  end=$(( $(date +%s) + wait_s )) pid=$1
  shift
  until "$@"; do
    alive "$pid" && [ "$(date +%s)" -lt "$end" ] || return 1
    sleep 0.2
  done
}

munge_ok() {
  munge -n -S "$dir/munge/socket" 2>/dev/null |
    unmunge -S "$dir/munge/socket" > /dev/null 2>&1
}
ctld_up() { scontrol ping 2>/dev/null | grep -q UP; }
node_idle() { [ "$(sinfo -h -n "$node" -o %t 2>/dev/null)" = idle ]; }

# daemon NAME COMMAND...: start a daemon in the foreground of a background
# job, its output to DIR/NAME.out, its pid to DIR/NAME.pid.  Its standard
# streams are files: it must not hold the caller's output open (a TAP
# driver reads that to its end).
daemon() {
  name=$1
  shift
  "$@" < /dev/null > "$dir/$name.out" 2>&1 &
  echo $! > "$dir/$name.pid"
}

# stop_daemon NAME: SIGTERM, and SIGKILL after the bounded wait.
stop_daemon() {
  [ -s "$dir/$1.pid" ] || return 0
  pid=$(cat "$dir/$1.pid")
  end=$(( $(date +%s) + wait_s ))
  kill -TERM "$pid" 2>/dev/null
  while alive "$pid" && [ "$(date +%s)" -lt "$end" ]; do
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null
  rm -f "$dir/$1.pid"
}

stop() {
  for name in slurmd slurmctld munged; do
    stop_daemon "$name"
  done
}

# fail WHAT: say WHAT and the logs' last lines, stop what started, exit 1.
fail() {
  echo "slurm_node.sh: $1" >&2
  for log in "$dir"/*.out "$dir"/*.log; do
    [ -s "$log" ] && { echo "--- $log:"; tail -n 8 "$log"; } >&2
  done
  stop
  exit 1
}

start() {
  reason=$(why)
  [ -z "$reason" ] || { echo "slurm_node.sh: $reason" >&2; exit 1; }
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" && chmod 700 "$dir" || exit 1
  node=$(uname -n | cut -d. -f1)

  # munged first: Slurm signs every message through it.  Its own key,
  # socket and files; it refuses a key others can read.  --force: it also
  # wants every user able to reach its socket, which only this user's
  # commands use here, in a folder private to it.
  dd if=/dev/urandom of="$dir/munge/key" bs=1024 count=1 2>/dev/null &&
    chmod 400 "$dir/munge/key" || fail "cannot write $dir/munge/key"
  daemon munged "$(find_cmd munged)" --foreground --force \
    --socket="$dir/munge/socket" --key-file="$dir/munge/key" \
    --pid-file="$dir/munge/pid" --seed-file="$dir/munge/seed"
  wait_for "$(cat "$dir/munged.pid")" munge_ok ||
    fail "munged did not answer within $wait_s s"

  # The node's CPUs, boards, sockets, cores and threads as slurmd counts
  # them: a node configured with more is drained (its memory is left out
  # for the same reason).
  hw=$("$(find_cmd slurmd slurmd-wlm)" -C | head -n 1 | tr ' ' '\n' |
    grep -E '^(CPUs|Boards|SocketsPerBoard|CoresPerSocket|ThreadsPerCore)=' |
    tr '\n' ' ')
  case $hw in *CPUs=*) ;; *) fail "slurmd -C did not describe the node" ;; esac

  # Another process may take a port between the look and slurmctld's
  # bind: then new ports, at most three times.
  for attempt in 1 2 3; do
    cat > "$SLURM_CONF" <<EOF
ClusterName=kbench
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
AuthType=auth/munge
AuthInfo=socket=$dir/munge/socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/state/slurmctld.pid
SlurmdPidFile=$dir/spool/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
TaskPlugin=task/affinity
ProctrackType=proctrack/pgid
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
MailProg=/bin/true
${KBENCH_SLURM_PLUGIN_DIR:+PluginDir=$KBENCH_SLURM_PLUGIN_DIR}
NodeName=$node NodeAddr=127.0.0.1 $hw State=UNKNOWN
PartitionName=kbench Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
    daemon slurmctld "$(find_cmd slurmctld slurmctld-wlm)" -D -c -f "$SLURM_CONF"
    wait_for "$(cat "$dir/slurmctld.pid")" ctld_up && break
    grep -qs "in use" "$dir/slurmctld.log" "$dir/slurmctld.out" && [ $attempt -lt 3 ] ||
      fail "slurmctld did not answer within $wait_s s"
    stop_daemon slurmctld
  done

  daemon slurmd "$(find_cmd slurmd slurmd-wlm)" -D -f "$SLURM_CONF" -N "$node" \
    -d "$(find_cmd slurmstepd slurmstepd-wlm)"
  wait_for "$(cat "$dir/slurmd.pid")" node_idle ||
    fail "node $node not idle within $wait_s s: $(sinfo -h -n "$node" -o '%T %E' 2>&1)"
}

wait_s=${KBENCH_SLURM_WAIT_S:-60}
case ${1:-} in
  why) reason=$(why); [ -z "$reason" ] || { echo "$reason"; exit 1; } ;;
  packages) packages ;;
  start|stop|run)
    [ $# -ge 2 ] && { [ "$1" = run ] || [ $# = 2 ]; } ||
      { echo "usage: $0 start|stop DIR | run DIR COMMAND..." >&2; exit 2; }
    # A job's or another cluster's SLURM_* (SLURM_JOB_ID, SLURM_CLUSTERS,
    # ...) would point srun and sinfo elsewhere: only SLURM_CONF is set.
    for var in $(env | sed -n 's/^\(SLURM_[A-Za-z0-9_]*\)=.*/\1/p'); do
      unset "$var"
    done
    cmd=$1 dir=$2 SLURM_CONF=$2/slurm.conf
    export SLURM_CONF
    shift 2
    case $cmd in run) exec "$@" ;; *) "$cmd" ;; esac ;;
  *) echo "usage: $0 why | packages | start DIR | stop DIR | run DIR COMMAND..." >&2; exit 2 ;;
esac
