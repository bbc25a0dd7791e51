# Out-of-tree plugins, built by tests/example.sh from a staged install:
# saxpy on <kbench/plugin.h> alone, kit/ with <kbench/kit.h> (kit/scale.cu
# is the README's listing).
EXTRA_DIST += examples/saxpy/Makefile examples/saxpy/saxpy.cu \
	examples/kit/Makefile examples/kit/histogram.cu examples/kit/scale.cu
