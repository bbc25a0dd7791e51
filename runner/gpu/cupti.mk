# Issue 18's foundation: --metrics lists (core/metrics) and the CUPTI glue
# (gpu/cupti), as a convenience library the runner and the tests link.  With
# HAVE_CUPTI the glue is C++ (CUDA 13's cupti_profiler_host.h includes
# <string>); without it a stub says what to install.
noinst_LTLIBRARIES += runner/libkbmetrics.la
runner_libkbmetrics_la_SOURCES = runner/core/metrics.c runner/core/metrics.h \
	runner/gpu/cupti.h
runner_libkbmetrics_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/runner \
	-D_POSIX_C_SOURCE=200809L
runner_libkbmetrics_la_LIBADD = -lm
if HAVE_CUPTI
runner_libkbmetrics_la_SOURCES += runner/gpu/cupti.cpp
runner_libkbmetrics_la_CPPFLAGS += $(CUPTI_CPPFLAGS)
runner_libkbmetrics_la_CXXFLAGS = -std=c++17 -Wall -Wextra -fvisibility=hidden
runner_libkbmetrics_la_LIBADD += $(CUPTI_LDFLAGS) $(CUPTI_LIBS) \
	$(CUDA_LDFLAGS) $(CUDA_LIBS) -lstdc++
else
runner_libkbmetrics_la_SOURCES += runner/gpu/cupti_none.c
endif
# Link with the C tag, with or without CUPTI (outside the conditional, which
# would leave it empty in the other branch): a C++-tagged libtool link drops
# -lstdc++ from the library's dependencies, and every C program linking it
# would then need the C++ driver.  (The same applies if this moves into
# libkbrunner.)
runner_libkbmetrics_la_LINK = $(LIBTOOL) $(AM_V_lt) --tag=CC $(AM_LIBTOOLFLAGS) \
	$(LIBTOOLFLAGS) --mode=link $(CCLD) $(AM_CFLAGS) $(CFLAGS) \
	$(runner_libkbmetrics_la_LDFLAGS) $(LDFLAGS) -o $@

# A program linking the library needs CUPTI's folder on its rpath (libcupti
# loads libnvperf_host.so from there by bare name).
METRICS_LINK_FLAGS = $(CUDA_LDFLAGS) $(CUPTI_LDFLAGS)

check_PROGRAMS += tests/unit/test_metrics tests/unit/test_cupti_host
TESTS += tests/unit/test_metrics tests/unit/test_cupti_host
tests_unit_test_metrics_SOURCES = tests/unit/test_metrics.c tests/tap.h
tests_unit_test_metrics_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_unit_test_metrics_LDADD = runner/libkbmetrics.la
tests_unit_test_metrics_LDFLAGS = $(METRICS_LINK_FLAGS)
# The glue against CUPTI's host API for chip GH100: runs without a GPU.
tests_unit_test_cupti_host_SOURCES = tests/unit/test_cupti_host.c tests/tap.h
tests_unit_test_cupti_host_CPPFLAGS = $(UNIT_CPPFLAGS)
tests_unit_test_cupti_host_LDADD = runner/libkbmetrics.la
tests_unit_test_cupti_host_LDFLAGS = $(METRICS_LINK_FLAGS)

# The H100 check of the glue against ncu (built on the device by its script).
EXTRA_DIST += bench/cupti_check.cu bench/cupti_check.sh
