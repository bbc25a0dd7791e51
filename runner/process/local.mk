# process: the supervisor, the worker process, the supervisor's handle on
# one worker, what they say to each other (wire frames, protocol), the
# lock a worker holds on its GPU, the worker's seal and what it refused,
# and the clocks --lock-clocks holds (the worker's lock, the keeper that
# restores them).
runner_libkbrunner_la_SOURCES += \
	%reldir%/clock_lock.c %reldir%/clock_lock.h \
	%reldir%/device_lock.c %reldir%/device_lock.h \
	%reldir%/keeper.c %reldir%/keeper.h \
	%reldir%/protocol.c %reldir%/protocol.h \
	%reldir%/refusal.c %reldir%/refusal.h \
	%reldir%/seal.c %reldir%/seal.h \
	%reldir%/strays.c %reldir%/strays.h \
	%reldir%/supervisor.c %reldir%/supervisor.h \
	%reldir%/wire.c %reldir%/wire.h \
	%reldir%/worker.c %reldir%/worker.h \
	%reldir%/worker_handle.c %reldir%/worker_handle.h
