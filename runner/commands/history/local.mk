# history: kbench history, many runs' series and their change points.  The
# work is the Python script's (scripts/kbench-history); this room finds
# it a Python.
runner_libkbrunner_la_SOURCES += \
	%reldir%/history.c %reldir%/history.h
