# The shell tests: TAP scripts that drive kbench against the catalogue,
# the test plugins and the fixtures beside this folder (compare/, plot/,
# odd/, abi10/).  lib.sh holds what they share.
# Each script is named once: it is both a test and in the tarball.
shell_tests = %reldir%/cli.sh %reldir%/progress.sh %reldir%/man.sh \
	%reldir%/loader.sh %reldir%/host.sh %reldir%/isolation.sh \
	%reldir%/devices.sh %reldir%/json.sh %reldir%/plot.sh %reldir%/gpu.sh %reldir%/gpu_sizes.sh \
	%reldir%/kit.sh %reldir%/example.sh %reldir%/cmake.sh \
	%reldir%/compare.sh %reldir%/fleet.sh %reldir%/fleet_real.sh \
	%reldir%/mpi.sh %reldir%/staging.sh %reldir%/layering.sh \
	%reldir%/layering_planted.sh %reldir%/plan.sh \
	%reldir%/driver.sh %reldir%/new.sh %reldir%/metrics.sh \
	%reldir%/energy.sh %reldir%/lock.sh %reldir%/clocks.sh \
	%reldir%/cpus.sh %reldir%/markdown.sh %reldir%/report.sh \
	%reldir%/history.sh %reldir%/tune.sh %reldir%/region.sh %reldir%/inout.sh \
	%reldir%/gpu_inout.sh %reldir%/gpu_fill.sh \
	%reldir%/libs.sh %reldir%/kerneltime.sh %reldir%/slurm.sh \
	%reldir%/install.sh %reldir%/uninstalled.sh %reldir%/interrupt.sh \
	%reldir%/badinput.sh \
	%reldir%/docs.sh %reldir%/hardening.sh %reldir%/adversary.sh \
	%reldir%/replay.sh %reldir%/bench_tools.sh %reldir%/orphans.sh \
	%reldir%/leftovers.sh %reldir%/deb.sh %reldir%/spack.sh
TESTS += $(shell_tests)
EXTRA_DIST += $(shell_tests) %reldir%/lib.sh %reldir%/slurm_node.sh %reldir%/report_browser.py \
	%reldir%/csv_json.py %reldir%/in_pty.py
