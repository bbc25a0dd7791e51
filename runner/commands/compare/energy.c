/* Energy per run between two runs (energy.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "commands/compare/energy.h"
#include "util/mannwhitney.h"
#include "util/stats.h"

const char *kb_cmp_energy_word(int status)
{
  static const char *const words[] = {NULL, "same", "more", "less"};
  return status >= 0 && status <= KB_CMP_ENERGY_LESS ? words[status] : NULL;
}

/* A side's watts, the median of its entries'; NAN when none gave one. */
static double watts(const kb_res_case *c)
{
  return c->given[KB_FIELD_power_w] ? c->res.power_w : NAN;
}

void kb_cmp_energy_judge(const kb_cmp_row *row, const kb_cmp_cfg *cfg,
                         kb_cmp_energy *e)
{
  memset(e, 0, sizeof *e);
  e->base_j = e->cur_j = e->change = e->p = e->base_w = e->cur_w = NAN;
  const kb_res_case *b = row->base, *c = row->cur;
  kb_stats sb, sc;
  if (!b || !c || row->status > KB_CMP_FASTER
      || kb_stats_compute(b->res.energy_windows, b->res.energy_n_windows,
                          &sb)
      || kb_stats_compute(c->res.energy_windows, c->res.energy_n_windows,
                          &sc))
    return;
  const double *jb = b->res.energy_windows, *jc = c->res.energy_windows;
  e->nb = sb.n;
  e->nc = sc.n;
  e->base_j = sb.median;
  e->cur_j = sc.median;
  e->base_w = watts(b);
  e->cur_w = watts(c);
  e->change = 100 * (e->cur_j - e->base_j) / e->base_j;
  kb_mwu u;
  if (kb_mwu_test(jb, e->nb, jc, e->nc, KB_MWU_AUTO, &u) == 0) {
    e->p = u.p;
    e->method = u.method;
  }
  int few = e->nb < KB_CMP_MIN_SAMPLES || e->nc < KB_CMP_MIN_SAMPLES;
  int past = fabs(e->change) > cfg->energy_threshold;
  int sig = !few && past && isfinite(e->p) && e->p < cfg->alpha;
  e->status = !sig ? KB_CMP_ENERGY_SAME
              : e->change > 0 ? KB_CMP_ENERGY_MORE : KB_CMP_ENERGY_LESS;
  if (few)
    snprintf(e->note, sizeof e->note, "%zu energy windows in base, %zu in "
             "new: fewer than %d on a side cannot be significant", e->nb,
             e->nc, KB_CMP_MIN_SAMPLES);
  else if (past && !sig)
    snprintf(e->note, sizeof e->note, "moved more than %g%% but p >= %g: "
             "not significant", cfg->energy_threshold, cfg->alpha);
}

void kb_cmp_energy_count(const kb_cmp_row *rows, size_t n,
                         const kb_cmp_cfg *cfg, size_t *with,
                         size_t *changed)
{
  *with = *changed = 0;
  for (size_t i = 0; i < n; i++) {
    kb_cmp_energy e;
    kb_cmp_energy_judge(&rows[i], cfg, &e);
    *with += e.status != KB_CMP_ENERGY_NONE;
    *changed += e.status == KB_CMP_ENERGY_MORE
                || e.status == KB_CMP_ENERGY_LESS;
  }
}

void kb_cmp_energy_text(const kb_cmp_energy *e, char *buf, size_t len)
{
  char watts[64] = "";
  if (isfinite(e->base_w) && isfinite(e->cur_w))
    snprintf(watts, sizeof watts, "; %.0f W -> %.0f W", e->base_w, e->cur_w);
  snprintf(buf, len, "%.4g J -> %.4g J per run (%+.2f%%, p %.2g%s): %s",
           e->base_j, e->cur_j, e->change, e->p, watts,
           kb_cmp_energy_word(e->status));
}
