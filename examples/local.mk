# Out-of-tree plugins, built by tests/shell/example.sh from a staged install:
# saxpy on <kbench/plugin.h> alone, kit/ with <kbench/kit.h> (kit/scale.cu
# is docs/plugins.md's listing); cmake/ builds kit/ and a host plugin through
# the CMake package (tests/shell/cmake.sh); libs/ is library code (Thrust,
# CUB, cuBLAS) built both ways (tests/shell/libs.sh).
EXTRA_DIST += examples/saxpy/Makefile examples/saxpy/saxpy.cu \
	examples/kit/Makefile examples/kit/histogram.cu examples/kit/scale.cu \
	examples/cmake/CMakeLists.txt examples/cmake/saxpy_cpu.c \
	examples/libs/Makefile examples/libs/CMakeLists.txt \
	examples/libs/thrust_reduce.cu examples/libs/thrust_sort.cu \
	examples/libs/cub_sort.cu examples/libs/cublas_sgemm.cu
