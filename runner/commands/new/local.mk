# new: what helps a plugin author start, `kbench new` and the skeletons
# it writes.  Nothing of the run: model/ and util/ only.
runner_libkbrunner_la_SOURCES += \
	%reldir%/new.c %reldir%/new.h \
	%reldir%/skeleton.c %reldir%/skeleton.h
