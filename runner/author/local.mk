# author: what helps a plugin author start, `kbench new` and the skeletons
# it writes.  Nothing of the run: core/ only.
runner_libkbrunner_la_SOURCES += \
	%reldir%/new.c %reldir%/new.h \
	%reldir%/skeleton.c %reldir%/skeleton.h
