# gpu: the CUDA wrapper, the one place the runner includes a CUDA header.
# The build picks its CUDA or its no-CUDA source.
runner_libkbrunner_la_SOURCES += %reldir%/gpu.h \
	%reldir%/clocks.c %reldir%/clocks.h
if HAVE_CUDA
# The flush and launch-floor kernels; nvcc objects need the C++ runtime.
runner_libkbrunner_la_SOURCES += %reldir%/gpu_cuda.c %reldir%/kernels.cu
runner_libkbrunner_la_LIBADD += -lstdc++
else
runner_libkbrunner_la_SOURCES += %reldir%/gpu_none.c
EXTRA_DIST += %reldir%/gpu_cuda.c %reldir%/kernels.cu
endif
