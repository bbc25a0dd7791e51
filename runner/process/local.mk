# process: the supervisor's side of the process boundary and what both
# sides share: the supervisor, its handle on one worker and on the clock
# keeper, the strays it reaps, the IPC objects a worker uid left (and,
# contained, the worker's own IPC namespace), its own scheduling and limits put back
# after each worker (under the containment's switch, contain.h), what it and a worker say to each other
# (wire frames, protocol, a refused call's frame, a library's
# descriptor handed over) and how a worker is
# started (worker_start.h).  What runs inside the worker is worker/.
runner_libkbrunner_la_SOURCES += \
	%reldir%/contain.c %reldir%/contain.h \
	%reldir%/fd_pass.c %reldir%/fd_pass.h \
	%reldir%/ipc_private.c %reldir%/ipc_private.h \
	%reldir%/ipc_sweep.c %reldir%/ipc_sweep.h \
	%reldir%/keeper.c %reldir%/keeper.h \
	%reldir%/own_state.c %reldir%/own_state.h \
	%reldir%/protocol.c %reldir%/protocol.h \
	%reldir%/refusal.c %reldir%/refusal.h \
	%reldir%/scratch.c %reldir%/scratch.h \
	%reldir%/strays.c %reldir%/strays.h \
	%reldir%/supervisor.c %reldir%/supervisor.h \
	%reldir%/wire.c %reldir%/wire.h \
	%reldir%/worker_handle.c %reldir%/worker_handle.h \
	%reldir%/worker_start.h
