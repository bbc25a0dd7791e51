# The reduction family: one plugin per variant, shared glue in
# reduce_common.cuh.  See plugins/reduce/README.md for the reading order.
noinst_HEADERS += plugins/reduce/reduce_common.cuh
EXTRA_DIST += plugins/reduce/README.md

if HAVE_CUDA
plugin_LTLIBRARIES += plugins/reduce/reduce_packed.la
plugins_reduce_reduce_packed_la_SOURCES = plugins/reduce/reduce_packed.cu
plugins_reduce_reduce_packed_la_LIBADD = $(CUDA_PLUGIN_LIBS)

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

plugin_LTLIBRARIES += plugins/reduce/reduce_neighbored.la
plugins_reduce_reduce_neighbored_la_SOURCES = plugins/reduce/reduce_neighbored.cu
plugins_reduce_reduce_neighbored_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_interleaved.la
plugins_reduce_reduce_interleaved_la_SOURCES = plugins/reduce/reduce_interleaved.cu
plugins_reduce_reduce_interleaved_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_sequential.la
plugins_reduce_reduce_sequential_la_SOURCES = plugins/reduce/reduce_sequential.cu
plugins_reduce_reduce_sequential_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_first_add.la
plugins_reduce_reduce_first_add_la_SOURCES = plugins/reduce/reduce_first_add.cu
plugins_reduce_reduce_first_add_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_unroll_warp.la
plugins_reduce_reduce_unroll_warp_la_SOURCES = plugins/reduce/reduce_unroll_warp.cu
plugins_reduce_reduce_unroll_warp_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_complete_unroll.la
plugins_reduce_reduce_complete_unroll_la_SOURCES = plugins/reduce/reduce_complete_unroll.cu
plugins_reduce_reduce_complete_unroll_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_multi.la
plugins_reduce_reduce_multi_la_SOURCES = plugins/reduce/reduce_multi.cu
plugins_reduce_reduce_multi_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_atomic.la
plugins_reduce_reduce_atomic_la_SOURCES = plugins/reduce/reduce_atomic.cu
plugins_reduce_reduce_atomic_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_shfl.la
plugins_reduce_reduce_shfl_la_SOURCES = plugins/reduce/reduce_shfl.cu
plugins_reduce_reduce_shfl_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_vec4.la
plugins_reduce_reduce_vec4_la_SOURCES = plugins/reduce/reduce_vec4.cu
plugins_reduce_reduce_vec4_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_vec4_float.la
plugins_reduce_reduce_vec4_float_la_SOURCES = plugins/reduce/reduce_vec4_float.cu
plugins_reduce_reduce_vec4_float_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_cub.la
plugins_reduce_reduce_cub_la_SOURCES = plugins/reduce/reduce_cub.cu
plugins_reduce_reduce_cub_la_LIBADD = $(CUDA_PLUGIN_LIBS)

plugin_LTLIBRARIES += plugins/reduce/reduce_cluster.la
plugins_reduce_reduce_cluster_la_SOURCES = plugins/reduce/reduce_cluster.cu
plugins_reduce_reduce_cluster_la_LIBADD = $(CUDA_PLUGIN_LIBS)
endif
