EXTRA_DIST += bench/device-run.sh bench/ncu_probe.py bench/plugin_probe.cu bench/cupti_trace.c
# The H100 check of the CUPTI glue against ncu (built on the device).
EXTRA_DIST += bench/cupti_check.cu bench/cupti_check.sh bench/ncu_agree.py
# kbench tune's strategies against an exhaustive search's cache.
EXTRA_DIST += bench/tune_strategies.py
EXTRA_DIST += bench/tune_gpu.sh
