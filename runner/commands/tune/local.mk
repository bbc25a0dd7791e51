# tune: kbench tune, a search per variant and device over the plan's cases
# (tune.h lists its files).  search/ holds the parts with no process in
# them: the strategies, the space, --restrict and the objective.
runner_libkbrunner_la_SOURCES += \
	%reldir%/command.c %reldir%/tune.h %reldir%/problems.c \
	%reldir%/loop.c %reldir%/json.c %reldir%/report.c \
	%reldir%/options.c %reldir%/options.h \
	%reldir%/cache.c %reldir%/cache.h \
	%reldir%/search/objective.c %reldir%/search/objective.h \
	%reldir%/search/restrict.c %reldir%/search/restrict.h \
	%reldir%/search/search.c %reldir%/search/search.h \
	%reldir%/search/space.c %reldir%/search/space.h
