# plan: what to run, from the command line: options, the plan of cases
# (sweeps and --cases files), devices, launcher ranks, the plugin search.
runner_libkbrunner_la_SOURCES += \
	%reldir%/cases_file.c \
	%reldir%/cli.c %reldir%/cli.h %reldir%/cli_help.c \
	%reldir%/devices.c %reldir%/devices.h \
	%reldir%/launcher.c %reldir%/launcher.h \
	%reldir%/plan.c %reldir%/plan.h \
	%reldir%/plugin_path.c %reldir%/plugin_path.h
