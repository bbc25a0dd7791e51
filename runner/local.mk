bin_PROGRAMS += kbench
kbench_SOURCES = runner/main.c
kbench_LDFLAGS = $(CUDA_LDFLAGS)
kbench_LDADD = $(CUDA_LIBS)
