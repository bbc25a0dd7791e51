/* Freeing a result, and the rates it implies (result.h). */
#include <stdlib.h>

#include "core/result.h"

double kb_per_second(const kb_result *r, uint64_t count)
{
  if (r->verdict != KB_PASS || count == 0 || !(r->stats.median > 0))
    return 0;
  return (double)count / r->stats.median;
}

void kb_result_free(kb_result *r)
{
  free(r->samples);
  free(r->output);
  r->samples = NULL;
  r->output = NULL;
  r->n_samples = 0;
}

const char *kb_memory_name(int memory)
{
  static const char *const names[] = {"host", "global", "shared"};
  return names[(unsigned)memory > 2 ? 0 : memory];
}
