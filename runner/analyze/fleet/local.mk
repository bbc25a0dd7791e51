# fleet: kbench fleet, many GPUs' results judged against each other.
runner_libkbrunner_la_SOURCES += %reldir%/fleet.c %reldir%/fleet.h \
	%reldir%/fleet_judge.h %reldir%/fleet_write.h
if HAVE_JSON_C
runner_libkbrunner_la_SOURCES += %reldir%/fleet_judge.c \
	%reldir%/fleet_write.c %reldir%/fleet_json.c
else
EXTRA_DIST += %reldir%/fleet_judge.c %reldir%/fleet_write.c \
	%reldir%/fleet_json.c
endif
