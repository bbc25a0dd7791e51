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

static int memcpy_d2d_setup(const kbench_host *h, void **state)
{
  return tr_setup(h, state, TR_COPY);
}

static int memcpy_d2d_run(const kbench_host *h, void *state)
{
  return memcpy_d2d_launch(h, (const tr_state *)state);
}

static const kbench_variant memcpy_d2d_variant = {
  .size = sizeof(kbench_variant),
  .name = "memcpy_d2d",
  .summary = "cudaMemcpyAsync device to device: the copy ceiling of the "
             "family",
  .origin = "NVIDIA, An Efficient Matrix Transpose in CUDA C/C++ (baseline)",
  .backend = KBENCH_BACKEND_CUDA,
  .params = tr_params,
  .n_params = KBENCH_COUNT(tr_params),
  .setup = memcpy_d2d_setup,
  .run = memcpy_d2d_run,
  .verify = tr_verify,
  .bytes_moved = tr_bytes,
  .teardown = tr_teardown,
};

KBENCH_PLUGIN(&memcpy_d2d_variant)
