# job: a benchmark run (run.c) and what it shares with kbench tune on the
# supervisor's side: the catalogue a worker describes, the --metrics check,
# and the job (job.h).
runner_libkbrunner_la_SOURCES += \
	%reldir%/run.c %reldir%/run.h \
	%reldir%/catalogue.c %reldir%/catalogue.h \
	%reldir%/job.c %reldir%/job.h \
	%reldir%/metrics_check.c %reldir%/metrics_check.h
