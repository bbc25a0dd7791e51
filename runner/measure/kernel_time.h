/*
** Kernel time: each timed sample's GPU time on the GPU's own clock, from
** CUPTI's activity records of the sampling loop, leaving out the queue and
** launch overhead that the event interval carries (and that depends on the
** host: docs/usage.md, "Kernel time").
**
** A sample's window is what lies between its start and stop event records
** on kbench's stream: the GPU times at which the stream reached them.
** Every kernel, copy and memset of the process, on any stream, counts
** for the part of it that lies inside a window (the stream audit has made
** sure a run's work is ordered there).  Two numbers per sample:
**   span  the first operation's start to the last one's end;
**   busy  the sum of the operations' durations (what ncu sums over a run's
**         kernels; two streams at once count twice).
** The windows are found by the events' identities, not by their count:
** whatever run() records on kbench's stream between them is passed over,
** and a start recorded again before a stop (a timed region opened inside
** run()) moves the window's start there.
**
** Pure: records in, samples out; no CUPTI here (gpu/cupti.h only declares
** the record), so the unit tests feed it synthetic records.
*/
#ifndef KB_KERNEL_TIME_H
#define KB_KERNEL_TIME_H

#include <stddef.h>
#include <stdint.h>

#include "gpu/cupti.h"

typedef struct kb_kernel_sample {
  double span_s;   /* seconds; 0 when ops == 0 */
  double busy_s;
  size_t ops;      /* operations that ran inside the window; 0: none (the
                      sample has no kernel time) */
} kb_kernel_sample;

/*
** The samples of one window of records, in call order, into out (at most
** max).  kbench opens the window with one empty region that names its
** start and stop events: the first two event records on STREAM (in call
** order) are they, and that region is not a sample.  Returns how many
** samples were found (which may exceed max: only max are written), or -1
** with why when the records hold no naming pair or an event record on
** STREAM has no GPU time.
*/
long kb_kernel_time_samples(const struct kb_activity *recs, size_t n,
                            uint32_t stream, kb_kernel_sample *out,
                            size_t max, char *why, size_t len);

#endif
