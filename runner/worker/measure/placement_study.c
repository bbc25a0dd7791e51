/* A case's placement study (placement_study.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/placement.h"
#include "util/rng.h"
#include "util/stats.h"
#include "worker/measure/placement_study.h"
#include "worker/measure/sampler.h"
#include "worker/measure/verified.h"
#include "worker/plugin/hostmem.h"

#define PAD_SMALL_MAX 64           /* small pads before one setup, at most */
#define PAD_SMALL_BYTES 4096       /* ...each of 8 to this many bytes */
#define PAD_BIG_ALIGN (2u << 20)   /* the GPU's large page */
#define PADS_MAX (KB_PLACEMENTS_MAX * (PAD_SMALL_MAX + 1))

typedef struct pads {
  void *at[PADS_MAX];
  size_t n;
} pads;

static void pad(kb_gpu *g, pads *p, size_t bytes)
{
  void *at = bytes && p->n < PADS_MAX ? kb_gpu_try_alloc(g, bytes) : NULL;
  if (at)
    p->at[p->n++] = at;
}

/* Before a placement: up to 64 small pads (where an accumulator of a few
** bytes lands), and a big one of up to what the case held, in whole large
** pages, while the device keeps room for it, a setup and a tenth. */
static void displace(kb_gpu *g, kb_rng *rng, size_t held, pads *p)
{
  size_t small = (size_t)(kb_rng_next(rng) % (PAD_SMALL_MAX + 1));
  for (size_t i = 0; i < small; i++)
    pad(g, p, 8 + (size_t)(kb_rng_next(rng) % (PAD_SMALL_BYTES - 7)));
  size_t pages = held / PAD_BIG_ALIGN + 1;
  size_t big = (size_t)(kb_rng_next(rng) % (pages + 1)) * PAD_BIG_ALIGN;
  if (big && kb_gpu_mem_free(g) / 11 * 10 > big + 2 * held)
    pad(g, p, big);
}

static void release(pads *p)
{
  for (size_t i = 0; i < p->n; i++)
    kb_gpu_free(p->at[i]);
  p->n = 0;
}

/* One more placement of the case: setup, one untimed run, n samples into
** t, a verified run, teardown.  KBENCH_OK, or a status with *stage and the
** case's message saying why. */
static int placement(kb_case *c, const kb_measure_cfg *cfg, kb_result *r,
                     double *t, size_t n, const char **stage)
{
  const kb_sampler *smp = cfg->mode == KB_MODE_HOT ? &kb_sampler_hot
                                                   : &kb_sampler_cold;
  void *state = NULL;
  c->n_outputs = 0;
  *stage = "setup";
  int status = kb_case_setup(c, &state);
  if (status == KBENCH_OK
      && kb_gpu_settle(c->gpu, c->message, sizeof c->message))
    status = KBENCH_ERROR;
  kb_sampling s = {.c = c, .state = state, .batch = r->batch,
                   .hold = cfg->hold && !r->syncs};
  if (status == KBENCH_OK && smp->begin) {
    *stage = "preparing the mode";
    status = smp->begin(&s);
  }
  kb_sampling unheld = s;
  unheld.hold = 0;
  double first;
  if (status == KBENCH_OK) {
    *stage = "timed run";
    status = smp->sample(&unheld, &first);
  }
  for (size_t i = 0; status == KBENCH_OK && i < n; i++)
    status = smp->sample(&s, &t[i]);
  double ignored;
  if (status == KBENCH_OK) {
    *stage = "verify";
    status = kb_verified_sample(c, smp, &s, &ignored, NULL, stage, r);
  }
  if (smp->end && state)
    smp->end(&s);
  if (state)
    kb_case_teardown(c, state);
  kb_region_release(&c->region, c->outputs, c->n_outputs, c->gpu);
  kb_hostmem_end_case(c->hostmem);
  return status;
}

/* Why a study asked for is not made for this case, or NULL. */
static const char *not_studied(const kb_case *c, const kb_measure_cfg *cfg,
                               const kb_result *r, char *buf, size_t len)
{
  char tool[8];
  if (!c->gpu)
    return "a host case has no device memory to place";
  if (cfg->profile || kb_gpu_tool(tool, sizeof tool))
    return "none is made under a profiling tool or --profile";
  if (cfg->mode == KB_MODE_GRAPH)
    return "graph mode replays one allocation";
  double moved = (double)r->bytes.read + (double)r->bytes.written;
  return kb_placement_confounded(r->syncs, r->timed_region, moved,
                                 (double)kb_gpu_device(c->gpu)->l2_bytes,
                                 buf, len);
}

void kb_placement_study(kb_case *c, const kb_measure_cfg *cfg, size_t held,
                        kb_result *r)
{
  char why[160];
  const char *no = r->verdict == KB_PASS && r->n_samples > 0
                   ? not_studied(c, cfg, r, why, sizeof why) : "";
  if (no) {
    if (no[0])
      snprintf(r->placement_note, sizeof r->placement_note,
               "not studied: %s", no);
    return;
  }
  unsigned n_places = cfg->placements < KB_PLACEMENTS_MAX
                      ? cfg->placements : KB_PLACEMENTS_MAX;
  size_t n = r->n_samples > KB_PLACEMENT_MIN_SAMPLES
             ? r->n_samples : KB_PLACEMENT_MIN_SAMPLES;
  /* Placement 0 is the case as it was measured. */
  double *t[KB_PLACEMENTS_MAX] = {r->samples};
  size_t nt[KB_PLACEMENTS_MAX] = {r->n_samples};
  double median[KB_PLACEMENTS_MAX] = {r->stats.median};
  kb_rng rng;
  kb_rng_seed(&rng, c->seed, c->index ^ 0x706c6163656d656eull);
  pads p = {.n = 0};
  kb_case_enter(c, "placement study");
  unsigned done = 1;
  for (; done < n_places; done++) {
    const char *stage;
    kb_stats st;
    displace(c->gpu, &rng, held, &p);
    if (!(t[done] = malloc(n * sizeof **t))) {
      snprintf(r->placement_note, sizeof r->placement_note,
               "study not made: out of host memory");
      break;
    }
    if (placement(c, cfg, r, t[done], n, &stage) != KBENCH_OK) {
      snprintf(r->placement_note, sizeof r->placement_note,
               "study not made: placement %u of %u failed at %s: %.100s",
               done + 1, n_places, stage, c->message);
      free(t[done]);
      break;
    }
    nt[done] = n;
    kb_stats_compute(t[done], n, &st);
    median[done] = st.median;
  }
  release(&p);
  if (!r->placement_note[0]) {
    unsigned fast = 0, slow = 0, far = 0;
    for (unsigned i = 1; i < done; i++) {
      fast = median[i] < median[fast] ? i : fast;
      slow = median[i] > median[slow] ? i : slow;
      far = fabs(median[i] - median[0]) > fabs(median[far] - median[0])
            ? i : far;
    }
    r->placements = done;
    r->placement_median = median[far];
    double pv = kb_placement_p(t[fast], nt[fast], t[slow], nt[slow], done);
    r->placement_p = isfinite(pv) ? pv : -1;
  }
  for (unsigned i = 1; i < done; i++)
    free(t[i]);
}
