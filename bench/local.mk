EXTRA_DIST += bench/device-run.sh bench/ncu_probe.py bench/plugin_probe.cu bench/cupti_trace.c
