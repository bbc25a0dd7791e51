EXTRA_DIST += bench/device-run.sh
