# bench/check_args.sh: the arguments every bench/*_check.sh takes, sourced
# by each: KBENCH (kb), PLUGIN_DIR (dir) and an optional KEEP_DIR, which
# keeps the runs' files (tmp); without one, tmp is a folder of its own,
# removed at exit.
name=$(basename "$0")
kb=${1:?usage: $name KBENCH PLUGIN_DIR [KEEP_DIR]}
dir=${2:?usage: $name KBENCH PLUGIN_DIR [KEEP_DIR]}
if [ -n "${3:-}" ]; then
  tmp=$3
  mkdir -p "$tmp" || exit 1
else
  tmp=$(mktemp -d) || exit 1
  trap 'rm -rf "$tmp"' EXIT
fi
