/*
** What a case may change in the CUDA context (context.h), in a build
** without CUDA: there is no device, so no context to keep.
*/
#include <string.h>

#include "gpu/context.h"

kb_gpu_context *kb_gpu_context_keep(kb_gpu *g)
{
  (void)g;
  return NULL;
}

void kb_gpu_context_free(kb_gpu_context *k)
{
  (void)k;
}

void kb_gpu_context_put_back(const kb_gpu_context *k, kb_put_back *out)
{
  (void)k;
  memset(out, 0, sizeof *out);
}
