# analyze: the offline subcommands (compare, fleet, plot, report), which
# read result files only: no CUDA, no plugin.
runner_libkbrunner_la_SOURCES += \
	%reldir%/compare.c %reldir%/compare.h \
	%reldir%/compare_energy.c %reldir%/compare_energy.h \
	%reldir%/compare_judge.c %reldir%/compare_judge.h \
	%reldir%/compare_write.c %reldir%/compare_write.h \
	%reldir%/counters.c %reldir%/counters.h \
	%reldir%/fleet.c %reldir%/fleet.h \
	%reldir%/fleet_judge.h %reldir%/fleet_write.h \
	%reldir%/mannwhitney.c %reldir%/mannwhitney.h \
	%reldir%/plot.c %reldir%/plot.h \
	%reldir%/pooling.c %reldir%/pooling.h \
	%reldir%/report.c %reldir%/report.h \
	%reldir%/results_file.h %reldir%/json_read.h \
	%reldir%/script.c %reldir%/script.h \
	%reldir%/results_entries.h \
	%reldir%/subcommand.c %reldir%/subcommand.h
if HAVE_JSON_C
# kbench compare's and fleet's reading and output; without json-c they say
# so.
runner_libkbrunner_la_SOURCES += %reldir%/results_file.c \
	%reldir%/results_entries.c \
	%reldir%/compare_json.c %reldir%/fleet_judge.c %reldir%/fleet_write.c \
	%reldir%/fleet_json.c %reldir%/json_read.c
runner_libkbrunner_la_CPPFLAGS += $(JSON_C_CFLAGS)
runner_libkbrunner_la_LIBADD += $(JSON_C_LIBS)
else
EXTRA_DIST += %reldir%/results_file.c %reldir%/compare_json.c \
	%reldir%/results_entries.c \
	%reldir%/fleet_judge.c %reldir%/fleet_write.c %reldir%/fleet_json.c \
	%reldir%/json_read.c
endif
