EXTRA_DIST += bench/device-run.sh bench/ncu_probe.py bench/plugin_probe.cu bench/cupti_trace.c \
	bench/rename_cases.py
# The H100 check of the CUPTI glue against ncu (built on the device).
EXTRA_DIST += bench/cupti_check.cu bench/cupti_check.sh bench/ncu_agree.py
# The GPU check of --energy: the counter's updates, kbench against nvidia-smi.
EXTRA_DIST += bench/energy_check.sh
# kbench tune's strategies against an exhaustive search's cache.
EXTRA_DIST += bench/tune_strategies.py bench/history_speed.py bench/history_judge.sh
EXTRA_DIST += bench/tune_gpu.sh
# Kernel time against --no-kernel-time, case by case (issue 33).
EXTRA_DIST += bench/kerneltime.py
EXTRA_DIST += bench/stray_copy.cu
EXTRA_DIST += bench/clocks.py
