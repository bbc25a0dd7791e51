# worker: what runs in the processes the supervisor starts and that touch
# the GPU: the worker (its main, its seal, the lock it holds on its GPU,
# its --lock-clocks lock, its writes kept to its scratch directory, the
# identity a third-party worker takes under root, no terminal, nothing
# aimed at another process, its locks' files made before its confinement,
# one Landlock set-up for all its layers, the guard that kills its group
# when it or the supervisor ends), what a case leaves behind in it
# (leftovers.c, threads.c) and the clock keeper's restore (clock_lock.c).
runner_libkbrunner_la_SOURCES += \
	%reldir%/bpf_rules.c %reldir%/bpf_rules.h \
	%reldir%/clock_lock.c %reldir%/clock_lock.h \
	%reldir%/confine.c %reldir%/confine.h \
	%reldir%/device_lock.c %reldir%/device_lock.h \
	%reldir%/group_guard.c %reldir%/group_guard.h \
	%reldir%/identity.c %reldir%/identity.h \
	%reldir%/landlock.h %reldir%/leftovers.c %reldir%/leftovers.h \
	%reldir%/landlock_restrict.c %reldir%/landlock_restrict.h \
	%reldir%/lock_files.c %reldir%/lock_files.h \
	%reldir%/others.c %reldir%/others.h \
	%reldir%/seal.c %reldir%/seal.h \
	%reldir%/terminal.c %reldir%/terminal.h \
	%reldir%/threads.c %reldir%/threads.h \
	%reldir%/worker.c %reldir%/worker.h
