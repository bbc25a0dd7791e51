/*
** A change is significant when both hold:
**  - the two-sided Mann-Whitney U test on the two runs' raw samples
**    rejects "same distribution" at --alpha (mannwhitney.c), and
**  - the median moved by more than the threshold, in percent.
**
** Why the U test and not a bootstrap interval of the median:
**  - it works on ranks: the long right tail of timings (a preempted sample,
**    a clock dip) weighs no more than any other sample, and nothing
**    assumes normal data;
**  - it is deterministic: the same two files always give the same answer,
**    as a CI gate must, where a bootstrap interval moves with its random
**    resamples and needs thousands of them per case;
**  - the timer's resolution makes many samples equal; ranks handle ties
**    with a known correction (or exactly, for small samples), while the
**    bootstrap distribution of a median over tied data is lumpy;
**  - it can be checked against scipy, and Google Benchmark's compare.py
**    runs the same test, so both tools agree on the same data.
** It says nothing about the size of a change: with 40-60 samples a side
** it finds a shift of a few tenths of a percent significant, and GPU
** medians do move by up to 0.43% between two processes on one machine.  Its samples are also not
** quite independent (one process, one clock and thermal state), which
** makes p optimistic.  So the U test guards against a median that moved by
** chance (few or noisy samples), and the threshold against run-to-run
** drift: that is why both are needed.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands/compare/judge.h"
#include "util/mannwhitney.h"
#include "util/format.h"
#include "model/result.h"
#include "util/stats.h"

static const char *const statuses[] = {"same", "slower", "faster",
                                       "failed_in_new", "not_compared",
                                       "only_in_base", "only_in_new",
                                       "disturbed", "not_judged"};

const char *kb_cmp_run_mode(const kb_res_run *run)
{
  size_t host = 0;
  for (size_t i = 0; i < run->n_cases; i++)
    host += strcmp(run->cases[i].backend, "host") == 0;
  return run->n_cases && host == run->n_cases ? "host" : run->mode;
}

const char *kb_cmp_status_name(int s)
{
  return s >= 0 && s <= KB_CMP_NOT_JUDGED ? statuses[s] : "?";
}

static double median_of(const kb_res_case *c, int time)
{
  kb_stats s;
  size_t n;
  int used;
  if (!c || c->res.verdict != KB_PASS)
    return NAN;
  const double *x = kb_res_times(c, time, &n, &used);
  return kb_stats_compute(x, n, &s) ? NAN : s.median;
}

static int is_host(const kb_res_case *c)
{
  return c && strcmp(c->backend, "host") == 0;
}

/*
** Both passed: the medians, the U test and the threshold decide.  A host
** case's samples are not the U test's independent draws: the speed of a
** host's memory can drift by up to a quarter within seconds (a shared or
** virtual machine's does),
** for a loop with nothing of kbench's around it as much as for kbench's
** host cases (bench/results/2026-11-24/: six fresh buffers in one process
** 7.7-12.9 ms), while one case's samples, a burst of half a second, sit
** within 0.5% of each other.  Two runs then differ by the drift with p <
** 0.0001.  So a host case is judged on its repetitions, one median each,
** taken at different moments: with --repetitions=5 or more a side a
** slowdown past the drift is caught; with fewer it is listed, not judged.
*/
static void judge_timing(kb_cmp_row *r, const kb_cmp_cfg *cfg)
{
  int host = is_host(r->base) || is_host(r->cur), used;
  size_t nb, nc;
  const double *xb = kb_res_times(r->base, r->time, &nb, &used);
  const double *xc = kb_res_times(r->cur, r->time, &nc, &used);
  if (host) {
    xb = r->base->rep_medians, nb = r->base->n_reps;
    xc = r->cur->rep_medians, nc = r->cur->n_reps;
  }
  kb_mwu u;
  if (r->base_median > 0)
    r->change = 100 * (r->cur_median - r->base_median) / r->base_median;
  if (nb && nc && kb_mwu_test(xb, nb, xc, nc, KB_MWU_AUTO, &u) == 0) {
    r->p = u.p;
    r->method = u.method;
  }
  int few = nb < KB_CMP_MIN_SAMPLES || nc < KB_CMP_MIN_SAMPLES;
  int past = isfinite(r->change) && fabs(r->change) > r->threshold;
  int sig = !few && past && isfinite(r->p) && r->p < cfg->alpha;
  /* Too few to test is no verdict of "same": the result says so, where
  ** the eye lands, and the note says what would judge it. */
  r->status = few ? KB_CMP_NOT_JUDGED : !sig ? KB_CMP_SAME
              : r->change > 0 ? KB_CMP_SLOWER : KB_CMP_FASTER;
  /* A p of too few samples judges nothing: shown, it reads as "same". */
  if (few)
    r->p = NAN;
  r->regression = r->status == KB_CMP_SLOWER;
  snprintf(r->result, sizeof r->result, "%s",
           r->status == KB_CMP_SLOWER ? "SLOWER"
           : r->status == KB_CMP_FASTER ? "faster"
           : r->status == KB_CMP_NOT_JUDGED ? "not judged" : "same");
  if (!nb || !nc)
    snprintf(r->note, sizeof r->note, "no samples in %s",
             !nb && !nc ? "either run" : !nb ? "base" : "new");
  else if (few && host)
    snprintf(r->note, sizeof r->note, "a host case is judged on its "
             "repetitions (%zu in base, %zu in new): --repetitions=%d or "
             "more a side", nb, nc, KB_CMP_MIN_SAMPLES);
  else if (few)
    snprintf(r->note, sizeof r->note, "%zu sample%s in base, %zu in new: "
             "fewer than %d on a side cannot be significant", nb, kb_s(nb),
             nc, KB_CMP_MIN_SAMPLES);
  else if (!(r->base_median > 0))
    snprintf(r->note, sizeof r->note, "base median is 0: no change");
  else if (past && !sig)
    snprintf(r->note, sizeof r->note, "moved more than %g%% but p >= %g: "
             "not significant", r->threshold, cfg->alpha);
  else if (!past && r->placement > 0 && isfinite(r->change)
           && fabs(r->change) > (host ? cfg->host_threshold : cfg->threshold))
    snprintf(r->note, sizeof r->note, "moved %.1f%%, within the %.1f%% its "
             "time moves between its placements (a placement study's "
             "placement_spread)",
             fabs(r->change), r->placement);
}

/* A side did not pass: nothing to time, only verdicts to list.  Another
** process disturbed a side: that side's times are not the case's, and
** nothing the plugin did failed, so it is counted apart, never as a
** regression. */
static void judge_verdicts(kb_cmp_row *r)
{
  int vb = r->base->res.verdict, vc = r->cur->res.verdict;
  const char *wb = kb_verdict_word(vb), *wc = kb_verdict_word(vc);
  if (vb == KB_DISTURBED || vc == KB_DISTURBED) {
    r->status = KB_CMP_DISTURBED;
    if (vb == vc)
      snprintf(r->result, sizeof r->result, "%s in both", wb);
    else if (vb == KB_PASS || vc == KB_PASS)
      snprintf(r->result, sizeof r->result, "%s in %s", vb == KB_PASS ? wc
               : wb, vb == KB_PASS ? "new" : "base");
    else
      snprintf(r->result, sizeof r->result, "%s in base, %s in new", wb,
               wc);
  } else if (vb == KB_PASS && vc != KB_SKIP) {
    r->status = KB_CMP_BROKEN;
    r->regression = 1;
    snprintf(r->result, sizeof r->result, "%s in new", wc);
  } else {
    r->status = KB_CMP_NOT_PASSED;
    if (vb == KB_PASS)
      snprintf(r->result, sizeof r->result, "%s in new", wc);
    else if (vc == KB_PASS)
      snprintf(r->result, sizeof r->result, "%s in base", wb);
    else if (vb == vc)
      snprintf(r->result, sizeof r->result, "%s in both", wb);
    else
      snprintf(r->result, sizeof r->result, "%s in base, %s in new", wb,
               wc);
  }
  const kb_result *failed = vc != KB_PASS ? &r->cur->res : &r->base->res;
  kb_res_failure_text(failed->stage, failed->message, r->note,
                      sizeof r->note);
}

/* A CUDA case judged by event time in a comparison of kernel times says
** which side had none, when that file has kernel times of other cases (a
** file with none at all is said once, in the header). */
static void event_note(kb_cmp_row *r, const kb_cmp_cfg *cfg,
                       const kb_cmp_summary *sum)
{
  if (cfg->time != KB_TIME_KERNEL || r->time == KB_TIME_KERNEL
      || is_host(r->base) || is_host(r->cur)
      || !((!r->base->res.kernel_stats.n && sum->base_kernel)
           || (!r->cur->res.kernel_stats.n && sum->new_kernel)))
    return;
  int base = r->base->res.kernel_stats.n > 0;
  int cur = r->cur->res.kernel_stats.n > 0;
  const char *side = !base && !cur ? "either file" : !base ? "base" : "new";
  size_t used = strlen(r->note);
  snprintf(r->note + used, sizeof r->note - used, "%sevent time: no kernel "
           "time in %s", used ? "; " : "", side);
}

/* A change past the threshold with the GPU's clocks held back on the
** slower side (NVML's clock-event reasons: a power cap, a thermal or
** hardware slowdown) says so: the case may be fine, the GPU was not. */
static void clock_note(kb_cmp_row *r)
{
  const kb_res_case *slow = r->status == KB_CMP_SLOWER ? r->cur
                            : r->status == KB_CMP_FASTER ? r->base : NULL;
  char limits[KB_CLOCK_LIMITS_TEXT_LEN];
  if (!slow)
    return;
  kb_clock_limits_text(slow->res.clock_events, limits, sizeof limits);
  size_t used = strlen(r->note);
  if (limits[0])
    snprintf(r->note + used, sizeof r->note - used, "%s%s's samples ran "
             "under %s (NVML)", used ? "; " : "", slow == r->cur ? "new"
             : "base", limits);
}

static void judge_pair(kb_cmp_row *r, const kb_cmp_cfg *cfg,
                       const kb_cmp_summary *sum)
{
  r->p = r->change = NAN;
  r->time = cfg->time == KB_TIME_KERNEL && r->base && r->cur
            && r->base->res.kernel_stats.n && r->cur->res.kernel_stats.n
            ? KB_TIME_KERNEL : KB_TIME_EVENT;
  r->base_median = median_of(r->base, r->time);
  r->cur_median = median_of(r->cur, r->time);
  r->threshold = is_host(r->base) || is_host(r->cur) ? cfg->host_threshold
                                                     : cfg->threshold;
  /* A case whose time moves with where its memory landed moves that much
  ** between two runs without any change to it (model/placement.h). */
  double pb = r->base ? kb_res_placement(r->base) : 0;
  double pc = r->cur ? kb_res_placement(r->cur) : 0;
  r->placement = 100 * (pb > pc ? pb : pc);
  if (r->placement > r->threshold)
    r->threshold = r->placement;
  if (!r->base) {
    r->status = KB_CMP_ONLY_NEW;
    snprintf(r->result, sizeof r->result, "only in new");
  } else if (!r->cur) {
    /* A case that passed and is gone is what a crashed or cut-short job
    ** leaves: the gate fails unless new is a subset on purpose. */
    r->status = KB_CMP_ONLY_BASE;
    r->regression = r->base->res.verdict == KB_PASS && !cfg->allow_missing;
    snprintf(r->result, sizeof r->result, "%s", r->regression
             ? "MISSING in new" : "only in base");
  } else if (r->base->res.verdict == KB_PASS
             && r->cur->res.verdict == KB_PASS) {
    judge_timing(r, cfg);
    event_note(r, cfg, sum);
    clock_note(r);
  } else {
    judge_verdicts(r);
  }
}

/* A case one side lacks because that run was interrupted: missing, and
** said so, where "only in base" would read as a case taken away. */
static void interrupted(kb_cmp_row *r, const kb_res_run *base,
                        const kb_res_run *cur)
{
  int in_new = r->status == KB_CMP_ONLY_BASE;
  const kb_res_run *lacking = in_new ? cur : base;
  if ((r->status != KB_CMP_ONLY_BASE && r->status != KB_CMP_ONLY_NEW)
      || !lacking->interrupted)
    return;
  snprintf(r->result, sizeof r->result, "%s in %s",
           r->regression ? "MISSING" : "missing", in_new ? "new" : "base");
  snprintf(r->note, sizeof r->note, "%s was interrupted by %s first",
           in_new ? "new" : "base", lacking->interrupted);
}

typedef struct named {
  const char *name;
  size_t index;
} named;

static int by_name(const void *x, const void *y)
{
  return strcmp(((const named *)x)->name, ((const named *)y)->name);
}

static void count(kb_cmp_summary *s, const kb_cmp_row *r)
{
  size_t *slot[] = {&s->same, &s->slower, &s->faster, &s->broken,
                    &s->not_passed, &s->only_base, &s->only_new,
                    &s->disturbed, &s->not_judged};
  (*slot[r->status])++;
  if (r->status == KB_CMP_ONLY_BASE && r->regression) {
    s->only_base--;
    s->missing++;
  }
  for (int i = 0; i < 2 && r->status == KB_CMP_DISTURBED; i++) {
    const kb_res_case *side = i ? r->cur : r->base;
    if (side->res.verdict == KB_DISTURBED)
      kb_disturbers_add(&s->disturbers, side->res.message);
  }
  s->rows++;
  s->compared += r->status <= KB_CMP_FASTER;
  s->regressions += r->regression;
  if (r->status == KB_CMP_SLOWER)
    kb_clock_tally_add(&s->slower_clocks, r->cur->res.clock_events);
  s->flagged += r->cur && r->cur->res.claim_flagged;
  s->unaudited += r->cur && r->cur->res.unaudited;
}

int kb_cmp_judge(const kb_res_run *base, const kb_res_run *cur,
                 const kb_cmp_cfg *cfg, kb_cmp_row **rows, size_t *n,
                 kb_cmp_summary *sum)
{
  memset(sum, 0, sizeof *sum);
  *rows = NULL;
  *n = 0;
  for (size_t i = 0; i < base->n_cases; i++)
    sum->base_kernel |= base->cases[i].res.kernel_stats.n > 0;
  for (size_t i = 0; i < cur->n_cases; i++)
    sum->new_kernel |= cur->cases[i].res.kernel_stats.n > 0;
  sum->base_interrupted = base->interrupted != NULL;
  sum->new_interrupted = cur->interrupted != NULL;
  size_t nc = cur->n_cases;
  named *index = malloc((nc ? nc : 1) * sizeof *index);
  char *matched = calloc(nc ? nc : 1, 1);
  kb_cmp_row *out = calloc(base->n_cases + nc + 1, sizeof *out);
  if (!index || !matched || !out) {
    free(index);
    free(matched);
    free(out);
    return -1;
  }
  for (size_t i = 0; i < nc; i++)
    index[i] = (named){cur->cases[i].name, i};
  qsort(index, nc, sizeof *index, by_name);
  size_t used = 0;
  for (size_t i = 0; i < base->n_cases; i++) {
    named key = {base->cases[i].name, 0};
    named *hit = nc ? bsearch(&key, index, nc, sizeof *index, by_name)
                    : NULL;
    kb_cmp_row *r = &out[used++];
    r->base = &base->cases[i];
    if (hit) {
      r->cur = &cur->cases[hit->index];
      matched[hit->index] = 1;
    }
    judge_pair(r, cfg, sum);
  }
  for (size_t i = 0; i < nc; i++)
    if (!matched[i]) {
      out[used].cur = &cur->cases[i];
      judge_pair(&out[used++], cfg, sum);
    }
  for (size_t i = 0; i < used; i++) {
    interrupted(&out[i], base, cur);
    count(sum, &out[i]);
  }
  free(index);
  free(matched);
  *rows = out;
  *n = used;
  return 0;
}

static const char *or_none(const char *s)
{
  return s ? s : "?";
}

int kb_cmp_device_mismatch(const kb_res_run *base, const kb_res_run *cur,
                           char *buf, size_t len)
{
  buf[0] = '\0';
  if (!base->device.known && !cur->device.known)
    return 0;
  if (base->device.known && cur->device.known) {
    const char *nb = base->device.name, *nc = cur->device.name;
    const char *ub = base->device.uuid, *uc = cur->device.uuid;
    int same = (!nb || !nc || strcmp(nb, nc) == 0)
               && (!ub || !uc || strcmp(ub, uc) == 0);
    if (same)
      return 0;
  }
  char b[512], c[512];
  const kb_res_run *runs[] = {base, cur};
  char *out[] = {b, c};
  for (int i = 0; i < 2; i++) {
    if (!runs[i]->device.known)
      snprintf(out[i], 512, "no device");
    else
      snprintf(out[i], 512, "%s (%s)", or_none(runs[i]->device.name),
               or_none(runs[i]->device.uuid));
  }
  snprintf(buf, len, "different devices: base ran on %s, new on %s", b, c);
  return 1;
}
