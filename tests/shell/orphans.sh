#!/bin/sh
# Nothing outlives kbench (issue 70): kbench killed outright (kill -9)
# while a plugin's run hangs takes its worker with it within a second,
# and what the plugin started in the worker's process group, under every
# identity a worker has: root's worker uid of its own (the default for a
# third-party plugin), root with --worker-uid=off, a plain user, and root
# without the containment.  hang_run spins; deaf_run spins having blocked
# and ignored every signal it may; fork_run spins having forked a child
# that sleeps.  The run's processes are found by what they are, not by a
# command line (a worker's does not name its plugin): the descendants of
# kbench just before the kill, and every process that maps the plugin (a
# copy of this test's own).  No GPU here: the device's lock is
# bench/orphan_check.sh's.
. "$top_srcdir/tests/shell/lib.sh"
# Under root a third-party worker takes a uid of its own, and a plain
# user runs kbench: both must reach the plugins' copies here.
chmod 711 "$tmpdir"

# descendants PID: PID's descendants, one a line.
descendants() {
  for child in $(children_of "$1"); do
    echo "$child"
    descendants "$child"
  done
}

# mapping FILE: the processes that map FILE, one a line.
mapping() {
  grep -lF "$1" /proc/[0-9]*/maps 2> /dev/null | sed 's|^/proc/\([0-9]*\)/maps$|\1|'
}

# alive PID: PID is a process, not a zombie.
alive() {
  { read -r line < "/proc/$1/stat"; } 2> /dev/null || return 1
  set -- ${line##*) }
  [ "$1" != Z ] && [ "$1" != X ]
}

# as_who WHO: the words that run a command as WHO.
as_who() {
  case $1 in
    off) echo "env KBENCH_WORKER_UID=off" ;;
    user) echo "setpriv --reuid=65534 --regid=65534 --clear-groups" ;;
    uncontained) echo "env KBENCH_CONTAIN=off" ;;
    *) echo "env" ;;
  esac
}

# uid_of PID: the real uid PID runs as.
uid_of() {
  sed -n 's/^Uid:[[:space:]]*\([0-9]*\).*/\1/p' "/proc/$1/status" 2> /dev/null
}

# killed WHO NAME UID: kbench as WHO runs NAME's case, which hangs in run;
# kill -9 of kbench once the plugin is in run (fork_run: once its child
# is there too), then what is left of the run a second later.  The worker
# must have run as UID.
killed() {
  who=$1 name=$2 uid=$3
  so=$tmpdir/$name-$who.so
  cp "$TEST_PLUGINS/$name.so" "$so" && chmod 644 "$so"
  # shellcheck disable=SC2046
  $(as_who "$who") "$KBENCH" --min-time=0 --case-timeout=600 --param n=10 \
    --plugin "$so" > "$tmpdir/$name-$who.out" 2>&1 &
  sup=$!
  want=1
  [ "$name" = fork_run ] && want=2
  i=0
  while [ "$(mapping "$so" | grep -cvx "$sup")" -lt $want ] && [ $i -lt 200 ]; do
    sleep 0.1
    i=$((i + 1))
  done
  sleep 0.5                    # setup is done: the plugin spins in run
  run=$({ descendants $sup; mapping "$so"; } | grep -vx "$sup" | sort -u)
  worker=
  for pid in $(children_of $sup); do
    grep -qF "$so" "/proc/$pid/maps" 2> /dev/null && worker=$pid
  done
  got=$(uid_of "${worker:-0}")
  kill -9 $sup
  wait $sup 2> /dev/null
  sleep 1
  left=
  for pid in $(printf '%s\n' $run $(mapping "$so") | sort -u); do
    alive "$pid" && left="$left $pid"
  done
  assert "kill -9 ($who, $name): the run was in its case: a worker as uid ${got:-none} (want $uid), $(echo $run | wc -w) processes (want $want or more)" \
    test "${got:-none}" = "$uid" -a "$(echo $run | wc -w)" -ge $want
  assert "kill -9 ($who, $name): none of them is left 1 s later (left:${left:- none})" \
    test -z "$left"
  for pid in $left; do kill -9 "$pid" 2> /dev/null; done
}

if [ "$(id -u)" = 0 ]; then
  identities="root off user uncontained"
else
  identities="self"
  skip "kill -9 as root, with --worker-uid=off and as another user" \
    "the tests run as uid $(id -u)"
fi
for who in $identities; do
  case $who in
    root|uncontained) uid=2147418112 ;;   # --worker-uid's default (cli.h)
    off) uid=0 ;;
    user) uid=65534 ;;
    *) uid=$(id -u) ;;
  esac
  for name in hang_run deaf_run fork_run; do
    killed "$who" "$name" "$uid"
  done
done

done_testing
