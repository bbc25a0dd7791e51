# The runner, one folder per concern (README.md's Layout): a convenience
# library of all of them (so unit tests link the same code) and the kbench
# program, whose main only dispatches.  Each folder's fragment adds its
# sources; the layers only point down (tests/shell/layering.sh checks it).
noinst_LTLIBRARIES += runner/libkbrunner.la
runner_libkbrunner_la_SOURCES =
runner_libkbrunner_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/runner \
	-I$(top_builddir)/runner -D_POSIX_C_SOURCE=200809L \
	-DKBENCH_BUILDDIR='"$(abs_top_builddir)"' \
	-DKBENCH_SRCDIR='"$(abs_top_srcdir)"' $(SECCOMP_CFLAGS) $(NETTLE_CFLAGS)
runner_libkbrunner_la_LIBADD = $(CUDA_LDFLAGS) $(CUDA_LIBS) $(SECCOMP_LIBS) \
	$(NETTLE_LIBS) -lm

include %reldir%/util/local.mk
include %reldir%/model/local.mk
include %reldir%/gpu/local.mk
include %reldir%/worker/plugin/local.mk
include %reldir%/worker/measure/local.mk
include %reldir%/process/local.mk
include %reldir%/worker/local.mk
include %reldir%/plan/local.mk
include %reldir%/output/local.mk
include %reldir%/commands/local.mk
include %reldir%/results/local.mk
include %reldir%/job/local.mk

bin_PROGRAMS += kbench
kbench_SOURCES = runner/main.c
kbench_CPPFLAGS = $(runner_libkbrunner_la_CPPFLAGS)
kbench_LDFLAGS = $(CUDA_LDFLAGS) $(CUPTI_LDFLAGS) $(HARDEN_LDFLAGS)
kbench_LDADD = runner/libkbrunner.la
# The rooms and their rules, which tests/shell/layering.sh holds the code to.
EXTRA_DIST += %reldir%/README.md
