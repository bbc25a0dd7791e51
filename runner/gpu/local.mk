# gpu: the CUDA wrapper, the one place the runner includes a CUDA header.
# The build picks its CUDA or its no-CUDA source, and the CUPTI glue
# (counters, activity records) or its stub.
runner_libkbrunner_la_SOURCES += %reldir%/gpu.h %reldir%/cupti.h \
	%reldir%/context.h %reldir%/nvml.c %reldir%/nvml.h %reldir%/driver_gpus.c \
	%reldir%/driver_gpus.h
if HAVE_CUDA
# The flush, launch-floor and fill kernels; nvcc objects need the C++ runtime.
runner_libkbrunner_la_SOURCES += %reldir%/cuda.c %reldir%/kernels.cu \
	%reldir%/context_cuda.c
runner_libkbrunner_la_LIBADD += -lstdc++
# kernels.cu's fill shares its element function with the host's (util/).
%reldir%/kernels.lo: NVCC_INCLUDES = -I$(top_srcdir)/runner
else
runner_libkbrunner_la_SOURCES += %reldir%/none.c %reldir%/context_none.c
EXTRA_DIST += %reldir%/cuda.c %reldir%/kernels.cu %reldir%/context_cuda.c
endif
if HAVE_CUPTI
# C++: CUDA 13's cupti_profiler_host.h includes <string>.
runner_libkbrunner_la_SOURCES += %reldir%/cupti_session.cpp %reldir%/cupti_profiler.cpp \
	%reldir%/cupti_activity.cpp %reldir%/cupti_errors.cpp \
	%reldir%/cupti_streams.cpp %reldir%/cupti_glue.hpp
runner_libkbrunner_la_CPPFLAGS += $(CUPTI_CPPFLAGS)
runner_libkbrunner_la_CXXFLAGS = -std=c++17 -Wall -Wextra -fvisibility=hidden
runner_libkbrunner_la_LIBADD += $(CUPTI_LDFLAGS) $(CUPTI_LIBS) -lstdc++
else
runner_libkbrunner_la_SOURCES += %reldir%/cupti_none.c
EXTRA_DIST += %reldir%/cupti_session.cpp %reldir%/cupti_profiler.cpp \
	%reldir%/cupti_activity.cpp %reldir%/cupti_errors.cpp \
	%reldir%/cupti_streams.cpp %reldir%/cupti_glue.hpp
endif
# Link with the C tag either way (outside the conditional, which would
# leave it empty in the other branch): a C++-tagged libtool link drops
# -lstdc++ from the library's dependencies, and every C program linking it
# would then need the C++ driver.
runner_libkbrunner_la_LINK = $(LIBTOOL) $(AM_V_lt) --tag=CC $(AM_LIBTOOLFLAGS) \
	$(LIBTOOLFLAGS) --mode=link $(CCLD) $(AM_CFLAGS) $(CFLAGS) \
	$(runner_libkbrunner_la_LDFLAGS) $(LDFLAGS) -o $@
