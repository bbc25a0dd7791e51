/*
** The ABI 1.1 services for fast, reproducible host staging: fill a buffer
** with counter-based random values, regenerate one element, run a
** parallel-for on the worker's thread pool, and hand out host memory the
** worker keeps (hostmem.h).  They are for setup and verify
** (a timed run must not share the CPU with the runner's threads), and
** never from inside a parallel_for callback, which would deadlock the pool.
*/
#include <stdio.h>

#include "worker/plugin/case.h"
#include "worker/plugin/fill.h"
#include "worker/plugin/fill_device.h"
#include "worker/plugin/staging.h"

static kb_case *case_of(const kbench_host *h)
{
  return (kb_case *)h->opaque;
}

/* Why a staging service may not be called now, or NULL. */
static const char *refused(const kb_case *c)
{
  return c->in_parallel ? "from inside a parallel_for callback"
       : !c->in_setup && !c->in_verify ? "outside setup and verify" : NULL;
}

static int host_parallel_for(const kbench_host *h, size_t n, size_t grain,
                             kbench_range_fn fn, void *ctx)
{
  kb_case *c = case_of(h);
  const char *why = refused(c);
  if (why || !fn) {
    kb_case_misuse(c, "parallel_for() called %s", why ? why
                   : "with a NULL function");
    return KBENCH_ERROR;
  }
  char msg[KB_POOL_MESSAGE];
  int misused;
  c->in_parallel = 1;
  int status = kb_pool_for(c->pool, n, grain, fn, ctx, msg, sizeof msg,
                           &misused);
  c->in_parallel = 0;
  if (status != KBENCH_OK && c->pool && msg[0])
    snprintf(c->message, sizeof c->message, "%s", msg);
  if (misused) {
    c->plugin_bug = 1;
    return KBENCH_ERROR;
  }
  return status;
}

static unsigned host_workers(const kbench_host *h)
{
  kb_case *c = case_of(h);
  const char *why = refused(c);
  if (why) {
    kb_case_misuse(c, "workers() called %s", why);
    return 1;
  }
  return kb_pool_size(c->pool);
}

/* The fill of one buffer, checked: 0, or -1 after a misuse. */
static int fill_of(kb_case *c, const char *what, int type, double lo,
                   double hi, uint64_t buffer, kb_fill *f)
{
  const char *bad = kb_fill_check(type, lo, hi);
  if (bad) {
    kb_case_misuse(c, "%s(type %d, lo %g, hi %g): %s", what, type, lo, hi,
                   bad);
    return -1;
  }
  *f = (kb_fill){kb_fill_key(c->seed, c->index, buffer), type, lo, hi};
  return 0;
}

static int host_fill(const kbench_host *h, void *ptr, size_t n, int type,
                     double lo, double hi, uint64_t buffer)
{
  kb_case *c = case_of(h);
  const char *why = refused(c);
  kb_fill f;
  if (why || (n && !ptr)) {
    kb_case_misuse(c, "fill() called %s", why ? why : "with a NULL buffer");
    return KBENCH_ERROR;
  }
  if (fill_of(c, "fill", type, lo, hi, buffer, &f))
    return KBENCH_ERROR;
  if (!kb_fill_device(c, &f, ptr, n))
    kb_fill_parallel(&f, ptr, n, c->pool);
  return KBENCH_OK;
}

static double host_element(const kbench_host *h, int type, double lo,
                           double hi, uint64_t buffer, uint64_t index)
{
  kb_fill f;
  if (fill_of(case_of(h), "element", type, lo, hi, buffer, &f))
    return 0;
  return kb_fill_element(&f, index);
}

static void *host_alloc(const kbench_host *h, size_t bytes)
{
  kb_case *c = case_of(h);
  const char *why = refused(c);
  if (why) {
    kb_case_misuse(c, "host_alloc() called %s", why);
    return NULL;
  }
  return c->hostmem ? kb_hostmem_take(c->hostmem, bytes) : NULL;
}

void kb_staging_attach(kb_case *c, kb_pool *pool, kb_hostmem *hostmem)
{
  c->pool = pool;
  c->hostmem = hostmem;
  c->host.fill = host_fill;
  c->host.element = host_element;
  c->host.parallel_for = host_parallel_for;
  c->host.workers = host_workers;
  c->host.host_alloc = host_alloc;
}
