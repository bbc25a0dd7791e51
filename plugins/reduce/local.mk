# The reduction family: one plugin per variant, shared glue in
# reduce_common.cuh.  See plugins/reduce/README.md for the reading order.
noinst_HEADERS += plugins/reduce/reduce_common.cuh
EXTRA_DIST += plugins/reduce/README.md tests/odd/reduce.txt

if HAVE_CUDA
plugin_LTLIBRARIES += plugins/reduce/reduce_gmem.la
plugins_reduce_reduce_gmem_la_SOURCES = plugins/reduce/reduce_gmem.cu
plugins_reduce_reduce_gmem_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_smem_unroll.la
plugins_reduce_reduce_smem_unroll_la_SOURCES = plugins/reduce/reduce_smem_unroll.cu
plugins_reduce_reduce_smem_unroll_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_smem.la
plugins_reduce_reduce_smem_la_SOURCES = plugins/reduce/reduce_smem.cu
plugins_reduce_reduce_smem_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_smem_dyn.la
plugins_reduce_reduce_smem_dyn_la_SOURCES = plugins/reduce/reduce_smem_dyn.cu
plugins_reduce_reduce_smem_dyn_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_smem_unroll_dyn.la
plugins_reduce_reduce_smem_unroll_dyn_la_SOURCES = plugins/reduce/reduce_smem_unroll_dyn.cu
plugins_reduce_reduce_smem_unroll_dyn_la_LIBADD = $(CUDA_PLUGIN_LIBS)
endif
