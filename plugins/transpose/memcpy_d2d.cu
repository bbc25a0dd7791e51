/*
** memcpy_d2d: cudaMemcpyAsync device to device of the rows x cols matrix.
** Not a transpose: the measured ceiling for every copy-like kernel of the
** family, taken on the same bytes (rows * cols * 4 read and written).  The
** transposes below are judged as a fraction of this figure.
*/
#include "transpose_common.cuh"

static int memcpy_d2d_launch(const kbench_host *h, const tr_state *s)
{
  KBENCH_CUDA(h, cudaMemcpyAsync(s->out, s->in, tr_elems(s) * sizeof(float),
                                 cudaMemcpyDeviceToDevice, kbench_stream(h)));
  return KBENCH_OK;
}

TR_VARIANT(memcpy_d2d, TR_COPY,
           "cudaMemcpyAsync device to device: the copy ceiling of the family",
           "NVIDIA, An Efficient Matrix Transpose in CUDA C/C++ (baseline)",
           memcpy_d2d_launch)
