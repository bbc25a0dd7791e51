# tune: kbench tune, a search per variant and device over the plan's cases
# (tune.h lists its files).  search/ holds the parts with no process in
# them: the strategies, the space, --restrict and the objective.
runner_libkbrunner_la_SOURCES += \
	%reldir%/tune_command.c %reldir%/tune.h %reldir%/tune_problems.c \
	%reldir%/tune_loop.c %reldir%/tune_json.c %reldir%/tune_report.c \
	%reldir%/tune_options.c %reldir%/tune_options.h \
	%reldir%/tune_cache.c %reldir%/tune_cache.h \
	%reldir%/search/tune_objective.c %reldir%/search/tune_objective.h \
	%reldir%/search/tune_restrict.c %reldir%/search/tune_restrict.h \
	%reldir%/search/tune_search.c %reldir%/search/tune_search.h \
	%reldir%/search/tune_space.c %reldir%/search/tune_space.h
