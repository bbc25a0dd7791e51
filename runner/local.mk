# The runner: a convenience library (so unit tests link the same code) and
# the kbench program.
noinst_LTLIBRARIES += runner/libkbrunner.la
runner_libkbrunner_la_SOURCES = \
	runner/builtin.c runner/builtin.h \
	runner/case.c runner/case.h runner/case_staging.c \
	runner/cli.c runner/cli.h \
	runner/clocks.c runner/clocks.h \
	runner/compare.c runner/compare.h \
	runner/compare_judge.c runner/compare_judge.h \
	runner/compare_load.h runner/compare_write.c runner/compare_write.h \
	runner/criterion.c runner/criterion.h \
	runner/devices.c runner/devices.h \
	runner/export.c runner/export.h \
	runner/fleet.c runner/fleet.h \
	runner/fleet_judge.h runner/fleet_write.h \
	runner/fill.c runner/fill.h \
	runner/gpu.c runner/gpu.h \
	runner/hostmem.c runner/hostmem.h \
	runner/json.c runner/json.h runner/jsonc.h \
	runner/launcher.c runner/launcher.h \
	runner/loader.c runner/loader.h \
	runner/mannwhitney.c runner/mannwhitney.h \
	runner/measure.c runner/measure.h \
	runner/measure_cold.c runner/measure_hot.c \
	runner/measure_graph.c runner/measure_host.c runner/sampler.h \
	runner/stream_check.c \
	runner/messages.c runner/messages.h \
	runner/params.c runner/params.h \
	runner/plan.c runner/plan.h \
	runner/plot.c runner/plot.h \
	runner/pool.c runner/pool.h \
	runner/progress.c runner/progress.h \
	runner/report.c runner/report.h \
	runner/report_groups.c runner/report_groups.h \
	runner/rng.c runner/rng.h \
	runner/search.c runner/search.h \
	runner/stats.c runner/stats.h \
	runner/subcommand.c runner/subcommand.h \
	runner/supervisor.c runner/supervisor.h \
	runner/wire.c runner/wire.h \
	runner/worker.c runner/worker.h \
	runner/workerproc.c runner/workerproc.h
runner_libkbrunner_la_CPPFLAGS = $(AM_CPPFLAGS) -D_POSIX_C_SOURCE=200809L \
	-DKBENCH_BUILDDIR='"$(abs_top_builddir)"' \
	-DKBENCH_SRCDIR='"$(abs_top_srcdir)"' \
	-DKBENCH_LIBEXECDIR='"$(pkglibexecdir)"'
runner_libkbrunner_la_LIBADD = $(CUDA_LDFLAGS) $(CUDA_LIBS) -lm
if HAVE_JSON_C
# kbench compare's and fleet's reading and output; without json-c they say
# so.
runner_libkbrunner_la_SOURCES += runner/compare_load.c runner/compare_json.c \
	runner/fleet_judge.c runner/fleet_write.c runner/fleet_json.c \
	runner/jsonc.c
runner_libkbrunner_la_CPPFLAGS += $(JSON_C_CFLAGS)
runner_libkbrunner_la_LIBADD += $(JSON_C_LIBS)
else
EXTRA_DIST += runner/compare_load.c runner/compare_json.c \
	runner/fleet_judge.c runner/fleet_write.c runner/fleet_json.c \
	runner/jsonc.c
endif
if HAVE_CUDA
# The flush and launch-floor kernels; nvcc objects need the C++ runtime.
runner_libkbrunner_la_SOURCES += runner/device_kernels.cu
runner_libkbrunner_la_LIBADD += -lstdc++
endif

bin_PROGRAMS += kbench
kbench_SOURCES = runner/main.c
kbench_CPPFLAGS = $(runner_libkbrunner_la_CPPFLAGS)
kbench_LDFLAGS = $(CUDA_LDFLAGS)
kbench_LDADD = runner/libkbrunner.la
