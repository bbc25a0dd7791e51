# Matrix transpose and copies: see plugins/transpose/README.md.
noinst_HEADERS += plugins/transpose/transpose_common.cuh
EXTRA_DIST += plugins/transpose/README.md

# Host backend: the CPU's transpose, built with or without CUDA.
plugin_LTLIBRARIES += plugins/transpose/transpose_cpu.la
plugins_transpose_transpose_cpu_la_SOURCES = plugins/transpose/transpose_cpu.c

if HAVE_CUDA
plugin_LTLIBRARIES += plugins/transpose/memcpy_d2d.la
plugins_transpose_memcpy_d2d_la_SOURCES = plugins/transpose/memcpy_d2d.cu
plugins_transpose_memcpy_d2d_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/transpose/transpose_copy.la
plugins_transpose_transpose_copy_la_SOURCES = plugins/transpose/transpose_copy.cu
plugins_transpose_transpose_copy_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/transpose/transpose_copy_smem.la
plugins_transpose_transpose_copy_smem_la_SOURCES = plugins/transpose/transpose_copy_smem.cu
plugins_transpose_transpose_copy_smem_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/transpose/transpose_naive_row.la
plugins_transpose_transpose_naive_row_la_SOURCES = plugins/transpose/transpose_naive_row.cu
plugins_transpose_transpose_naive_row_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/transpose/transpose_naive_col.la
plugins_transpose_transpose_naive_col_la_SOURCES = plugins/transpose/transpose_naive_col.cu
plugins_transpose_transpose_naive_col_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/transpose/transpose_smem.la
plugins_transpose_transpose_smem_la_SOURCES = plugins/transpose/transpose_smem.cu
plugins_transpose_transpose_smem_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/transpose/transpose_smem_pad.la
plugins_transpose_transpose_smem_pad_la_SOURCES = plugins/transpose/transpose_smem_pad.cu
plugins_transpose_transpose_smem_pad_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/transpose/transpose_smem_swizzle.la
plugins_transpose_transpose_smem_swizzle_la_SOURCES = plugins/transpose/transpose_smem_swizzle.cu
plugins_transpose_transpose_smem_swizzle_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/transpose/transpose_diag.la
plugins_transpose_transpose_diag_la_SOURCES = plugins/transpose/transpose_diag.cu
plugins_transpose_transpose_diag_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/transpose/transpose_fast.la
plugins_transpose_transpose_fast_la_SOURCES = plugins/transpose/transpose_fast.cu
plugins_transpose_transpose_fast_la_LIBADD = $(CUDA_PLUGIN_LIBS)
endif

# Hopper (sm_90): bulk copies and tensor maps; see hopper_common.cuh.
noinst_HEADERS += plugins/transpose/hopper_common.cuh
if HAVE_CUDA
plugin_LTLIBRARIES += plugins/transpose/memcpy_bulk.la
plugins_transpose_memcpy_bulk_la_SOURCES = plugins/transpose/memcpy_bulk.cu
plugins_transpose_memcpy_bulk_la_LIBADD = $(CUDA_PLUGIN_LIBS)
plugin_LTLIBRARIES += plugins/transpose/transpose_tma.la
plugins_transpose_transpose_tma_la_SOURCES = plugins/transpose/transpose_tma.cu
plugins_transpose_transpose_tma_la_LIBADD = $(CUDA_PLUGIN_LIBS)
endif
