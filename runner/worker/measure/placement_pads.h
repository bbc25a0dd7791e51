/*
** The second allocation of a CUDA case (model/placement.h says why): after
** the first setup's teardown, pads hold what it freed, so that the second
** setup's buffers land elsewhere: small pads take the small slots its
** small buffers had (an accumulator of 8 bytes lands in the first free
** one), and one big pad as many bytes as it held, when the device has
** room for that and a second setup besides.
*/
#ifndef KB_MEASURE_PLACEMENT_PADS_H
#define KB_MEASURE_PLACEMENT_PADS_H

#include <stddef.h>

#include "gpu/gpu.h"

#define KB_PLACEMENT_SMALL_PADS 32

typedef struct kb_placement_pads {
  void *small[KB_PLACEMENT_SMALL_PADS];
  void *big;
} kb_placement_pads;

/* held: the bytes the first setup held on the device (0: unknown). */
void kb_placement_displace(kb_gpu *g, size_t held, kb_placement_pads *p);
void kb_placement_release(kb_placement_pads *p);

#endif
