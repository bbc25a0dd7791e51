# process: the supervisor, the worker process, the supervisor's handle on
# one worker, what they say to each other (wire frames, protocol), and the
# lock a worker holds on its GPU, the worker's seal and what it refused.
runner_libkbrunner_la_SOURCES += \
	%reldir%/device_lock.c %reldir%/device_lock.h \
	%reldir%/protocol.c %reldir%/protocol.h \
	%reldir%/refusal.c %reldir%/refusal.h \
	%reldir%/seal.c %reldir%/seal.h \
	%reldir%/strays.c %reldir%/strays.h \
	%reldir%/supervisor.c %reldir%/supervisor.h \
	%reldir%/wire.c %reldir%/wire.h \
	%reldir%/worker.c %reldir%/worker.h \
	%reldir%/worker_handle.c %reldir%/worker_handle.h
