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
	KBENCH_PLUGIN_PATH=; \
	export KBENCH TEST_PLUGINS top_srcdir top_builddir MAKE CC HAVE_CUDA \
	KBENCH_PLUGIN_PATH; $(SAN_TESTS_ENVIRONMENT) \
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

UNIT_LDADD = runner/libkbrunner.la
UNIT_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/runner -D_POSIX_C_SOURCE=200809L
check_PROGRAMS += tests/test_params tests/test_stats tests/test_criterion \
	tests/test_plan tests/test_kit tests/test_wire tests/test_progress
tests_test_params_SOURCES = tests/test_params.c tests/tap.h
tests_test_params_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_params_LDADD = $(UNIT_LDADD)
tests_test_params_LDFLAGS = $(CUDA_LDFLAGS)
tests_test_stats_SOURCES = tests/test_stats.c tests/tap.h
tests_test_stats_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_stats_LDADD = $(UNIT_LDADD)
tests_test_stats_LDFLAGS = $(CUDA_LDFLAGS)
tests_test_criterion_SOURCES = tests/test_criterion.c tests/tap.h
tests_test_criterion_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_criterion_LDADD = $(UNIT_LDADD)
tests_test_criterion_LDFLAGS = $(CUDA_LDFLAGS)
tests_test_plan_SOURCES = tests/test_plan.c tests/tap.h
tests_test_plan_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_plan_LDADD = $(UNIT_LDADD)
tests_test_plan_LDFLAGS = $(CUDA_LDFLAGS)
# The kit's host part, against the runner's generator, as plain C11 with
# no CUDA header on the include path.
tests_test_kit_SOURCES = tests/test_kit.c tests/tap.h
tests_test_kit_CPPFLAGS = -I$(top_srcdir)/include -I$(top_srcdir)/runner \
	-D_POSIX_C_SOURCE=200809L
tests_test_kit_CFLAGS = $(AM_CFLAGS) -Wpedantic
tests_test_kit_LDADD = $(UNIT_LDADD) -lm
tests_test_kit_LDFLAGS = $(CUDA_LDFLAGS)

tests_test_wire_SOURCES = tests/test_wire.c tests/tap.h
tests_test_wire_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_wire_LDADD = $(UNIT_LDADD)
tests_test_wire_LDFLAGS = $(CUDA_LDFLAGS)

tests_test_progress_SOURCES = tests/test_progress.c tests/tap.h
tests_test_progress_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_progress_LDADD = $(UNIT_LDADD)
tests_test_progress_LDFLAGS = $(CUDA_LDFLAGS)

check_PROGRAMS += tests/test_launcher
tests_test_launcher_SOURCES = tests/test_launcher.c tests/tap.h
tests_test_launcher_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_launcher_LDADD = $(UNIT_LDADD)
tests_test_launcher_LDFLAGS = $(CUDA_LDFLAGS)
TESTS += tests/test_launcher
check_PROGRAMS += tests/test_pool
tests_test_pool_SOURCES = tests/test_pool.c tests/tap.h
tests_test_pool_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_pool_LDADD = $(UNIT_LDADD)
tests_test_pool_LDFLAGS = $(CUDA_LDFLAGS)
TESTS += tests/test_pool
check_PROGRAMS += tests/test_hostmem
tests_test_hostmem_SOURCES = tests/test_hostmem.c tests/tap.h
tests_test_hostmem_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_hostmem_LDADD = $(UNIT_LDADD)
tests_test_hostmem_LDFLAGS = $(CUDA_LDFLAGS)
TESTS += tests/test_hostmem

check_PROGRAMS += tests/test_mannwhitney
tests_test_mannwhitney_SOURCES = tests/test_mannwhitney.c tests/tap.h
tests_test_mannwhitney_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_test_mannwhitney_LDADD = $(UNIT_LDADD)
tests_test_mannwhitney_LDFLAGS = $(CUDA_LDFLAGS)
TESTS += tests/test_mannwhitney

# kbench compare on constructed results (tests/compare/make-fixtures.py).
if HAVE_JSON_C
HAVE_JSON_C_FLAG = yes
else
HAVE_JSON_C_FLAG = no
endif
AM_TESTS_ENVIRONMENT += HAVE_JSON_C='$(HAVE_JSON_C_FLAG)'; export HAVE_JSON_C;
TESTS += tests/compare.sh
EXTRA_DIST += tests/compare.sh tests/compare/make-fixtures.py \
	tests/compare/base.json tests/compare/noise.json \
	tests/compare/slower.json tests/compare/crash.json \
	tests/compare/otherdev.json tests/compare/nodevice.json \
	tests/compare/gbench-base.json tests/compare/gbench-new.json

# kbench fleet over ranks of a simulated Slurm job, and of mpirun when it
# is there; fleet_sum is a host variant that the environment slows down.
check_LTLIBRARIES += tests/plugins/fleet_sum.la
tests_plugins_fleet_sum_la_SOURCES = tests/plugins/fleet_sum.c
tests_plugins_fleet_sum_la_LDFLAGS = $(AM_LDFLAGS) -rpath /nowhere
TESTS += tests/fleet.sh tests/mpi.sh
EXTRA_DIST += tests/fleet.sh tests/mpi.sh

# One source, one module per way of being broken.
BROKEN_LDFLAGS = $(AM_LDFLAGS) -rpath /nowhere
BROKEN_SRC = tests/plugins/broken.c
check_LTLIBRARIES += tests/plugins/bad_no_entry.la tests/plugins/bad_abi.la \
	tests/plugins/bad_null_verify.la tests/plugins/bad_setup.la \
	tests/plugins/bad_param.la tests/plugins/bad_no_output.la \
	tests/plugins/wrong_sum.la tests/plugins/first_run_only.la
check_LTLIBRARIES += tests/plugins/bad_abi_newer.la tests/plugins/bad_choices.la
tests_plugins_bad_abi_newer_la_SOURCES = $(BROKEN_SRC)
tests_plugins_bad_abi_newer_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_ABI_NEWER -DBROKEN_NAME='"bad_abi_newer"'
tests_plugins_bad_abi_newer_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_bad_choices_la_SOURCES = $(BROKEN_SRC)
tests_plugins_bad_choices_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_CHOICES -DBROKEN_NAME='"bad_choices"'
tests_plugins_bad_choices_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_bad_no_entry_la_SOURCES = $(BROKEN_SRC)
tests_plugins_bad_no_entry_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_NO_ENTRY -DBROKEN_NAME='"bad_no_entry"'
tests_plugins_bad_no_entry_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
tests_plugins_bad_abi_la_SOURCES = $(BROKEN_SRC)
tests_plugins_bad_abi_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_ABI -DBROKEN_NAME='"bad_abi"'
tests_plugins_bad_abi_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_bad_null_verify_la_SOURCES = $(BROKEN_SRC)
tests_plugins_bad_null_verify_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_NULL_VERIFY -DBROKEN_NAME='"bad_null_verify"'
tests_plugins_bad_null_verify_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_bad_setup_la_SOURCES = $(BROKEN_SRC)
tests_plugins_bad_setup_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_SETUP -DBROKEN_NAME='"bad_setup"'
tests_plugins_bad_setup_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_bad_param_la_SOURCES = $(BROKEN_SRC)
tests_plugins_bad_param_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_PARAM -DBROKEN_NAME='"bad_param"'
tests_plugins_bad_param_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_bad_no_output_la_SOURCES = $(BROKEN_SRC)
tests_plugins_bad_no_output_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_NO_OUTPUT -DBROKEN_NAME='"bad_no_output"'
tests_plugins_bad_no_output_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_wrong_sum_la_SOURCES = $(BROKEN_SRC)
tests_plugins_wrong_sum_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_WRONG -DBROKEN_NAME='"wrong_sum"'
tests_plugins_wrong_sum_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_first_run_only_la_SOURCES = $(BROKEN_SRC)
tests_plugins_first_run_only_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_FIRST_RUN_ONLY -DBROKEN_NAME='"first_run_only"'
tests_plugins_first_run_only_la_LDFLAGS = $(BROKEN_LDFLAGS)

# The isolation corpus: each crashes, exits, hangs or prints in one
# callback (tests/isolation.sh).
check_LTLIBRARIES += tests/plugins/crash_setup.la tests/plugins/crash_run.la tests/plugins/crash_verify.la tests/plugins/crash_bytes.la tests/plugins/crash_teardown.la tests/plugins/crash_load.la tests/plugins/abort_setup.la tests/plugins/exit0_run.la tests/plugins/exit3_verify.la tests/plugins/exit_teardown.la tests/plugins/kill_run.la tests/plugins/hang_run.la tests/plugins/huge.la tests/plugins/chatty.la tests/plugins/unsupported.la
tests_plugins_crash_setup_la_SOURCES = $(BROKEN_SRC)
tests_plugins_crash_setup_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_CRASH_SETUP -DBROKEN_NAME='"crash_setup"'
tests_plugins_crash_setup_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_crash_run_la_SOURCES = $(BROKEN_SRC)
tests_plugins_crash_run_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_CRASH_RUN -DBROKEN_NAME='"crash_run"'
tests_plugins_crash_run_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_crash_verify_la_SOURCES = $(BROKEN_SRC)
tests_plugins_crash_verify_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_CRASH_VERIFY -DBROKEN_NAME='"crash_verify"'
tests_plugins_crash_verify_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_crash_bytes_la_SOURCES = $(BROKEN_SRC)
tests_plugins_crash_bytes_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_CRASH_BYTES -DBROKEN_NAME='"crash_bytes"'
tests_plugins_crash_bytes_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_crash_teardown_la_SOURCES = $(BROKEN_SRC)
tests_plugins_crash_teardown_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_CRASH_TEARDOWN -DBROKEN_NAME='"crash_teardown"'
tests_plugins_crash_teardown_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_crash_load_la_SOURCES = $(BROKEN_SRC)
tests_plugins_crash_load_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_CRASH_LOAD -DBROKEN_NAME='"crash_load"'
tests_plugins_crash_load_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_abort_setup_la_SOURCES = $(BROKEN_SRC)
tests_plugins_abort_setup_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_ABORT_SETUP -DBROKEN_NAME='"abort_setup"'
tests_plugins_abort_setup_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_exit0_run_la_SOURCES = $(BROKEN_SRC)
tests_plugins_exit0_run_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_EXIT0_RUN -DBROKEN_NAME='"exit0_run"'
tests_plugins_exit0_run_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_exit3_verify_la_SOURCES = $(BROKEN_SRC)
tests_plugins_exit3_verify_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_EXIT3_VERIFY -DBROKEN_NAME='"exit3_verify"'
tests_plugins_exit3_verify_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_exit_teardown_la_SOURCES = $(BROKEN_SRC)
tests_plugins_exit_teardown_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_EXIT_TEARDOWN -DBROKEN_NAME='"exit_teardown"'
tests_plugins_exit_teardown_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_kill_run_la_SOURCES = $(BROKEN_SRC)
tests_plugins_kill_run_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_KILL_RUN -DBROKEN_NAME='"kill_run"'
tests_plugins_kill_run_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_hang_run_la_SOURCES = $(BROKEN_SRC)
tests_plugins_hang_run_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_HANG_RUN -DBROKEN_NAME='"hang_run"'
tests_plugins_hang_run_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_huge_la_SOURCES = $(BROKEN_SRC)
tests_plugins_huge_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_HUGE -DBROKEN_NAME='"huge"'
tests_plugins_huge_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_chatty_la_SOURCES = $(BROKEN_SRC)
tests_plugins_chatty_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_CHATTY -DBROKEN_NAME='"chatty"'
tests_plugins_chatty_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_unsupported_la_SOURCES = $(BROKEN_SRC)
tests_plugins_unsupported_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_UNSUPPORTED -DBROKEN_NAME='"unsupported"'
tests_plugins_unsupported_la_LDFLAGS = $(BROKEN_LDFLAGS)

if HAVE_CUDA
HAVE_CUDA_FLAG = yes
check_LTLIBRARIES += tests/plugins/bad_tail.la tests/plugins/gpu_ok.la tests/plugins/gpu_crash_run.la tests/plugins/gpu_hang.la tests/plugins/gpu_illegal.la tests/plugins/gpu_side_stream.la tests/plugins/gpu_reset.la tests/plugins/gpu_nonblocking.la tests/plugins/gpu_legacy.la \
	tests/plugins/gpu_late_setup.la
tests_plugins_bad_tail_la_SOURCES = tests/plugins/bad_tail.cu
tests_plugins_bad_tail_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_bad_tail_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_ok_la_SOURCES = tests/plugins/gpu_ok.cu
tests_plugins_gpu_ok_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_ok_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_crash_run_la_SOURCES = tests/plugins/gpu_crash_run.cu
tests_plugins_gpu_crash_run_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_crash_run_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_hang_la_SOURCES = tests/plugins/gpu_hang.cu
tests_plugins_gpu_hang_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_hang_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_illegal_la_SOURCES = tests/plugins/gpu_illegal.cu
tests_plugins_gpu_illegal_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_illegal_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_side_stream_la_SOURCES = tests/plugins/gpu_side_stream.cu
tests_plugins_gpu_side_stream_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_side_stream_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_reset_la_SOURCES = tests/plugins/gpu_reset.cu
tests_plugins_gpu_reset_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_reset_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_legacy_la_SOURCES = tests/plugins/gpu_legacy.cu
tests_plugins_gpu_legacy_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_legacy_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_nonblocking_la_SOURCES = tests/plugins/gpu_nonblocking.cu
tests_plugins_gpu_nonblocking_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_nonblocking_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_late_setup_la_SOURCES = tests/plugins/gpu_late_setup.cu
tests_plugins_gpu_late_setup_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_late_setup_la_LDFLAGS = $(BROKEN_LDFLAGS)
# The kit's CUDA part under nvcc (tests/kit.sh).
check_LTLIBRARIES += tests/plugins/kit_cuda.la
tests_plugins_kit_cuda_la_SOURCES = tests/plugins/kit_cuda.cu
tests_plugins_kit_cuda_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_kit_cuda_la_LDFLAGS = $(BROKEN_LDFLAGS)
else
HAVE_CUDA_FLAG = no
endif

TESTS += tests/test_params tests/test_stats tests/test_criterion \
	tests/test_plan tests/test_kit tests/test_wire tests/test_progress \
	tests/cli.sh tests/progress.sh tests/man.sh \
	tests/loader.sh tests/host.sh \
	tests/isolation.sh tests/devices.sh tests/json.sh tests/plot.sh \
	tests/gpu.sh tests/kit.sh tests/example.sh tests/cmake.sh
EXTRA_DIST += tests/cli.sh tests/kit.sh tests/progress.sh tests/man.sh \
	tests/loader.sh tests/host.sh tests/gpu.sh tests/isolation.sh \
	tests/devices.sh tests/json.sh \
	tests/plugins/gpu_broken.cuh \
	tests/example.sh tests/cmake.sh tests/lib.sh tests/odd tests/plot.sh \
	tests/plot/sweep.json tests/plot/catalogue.json

# ABI 1.1 (tests/staging.sh): a plugin built against the frozen 1.0 header,
# which the runner must still load and run, and one that uses the staging
# services, work and enumerated parameters.
check_LTLIBRARIES += tests/plugins/abi10.la tests/plugins/staging.la
tests_plugins_abi10_la_SOURCES = tests/plugins/abi10.c
tests_plugins_abi10_la_CPPFLAGS = -I$(top_srcdir)/tests/abi10
tests_plugins_abi10_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_staging_la_SOURCES = tests/plugins/staging.c
tests_plugins_staging_la_LDFLAGS = $(BROKEN_LDFLAGS)
EXTRA_DIST += tests/abi10/kbench/plugin.h tests/staging.sh
TESTS += tests/staging.sh
