# The runner, one folder per concern (README.md's Layout): a convenience
# library of all of them (so unit tests link the same code) and the kbench
# program, whose main only dispatches.  Each folder's fragment adds its
# sources; the layers only point down (tests/layering.sh checks it).
noinst_LTLIBRARIES += runner/libkbrunner.la
runner_libkbrunner_la_SOURCES = runner/run.c runner/run.h \
	runner/catalogue.c runner/catalogue.h \
	runner/counters.c runner/counters.h \
	runner/tune.c runner/tune.h runner/tune_problems.c \
	runner/tune_loop.c runner/tune_json.c runner/tune_report.c \
	runner/tune_options.c runner/tune_options.h \
	runner/tune_cache.c runner/tune_cache.h \
	runner/tune_objective.c runner/tune_objective.h \
	runner/tune_restrict.c runner/tune_restrict.h \
	runner/tune_search.c runner/tune_search.h \
	runner/tune_space.c runner/tune_space.h
runner_libkbrunner_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/runner \
	-D_POSIX_C_SOURCE=200809L \
	-DKBENCH_BUILDDIR='"$(abs_top_builddir)"' \
	-DKBENCH_SRCDIR='"$(abs_top_srcdir)"' \
	-DKBENCH_LIBEXECDIR='"$(pkglibexecdir)"'
runner_libkbrunner_la_LIBADD = $(CUDA_LDFLAGS) $(CUDA_LIBS) -lm

include %reldir%/core/local.mk
include %reldir%/gpu/local.mk
include %reldir%/plugin/local.mk
include %reldir%/measure/local.mk
include %reldir%/process/local.mk
include %reldir%/plan/local.mk
include %reldir%/output/local.mk
include %reldir%/analyze/local.mk
include %reldir%/author/local.mk

bin_PROGRAMS += kbench
kbench_SOURCES = runner/main.c
kbench_CPPFLAGS = $(runner_libkbrunner_la_CPPFLAGS)
kbench_LDFLAGS = $(CUDA_LDFLAGS) $(CUPTI_LDFLAGS)
kbench_LDADD = runner/libkbrunner.la
