# The test plugins: host variants the shell tests slow down or misuse,
# one module per way of being broken (one source, a define each), the
# isolation corpus, the GPU's broken plugins, and ABI 1.0 and 1.1 plugins.
# None is installed (-rpath /nowhere); the shell tests find them in
# tests/plugins/.libs.

# fleet_sum: a host variant that the environment slows down (fleet.sh).
check_LTLIBRARIES += tests/plugins/fleet_sum.la
tests_plugins_fleet_sum_la_SOURCES = tests/plugins/fleet_sum.c
tests_plugins_fleet_sum_la_LDFLAGS = $(AM_LDFLAGS) -rpath /nowhere

# fake_nvml: NVML's stand-in that records who locks and restores the
# clocks (tests/shell/clocks.sh); not a plugin.
check_LTLIBRARIES += tests/plugins/fake_nvml.la
tests_plugins_fake_nvml_la_SOURCES = tests/plugins/fake_nvml.c
tests_plugins_fake_nvml_la_LDFLAGS = -module -avoid-version -shared \
	-no-undefined -Wl,-z,defs -export-symbols-regex '^nvml' -rpath /nowhere

# tune_trap: a space with a best, a crash and a hang (tests/shell/tune.sh).
check_LTLIBRARIES += tests/plugins/tune_trap.la
tests_plugins_tune_trap_la_SOURCES = tests/plugins/tune_trap.c
tests_plugins_tune_trap_la_LDFLAGS = $(AM_LDFLAGS) -rpath /nowhere

# One source, one module per way of being broken.
BROKEN_LDFLAGS = $(AM_LDFLAGS) -rpath /nowhere
BROKEN_SRC = tests/plugins/broken.c
check_LTLIBRARIES += tests/plugins/bad_no_entry.la tests/plugins/bad_abi.la \
	tests/plugins/bad_null_verify.la tests/plugins/bad_setup.la \
	tests/plugins/bad_param.la tests/plugins/bad_no_output.la \
	tests/plugins/wrong_sum.la tests/plugins/first_run_only.la
check_LTLIBRARIES += tests/plugins/bad_abi_newer.la tests/plugins/bad_choices.la \
	tests/plugins/bad_flags.la tests/plugins/bad_param_name.la \
	tests/plugins/bad_undefined.la tests/plugins/long_default.la
tests_plugins_bad_param_name_la_SOURCES = $(BROKEN_SRC)
tests_plugins_bad_param_name_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_PARAM_NAME -DBROKEN_NAME='"bad_param_name"'
tests_plugins_bad_param_name_la_LDFLAGS = $(BROKEN_LDFLAGS)
# Linked as a plugin is when its build forgets -z defs (and a library).
tests_plugins_bad_undefined_la_SOURCES = $(BROKEN_SRC)
tests_plugins_bad_undefined_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_UNDEFINED -DBROKEN_NAME='"bad_undefined"'
tests_plugins_bad_undefined_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere
tests_plugins_long_default_la_SOURCES = $(BROKEN_SRC)
tests_plugins_long_default_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_LONG_DEFAULT -DBROKEN_NAME='"long_default"'
tests_plugins_long_default_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_bad_flags_la_SOURCES = $(BROKEN_SRC)
tests_plugins_bad_flags_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_FLAGS -DBROKEN_NAME='"bad_flags"'
tests_plugins_bad_flags_la_LDFLAGS = $(BROKEN_LDFLAGS)
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
check_LTLIBRARIES += tests/plugins/crash_setup.la tests/plugins/crash_run.la tests/plugins/crash_verify.la tests/plugins/crash_bytes.la tests/plugins/crash_teardown.la tests/plugins/crash_load.la tests/plugins/abort_setup.la tests/plugins/exit0_run.la tests/plugins/exit3_verify.la tests/plugins/exit_teardown.la tests/plugins/kill_run.la tests/plugins/hang_run.la tests/plugins/huge.la tests/plugins/chatty.la tests/plugins/unsupported.la tests/plugins/orphan_run.la
tests_plugins_orphan_run_la_SOURCES = $(BROKEN_SRC)
tests_plugins_orphan_run_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_ORPHAN_RUN -DBROKEN_NAME='"orphan_run"'
tests_plugins_orphan_run_la_LDFLAGS = $(BROKEN_LDFLAGS)
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

# Hangs in run for a supervisor killed meanwhile (tests/shell/orphans.sh).
check_LTLIBRARIES += tests/plugins/deaf_run.la tests/plugins/fork_run.la
tests_plugins_deaf_run_la_SOURCES = $(BROKEN_SRC)
tests_plugins_deaf_run_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_DEAF_RUN -DBROKEN_NAME='"deaf_run"'
tests_plugins_deaf_run_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_fork_run_la_SOURCES = $(BROKEN_SRC)
tests_plugins_fork_run_la_CPPFLAGS = $(AM_CPPFLAGS) -DBROKEN_FORK_RUN -DBROKEN_NAME='"fork_run"'
tests_plugins_fork_run_la_LDFLAGS = $(BROKEN_LDFLAGS)

if HAVE_CUDA
check_LTLIBRARIES += tests/plugins/bad_tail.la tests/plugins/gpu_ok.la tests/plugins/gpu_crash_run.la tests/plugins/gpu_hang.la tests/plugins/gpu_illegal.la tests/plugins/gpu_side_stream.la tests/plugins/gpu_reset.la tests/plugins/gpu_nonblocking.la tests/plugins/gpu_legacy.la \
	tests/plugins/gpu_late_setup.la tests/plugins/gpu_inflated.la tests/plugins/gpu_fork_join.la \
	tests/plugins/gpu_per_thread.la tests/plugins/gpu_graph.la tests/plugins/gpu_off_copy.la \
	tests/plugins/gpu_tune_trap.la tests/plugins/gpu_sync.la tests/plugins/gpu_region.la \
	tests/plugins/gpu_instruments.la tests/plugins/gpu_forge_event.la \
	tests/plugins/gpu_leftovers.la
# Variants that leave state behind in their worker's CUDA context
# (tests/shell/leftovers.sh, bench/leftovers_check.sh).
tests_plugins_gpu_leftovers_la_SOURCES = tests/plugins/gpu_leftovers.cu
tests_plugins_gpu_leftovers_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_leftovers_la_LDFLAGS = $(BROKEN_LDFLAGS)
# Honest runs that are hard on the instruments: a graph's replay, a
# cudaMallocAsync in run, a run that fails under the profiler.
tests_plugins_gpu_instruments_la_SOURCES = tests/plugins/gpu_instruments.cu
tests_plugins_gpu_instruments_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_instruments_la_LDFLAGS = $(BROKEN_LDFLAGS)
# ABI 1.2: a run that synchronizes, declared or not, with an unjoined side
# stream or without; a timed region around a sum after a memset, and its
# cheats.
tests_plugins_gpu_sync_la_SOURCES = tests/plugins/gpu_sync.cu
tests_plugins_gpu_sync_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_sync_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_region_la_SOURCES = tests/plugins/gpu_region.cu
tests_plugins_gpu_region_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_region_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_tune_trap_la_SOURCES = tests/plugins/gpu_tune_trap.cu
tests_plugins_gpu_tune_trap_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_tune_trap_la_LDFLAGS = $(BROKEN_LDFLAGS)
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
tests_plugins_gpu_forge_event_la_SOURCES = tests/plugins/gpu_forge_event.cu
tests_plugins_gpu_forge_event_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_forge_event_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_inflated_la_SOURCES = tests/plugins/gpu_inflated.cu
tests_plugins_gpu_inflated_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_inflated_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_fork_join_la_SOURCES = tests/plugins/gpu_fork_join.cu
tests_plugins_gpu_fork_join_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_fork_join_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_per_thread_la_SOURCES = tests/plugins/gpu_per_thread.cu
tests_plugins_gpu_per_thread_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_per_thread_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_graph_la_SOURCES = tests/plugins/gpu_graph.cu
tests_plugins_gpu_graph_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_graph_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_off_copy_la_SOURCES = tests/plugins/gpu_off_copy.cu
tests_plugins_gpu_off_copy_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_off_copy_la_LDFLAGS = $(BROKEN_LDFLAGS)
# ABI 1.3: third-party code on a default stream, the sibling on kbench's
# stream that times the identical kernel, and the stream cheats declaring
# a default stream (tests/shell/gpu.sh, bench/default_stream_check.sh).
check_LTLIBRARIES += tests/plugins/gpu_default_legacy.la \
	tests/plugins/gpu_default_per_thread.la \
	tests/plugins/gpu_default_sibling.la \
	tests/plugins/gpu_decl_legacy_side_stream.la \
	tests/plugins/gpu_decl_legacy_nonblocking.la \
	tests/plugins/gpu_decl_legacy_on_per_thread.la \
	tests/plugins/gpu_decl_per_thread_on_legacy.la
tests_plugins_gpu_default_legacy_la_SOURCES = tests/plugins/gpu_default_legacy.cu
tests_plugins_gpu_default_legacy_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_default_legacy_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_default_per_thread_la_SOURCES = tests/plugins/gpu_default_per_thread.cu
tests_plugins_gpu_default_per_thread_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_default_per_thread_la_LDFLAGS = $(BROKEN_LDFLAGS)
# Stream 0 is the calling thread's own in this object alone (the source
# refuses to build otherwise).
tests/plugins/gpu_default_per_thread.lo: NVCCFLAGS += --default-stream per-thread
tests_plugins_gpu_default_sibling_la_SOURCES = tests/plugins/gpu_default_sibling.cu
tests_plugins_gpu_default_sibling_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_default_sibling_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_decl_legacy_side_stream_la_SOURCES = tests/plugins/gpu_decl_legacy_side_stream.cu
tests_plugins_gpu_decl_legacy_side_stream_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_decl_legacy_side_stream_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_decl_legacy_nonblocking_la_SOURCES = tests/plugins/gpu_decl_legacy_nonblocking.cu
tests_plugins_gpu_decl_legacy_nonblocking_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_decl_legacy_nonblocking_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_decl_legacy_on_per_thread_la_SOURCES = tests/plugins/gpu_decl_legacy_on_per_thread.cu
tests_plugins_gpu_decl_legacy_on_per_thread_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_decl_legacy_on_per_thread_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_gpu_decl_per_thread_on_legacy_la_SOURCES = tests/plugins/gpu_decl_per_thread_on_legacy.cu
tests_plugins_gpu_decl_per_thread_on_legacy_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_decl_per_thread_on_legacy_la_LDFLAGS = $(BROKEN_LDFLAGS)
# ABI 1.4: C = alpha*A*B + beta*C reading C where it writes it, C declared
# in-out, as a plain output, or read from a buffer of its own
# (tests/shell/gpu_inout.sh, bench/inout_check.sh).
check_LTLIBRARIES += tests/plugins/gpu_inout.la
tests_plugins_gpu_inout_la_SOURCES = tests/plugins/gpu_inout.cu
tests_plugins_gpu_inout_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_inout_la_LDFLAGS = $(BROKEN_LDFLAGS)
# The runner's fill stored by the GPU, against h->element
# (tests/shell/gpu_fill.sh).
check_LTLIBRARIES += tests/plugins/gpu_fill.la
tests_plugins_gpu_fill_la_SOURCES = tests/plugins/gpu_fill.cu
tests_plugins_gpu_fill_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_gpu_fill_la_LDFLAGS = $(BROKEN_LDFLAGS)
# The kit's CUDA part under nvcc (tests/kit.sh).
check_LTLIBRARIES += tests/plugins/kit_cuda.la
tests_plugins_kit_cuda_la_SOURCES = tests/plugins/kit_cuda.cu
tests_plugins_kit_cuda_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_kit_cuda_la_LDFLAGS = $(BROKEN_LDFLAGS)
endif

# ABI 1.1 (tests/shell/staging.sh): a plugin built against the frozen 1.0 header,
# which the runner must still load and run, and one that uses the staging
# services, work and enumerated parameters.
check_LTLIBRARIES += tests/plugins/abi10.la tests/plugins/staging.la
tests_plugins_abi10_la_SOURCES = tests/plugins/abi10.c
tests_plugins_abi10_la_CPPFLAGS = -I$(top_srcdir)/tests/abi10
tests_plugins_abi10_la_LDFLAGS = $(BROKEN_LDFLAGS)
# ABI 1.2 (tests/shell/region.sh): the same sum built against the frozen
# 1.1 header, and the timed region on the CPU.
check_LTLIBRARIES += tests/plugins/abi11.la tests/plugins/region_cpu.la
tests_plugins_region_cpu_la_SOURCES = tests/plugins/region_cpu.c
tests_plugins_region_cpu_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_abi11_la_SOURCES = tests/plugins/abi10.c
tests_plugins_abi11_la_CPPFLAGS = -I$(top_srcdir)/tests/abi11 -DABI_OLD_MINOR=1
tests_plugins_abi11_la_LDFLAGS = $(BROKEN_LDFLAGS)
# ABI 1.3 (tests/shell/region.sh): the same sum against the frozen 1.2
# header.
check_LTLIBRARIES += tests/plugins/abi12.la
tests_plugins_abi12_la_SOURCES = tests/plugins/abi10.c
tests_plugins_abi12_la_CPPFLAGS = -I$(top_srcdir)/tests/abi12 -DABI_OLD_MINOR=2
tests_plugins_abi12_la_LDFLAGS = $(BROKEN_LDFLAGS)
# ABI 1.4 (tests/shell/inout.sh): the same sum against the frozen 1.3
# header, and y = a*x + y in place, declared in-out and not, on the CPU.
check_LTLIBRARIES += tests/plugins/abi13.la tests/plugins/inout_cpu.la
tests_plugins_abi13_la_SOURCES = tests/plugins/abi10.c
tests_plugins_abi13_la_CPPFLAGS = -I$(top_srcdir)/tests/abi13 -DABI_OLD_MINOR=3
tests_plugins_abi13_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_inout_cpu_la_SOURCES = tests/plugins/inout_cpu.c
tests_plugins_inout_cpu_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_staging_la_SOURCES = tests/plugins/staging.c
tests_plugins_staging_la_LDFLAGS = $(BROKEN_LDFLAGS)
EXTRA_DIST += tests/abi10/kbench/plugin.h tests/abi11/kbench/plugin.h \
	tests/abi12/kbench/plugin.h tests/abi13/kbench/plugin.h \
	tests/plugins/gpu_broken.cuh tests/plugins/got_rewrite.h \
	tests/plugins/gpu_default_stream.cuh \
	tests/plugins/runner_symbol.h

# nap: a host variant that sleeps, for the tests that judge real runs'
# times or stop a run midway.
check_LTLIBRARIES += tests/plugins/nap.la tests/plugins/nap_pair.la
tests_plugins_nap_la_SOURCES = tests/plugins/nap.c
tests_plugins_nap_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_nap_pair_la_SOURCES = tests/plugins/nap.c
tests_plugins_nap_pair_la_CPPFLAGS = $(AM_CPPFLAGS) -DNAP_PAIR
tests_plugins_nap_pair_la_LDFLAGS = $(BROKEN_LDFLAGS)

# The adversaries of the worker's seal and isolation, and the honest
# plugin measured after them (tests/shell/adversary.sh): one source, one
# module per attack.
ADVERSARY_SRC = tests/plugins/adversary.c
ADVERSARY_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/runner -I$(top_builddir)/runner
check_LTLIBRARIES += tests/plugins/adversary_got.la \
	tests/plugins/adversary_text.la tests/plugins/adversary_signals.la \
	tests/plugins/adversary_frame.la tests/plugins/honest_spin.la \
	tests/plugins/adversary_note.la tests/plugins/adversary_wait.la \
	tests/plugins/adversary_discard.la tests/plugins/adversary_vvar.la \
	tests/plugins/adversary_silence.la tests/plugins/adversary_sigkill.la \
	tests/plugins/adversary_sigint.la tests/plugins/adversary_sigstop.la \
	tests/plugins/adversary_chain.la tests/plugins/adversary_json.la \
	tests/plugins/adversary_files.la tests/plugins/adversary_claim.la \
	tests/plugins/adversary_region.la tests/plugins/adversary_tty.la \
	tests/plugins/adversary_setown.la tests/plugins/adversary_nice.la \
	tests/plugins/state_probe.la tests/plugins/adversary_sibling.la \
	tests/plugins/adversary_trojan.la tests/plugins/session_probe.la \
	tests/plugins/adversary_early.la tests/plugins/adversary_region_small.la \
	tests/plugins/adversary_ipc.la
tests_plugins_adversary_early_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_early_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_EARLY -DADVERSARY_NAME='"adversary_early"'
tests_plugins_adversary_early_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_region_small_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_region_small_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_REGION -DADVERSARY_SMALL -DADVERSARY_NAME='"adversary_region_small"'
tests_plugins_adversary_region_small_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_ipc_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_ipc_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_IPC -DADVERSARY_NAME='"adversary_ipc"'
tests_plugins_adversary_ipc_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_session_probe_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_session_probe_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DSESSION_PROBE -DADVERSARY_NAME='"session_probe"'
tests_plugins_session_probe_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_tty_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_tty_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_TTY -DADVERSARY_NAME='"adversary_tty"'
tests_plugins_adversary_tty_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_setown_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_setown_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_SETOWN -DADVERSARY_NAME='"adversary_setown"'
tests_plugins_adversary_setown_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_nice_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_nice_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_NICE -DADVERSARY_NAME='"adversary_nice"'
tests_plugins_adversary_nice_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_state_probe_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_state_probe_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DSTATE_PROBE -DADVERSARY_NAME='"state_probe"'
tests_plugins_state_probe_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_sibling_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_sibling_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_SIBLING -DADVERSARY_NAME='"adversary_sibling"'
tests_plugins_adversary_sibling_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_trojan_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_trojan_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_TROJAN -DADVERSARY_NAME='"adversary_trojan"'
tests_plugins_adversary_trojan_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_claim_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_claim_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_CLAIM -DADVERSARY_NAME='"adversary_claim"'
tests_plugins_adversary_claim_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_region_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_region_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_REGION -DADVERSARY_NAME='"adversary_region"'
tests_plugins_adversary_region_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_files_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_files_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_FILES -DADVERSARY_NAME='"adversary_files"'
tests_plugins_adversary_files_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_json_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_json_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_JSON -DADVERSARY_NAME='"adversary_json"'
tests_plugins_adversary_json_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_chain_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_chain_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_CHAIN -DADVERSARY_NAME='"adversary_chain"'
tests_plugins_adversary_chain_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_sigkill_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_sigkill_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_KILL=SIGKILL -DADVERSARY_NAME='"adversary_sigkill"'
tests_plugins_adversary_sigkill_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_sigint_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_sigint_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_KILL=SIGINT -DADVERSARY_NAME='"adversary_sigint"'
tests_plugins_adversary_sigint_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_sigstop_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_sigstop_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_KILL=SIGSTOP -DADVERSARY_NAME='"adversary_sigstop"'
tests_plugins_adversary_sigstop_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_discard_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_discard_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_DISCARD -DADVERSARY_NAME='"adversary_discard"'
tests_plugins_adversary_discard_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_vvar_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_vvar_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_VVAR -DADVERSARY_NAME='"adversary_vvar"'
tests_plugins_adversary_vvar_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_silence_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_silence_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_SILENCE -DADVERSARY_NAME='"adversary_silence"'
tests_plugins_adversary_silence_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_note_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_note_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_NOTE -DADVERSARY_NAME='"adversary_note"'
tests_plugins_adversary_note_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_wait_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_wait_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_WAIT -DADVERSARY_NAME='"adversary_wait"'
tests_plugins_adversary_wait_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_wait_la_LIBADD = -lpthread
tests_plugins_adversary_got_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_got_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_GOT -DADVERSARY_NAME='"adversary_got"'
tests_plugins_adversary_got_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_text_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_text_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_TEXT -DADVERSARY_NAME='"adversary_text"'
tests_plugins_adversary_text_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_signals_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_signals_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_SIGNALS -DADVERSARY_NAME='"adversary_signals"'
tests_plugins_adversary_signals_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_frame_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_adversary_frame_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS) -DADVERSARY_FRAME -DADVERSARY_NAME='"adversary_frame"'
tests_plugins_adversary_frame_la_LDFLAGS = $(BROKEN_LDFLAGS)
tests_plugins_adversary_frame_la_LIBADD = -lpthread
tests_plugins_honest_spin_la_SOURCES = $(ADVERSARY_SRC)
tests_plugins_honest_spin_la_CPPFLAGS = $(ADVERSARY_CPPFLAGS)
tests_plugins_honest_spin_la_LDFLAGS = $(BROKEN_LDFLAGS)
