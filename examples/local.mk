EXTRA_DIST += examples/saxpy/Makefile examples/saxpy/saxpy.cu
