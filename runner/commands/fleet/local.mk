# fleet: kbench fleet, many GPUs' results judged against each other.
runner_libkbrunner_la_SOURCES += %reldir%/fleet.c %reldir%/fleet.h \
	%reldir%/judge.h %reldir%/write.h
if HAVE_JSON_C
runner_libkbrunner_la_SOURCES += %reldir%/judge.c \
	%reldir%/write.c %reldir%/json.c
else
EXTRA_DIST += %reldir%/judge.c %reldir%/write.c \
	%reldir%/json.c
endif
