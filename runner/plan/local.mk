# plan: what to run, from the command line: options, the plan of cases
# (sweeps and --cases files), devices, launcher ranks, the plugin search,
# a library's trust domain.
runner_libkbrunner_la_SOURCES += \
	%reldir%/cases_file.c \
	%reldir%/cli.c %reldir%/cli.h %reldir%/cli_help.c \
	%reldir%/devices.c %reldir%/devices.h \
	%reldir%/launcher.c %reldir%/launcher.h \
	%reldir%/plan.c %reldir%/plan.h \
	%reldir%/plugin_path.c %reldir%/plugin_path.h \
	%reldir%/trust.c %reldir%/trust.h
nodist_runner_libkbrunner_la_SOURCES += %reldir%/shipped.h

# The file names of the plugins kbench ships, one C string a line, for
# trust.c: made from plugin_LTLIBRARIES, so that the list cannot fall
# behind the build.
%reldir%/shipped.h: Makefile
	$(AM_V_GEN)$(MKDIR_P) $(@D) && { \
	echo '/* Made by make (runner/plan/local.mk): the file names of the'; \
	echo '** plugins kbench ships, for trust.c. */'; \
	for p in $(plugin_LTLIBRARIES); do \
	  printf '"%s.so",\n' "$$(basename "$$p" .la)"; \
	done; } > $@-t && mv $@-t $@
BUILT_SOURCES += %reldir%/shipped.h
CLEANFILES += %reldir%/shipped.h
