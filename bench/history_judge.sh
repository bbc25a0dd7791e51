#!/bin/sh
# Judge the device's history stages (bench/device-run.sh history
# history_step history_drift) here, where ruptures is: the four series of
# issue 35, each with --json beside, and what each must show.
#   sh bench/history_judge.sh KBENCH DIR   (DIR: the stages' history/)
#   A/A      run01..20                       0 changes
#   3% step  run01..10 + step3-11..20        1 change: gpu_ok/n:64M, run10 -> step3-11
#   1.5%     run01..10 + step15-11..20       found or not: say which
#   drift    drift01..20 (0.3% a run)        what history reports
kbench=$1 dir=$2
series() { for f in "$@"; do printf '%s ' "$dir/$f.json.gz"; done; }
runs() { for i in $(seq -w "$2" "$3"); do printf '%s%s ' "$1" "$i"; done; }
judge() {
  name=$1
  shift
  echo "== $name"
  # shellcheck disable=SC2046
  "$kbench" history --order=given --recent=10 --json="$dir/$name.json" \
    $(series "$@")
  echo "exit $?"
}
judge aa $(runs run 01 20)
judge step3 $(runs run 01 10) $(runs step3- 11 20)
judge step15 $(runs run 01 10) $(runs step15- 11 20)
judge drift $(runs drift 01 20)
