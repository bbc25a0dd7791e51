/*
** One case's calls into its plugin, and the host API it answers them with
** (case.h).
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "worker/plugin/case.h"
#include "worker/plugin/outputs.h"
#include "worker/plugin/variant_flags.h"

static kb_case *case_of(const kbench_host *h)
{
  return (kb_case *)h->opaque;
}

/* Where a message goes: the chunk's inside a parallel_for callback, else
** the case's. */
static char *message_of(kb_case *c)
{
  char *chunk = kb_pool_message(c->pool);
  return chunk ? chunk : c->message;
}

static int host_fail(const kbench_host *h, int status, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(message_of(case_of(h)), KB_MESSAGE_LEN, fmt, ap);
  va_end(ap);
  return status;
}

void kb_case_misuse(kb_case *c, const char *fmt, ...)
{
  va_list ap;
  char *msg = message_of(c);
  if (kb_pool_misuse(c->pool) != 0)
    c->plugin_bug = 1;
  va_start(ap, fmt);
  vsnprintf(msg, KB_MESSAGE_LEN, fmt, ap);
  va_end(ap);
}

static int64_t host_param(const kbench_host *h, const char *name)
{
  kb_case *c = case_of(h);
  for (uint32_t i = 0; i < c->variant->n_params; i++)
    if (name && strcmp(kb_variant_param(c->plugin, c->variant, i)->name,
                       name) == 0)
      return c->values[i];
  kb_case_misuse(c, "plugin asked for parameter '%s', which %s does not "
                 "declare", name ? name : "(null)", c->variant->name);
  return 0;
}

static const char *host_param_name(const kbench_host *h, const char *name)
{
  kb_case *c = case_of(h);
  for (uint32_t i = 0; i < c->variant->n_params; i++) {
    const kbench_param *prm = kb_variant_param(c->plugin, c->variant, i);
    if (name && strcmp(prm->name, name) == 0 && prm->n_choices)
      return prm->choices[c->values[i]];
  }
  kb_case_misuse(c, "plugin asked for the name of parameter '%s', which %s "
                 "does not declare with choices", name ? name : "(null)",
                 c->variant->name);
  return NULL;
}

static uint64_t host_random(const kbench_host *h)
{
  return kb_rng_next(&case_of(h)->rng);
}

static void *host_stream(const kbench_host *h)
{
  kb_case *c = case_of(h);
  return c->gpu ? kb_gpu_stream(c->gpu) : NULL;
}

static const kbench_device *host_device(const kbench_host *h)
{
  return &case_of(h)->device;
}

/* A buffer declared by output() (inout 0) or inout() (1, ABI 1.4). */
static int declare(kb_case *c, void *ptr, size_t bytes, int memory,
                   int inout)
{
  const char *call = inout ? "inout" : "output";
  char why[256];
  const char *bad = !c->in_setup ? "outside setup"
      : c->n_outputs == KB_MAX_OUTPUTS
        ? "more than 16 times (outputs and in-out buffers together)"
      : !ptr ? "with a NULL pointer"
      : !bytes ? "with 0 bytes"
      : memory == KBENCH_MEM_GLOBAL && !c->gpu ? "with device memory in a host case"
      : memory != KBENCH_MEM_HOST && memory != KBENCH_MEM_GLOBAL
        ? "with an unknown memory kind"
      : kb_outputs_refuse(c->outputs, c->n_outputs, ptr, bytes, inout, why,
                          sizeof why);
  if (bad) {
    kb_case_misuse(c, "%s() called %s", call, bad);
    return KBENCH_ERROR;
  }
  c->outputs[c->n_outputs++] = (kb_output){ptr, bytes, memory, inout, NULL};
  return KBENCH_OK;
}

static int host_output(const kbench_host *h, void *ptr, size_t bytes,
                       int memory)
{
  return declare(case_of(h), ptr, bytes, memory, 0);
}

static int host_inout(const kbench_host *h, void *ptr, size_t bytes,
                      int memory)
{
  return declare(case_of(h), ptr, bytes, memory, 1);
}

/* An end of ABI 1.2's timed region.  The start's copies of the outputs
** (an armed run's) are queued before the start is marked, the end's after
** the end is: neither is timed.  The first broken rule is the one to
** name: the calls after it break others only because of it. */
static int host_timer(const kbench_host *h, int start)
{
  kb_case *c = case_of(h);
  char why[256];
  if (kb_region_mark(&c->region, c->in_run, c->stage, start, why,
                     sizeof why)) {
    if (!c->plugin_bug)
      kb_case_misuse(c, "%s", why);
    return KBENCH_ERROR;
  }
  if (start)
    kb_region_copy(&c->region, 0, c->outputs, c->n_outputs, c->gpu);
  if (c->on_region && c->on_region(c->region_ctx, start, why, sizeof why)) {
    kb_case_misuse(c, "%s: %s", start ? "timer_start" : "timer_stop", why);
    return KBENCH_ERROR;
  }
  if (!start)
    kb_region_copy(&c->region, 1, c->outputs, c->n_outputs, c->gpu);
  return KBENCH_OK;
}

static int host_timer_start(const kbench_host *h)
{
  return host_timer(h, 1);
}

static int host_timer_stop(const kbench_host *h)
{
  return host_timer(h, 0);
}

void kb_case_init(kb_case *c, const kb_plugin *p, const kbench_variant *v,
                  const int64_t *values, uint64_t seed, uint64_t index,
                  kb_gpu *gpu)
{
  memset(c, 0, sizeof *c);
  c->host.size = sizeof c->host;
  c->host.param = host_param;
  c->host.random = host_random;
  c->host.stream = host_stream;
  c->host.device = host_device;
  c->host.fail = host_fail;
  c->host.output = host_output;
  c->host.param_name = host_param_name;
  c->host.timer_start = host_timer_start;
  c->host.timer_stop = host_timer_stop;
  c->host.inout = host_inout;
  c->host.opaque = c;
  c->plugin = p;
  c->variant = v;
  c->values = values;
  c->seed = seed;
  c->index = index;
  c->gpu = gpu;
  if (gpu) {
    c->device = *kb_gpu_device(gpu);
    /* Every case says which stream it is timed on: the one before it may
    ** have declared a default stream (ABI 1.3). */
    kb_gpu_time_stream(gpu, kb_variant_timed_stream(v));
  }
  kb_region_init(&c->region);
  kb_rng_seed(&c->rng, seed, index);
}

int kb_case_syncs(const kb_case *c)
{
  return (c->variant->flags & KBENCH_VARIANT_SYNCS) != 0;
}

int kb_case_timed_stream(const kb_case *c)
{
  return kb_variant_timed_stream(c->variant);
}

int kb_case_has_inout(const kb_case *c)
{
  return kb_outputs_inout_bytes(c->outputs, c->n_outputs) > 0;
}

int kb_case_prepare_outputs(kb_case *c)
{
  if (kb_outputs_prepare(c->outputs, c->n_outputs, c->gpu, c->message,
                         sizeof c->message))
    return -1;
  c->prepared = 1;
  return 0;
}

/* A plugin that misused the host API gets an error even if it then
** returned OK: its results cannot be trusted. */
static int checked(kb_case *c, int status)
{
  if (c->plugin_bug)
    return KBENCH_ERROR;
  if (status != KBENCH_OK && !c->message[0])
    snprintf(c->message, sizeof c->message, "failed with status %d and no "
             "message", status);
  if (status < KBENCH_OK || status > KBENCH_UNSUPPORTED) {
    snprintf(c->message, sizeof c->message, "returned unknown status %d",
             status);
    return KBENCH_ERROR;
  }
  return status;
}

void kb_case_enter(kb_case *c, const char *stage)
{
  /* Stages are string literals: a pointer comparison finds a change, and
  ** the hook is not called again for each of the many runs of a sample. */
  if (c->stage == stage)
    return;
  c->stage = stage;
  if (c->on_stage)
    c->on_stage(c->stage_ctx, stage);
}

int kb_case_setup(kb_case *c, void **state)
{
  *state = NULL;
  kb_case_enter(c, "setup");
  c->in_setup = 1;
  int status = checked(c, c->variant->setup(&c->host, state));
  c->in_setup = 0;
  if (status == KBENCH_OK && c->n_outputs == 0) {
    snprintf(c->message, sizeof c->message, "setup declared no output "
             "buffer: nothing could be poisoned, so nothing is verified "
             "(declare what run writes with h->output, or with h->inout "
             "when run also reads it)");
    return KBENCH_ERROR;
  }
  /* The in-out buffers' contents as setup left them, once what it queued
  ** on any stream is done. */
  if (status == KBENCH_OK && kb_case_has_inout(c)
      && ((c->gpu && kb_gpu_settle(c->gpu, c->message, sizeof c->message))
          || kb_outputs_save(c->outputs, c->n_outputs, c->hostmem, c->gpu,
                             c->message, sizeof c->message)))
    return KBENCH_ERROR;
  return status;
}

int kb_case_run(kb_case *c, void *state)
{
  kb_case_enter(c, "run");
  c->in_run = 1;
  kb_region_run(&c->region);
  int status = c->variant->run(&c->host, state);
  c->in_run = 0;
  char why[256];
  if (status == KBENCH_OK && !c->plugin_bug
      && kb_region_after_run(&c->region, why, sizeof why))
    kb_case_misuse(c, "%s", why);
  return checked(c, status);
}

int kb_case_verify(kb_case *c, void *state)
{
  kb_case_enter(c, "verify");
  c->in_verify = 1;
  int status = checked(c, c->variant->verify(&c->host, state));
  c->in_verify = 0;
  /* Only the verify of the run the outputs were prepared for, not the
  ** timed region's check of the copies taken at its ends
  ** (region_check.c). */
  if (status == KBENCH_WRONG && c->prepared)
    kb_outputs_explain(c->outputs, c->n_outputs, c->gpu, c->message,
                       sizeof c->message);
  c->prepared = 0;
  return status;
}

void kb_case_bytes(kb_case *c, void *state, kbench_bytes *b)
{
  kb_case_enter(c, "bytes_moved");
  c->variant->bytes_moved(&c->host, state, b);
}

void kb_case_work(kb_case *c, void *state, uint64_t *flops, uint64_t *items)
{
  kbench_work w = {sizeof w, 0, 0};
  if (c->variant->work) {
    kb_case_enter(c, "work");
    c->variant->work(&c->host, state, &w);
  }
  *flops = w.flops;
  *items = w.items;
}

void kb_case_teardown(kb_case *c, void *state)
{
  kb_case_enter(c, "teardown");
  c->variant->teardown(&c->host, state);
}
