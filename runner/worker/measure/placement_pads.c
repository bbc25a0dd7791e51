/* The pads that move a case's second setup elsewhere (placement_pads.h). */
#include <string.h>

#include "worker/measure/placement_pads.h"

#define PAD_SMALL_BYTES 8          /* as small as an accumulator */
#define PAD_BIG_ALIGN (2u << 20)   /* the GPU's large page */

void kb_placement_displace(kb_gpu *g, size_t held, kb_placement_pads *p)
{
  memset(p, 0, sizeof *p);
  for (size_t i = 0; i < KB_PLACEMENT_SMALL_PADS; i++)
    p->small[i] = kb_gpu_try_alloc(g, PAD_SMALL_BYTES);
  if (held == 0)
    return;
  size_t big = (held + PAD_BIG_ALIGN - 1) / PAD_BIG_ALIGN * PAD_BIG_ALIGN;
  /* Room for the pad and for the second setup, with a margin of a tenth:
  ** without it the pad is left out, not the check. */
  size_t free_bytes = kb_gpu_mem_free(g);
  if (free_bytes / 11 * 10 > 2 * big)
    p->big = kb_gpu_try_alloc(g, big);
}

void kb_placement_release(kb_placement_pads *p)
{
  for (size_t i = 0; i < KB_PLACEMENT_SMALL_PADS; i++)
    if (p->small[i])
      kb_gpu_free(p->small[i]);
  if (p->big)
    kb_gpu_free(p->big);
  memset(p, 0, sizeof *p);
}
