if HAVE_CUDA
check_LTLIBRARIES += tests/plugins/bad_tail.la
tests_plugins_bad_tail_la_SOURCES = tests/plugins/bad_tail.cu
tests_plugins_bad_tail_la_LIBADD = $(CUDA_PLUGIN_LIBS)
tests_plugins_bad_tail_la_LDFLAGS = $(AM_LDFLAGS) -rpath /nowhere
endif
