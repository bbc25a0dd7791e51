# plugin: loading a library, one case's calls into it, and the staging
# services (fill, thread pool, host memory) the worker attaches to a case.
runner_libkbrunner_la_SOURCES += \
	%reldir%/calibration.c %reldir%/calibration.h \
	%reldir%/case.c %reldir%/case.h \
	%reldir%/fill.c %reldir%/fill.h \
	%reldir%/fill_device.c %reldir%/fill_device.h \
	%reldir%/hostmem.c %reldir%/hostmem.h \
	%reldir%/load_error.c %reldir%/load_error.h \
	%reldir%/loader.c %reldir%/loader.h \
	%reldir%/outputs.c %reldir%/outputs.h \
	%reldir%/pool.c %reldir%/pool.h \
	%reldir%/region.c %reldir%/region.h \
	%reldir%/staging.c %reldir%/staging.h \
	%reldir%/variant_flags.c %reldir%/variant_flags.h
