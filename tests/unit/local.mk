# Unit tests of the runner's units, one program each, linked against the
# runner's convenience library (TAP on stdout, tap.h).
UNIT_LDADD = runner/libkbrunner.la
# CUPTI's folder on the rpath: libcupti loads libnvperf_host.so from there
# by bare name.
UNIT_LINK_FLAGS = $(CUDA_LDFLAGS) $(CUPTI_LDFLAGS)
UNIT_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/runner -D_POSIX_C_SOURCE=200809L

check_PROGRAMS += %reldir%/test_params
%canon_reldir%_test_params_SOURCES = %reldir%/test_params.c %reldir%/tap.h
%canon_reldir%_test_params_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_params_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_params_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_params

check_PROGRAMS += %reldir%/test_cli
%canon_reldir%_test_cli_SOURCES = %reldir%/test_cli.c %reldir%/tap.h
%canon_reldir%_test_cli_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_cli_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_cli_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_cli

check_PROGRAMS += %reldir%/test_replace
%canon_reldir%_test_replace_SOURCES = %reldir%/test_replace.c %reldir%/tap.h \
	%reldir%/files.h
%canon_reldir%_test_replace_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_replace_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_replace_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_replace

check_PROGRAMS += %reldir%/test_results_json
%canon_reldir%_test_results_json_SOURCES = %reldir%/test_results_json.c %reldir%/tap.h \
	%reldir%/files.h
%canon_reldir%_test_results_json_CPPFLAGS = $(UNIT_CPPFLAGS) $(JSON_C_CFLAGS)
%canon_reldir%_test_results_json_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_results_json_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_results_json

check_PROGRAMS += %reldir%/test_result_fields
%canon_reldir%_test_result_fields_SOURCES = %reldir%/test_result_fields.c %reldir%/tap.h \
	%reldir%/fields.h
%canon_reldir%_test_result_fields_CPPFLAGS = $(UNIT_CPPFLAGS) $(JSON_C_CFLAGS)
%canon_reldir%_test_result_fields_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_result_fields_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_result_fields

# A row added to the field table shows in every output: the printers
# (output/ and the folders below it, none of the worker's) built again
# with the test's row (new_row.h), objects of this program's own.
check_PROGRAMS += %reldir%/test_new_row
%canon_reldir%_test_new_row_SOURCES = %reldir%/test_new_row.c \
	%reldir%/new_row.h %reldir%/tap.h %reldir%/stub_case.h \
	$(kb_util_sources) $(kb_model_sources) $(kb_plan_sources) \
	$(kb_output_sources) $(kb_results_sources)
nodist_%canon_reldir%_test_new_row_SOURCES = runner/util/install_dirs.h \
	runner/plan/shipped.h
%canon_reldir%_test_new_row_CPPFLAGS = $(runner_libkbrunner_la_CPPFLAGS) \
	-I$(top_srcdir)/%reldir% -DKB_TEST_ROWS='"new_row.h"'
%canon_reldir%_test_new_row_LDADD = $(runner_libkbrunner_la_LIBADD)
%canon_reldir%_test_new_row_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_new_row

check_PROGRAMS += %reldir%/test_result_keys
%canon_reldir%_test_result_keys_SOURCES = %reldir%/test_result_keys.c %reldir%/tap.h
%canon_reldir%_test_result_keys_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_result_keys_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_result_keys_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_result_keys

check_PROGRAMS += %reldir%/test_time_fields
%canon_reldir%_test_time_fields_SOURCES = %reldir%/test_time_fields.c %reldir%/tap.h
%canon_reldir%_test_time_fields_CPPFLAGS = $(UNIT_CPPFLAGS) $(JSON_C_CFLAGS)
%canon_reldir%_test_time_fields_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_time_fields_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_time_fields

check_PROGRAMS += %reldir%/test_pooling
%canon_reldir%_test_pooling_SOURCES = %reldir%/test_pooling.c %reldir%/tap.h \
	%reldir%/fields.h
%canon_reldir%_test_pooling_CPPFLAGS = $(UNIT_CPPFLAGS) $(JSON_C_CFLAGS)
%canon_reldir%_test_pooling_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_pooling_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_pooling

check_PROGRAMS += %reldir%/test_loader_sizes
%canon_reldir%_test_loader_sizes_SOURCES = %reldir%/test_loader_sizes.c %reldir%/tap.h
%canon_reldir%_test_loader_sizes_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_loader_sizes_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_loader_sizes_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_loader_sizes

check_PROGRAMS += %reldir%/test_variant_flags
%canon_reldir%_test_variant_flags_SOURCES = %reldir%/test_variant_flags.c %reldir%/tap.h
%canon_reldir%_test_variant_flags_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_variant_flags_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_variant_flags_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_variant_flags

check_PROGRAMS += %reldir%/test_sha256
%canon_reldir%_test_sha256_SOURCES = %reldir%/test_sha256.c %reldir%/tap.h
%canon_reldir%_test_sha256_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_sha256_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_sha256_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_sha256

check_PROGRAMS += %reldir%/test_stats
%canon_reldir%_test_stats_SOURCES = %reldir%/test_stats.c %reldir%/tap.h
%canon_reldir%_test_stats_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_stats_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_stats_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_stats

check_PROGRAMS += %reldir%/test_criterion
%canon_reldir%_test_criterion_SOURCES = %reldir%/test_criterion.c %reldir%/tap.h
%canon_reldir%_test_criterion_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_criterion_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_criterion_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_criterion

check_PROGRAMS += %reldir%/test_plan
%canon_reldir%_test_plan_SOURCES = %reldir%/test_plan.c %reldir%/tap.h
%canon_reldir%_test_plan_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_plan_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_plan_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_plan

check_PROGRAMS += %reldir%/test_fd_pass
%canon_reldir%_test_fd_pass_SOURCES = %reldir%/test_fd_pass.c %reldir%/tap.h
%canon_reldir%_test_fd_pass_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_fd_pass_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_fd_pass_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_fd_pass

check_PROGRAMS += %reldir%/test_wire
%canon_reldir%_test_wire_SOURCES = %reldir%/test_wire.c %reldir%/tap.h \
	%reldir%/fields.h
%canon_reldir%_test_wire_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_wire_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_wire_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_wire

check_PROGRAMS += %reldir%/test_progress
%canon_reldir%_test_progress_SOURCES = %reldir%/test_progress.c %reldir%/tap.h
%canon_reldir%_test_progress_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_progress_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_progress_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_progress

check_PROGRAMS += %reldir%/test_launcher
%canon_reldir%_test_launcher_SOURCES = %reldir%/test_launcher.c %reldir%/tap.h
%canon_reldir%_test_launcher_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_launcher_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_launcher_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_launcher

check_PROGRAMS += %reldir%/test_pool
%canon_reldir%_test_pool_SOURCES = %reldir%/test_pool.c %reldir%/tap.h
%canon_reldir%_test_pool_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_pool_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_pool_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_pool

check_PROGRAMS += %reldir%/test_hostmem
%canon_reldir%_test_hostmem_SOURCES = %reldir%/test_hostmem.c %reldir%/tap.h
%canon_reldir%_test_hostmem_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_hostmem_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_hostmem_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_hostmem
check_PROGRAMS += %reldir%/test_outputs
%canon_reldir%_test_outputs_SOURCES = %reldir%/test_outputs.c %reldir%/tap.h
%canon_reldir%_test_outputs_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_outputs_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_outputs_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_outputs

check_PROGRAMS += %reldir%/test_mannwhitney
%canon_reldir%_test_mannwhitney_SOURCES = %reldir%/test_mannwhitney.c %reldir%/tap.h
%canon_reldir%_test_mannwhitney_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_mannwhitney_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_mannwhitney_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_mannwhitney

check_PROGRAMS += %reldir%/test_placement
%canon_reldir%_test_placement_SOURCES = %reldir%/test_placement.c %reldir%/tap.h
%canon_reldir%_test_placement_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_placement_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_placement_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_placement

check_PROGRAMS += %reldir%/test_host_floor
%canon_reldir%_test_host_floor_SOURCES = %reldir%/test_host_floor.c %reldir%/tap.h
%canon_reldir%_test_host_floor_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_host_floor_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_host_floor_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_host_floor

# The kit's host part, against the runner's generator, as plain C11 with
# no CUDA header on the include path.
check_PROGRAMS += %reldir%/test_kit
%canon_reldir%_test_kit_SOURCES = %reldir%/test_kit.c %reldir%/tap.h
%canon_reldir%_test_kit_CPPFLAGS = -I$(top_srcdir)/include -I$(top_srcdir)/runner \
	-D_POSIX_C_SOURCE=200809L
%canon_reldir%_test_kit_CFLAGS = $(AM_CFLAGS) -Wpedantic
%canon_reldir%_test_kit_LDADD = $(UNIT_LDADD) -lm
%canon_reldir%_test_kit_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_kit

# --metrics lists against a fake metric table.
check_PROGRAMS += %reldir%/test_metrics
%canon_reldir%_test_metrics_SOURCES = %reldir%/test_metrics.c %reldir%/tap.h
%canon_reldir%_test_metrics_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_metrics_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_metrics_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_metrics

# The CUPTI glue against CUPTI's host API for chip GH100: no GPU needed.
check_PROGRAMS += %reldir%/test_cupti_host
%canon_reldir%_test_cupti_host_SOURCES = %reldir%/test_cupti_host.c %reldir%/tap.h
%canon_reldir%_test_cupti_host_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_cupti_host_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_cupti_host_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_cupti_host

check_PROGRAMS += %reldir%/test_device_lock
%canon_reldir%_test_device_lock_SOURCES = %reldir%/test_device_lock.c %reldir%/tap.h
%canon_reldir%_test_device_lock_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_device_lock_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_device_lock_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_device_lock

check_PROGRAMS += %reldir%/test_audit_outputs
%canon_reldir%_test_audit_outputs_SOURCES = %reldir%/test_audit_outputs.c %reldir%/tap.h \
	%reldir%/stub_case.h
%canon_reldir%_test_audit_outputs_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_audit_outputs_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_audit_outputs_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_audit_outputs

# --energy's arithmetic on a synthetic counter, its words, and NVML's
# absence: no GPU needed.
check_PROGRAMS += %reldir%/test_energy
%canon_reldir%_test_energy_SOURCES = %reldir%/test_energy.c %reldir%/tap.h
%canon_reldir%_test_energy_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_energy_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_energy_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_energy

check_PROGRAMS += %reldir%/test_stream_order
%canon_reldir%_test_stream_order_SOURCES = %reldir%/test_stream_order.c %reldir%/tap.h
%canon_reldir%_test_stream_order_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_stream_order_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_stream_order_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_stream_order

# The notes under a case: every printer shows every one, in order.
check_PROGRAMS += %reldir%/test_case_notes
%canon_reldir%_test_case_notes_SOURCES = %reldir%/test_case_notes.c %reldir%/tap.h %reldir%/fields.h
%canon_reldir%_test_case_notes_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_case_notes_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_case_notes_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_case_notes

# --format=md's writer, fed results as a GPU run gives them.
check_PROGRAMS += %reldir%/test_markdown
%canon_reldir%_test_markdown_SOURCES = %reldir%/test_markdown.c %reldir%/tap.h
%canon_reldir%_test_markdown_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_markdown_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_markdown_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_markdown
check_PROGRAMS += %reldir%/test_tune_restrict
%canon_reldir%_test_tune_restrict_SOURCES = %reldir%/test_tune_restrict.c %reldir%/tap.h
%canon_reldir%_test_tune_restrict_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_tune_restrict_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_tune_restrict_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_tune_restrict

check_PROGRAMS += %reldir%/test_tune_search
%canon_reldir%_test_tune_search_SOURCES = %reldir%/test_tune_search.c %reldir%/tap.h
%canon_reldir%_test_tune_search_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_tune_search_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_tune_search_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_tune_search

check_PROGRAMS += %reldir%/test_tune_objective
%canon_reldir%_test_tune_objective_SOURCES = %reldir%/test_tune_objective.c %reldir%/tap.h
%canon_reldir%_test_tune_objective_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_tune_objective_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_tune_objective_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_tune_objective

check_PROGRAMS += %reldir%/test_kernel_time
%canon_reldir%_test_kernel_time_SOURCES = %reldir%/test_kernel_time.c %reldir%/tap.h
%canon_reldir%_test_kernel_time_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_kernel_time_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_kernel_time_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_kernel_time

check_PROGRAMS += %reldir%/test_same_device
%canon_reldir%_test_same_device_SOURCES = %reldir%/test_same_device.c %reldir%/tap.h
%canon_reldir%_test_same_device_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_same_device_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_same_device_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_same_device

check_PROGRAMS += %reldir%/test_groups
%canon_reldir%_test_groups_SOURCES = %reldir%/test_groups.c %reldir%/tap.h
%canon_reldir%_test_groups_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_groups_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_groups_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_groups

check_PROGRAMS += %reldir%/test_driver_gpus
%canon_reldir%_test_driver_gpus_SOURCES = %reldir%/test_driver_gpus.c %reldir%/tap.h
%canon_reldir%_test_driver_gpus_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_driver_gpus_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_driver_gpus_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_driver_gpus

check_PROGRAMS += %reldir%/test_install_dir
%canon_reldir%_test_install_dir_SOURCES = %reldir%/test_install_dir.c %reldir%/tap.h
%canon_reldir%_test_install_dir_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_install_dir_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_install_dir_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_install_dir

check_PROGRAMS += %reldir%/test_neighbours
%canon_reldir%_test_neighbours_SOURCES = %reldir%/test_neighbours.c %reldir%/tap.h
%canon_reldir%_test_neighbours_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_neighbours_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_neighbours_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_neighbours

check_PROGRAMS += %reldir%/test_disturbed
%canon_reldir%_test_disturbed_SOURCES = %reldir%/test_disturbed.c %reldir%/tap.h \
	%reldir%/stub_case.h
%canon_reldir%_test_disturbed_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_disturbed_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_disturbed_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_disturbed

check_PROGRAMS += %reldir%/test_plausible
%canon_reldir%_test_plausible_SOURCES = %reldir%/test_plausible.c %reldir%/tap.h
%canon_reldir%_test_plausible_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_plausible_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_plausible_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_plausible

check_PROGRAMS += %reldir%/test_seal
%canon_reldir%_test_seal_SOURCES = %reldir%/test_seal.c %reldir%/tap.h
%canon_reldir%_test_seal_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_seal_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_seal_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_seal

check_PROGRAMS += %reldir%/test_conditions
%canon_reldir%_test_conditions_SOURCES = %reldir%/test_conditions.c %reldir%/tap.h \
	%reldir%/stub_case.h
%canon_reldir%_test_conditions_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_conditions_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_conditions_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_conditions

# The --csv and --samples files: a cell per column in every row.
check_PROGRAMS += %reldir%/test_csv_columns
%canon_reldir%_test_csv_columns_SOURCES = %reldir%/test_csv_columns.c %reldir%/tap.h \
	%reldir%/stub_case.h
%canon_reldir%_test_csv_columns_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_csv_columns_LDADD = $(UNIT_LDADD)
%canon_reldir%_test_csv_columns_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_csv_columns

check_PROGRAMS += %reldir%/test_leftovers
%canon_reldir%_test_leftovers_SOURCES = %reldir%/test_leftovers.c %reldir%/tap.h
%canon_reldir%_test_leftovers_CPPFLAGS = $(UNIT_CPPFLAGS)
%canon_reldir%_test_leftovers_LDADD = $(UNIT_LDADD) -lpthread
%canon_reldir%_test_leftovers_LDFLAGS = $(UNIT_LINK_FLAGS)
TESTS += %reldir%/test_leftovers
