/*
** The time fields of a results file (docs/results.md's table): time_*_s
** is the time the table shows, whichever clock judged it and however many
** kernels a run launched; event_*_s is the event time; kernel_*_s is each
** run's kernels summed, for three kernels a run as for one; and an entry
** of results format 1 is read back by the keys it had.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "model/field_text.h"
#include "model/result.h"
#include "results/format.h"
#include "tap.h"
#if KBENCH_HAVE_JSON_C
#include <json.h>

#include "results/entry.h"
#endif

/* A passed CUDA case with event and kernel times, judged as asked. */
static void timed(kb_result *r, size_t kernels, int time)
{
  kb_result_init(r, KB_PASS);
  r->stats = (kb_stats){.n = 40, .median = 42.18e-6, .mean = 42.5e-6,
                        .min = 41e-6, .max = 45e-6, .stdev = 1e-6,
                        .noise = 0.02};
  r->kernel_stats = (kb_stats){.n = 40, .median = 38.83e-6, .mean = 39e-6,
                               .min = 38e-6, .max = 40e-6, .stdev = 5e-7,
                               .noise = 0.01};
  r->kernel_samples = calloc(40, sizeof *r->kernel_samples);
  r->kernel_stats.n = 40;
  r->kernels_per_run = kernels;
  r->bytes.read = 1000000;
  kb_result_judge(r, time);
}

/* Row id of r as text, and whether it has a value. */
static int text_of(const kb_result *r, int id, char *buf, size_t len)
{
  return kb_field_text(r, NULL, id, buf, len) == KB_SHOWN_VALUE;
}

/* Whether row a of r reads as row b does, both with a value. */
static int same_text(const kb_result *r, int a, int b)
{
  char x[64], y[64];
  return text_of(r, a, x, sizeof x) && text_of(r, b, y, sizeof y)
         && strcmp(x, y) == 0;
}

static void headline(size_t kernels)
{
  kb_result r;
  timed(&r, kernels, KB_TIME_KERNEL);
  ok(r.judged == KB_TIME_KERNEL
     && same_text(&r, KB_FIELD_time_median, KB_FIELD_kernel_median)
     && same_text(&r, KB_FIELD_time_min, KB_FIELD_kernel_min)
     && same_text(&r, KB_FIELD_time_noise, KB_FIELD_kernel_noise)
     && kb_result_time(&r) == r.kernel_stats.median,
     "%zu kernel%s a run, judged by kernel time: time_* is kernel_*, "
     "filled, and the table's median", kernels, kernels == 1 ? "" : "s");
  kb_result_judge(&r, KB_TIME_EVENT);
  ok(same_text(&r, KB_FIELD_time_median, KB_FIELD_event_median)
     && same_text(&r, KB_FIELD_time_max, KB_FIELD_event_max)
     && same_text(&r, KB_FIELD_kernel_median, KB_FIELD_kernel_median),
     "...judged by event time: time_* is event_*, kernel_* still filled");
  kb_result_free(&r);
}

#if KBENCH_HAVE_JSON_C
/* An entry of format 1 as d73b828 wrote a case of three kernels a run. */
static void format1(void)
{
  json_object *e = json_tokener_parse(
    "{\"name\": \"k/n:1\", \"verdict\": \"pass\", \"time\": \"kernel\","
    " \"median_s\": 4.218e-05, \"min_s\": 4.1e-05, \"noise\": 0.02,"
    " \"kernel_samples\": 40, \"kernels_per_run\": 3,"
    " \"kernel_median_s\": null, \"busy_median_s\": 3.883e-05,"
    " \"busy_min_s\": 3.8e-05, \"busy_noise\": 0.01}");
  unsigned char given[KB_FIELDS];
  kb_result r;
  int read = e && kb_entry_read(e, 1, &r, given) == 0;
  ok(read && given[KB_FIELD_event_median] && r.stats.median == 4.218e-05
     && r.stats.min == 4.1e-05 && r.stats.noise == 0.02,
     "format 1: median_s, min_s and noise read as event_*");
  ok(read && given[KB_FIELD_kernel_median]
     && r.kernel_stats.median == 3.883e-05 && r.kernel_stats.min == 3.8e-05
     && r.kernel_stats.noise == 0.01,
     "format 1: busy_*_s read as kernel_*, its null span left aside");
  if (read)
    kb_result_free(&r);
  read = e && kb_entry_read(e, KB_RESULTS_FORMAT, &r, given) == 0;
  ok(read && !given[KB_FIELD_event_median] && !given[KB_FIELD_kernel_median],
     "format %d reads none of format 1's keys", KB_RESULTS_FORMAT);
  if (read)
    kb_result_free(&r);
  json_object_put(e);
  ok(strcmp(kb_format_key_named("event_median_s", 1), "median_s") == 0
     && strcmp(kb_format_key_named("kernel_noise", 1), "busy_noise") == 0
     && strcmp(kb_format_key_named("gbps", 1), "gbps") == 0
     && strcmp(kb_format_key_named("kernel_median_s", 2),
               "kernel_median_s") == 0,
     "a key by name in format 1: renamed where renamed, else its own");
}
#endif

int main(void)
{
  headline(1);
  headline(3);
#if KBENCH_HAVE_JSON_C
  format1();
#else
  printf("# SKIP reading format 1 needs json-c\n");
#endif
  return tap_done();
}
