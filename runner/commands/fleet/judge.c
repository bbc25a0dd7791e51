/*
** A GPU of the fleet is one device, resolved within its own file
** (reader.h): the same UUID is the same GPU in any file; a device
** without a UUID is the one of its ordinal (or bus id) in one rank on one
** host.  The host cases of a rank (backend "host") belong to its host,
** never to a GPU: each (host_name, rank) with host cases is a host, and
** hosts are judged against hosts.  The same GPU in several files (several
** days) is one GPU, its samples pooled as repetitions are.
**
** GPUs are judged within their model group (name and memory size): for
** each case and group, the reference is kb_fleet_reference of the medians
** of the group's GPUs that passed it, and each GPU's ratio is its median
** over that.  A GPU is flagged for a case that it ran slower than the
** reference by more than the tolerance (host cases have their own, as the
** host varies far more between processes than a GPU), that failed,
** errored, crashed or timed out, that it skipped while another GPU of its
** group ran it, or that its files lack while another GPU's of its group
** have it (a rank that died part way).  A GPU whose model its files do not
** name (a rank that found no device) is held against every GPU for the
** skipped and the missing.  A case another process disturbed on a GPU
** (another job on it) flags that GPU, naming the process, and is left out
** of the case's reference, as any result that did not pass is: the other
** GPUs are judged by their own times, not against a disturbed one.
**
** Where a kernel's time depends on where its memory landed (model/
** placement.h), a healthy node splits on it: on the H200, reduce_vec4 read
** 67 us on two GPUs and 73 us on two others, every other case agreeing.
** So the tolerance of a case is at least the placement spread any of its
** GPUs measured, and a split, two or more GPUs on each side, each side
** tight and the gap past the tolerance, flags its slow side only where
** those GPUs are slow on some other case too, or split slow on more than
** a few cases: one kernel's placement is not a slow GPU; a slow rank is.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands/fleet/judge.h"
#include "model/result.h"
#include "util/stats.h"

static const char *const flag_names[] = {"", "slow", "failed", "skipped",
                                         "missing", "disturbed"};

const char *kb_fleet_flag_name(int flag)
{
  return flag >= 0 && flag < KB_FLEET_N_FLAGS ? flag_names[flag] : "?";
}

void kb_fleet_verdict(const kb_fleet_gpu *g, char *buf, size_t len)
{
  size_t used = 0;
  if (!g->flagged) {
    snprintf(buf, len, "ok");
    return;
  }
  for (int k = KB_FLEET_SLOW; k < KB_FLEET_N_FLAGS && used < len; k++)
    if (g->flags[k] && k != KB_FLEET_DISTURBED) {   /* said last, below */
      int n = snprintf(buf + used, len - used, "%s%zu %s",
                       used ? ", " : "FLAGGED (", g->flags[k], flag_names[k]);
      used += n > 0 ? (size_t)n : 0;
    }
  char clocks[KB_CLOCK_LIMITS_TEXT_LEN + 32];
  kb_clock_tally_text(&g->slow_clocks, clocks, sizeof clocks);
  if (clocks[0] && used < len) {   /* NVML's word on why they were slow */
    int n = snprintf(buf + used, len - used, "; the slow %s", clocks);
    used += n > 0 ? (size_t)n : 0;
  }
  if (g->flags[KB_FLEET_DISTURBED] && used < len) {
    char who[KB_DISTURBERS_TEXT_LEN];
    size_t n = g->flags[KB_FLEET_DISTURBED];
    kb_disturbers_text(&g->disturbers, who, sizeof who);
    int w = snprintf(buf + used, len - used, "%sdisturbed by another "
                     "process: %s, %zu case%s", used ? "; " : "FLAGGED (",
                     who, n, n == 1 ? "" : "s");
    used += w > 0 ? (size_t)w : 0;
  }
  if (used < len)
    snprintf(buf + used, len - used, ")%s", g->interrupted && g->flags
             [KB_FLEET_MISSING] ? " (its run was interrupted)" : "");
}

static int same_string(const char *a, const char *b)
{
  return strcmp(a ? a : "", b ? b : "") == 0;
}

/* Whether g is run's device d: the same UUID anywhere, else the same
** device (results/'s rule) of the same rank on the same host. */
static int same_gpu(const kb_fleet_gpu *g, const kb_res_run *run,
                    const kb_res_device *d)
{
  const char *u = g->device->uuid;
  if (g->host != d->host)
    return 0;
  if (!d->host && u && *u && d->uuid && *d->uuid)
    return strcmp(u, d->uuid) == 0;
  return g->rank == run->rank && same_string(g->host_name, run->host_name)
         && kb_res_same_device(g->device, d);
}

static void label_gpu(kb_fleet_gpu *g)
{
  const char *host = g->host_name && *g->host_name ? g->host_name : "?";
  const kb_res_device *d = g->device;
  char rank[16] = "?", dev[64] = "d-";
  if (g->rank >= 0)
    snprintf(rank, sizeof rank, "%d", g->rank);
  if (g->host)
    snprintf(dev, sizeof dev, "host");
  else if (d->known && d->ordinal >= 0)
    snprintf(dev, sizeof dev, "d%d", d->ordinal);
  snprintf(g->label, sizeof g->label, "%.*s r%s %s%s%.12s",
           (int)strcspn(host, "."), host, rank, dev,
           !g->host && d->uuid && *d->uuid ? " " : "",
           !g->host && d->uuid ? d->uuid : "");
}

/* The model group of g, added when new; -1 when memory runs out. */
static long group_index(kb_fleet *f, const kb_fleet_gpu *g)
{
  const kb_res_device *d = g->device;
  const char *name = g->host || !d->name || !*d->name ? NULL : d->name;
  double mem = g->host ? 0 : d->mem_bytes;
  size_t i = 0;
  while (i < f->n_groups
         && !(f->groups[i].host == g->host
              && same_string(f->groups[i].name, name)
              && f->groups[i].mem_bytes == mem))
    i++;
  if (i == f->n_groups) {
    kb_fleet_group *grown = realloc(f->groups, (i + 1) * sizeof *grown);
    if (!grown)
      return -1;
    f->groups = grown;
    grown[i] = (kb_fleet_group){name, mem, g->host, 0, 0};
    f->n_groups++;
    f->n_model_groups += !g->host;
  }
  f->groups[i].n++;
  return (long)i;
}

/* The index of the GPU of run's device d, added when new; -1 when memory
** runs out. */
static long gpu_index(kb_fleet *f, const kb_res_run *run,
                      const kb_res_device *d)
{
  size_t i = 0;
  while (i < f->n_gpus && !same_gpu(&f->gpus[i], run, d))
    i++;
  if (i == f->n_gpus) {
    kb_fleet_gpu *grown = realloc(f->gpus, (i + 1) * sizeof *grown);
    if (!grown)
      return -1;
    f->gpus = grown;
    memset(&grown[i], 0, sizeof grown[i]);
    grown[i].host_name = run->host_name;
    grown[i].rank = run->rank;
    grown[i].host = d->host;
    grown[i].device = d;
    grown[i].worst_ratio = NAN;
    label_gpu(&grown[i]);
    long group = group_index(f, &grown[i]);
    if (group < 0)
      return -1;
    grown[i].group = (size_t)group;
    f->n_gpus++;
    f->n_real += !d->host;
  }
  kb_fleet_gpu *g = &f->gpus[i];
  if (!g->n_files || g->files[g->n_files - 1] != run->path) {
    const char **files = realloc(g->files, (g->n_files + 1) * sizeof *files);
    if (!files)
      return -1;
    g->files = files;
    g->files[g->n_files++] = run->path;
  }
  if (!g->interrupted)
    g->interrupted = run->interrupted;
  return (long)i;
}

/* A case of some file, and where it appears among all of them. */
typedef struct ref {
  const kb_res_case *c;
  size_t order;      /* its place over all files' cases, in file order */
  size_t gpu;        /* index of its GPU */
  size_t index;      /* index of its case name, once named */
} ref;

static int by_name_then_order(const void *x, const void *y)
{
  const ref *a = x, *b = y;
  int c = strcmp(a->c->name, b->c->name);
  return c ? c : (a->order > b->order) - (a->order < b->order);
}

/* Every case of every file with its GPU, in file order: *out and *n. */
static int gather(const kb_res_run *runs, size_t n, kb_fleet *f, ref **out,
                  size_t *n_refs)
{
  static const kb_res_device host_device = {.host = 1, .ordinal = -1};
  size_t total = 0;
  for (size_t i = 0; i < n; i++)
    total += runs[i].n_cases;
  ref *refs = calloc(total ? total : 1, sizeof *refs);
  if (!refs)
    return -1;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    /* A file of no case (a rank that died at once) is still a GPU, or
    ** its host when it names none. */
    if (runs[i].n_cases == 0 && gpu_index(f, &runs[i], runs[i].device.known
                                          ? &runs[i].device
                                          : &host_device) < 0)
      goto fail;
    for (size_t j = 0; j < runs[i].n_cases; j++, k++) {
      const kb_res_case *c = &runs[i].cases[j];
      long g = gpu_index(f, &runs[i], &c->device);
      if (g < 0)
        goto fail;
      refs[k] = (ref){c, k, (size_t)g, 0};
    }
  }
  *out = refs;
  *n_refs = total;
  return 0;
fail:
  free(refs);
  return -1;
}

/* A distinct case name: where it first appears over all files, and where
** its refs start once they are sorted by name. */
typedef struct name {
  size_t first, start;
} name;

static int by_first(const void *x, const void *y)
{
  const name *a = x, *b = y;
  return (a->first > b->first) - (a->first < b->first);
}

/* The distinct case names, in order of first appearance, and each ref's
** index among them. */
static int name_cases(kb_fleet *f, ref *refs, size_t n)
{
  qsort(refs, n, sizeof *refs, by_name_then_order);
  name *names = calloc(n ? n : 1, sizeof *names);
  if (!names)
    return -1;
  size_t u = 0;
  for (size_t i = 0; i < n; i++)
    if (i == 0 || strcmp(refs[i].c->name, refs[i - 1].c->name) != 0)
      names[u++] = (name){refs[i].order, i};
  qsort(names, u, sizeof *names, by_first);
  f->cases = calloc(u ? u : 1, sizeof *f->cases);
  if (!f->cases) {
    free(names);
    return -1;
  }
  f->n_cases = u;
  for (size_t c = 0; c < u; c++) {
    const kb_res_case *first = refs[names[c].start].c;
    f->cases[c].name = first->name;
    f->cases[c].backend = first->backend;
    for (size_t i = names[c].start;
         i < n && strcmp(refs[i].c->name, first->name) == 0; i++)
      refs[i].index = c;
  }
  free(names);
  return 0;
}

/* Adds one file's entries of a case to its GPU's cell, the times of TIME. */
static int pool(kb_fleet_cell *cell, kb_fleet_gpu *g, const kb_res_case *c,
                int time)
{
  if (!cell->present) {
    cell->present = 1;
    g->cases++;
    cell->verdict = c->res.verdict;
    cell->worst = &c->res;
  } else if (kb_verdict_worse(cell->verdict, c->res.verdict)
             != cell->verdict) {
    cell->verdict = c->res.verdict;
    cell->worst = &c->res;
  }
  cell->clock_events |= c->res.clock_events;
  double placement = kb_res_placement(c);
  if (placement > cell->placement)
    cell->placement = placement;
  size_t n;
  int used;
  const double *x = kb_res_times(c, time, &n, &used);
  if (!n)
    return 0;
  double *grown = realloc(cell->samples,
                          (cell->n_samples + n) * sizeof *grown);
  if (!grown)
    return -1;
  memcpy(grown + cell->n_samples, x, n * sizeof *grown);
  cell->samples = grown;
  cell->n_samples += n;
  return 0;
}

static double median(const double *x, size_t n)
{
  kb_stats s;
  return kb_stats_compute(x, n, &s) ? NAN : s.median;
}

static void flag(kb_fleet *f, size_t c, size_t g, int why)
{
  KB_FLEET_CELL(f, c, g)->flag = why;
  f->gpus[g].flags[why]++;
  f->gpus[g].flagged = 1;
  f->cases[c].flagged++;
}

/* A slow cell, with NVML's word on why its clocks were where they were. */
static void flag_slow(kb_fleet *f, size_t c, size_t g)
{
  flag(f, c, g, KB_FLEET_SLOW);
  kb_clock_tally_add(&f->gpus[g].slow_clocks,
                     KB_FLEET_CELL(f, c, g)->clock_events);
}

double kb_fleet_reference(const double *m, size_t n)
{
  if (n == 2)
    return m[0] < m[1] ? m[0] : m[1];
  return n ? median(m, n) : NAN;
}

/* Whether GPU h is one that g is held against: of its group, or any GPU
** when g's model is unknown (a rank that found no device). */
static int peer(const kb_fleet *f, size_t g, size_t h)
{
  const kb_fleet_gpu *a = &f->gpus[g], *b = &f->gpus[h];
  if (a->group == b->group)
    return 1;
  return !a->host && !b->host && !f->groups[a->group].name;
}

/* The baseline's median of case c on the host (for the hosts' group) or
** on a GPU of group k's model; NAN when it has none that passed. */
static double baseline_median(const kb_fleet *f, size_t c, size_t k)
{
  const kb_res_run *b = f->cfg->baseline;
  const kb_fleet_group *grp = &f->groups[k];
  for (size_t i = 0; b && (grp->name || grp->host) && i < b->n_cases; i++) {
    const kb_res_case *bc = &b->cases[i];
    const kb_res_device *d = &bc->device;
    if (strcmp(bc->name, f->cases[c].name) || bc->res.verdict != KB_PASS
        || !bc->res.n_samples || d->host != grp->host
        || (!grp->host && !(same_string(d->name, grp->name)
                            && d->mem_bytes == grp->mem_bytes)))
      continue;
    size_t n;
    int used;
    const double *x = kb_res_times(bc, f->cases[c].time, &n, &used);
    return median(x, n);
  }
  return NAN;
}

/* Each cell's median, and the reference of each GPU of group k. */
static void reference(kb_fleet *f, size_t c, size_t k, double *medians)
{
  size_t timed = 0;
  for (size_t g = 0; g < f->n_gpus; g++)
    if (f->gpus[g].group == k
        && isfinite(KB_FLEET_CELL(f, c, g)->median))
      medians[timed++] = KB_FLEET_CELL(f, c, g)->median;
  /* Alone, a GPU has nothing to be timed against, but a baseline. */
  double ref = baseline_median(f, c, k);
  int from_baseline = isfinite(ref);
  if (!from_baseline && timed >= 2)
    ref = kb_fleet_reference(medians, timed);
  f->groups[k].baseline_cases += from_baseline;
  for (size_t g = 0; g < f->n_gpus; g++)
    if (f->gpus[g].group == k) {
      KB_FLEET_CELL(f, c, g)->reference = ref;
      KB_FLEET_CELL(f, c, g)->from_baseline = from_baseline;
    }
}

static int by_value(const void *x, const void *y)
{
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/* The split of group k on case c (this file's opening says why): the
** median from which its slow side starts, or INFINITY when the group's
** medians do not fall in two tight sides of at least two GPUs each, a gap
** past tol (a fraction) between them. */
static double split_at(const kb_fleet *f, size_t c, size_t k, double tol)
{
  double *m = malloc((f->n_gpus ? f->n_gpus : 1) * sizeof *m);
  size_t n = 0;
  if (!m)
    return INFINITY;
  for (size_t g = 0; g < f->n_gpus; g++)
    if (f->gpus[g].group == k && isfinite(KB_FLEET_CELL(f, c, g)->median))
      m[n++] = KB_FLEET_CELL(f, c, g)->median;
  qsort(m, n, sizeof *m, by_value);
  double at = INFINITY;
  for (size_t i = 2; n >= 4 && i + 2 <= n; i++)
    if (m[i] > m[i - 1] * (1 + tol) && m[i - 1] <= m[0] * (1 + tol / 2)
        && m[n - 1] <= m[i] * (1 + tol / 2))
      at = m[i];
  free(m);
  return at;
}

/* One case over the fleet: each group's reference, each GPU's ratio,
** flags. */
static int judge_case(kb_fleet *f, size_t c)
{
  kb_fleet_case *fc = &f->cases[c];
  double *medians = malloc((f->n_gpus ? f->n_gpus : 1) * sizeof *medians);
  if (!medians)
    return -1;
  int host = strcmp(fc->backend, "host") == 0;
  fc->tolerance = host ? f->cfg->host_tolerance : f->cfg->tolerance;
  fc->min_ratio = fc->max_ratio = fc->fleet_median = NAN;
  for (size_t g = 0; g < f->n_gpus; g++) {
    kb_fleet_cell *cell = KB_FLEET_CELL(f, c, g);
    if (cell->verdict != KB_PASS)
      cell->n_samples = 0;         /* a failed repetition voids the timing */
    cell->median = cell->present && cell->verdict == KB_PASS
                   ? median(cell->samples, cell->n_samples) : NAN;
    cell->ratio = cell->reference = NAN;
    if (cell->present && cell->verdict == KB_PASS)
      fc->passed++;
  }
  for (size_t k = 0; k < f->n_groups; k++)
    reference(f, c, k, medians);
  free(medians);
  fc->placement = 0;
  for (size_t g = 0; g < f->n_gpus; g++)
    if (100 * KB_FLEET_CELL(f, c, g)->placement > fc->placement)
      fc->placement = 100 * KB_FLEET_CELL(f, c, g)->placement;
  double tol = fc->tolerance > fc->placement ? fc->tolerance : fc->placement;
  for (size_t g = 0; g < f->n_gpus; g++) {
    kb_fleet_cell *cell = KB_FLEET_CELL(f, c, g);
    kb_fleet_gpu *gpu = &f->gpus[g];
    size_t others = 0, passed = 0;
    for (size_t h = 0; h < f->n_gpus; h++)
      if (h != g && peer(f, g, h) && KB_FLEET_CELL(f, c, h)->present) {
        others++;
        passed += KB_FLEET_CELL(f, c, h)->verdict == KB_PASS;
      }
    if (isfinite(cell->median) && cell->reference > 0) {
      cell->ratio = cell->median / cell->reference;
      if (!(cell->ratio >= fc->min_ratio))
        fc->min_ratio = cell->ratio;
      if (!(cell->ratio <= fc->max_ratio)) {
        fc->max_ratio = cell->ratio;
        fc->slowest = g;
        fc->fleet_median = cell->reference;
      }
      if (!(cell->ratio <= gpu->worst_ratio)) {
        gpu->worst_ratio = cell->ratio;
        gpu->worst_case = fc->name;
      }
    }
    if (!cell->present && others)
      flag(f, c, g, KB_FLEET_MISSING);
    else if (!cell->present)
      continue;
    else if (cell->verdict == KB_SKIP
             && (passed || (!gpu->host && !gpu->passed)))
      flag(f, c, g, KB_FLEET_SKIPPED);
    else if (cell->verdict == KB_DISTURBED) {
      flag(f, c, g, KB_FLEET_DISTURBED);
      kb_disturbers_add(&gpu->disturbers, cell->worst->message);
    } else if (cell->verdict != KB_PASS && cell->verdict != KB_SKIP)
      flag(f, c, g, KB_FLEET_FAILED);
    else if (cell->ratio > 1 + tol / 100) {
      if (cell->median >= split_at(f, c, gpu->group, tol / 100))
        cell->split = 1;
      else
        flag_slow(f, c, g);
    } else if (cell->ratio > 1 + fc->tolerance / 100) {
      fc->excused++;
      f->excused++;
    }
  }
  return 0;
}

/* A GPU on the slow side of a split is slow after all when it is slow on
** a case that did not split, or on more split cases than one kernel and
** its twin make (KB_FLEET_SPLITS). */
#define KB_FLEET_SPLITS 2

static void judge_splits(kb_fleet *f)
{
  for (size_t g = 0; g < f->n_gpus; g++) {
    size_t splits = 0;
    for (size_t c = 0; c < f->n_cases; c++)
      splits += KB_FLEET_CELL(f, c, g)->split;
    int slow = f->gpus[g].flags[KB_FLEET_SLOW] > 0 || splits > KB_FLEET_SPLITS;
    for (size_t c = 0; splits && c < f->n_cases; c++) {
      kb_fleet_cell *cell = KB_FLEET_CELL(f, c, g);
      if (!cell->split)
        continue;
      if (slow) {
        flag_slow(f, c, g);
      } else {
        f->cases[c].excused++;
        f->excused++;
      }
    }
  }
}

int kb_fleet_judge(const kb_res_run *runs, size_t n, const kb_fleet_cfg *cfg,
                   kb_fleet *f)
{
  memset(f, 0, sizeof *f);
  f->cfg = cfg;
  f->n_files = n;
  ref *refs = NULL;
  size_t n_refs = 0;
  if (gather(runs, n, f, &refs, &n_refs) || name_cases(f, refs, n_refs)
      || !(f->cells = calloc(f->n_cases * f->n_gpus + 1, sizeof *f->cells)))
    goto fail;
  /* Kernel time where asked and every passed file of the case has it; a
  ** case some file lacks it for (written before kernel time, or run
  ** without CUPTI) is judged by event time throughout. */
  for (size_t c = 0; c < f->n_cases; c++)
    f->cases[c].time = cfg->time;
  for (size_t i = 0; i < n_refs; i++)
    if (refs[i].c->res.verdict == KB_PASS && !refs[i].c->res.kernel_stats.n)
      f->cases[refs[i].index].time = KB_TIME_EVENT;
  /* ... and so is a case the baseline has without kernel times. */
  for (size_t i = 0; cfg->baseline && i < cfg->baseline->n_cases; i++) {
    const kb_res_case *bc = &cfg->baseline->cases[i];
    for (size_t c = 0; bc->res.verdict == KB_PASS && !bc->res.kernel_stats.n
                       && c < f->n_cases; c++)
      if (strcmp(bc->name, f->cases[c].name) == 0)
        f->cases[c].time = KB_TIME_EVENT;
  }
  for (size_t i = 0; i < n_refs; i++)
    if (pool(KB_FLEET_CELL(f, refs[i].index, refs[i].gpu),
             &f->gpus[refs[i].gpu], refs[i].c, f->cases[refs[i].index].time))
      goto fail;
  for (size_t g = 0; g < f->n_gpus; g++)
    for (size_t c = 0; c < f->n_cases; c++)
      f->gpus[g].passed += KB_FLEET_CELL(f, c, g)->present
                           && KB_FLEET_CELL(f, c, g)->verdict == KB_PASS;
  for (size_t c = 0; c < f->n_cases; c++)
    if (judge_case(f, c))
      goto fail;
  judge_splits(f);
  for (size_t g = 0; g < f->n_gpus; g++) {
    f->flagged += f->gpus[g].flagged && !f->gpus[g].host;
    f->hosts_flagged += f->gpus[g].flagged && f->gpus[g].host;
  }
  free(refs);
  return 0;
fail:
  free(refs);
  kb_fleet_free(f);
  return -1;
}

void kb_fleet_free(kb_fleet *f)
{
  for (size_t i = 0; f->cells && i < f->n_cases * f->n_gpus; i++)
    free(f->cells[i].samples);
  for (size_t g = 0; g < f->n_gpus; g++)
    free(f->gpus[g].files);
  free(f->cells);
  free(f->gpus);
  free(f->groups);
  free(f->cases);
  memset(f, 0, sizeof *f);
}
