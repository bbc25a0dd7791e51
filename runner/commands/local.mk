# commands: the subcommands besides the run.  Here and in compare/,
# fleet/ and history/ the offline ones, which read result files only
# (through results/): no CUDA, no plugin; compare/ and fleet/ are rooms of
# their own, and neither includes the other.  tune/ is kbench tune (it runs
# cases, through job/), new/ is kbench new.
runner_libkbrunner_la_SOURCES += \
	%reldir%/plot.c %reldir%/plot.h \
	%reldir%/report.c %reldir%/report.h \
	%reldir%/script.c %reldir%/script.h \
	%reldir%/subcommand.c %reldir%/subcommand.h
include %reldir%/compare/local.mk
include %reldir%/fleet/local.mk
include %reldir%/history/local.mk
include %reldir%/new/local.mk
include %reldir%/tune/local.mk
