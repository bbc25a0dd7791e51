# core: the types and small pure functions every other folder shares.
# It includes nothing of the runner outside itself.
runner_libkbrunner_la_SOURCES += \
	%reldir%/clock_events.c %reldir%/clock_events.h \
	%reldir%/device_report.h \
	%reldir%/disturbers.c %reldir%/disturbers.h \
	%reldir%/energy.c %reldir%/energy.h \
	%reldir%/format.c %reldir%/format.h \
	%reldir%/host_facts.c %reldir%/host_facts.h \
	%reldir%/measure_cfg.c %reldir%/measure_cfg.h \
	%reldir%/metrics.c %reldir%/metrics.h \
	%reldir%/params.c %reldir%/params.h \
	%reldir%/result.c %reldir%/result.h \
	%reldir%/result_fields.c %reldir%/result_fields.h \
	%reldir%/rng.c %reldir%/rng.h \
	%reldir%/stats.c %reldir%/stats.h \
	%reldir%/variant.c %reldir%/variant.h \
	%reldir%/verdict.c %reldir%/verdict.h
