/* Kernel time over the timed samples: the window and its results (kernel_trace.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gpu.h"
#include "measure/kernel_time.h"
#include "measure/kernel_trace.h"

static void no_kernel_time(kb_result *r, const char *why)
{
  if (!r->kernel_note[0])
    snprintf(r->kernel_note, sizeof r->kernel_note, "%.250s", why);
}

int kb_kernel_trace_begin(kb_kernel_trace *t, kb_probe *p, kb_case *c,
                          size_t batch, kb_result *r)
{
  memset(t, 0, sizeof *t);
  t->batch = batch ? batch : 1;
  char why[512];
  if (!p || !p->cupti) {
    no_kernel_time(r, p ? p->why : "not asked for");
    return 0;
  }
  if (!p->have_stream_id) {
    no_kernel_time(r, "CUPTI has no id for kbench's stream");
    return 0;
  }
  if (kb_cupti_activity_begin(p->cupti, 0, why, sizeof why) != KB_CUPTI_OK) {
    no_kernel_time(r, why);
    return 0;
  }
  /* The naming region: kbench's start and stop events with nothing
  ** between, so that the records say which event records are kbench's. */
  double ignored;
  if (kb_gpu_begin(c->gpu, 0, why, sizeof why)
      || kb_gpu_end(c->gpu, &ignored, why, sizeof why)) {
    struct kb_activity *recs = NULL;
    size_t n, dropped;
    char err[256];
    kb_cupti_activity_end(p->cupti, &recs, &n, &dropped, err, sizeof err);
    free(recs);
    no_kernel_time(r, why);
    return 0;
  }
  t->probe = p;
  return 1;
}

int kb_kernel_trace_sample(kb_kernel_trace *t, int kept)
{
  if (!t->probe)
    return 0;
  if (t->taken == t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 256;
    unsigned char *grown = realloc(t->kept, cap);
    if (!grown)
      return 1;            /* the window ends here; what it holds counts */
    t->kept = grown;
    t->cap = cap;
  }
  t->kept[t->taken++] = (unsigned char)(kept != 0);
  return t->taken * t->batch >= KB_KERNEL_TRACE_MAX_RUNS;
}

/* The kept samples' times per run into r. */
static void keep(kb_kernel_trace *t, const kb_kernel_sample *s, kb_result *r)
{
  size_t n = 0;
  r->kernel_samples = malloc((t->taken ? t->taken : 1) * sizeof(double));
  r->busy_samples = malloc((t->taken ? t->taken : 1) * sizeof(double));
  if (!r->kernel_samples || !r->busy_samples) {
    free(r->kernel_samples);
    free(r->busy_samples);
    r->kernel_samples = r->busy_samples = NULL;
    no_kernel_time(r, "out of host memory");
    return;
  }
  for (size_t i = 0; i < t->taken; i++) {
    if (!t->kept[i] || !s[i].ops)
      continue;
    r->kernel_samples[n] = s[i].span_s / (double)t->batch;
    r->busy_samples[n] = s[i].busy_s / (double)t->batch;
    n++;
  }
  r->n_kernel = n;
  if (!n)
    no_kernel_time(r, "no kernel, copy or memset ran inside a timed "
                      "sample");
}

void kb_kernel_trace_end(kb_kernel_trace *t, kb_result *r)
{
  if (!t->probe)
    return;
  struct kb_activity *recs = NULL;
  size_t n = 0, dropped = 0;
  char why[512];
  kb_kernel_sample *s = NULL;
  if (kb_cupti_activity_end(t->probe->cupti, &recs, &n, &dropped, why,
                            sizeof why) != KB_CUPTI_OK)
    no_kernel_time(r, why);
  else if (dropped)
    no_kernel_time(r, "CUPTI dropped activity records of the samples");
  else if (!(s = malloc((t->taken ? t->taken : 1) * sizeof *s)))
    no_kernel_time(r, "out of host memory");
  else {
    long found = kb_kernel_time_samples(recs, n, t->probe->stream_id, s,
                                        t->taken, why, sizeof why);
    if (found < 0)
      no_kernel_time(r, why);
    else if ((size_t)found != t->taken) {
      snprintf(why, sizeof why, "the records hold %ld timed samples, the "
               "loop took %zu", found, t->taken);
      no_kernel_time(r, why);
    } else
      keep(t, s, r);
  }
  free(s);
  free(recs);
  free(t->kept);
  t->kept = NULL;
  t->probe = NULL;
}
