# process: the supervisor, the worker process, the supervisor's handle on
# one worker, and what they say to each other (wire frames, protocol).
runner_libkbrunner_la_SOURCES += \
	%reldir%/protocol.c %reldir%/protocol.h \
	%reldir%/strays.c %reldir%/strays.h \
	%reldir%/supervisor.c %reldir%/supervisor.h \
	%reldir%/wire.c %reldir%/wire.h \
	%reldir%/worker.c %reldir%/worker.h \
	%reldir%/worker_handle.c %reldir%/worker_handle.h
