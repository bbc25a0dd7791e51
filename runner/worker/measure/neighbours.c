/* Other processes on a case's GPU, seen through NVML (neighbours.h). */

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "util/host_facts.h"
#include "model/result.h"
#include "model/verdict.h"
#include "worker/measure/neighbours.h"

/* Samples this long before a window's start count in it: NVML samples a
** process's use every so often, and a short case can fall between two
** samples of a process that has been busy all along. */
#define KB_WATCH_MARGIN_US 500000ULL
/* Quiet: no other process sampled busy for this long. */
#define KB_QUIET_US 1000000ULL
#define KB_QUIET_POLL_NS 100000000L

static kb_neighbour *entry(kb_neighbours *out, unsigned pid)
{
  for (size_t i = 0; i < out->n; i++)
    if (out->p[i].pid == pid)
      return &out->p[i];
  if (out->n == KB_NEIGHBOURS_MAX)
    return NULL;
  kb_neighbour *e = &out->p[out->n++];
  memset(e, 0, sizeof *e);
  e->pid = pid;
  return e;
}

size_t kb_neighbours_judge(const unsigned *listed, size_t n_listed,
                           const kb_nvml_use *use, size_t n_use,
                           int use_known, unsigned self, kb_neighbours *out)
{
  memset(out, 0, sizeof *out);
  kb_neighbours seen = {0};
  for (size_t i = 0; i < n_listed; i++)
    if (listed[i] != self)
      entry(&seen, listed[i]);
  for (size_t i = 0; use_known && i < n_use; i++) {
    if (use[i].pid == self || (use[i].sm == 0 && use[i].mem == 0))
      continue;
    kb_neighbour *e = entry(&seen, use[i].pid);
    if (e) {
      e->sampled = 1;
      e->sm = use[i].sm;
      e->mem = use[i].mem;
    }
  }
  for (size_t i = 0; i < seen.n; i++)
    if (!use_known || seen.p[i].sampled)
      out->p[out->n++] = seen.p[i];
  return out->n;
}

void kb_neighbours_text(const kb_neighbours *nb, char *buf, size_t len)
{
  size_t used = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < nb->n && used < len; i++) {
    const kb_neighbour *p = &nb->p[i];
    int w;
    if (p->sampled)
      w = snprintf(buf + used, len - used, "%spid %u (%s) at SM %u%%, "
                   "memory %u%%", i ? "; " : "", p->pid,
                   p->name[0] ? p->name : "?", p->sm, p->mem);
    else
      w = snprintf(buf + used, len - used, "%spid %u (%s) with a context "
                   "on the GPU", i ? "; " : "", p->pid,
                   p->name[0] ? p->name : "?");
    used += w > 0 ? (size_t)w : 0;
  }
}

void kb_neighbours_mark(kb_result *res, const kb_neighbours *nb,
                        enum kb_disturbed_how how)
{
  char who[512], own[160] = "";
  kb_neighbours_text(nb, who, sizeof who);
  if (res->verdict != KB_PASS)
    snprintf(own, sizeof own, "; the case itself: %s at %.20s: %.90s",
             kb_verdict_word(res->verdict), res->stage, res->message);
  res->verdict = KB_DISTURBED;
  snprintf(res->stage, sizeof res->stage, "other processes");
  snprintf(res->message, sizeof res->message, "another process used the GPU "
           "during the case: %.400s (NVML); %s%s", who,
           how == KB_DISTURBED_AGAIN
           ? "measured again once the GPU was quiet, and disturbed again"
           : how == KB_DISTURBED_NO_QUIET
           ? "the GPU was not quiet within --quiet-wait"
           : "not measured again (an earlier wait for quiet ran out, "
             "--quiet-wait=0, or the worker ends after this case)", own);
}

/* NVML's clock: microseconds of the host's real-time clock. */
static unsigned long long now_us(void)
{
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return (unsigned long long)t.tv_sec * 1000000ULL
         + (unsigned long long)t.tv_nsec / 1000ULL;
}

/* The name of a pid of this namespace (/proc), else the driver's. */
static void name_of(kb_watch *w, unsigned pid, char *name, size_t len)
{
  char path[64];
  snprintf(path, sizeof path, "/proc/%u/comm", pid);
  FILE *f = fopen(path, "r");
  name[0] = '\0';
  if (f) {
    if (fgets(name, (int)len, f))
      name[strcspn(name, "\n")] = '\0';
    fclose(f);
  }
  if (!name[0])
    kb_nvml_process_name(w->nvml, pid, name, len);
}

void kb_watch_open(kb_watch *w, kb_nvml *nvml, const char *why)
{
  memset(w, 0, sizeof *w);
  char err[256];
  unsigned pids[KB_NEIGHBOURS_MAX];
  size_t n = 0;
  if (!nvml) {
    snprintf(w->why, sizeof w->why, "%s", why ? why : "no NVML");
    return;
  }
  if (kb_nvml_processes(nvml, pids, KB_NEIGHBOURS_MAX, &n, err,
                        sizeof err)) {
    snprintf(w->why, sizeof w->why, "%s", err);
    return;
  }
  unsigned me = (unsigned)getpid();
  for (size_t i = 0; i < n && i < KB_NEIGHBOURS_MAX && !w->self; i++)
    if (pids[i] == me)
      w->self = me;
  /* In a container the driver lists the host's pids: with this process
  ** alone on the device, the one listed is this one. */
  if (!w->self && n == 1)
    w->self = pids[0];
  if (!w->self) {
    snprintf(w->why, sizeof w->why, "NVML lists %zu processes on the GPU, "
             "none with this process's pid (another pid namespace): kbench "
             "cannot tell its own from others'", n);
    return;
  }
  kb_nvml_use use[1];
  size_t got;
  w->use_known = kb_nvml_process_use(nvml, now_us(), use, 1, &got, err,
                                     sizeof err) == 0;
  w->nvml = nvml;
}

void kb_watch_begin(kb_watch *w)
{
  char err[256];
  if (!w->nvml)
    return;
  w->t0_us = now_us();
  if (kb_nvml_processes(w->nvml, w->listed, KB_NEIGHBOURS_MAX, &w->n_listed,
                        err, sizeof err))
    w->n_listed = 0;
  if (w->n_listed > KB_NEIGHBOURS_MAX)
    w->n_listed = KB_NEIGHBOURS_MAX;
}

/* Who used the device since since_us, with the pids listed before (n of
** them in listed) and now. */
static size_t judge_since(kb_watch *w, unsigned long long since_us,
                          const unsigned *before, size_t n_before,
                          kb_neighbours *nb)
{
  char err[256];
  unsigned listed[2 * KB_NEIGHBOURS_MAX];
  size_t n = 0;
  if (n_before)
    memcpy(listed, before, n_before * sizeof *listed);
  if (kb_nvml_processes(w->nvml, listed + n_before, KB_NEIGHBOURS_MAX, &n,
                        err, sizeof err))
    n = 0;
  n = n_before + (n < KB_NEIGHBOURS_MAX ? n : KB_NEIGHBOURS_MAX);
  kb_nvml_use use[KB_NEIGHBOURS_MAX];
  size_t n_use = 0;
  if (w->use_known
      && kb_nvml_process_use(w->nvml, since_us, use, KB_NEIGHBOURS_MAX,
                             &n_use, err, sizeof err))
    n_use = 0;
  kb_neighbours_judge(listed, n, use, n_use, w->use_known, w->self, nb);
  for (size_t i = 0; i < nb->n; i++)
    name_of(w, nb->p[i].pid, nb->p[i].name, sizeof nb->p[i].name);
  return nb->n;
}

int kb_watch_end(kb_watch *w, kb_neighbours *nb)
{
  memset(nb, 0, sizeof *nb);
  if (!w->nvml)
    return 0;
  unsigned long long since = w->t0_us > KB_WATCH_MARGIN_US
                             ? w->t0_us - KB_WATCH_MARGIN_US : 0;
  int disturbed = judge_since(w, since, w->listed, w->n_listed, nb) > 0;
  if (!disturbed)
    w->gave_up = 0;        /* seen quiet: a later case may wait again */
  return disturbed;
}

int kb_watch_quiet(kb_watch *w, double max_s)
{
  if (!w->nvml || w->gave_up)
    return 0;
  double t0 = kb_host_clock_s();
  for (;;) {
    kb_neighbours nb;
    unsigned long long now = now_us();
    if (judge_since(w, now > KB_QUIET_US ? now - KB_QUIET_US : 0, NULL, 0,
                    &nb) == 0)
      return 1;
    if (kb_host_clock_s() - t0 >= max_s)
      break;
    nanosleep(&(struct timespec){0, KB_QUIET_POLL_NS}, NULL);
  }
  w->gave_up = 1;
  return 0;
}
