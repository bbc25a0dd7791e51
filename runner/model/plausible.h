/*
** Readings of one case that cannot all be true (docs/security.md): a
** plugin that forges its own time (a patched event timer, a rewritten
** clock) leaves the readings it did not reach disagreeing with the one it
** did.  Each is FLAGGED, naming the two readings, and fails the case under
** --strict, as the bytes audit's flagged claim does.
**
**   - The events' interval shorter than the kernels it holds: the event
**     median below the kernel time's (with several kernels a run, which
**     may overlap on streams, below their busy time over their count: the
**     longest is no shorter) by more than the jitter, the larger of the
**     two readings' median - min, plus the events' 0.5 us resolution,
**     plus 1% of the kernel time: that is measured by a pass of its own
**     under the range profiler, apart from the samples (the honest
**     smem_bank read 0.47% under it, cold, on an H200; transpose_fast
**     0.44% in graph mode on an H100).  Runs timed back to back (hot,
**     graph: a batch of runs a sample) hide each kernel's start behind
**     the one before, which its duration alone includes: 2 us per kernel
**     more (an empty kernel reads 0.8 us a run in graph mode there).
**   - A time below the DRAM floor: the bytes the DRAM counters measured in
**     one run, less the L2 (which may hold part of a run's data from the
**     one before), take at least that long at the theoretical peak; the
**     event and kernel times may read 3% under it (counters, clocks).
**   - A run that synchronizes (KBENCH_VARIANT_SYNCS) whose events last
**     longer than the host's clock around the same run: the events are
**     recorded just outside the host clock's reading, so they may exceed
**     it by what recording them takes, 20 us and 2% of the event time.
**   - A host case under its memory floor: faster than half the time a
**     copy of its bytes (read and written, 64 KiB or more) takes on this
**     host at the best rate a copy of as many bytes reached, measured once
**     per size and worker (worker/measure/host_floor.c).  Half: a case that only
**     reads may outrun a copy, which also writes.
**   - A host case's timed region (ABI 1.2) much shorter than the run
**     around it, whatever its claim: its median under an eighth of the
**     fastest whole run, less the runner's own calls around a region.
**     The region check (worker/measure/region_check.c) sees that the outputs are
**     made inside the region, not how long their work took: a result
**     worked out before timer_start and only copied inside, or a region
**     whose start mark was moved, leaves the run long and the region
**     short.  An honest run whose preparation outside its region takes
**     more than seven times the region reads the same, and is FLAGGED
**     too (docs/security.md).
*/
#ifndef KB_PLAUSIBLE_H
#define KB_PLAUSIBLE_H

#include "model/result.h"

#define KB_EVENT_RESOLUTION_S 0.5e-6
#define KB_KERNEL_PASS_REL 0.01
#define KB_BATCH_OVERLAP_S 2e-6
#define KB_DRAM_FLOOR_MARGIN 0.03
#define KB_SYNC_ALLOWANCE_S 20e-6
#define KB_SYNC_ALLOWANCE_REL 0.02
#define KB_HOST_FLOOR_SHARE 0.5
#define KB_REGION_RUN_SHARE 0.125
#define KB_REGION_RUN_ALLOWANCE_S 20e-6
/* Below this, the host clock's own reads are much of a case's time. */
#define KB_HOST_FLOOR_MIN_BYTES 65536.0

/* Judge a passed r's readings against each other and dev's peak (NULL: a
** host case, nothing to judge): 1 with the first disagreement in
** r->implausible (and, when strict, r failed with it), else 0. */
int kb_plausible_judge(kb_result *r, const kbench_device *dev, int strict);

/* Judge a passed host case r's median against a copy of its bytes at
** copy_gbps (bytes read and written a second; <= 0: not measured): 1
** with the disagreement in r->implausible (and, when strict, r failed
** with it), else 0. */
int kb_plausible_host(kb_result *r, double copy_gbps, int strict);

/* Judge a passed host case r whose runs time a region against run_s, the
** fastest of its whole runs on the host's clock (<= 0: not measured): 1
** with both times in r->implausible (and, when strict, r failed with
** it), else 0. */
int kb_plausible_region(kb_result *r, double run_s, int strict);

#endif
