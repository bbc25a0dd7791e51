EXTRA_DIST += bench/accept.sh bench/device-run.sh bench/ncu_probe.py bench/plugin_probe.cu bench/cupti_trace.c \
	bench/rename_cases.py
# The H100 check of the CUPTI glue against ncu (built on the device).
EXTRA_DIST += bench/cupti_check.cu bench/cupti_check.sh bench/ncu_agree.py
# The GPU check of --energy: the counter's updates, kbench against nvidia-smi.
EXTRA_DIST += bench/energy_check.sh
# ABI 1.3's default streams on a GPU (issue 57 item 1).
EXTRA_DIST += bench/default_stream_check.sh bench/check_args.sh
# kbench killed by SIGKILL mid-case frees its GPU at once (issue 70).
EXTRA_DIST += bench/orphan_check.sh
# ABI 1.4's in-out buffer on a GPU (issue 69).
EXTRA_DIST += bench/inout_check.sh
# What a case leaves behind on a GPU (issue 68): the copy after it as if
# alone (tests/shell/leftovers.sh runs it too).
EXTRA_DIST += bench/leftovers_check.sh
# The Debian package's catalogue on a GPU, from its /usr/bin/kbench (issue 66).
EXTRA_DIST += bench/deb_check.sh
# kbench tune's strategies against an exhaustive search's cache.
EXTRA_DIST += bench/tune_strategies.py bench/history_speed.py bench/history_judge.sh
EXTRA_DIST += bench/tune_gpu.sh
# Kernel time against --no-kernel-time, case by case (issue 33).
EXTRA_DIST += bench/kerneltime.py
# The time fields of results formats 2 and 1, for the Python tools here.
EXTRA_DIST += bench/result_times.py
# Another user's job on a GPU, for the field stage (issues 40, 41).
EXTRA_DIST += bench/stray_copy.cu
# Ranks under a real srun --cpu-bind=cores, from carried Slurm .debs
# (issue 40; the cluster is tests/shell/slurm_node.sh's).
EXTRA_DIST += bench/slurm-node.sh
EXTRA_DIST += bench/clocks.py
# Whether CUDA starts under the worker's seal, and works after it (issue
# 48): built on demand, `make bench/seal_probe`, by bench/accept.sh.
# Built by make check too, so that CI compiles it against the seal's
# interface (an on-demand build broke unseen on a GPU host once).
check_PROGRAMS += bench/seal_probe
bench_seal_probe_SOURCES = bench/seal_probe.c
bench_seal_probe_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/runner
bench_seal_probe_LDADD = runner/libkbrunner.la
bench_seal_probe_LDFLAGS = $(CUDA_LDFLAGS) $(CUPTI_LDFLAGS)
CLEANFILES += $(EXTRA_PROGRAMS)
