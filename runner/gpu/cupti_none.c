/* The CUPTI glue of a build without CUPTI: every call says what to install. */
#include "gpu/cupti.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int not_built(char *err, size_t size)
{
  if (err && size)
    snprintf(err, size,
             "kbench was built without CUPTI, so it has no hardware counters or activity records: install the "
             "CUDA toolkit's CUPTI (the cuda-cupti-dev package, or the toolkit's extras/CUPTI), then "
             "reconfigure (--with-cupti=DIR if it is not under the CUDA toolkit)");
  return KB_CUPTI_NOT_BUILT;
}

int kb_cupti_built(void) { return 0; }
int kb_cupti_open(int device, kb_cupti **out, char *err, size_t err_size)
{
  (void)device;
  *out = NULL;
  return not_built(err, err_size);
}
int kb_cupti_open_chip(const char *chip, kb_cupti **out, char *err, size_t err_size)
{
  (void)chip;
  *out = NULL;
  return not_built(err, err_size);
}
int kb_cupti_counters_ready(kb_cupti *s, char *err, size_t err_size)
{
  (void)s;
  return not_built(err, err_size);
}
void kb_cupti_close(kb_cupti *s) { (void)s; }
const char *kb_cupti_chip(const kb_cupti *s)
{
  (void)s;
  return "";
}
void kb_cupti_metric_table(kb_cupti *s, struct kb_metric_table *table)
{
  (void)s;
  memset(table, 0, sizeof *table);
}
int kb_cupti_prepare(kb_cupti *s, const char *const *counters, size_t ncounters, size_t max_kernels,
                     kb_cupti_config **out, char *err, size_t err_size)
{
  (void)s, (void)counters, (void)ncounters, (void)max_kernels;
  *out = NULL;
  return not_built(err, err_size);
}
size_t kb_cupti_passes(const kb_cupti_config *c)
{
  (void)c;
  return 0;
}
void kb_cupti_config_free(kb_cupti_config *c) { (void)c; }
void kb_cupti_values_free(struct kb_cupti_values *v)
{
  if (v) memset(v, 0, sizeof *v);
}
int kb_cupti_collect(kb_cupti *s, kb_cupti_config *c, enum kb_cupti_replay replay, kb_cupti_fn run, kb_cupti_fn before,
                     void *ctx, struct kb_cupti_values *out, char *err, size_t err_size)
{
  (void)s, (void)c, (void)replay, (void)run, (void)before, (void)ctx;
  memset(out, 0, sizeof *out);
  return not_built(err, err_size);
}
int kb_cupti_collect_quiet(kb_cupti *s, kb_cupti_config *c, kb_cupti_fn run, void *ctx,
                           struct kb_cupti_values *out, char *err, size_t err_size)
{
  (void)s, (void)c, (void)run, (void)ctx;
  memset(out, 0, sizeof *out);
  return not_built(err, err_size);
}
int kb_cupti_dram_bytes(kb_cupti *s, kb_cupti_fn run, kb_cupti_fn before, void *ctx, double *read_bytes,
                        double *write_bytes, char *err, size_t err_size)
{
  (void)s, (void)run, (void)before, (void)ctx;
  *read_bytes = *write_bytes = NAN;
  return not_built(err, err_size);
}
int kb_cupti_activity_begin(kb_cupti *s, char *err, size_t err_size)
{
  (void)s;
  return not_built(err, err_size);
}
int kb_cupti_activity_end(kb_cupti *s, struct kb_activity **recs, size_t *count, size_t *dropped, char *err,
                          size_t err_size)
{
  (void)s;
  *recs = NULL, *count = 0, *dropped = 0;
  return not_built(err, err_size);
}
int kb_cupti_stream_id(kb_cupti *s, void *cuda_stream, uint32_t *id, char *err, size_t err_size)
{
  (void)s, (void)cuda_stream;
  *id = 0;
  return not_built(err, err_size);
}
int kb_cupti_streams_watch(kb_cupti *s, char *err, size_t err_size)
{
  (void)s;
  return not_built(err, err_size);
}
uint64_t kb_cupti_streams_mark(kb_cupti *s)
{
  (void)s;
  return 0;
}
size_t kb_cupti_streams_since(kb_cupti *s, uint64_t mark)
{
  (void)s, (void)mark;
  return 0;
}
