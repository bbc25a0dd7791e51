# analyze: the offline subcommands, which read result files only (through
# results/): no CUDA, no plugin.  compare/ and fleet/ are rooms of their
# own, and neither includes the other; history/ is kbench history's.
runner_libkbrunner_la_SOURCES += \
	%reldir%/mannwhitney.c %reldir%/mannwhitney.h \
	%reldir%/plot.c %reldir%/plot.h \
	%reldir%/report.c %reldir%/report.h \
	%reldir%/script.c %reldir%/script.h \
	%reldir%/subcommand.c %reldir%/subcommand.h
include %reldir%/compare/local.mk
include %reldir%/fleet/local.mk
include %reldir%/history/local.mk
