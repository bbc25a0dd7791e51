# compare: kbench compare, two runs judged case by case.  Its JSON output
# needs json-c; without it the subcommand says so.
runner_libkbrunner_la_SOURCES += \
	%reldir%/compare.c %reldir%/compare.h \
	%reldir%/compare_energy.c %reldir%/compare_energy.h \
	%reldir%/compare_judge.c %reldir%/compare_judge.h \
	%reldir%/compare_write.c %reldir%/compare_write.h
if HAVE_JSON_C
runner_libkbrunner_la_SOURCES += %reldir%/compare_json.c
else
EXTRA_DIST += %reldir%/compare_json.c
endif
