# Global-memory coalescing family (seed 004): alignment, strides, vector
# widths and data layout.  One plugin per variant.
noinst_HEADERS += plugins/coalesce/coalesce_common.cuh
if HAVE_CUDA
plugin_LTLIBRARIES += plugins/coalesce/coalesce_offset.la
plugins_coalesce_coalesce_offset_la_SOURCES = plugins/coalesce/coalesce_offset.cu
plugins_coalesce_coalesce_offset_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/coalesce/coalesce_stride.la
plugins_coalesce_coalesce_stride_la_SOURCES = plugins/coalesce/coalesce_stride.cu
plugins_coalesce_coalesce_stride_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/coalesce/align_int3.la
plugins_coalesce_align_int3_la_SOURCES = plugins/coalesce/align_int3.cu
plugins_coalesce_align_int3_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/coalesce/align_int4.la
plugins_coalesce_align_int4_la_SOURCES = plugins/coalesce/align_int4.cu
plugins_coalesce_align_int4_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/coalesce/align_struct16.la
plugins_coalesce_align_struct16_la_SOURCES = plugins/coalesce/align_struct16.cu
plugins_coalesce_align_struct16_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/coalesce/layout_aos.la
plugins_coalesce_layout_aos_la_SOURCES = plugins/coalesce/layout_aos.cu
plugins_coalesce_layout_aos_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/coalesce/layout_soa.la
plugins_coalesce_layout_soa_la_SOURCES = plugins/coalesce/layout_soa.cu
plugins_coalesce_layout_soa_la_LIBADD = $(CUDA_PLUGIN_LIBS)
endif
EXTRA_DIST += plugins/coalesce/README.md
