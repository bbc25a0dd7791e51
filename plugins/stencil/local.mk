# 1D stencil family: res[i] = in[i-1]/4 + in[i]/2 + in[i+1]/4, and square.
noinst_HEADERS += plugins/stencil/stencil_common.cuh
EXTRA_DIST += plugins/stencil/README.md
if HAVE_CUDA
plugin_LTLIBRARIES += plugins/stencil/stencil_gmem.la
plugins_stencil_stencil_gmem_la_SOURCES = plugins/stencil/stencil_gmem.cu
plugins_stencil_stencil_gmem_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/stencil/stencil_smem_overlap.la
plugins_stencil_stencil_smem_overlap_la_SOURCES = plugins/stencil/stencil_smem_overlap.cu
plugins_stencil_stencil_smem_overlap_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/stencil/stencil_smem_halo.la
plugins_stencil_stencil_smem_halo_la_SOURCES = plugins/stencil/stencil_smem_halo.cu
plugins_stencil_stencil_smem_halo_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/stencil/square_smem.la
plugins_stencil_square_smem_la_SOURCES = plugins/stencil/square_smem.cu
plugins_stencil_square_smem_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/stencil/stencil_fast.la
plugins_stencil_stencil_fast_la_SOURCES = plugins/stencil/stencil_fast.cu
plugins_stencil_stencil_fast_la_LIBADD = $(CUDA_PLUGIN_LIBS)
endif
