# make check: C unit tests of the runner, TAP scripts that drive kbench
# against deliberately broken plugins, the host catalogue, the GPU
# catalogue (skipped without a device) and an out-of-tree plugin.
TEST_EXTENSIONS = .sh
LOG_DRIVER = env AM_TAP_AWK='$(AWK)' $(SHELL) $(top_srcdir)/build-aux/tap-driver.sh
SH_LOG_DRIVER = $(LOG_DRIVER)
AM_TESTS_ENVIRONMENT = \
	KBENCH='$(abs_top_builddir)/kbench'; \
	TEST_PLUGINS='$(abs_top_builddir)/tests/plugins/.libs'; \
	top_srcdir='$(abs_top_srcdir)'; top_builddir='$(abs_top_builddir)'; \
	MAKE='$(MAKE)'; CC='$(CC)'; HAVE_CUDA='$(HAVE_CUDA_FLAG)'; \
	KBENCH_PLUGIN_PATH=; KBENCH_TEST_LOADAVG=/dev/null; \
	export KBENCH TEST_PLUGINS top_srcdir top_builddir MAKE CC HAVE_CUDA \
	KBENCH_PLUGIN_PATH KBENCH_TEST_LOADAVG; $(SAN_TESTS_ENVIRONMENT) \
	unset SLURM_PROCID SLURM_LOCALID SLURM_NTASKS OMPI_COMM_WORLD_RANK \
	OMPI_COMM_WORLD_LOCAL_RANK OMPI_COMM_WORLD_SIZE PMIX_RANK PMI_RANK \
	PMI_SIZE MPI_LOCALRANKID;

if KB_SANITIZERS
# Stop at the first report, with a stack, and exit 99: kbench's own exit
# codes are below that, so a report can never pass for an expected status.
# The CUDA runtime maps memory where ASan keeps its shadow gap, so the gap
# stays unprotected.  The isolation tests crash plugins on purpose and
# expect what a plain build gives: the signal itself, and NULL from a
# huge malloc.  Options already in the environment come last and win.
SAN_TESTS_ENVIRONMENT = \
	ASAN_OPTIONS="protect_shadow_gap=0:halt_on_error=1:detect_leaks=1:exitcode=99:handle_segv=0:handle_sigbus=0:handle_sigfpe=0:allocator_may_return_null=1$${ASAN_OPTIONS:+:$$ASAN_OPTIONS}"; \
	UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=99$${UBSAN_OPTIONS:+:$$UBSAN_OPTIONS}"; \
	export ASAN_OPTIONS UBSAN_OPTIONS;
endif

if HAVE_CUDA
HAVE_CUDA_FLAG = yes
else
HAVE_CUDA_FLAG = no
endif
if HAVE_JSON_C
HAVE_JSON_C_FLAG = yes
else
HAVE_JSON_C_FLAG = no
endif
AM_TESTS_ENVIRONMENT += HAVE_JSON_C='$(HAVE_JSON_C_FLAG)'; export HAVE_JSON_C;
if HAVE_CUPTI
HAVE_CUPTI_FLAG = yes
else
HAVE_CUPTI_FLAG = no
endif
AM_TESTS_ENVIRONMENT += HAVE_CUPTI='$(HAVE_CUPTI_FLAG)'; export HAVE_CUPTI;

# The fixtures the shell tests read: results for kbench compare (written
# by compare/make-fixtures.py), kbench fleet (real recordings, and the
# two-GPU shape fleet/make-fixtures.py builds from them) and kbench plot,
# and the awkward sizes each GPU family is verified at.  Whole folders,
# so that a fixture added is distributed without a list to keep in step
# (two of them were not: make distcheck failed on them).
EXTRA_DIST += tests/compare tests/fleet tests/plot tests/odd

include %reldir%/unit/local.mk
include %reldir%/plugins/local.mk
include %reldir%/shell/local.mk
include %reldir%/replay/local.mk

