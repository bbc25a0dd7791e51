# compare: kbench compare, two runs judged case by case.  Its JSON output
# needs json-c; without it the subcommand says so.
runner_libkbrunner_la_SOURCES += \
	%reldir%/compare.c %reldir%/compare.h \
	%reldir%/energy.c %reldir%/energy.h \
	%reldir%/judge.c %reldir%/judge.h \
	%reldir%/write.c %reldir%/write.h
if HAVE_JSON_C
runner_libkbrunner_la_SOURCES += %reldir%/json.c
else
EXTRA_DIST += %reldir%/json.c
endif
