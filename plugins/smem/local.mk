# Shared memory family: static vs dynamic arrays, bank conflicts, broadcast.
noinst_HEADERS += plugins/smem/smem_common.cuh
EXTRA_DIST += plugins/smem/README.md
if HAVE_CUDA
plugin_LTLIBRARIES += plugins/smem/smem_static.la
plugins_smem_smem_static_la_SOURCES = plugins/smem/smem_static.cu
plugins_smem_smem_static_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/smem/smem_dynamic.la
plugins_smem_smem_dynamic_la_SOURCES = plugins/smem/smem_dynamic.cu
plugins_smem_smem_dynamic_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/smem/smem_bank.la
plugins_smem_smem_bank_la_SOURCES = plugins/smem/smem_bank.cu
plugins_smem_smem_bank_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/smem/smem_broadcast.la
plugins_smem_smem_broadcast_la_SOURCES = plugins/smem/smem_broadcast.cu
plugins_smem_smem_broadcast_la_LIBADD = $(CUDA_PLUGIN_LIBS)
endif
