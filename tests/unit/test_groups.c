/* The table of a run on two devices, fed as run.c feeds it: device 1's
** results come first and wait for device 0's group, as copies, while the
** run frees each result it handed over.  A held copy that shared the
** result's kernel samples freed them twice (`kbench --devices=all` with
** kernel time: "double free detected in tcache 2"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/groups.h"
#include "tap.h"

/* A passed result that owns everything a worker's result can own. */
static kb_result owning(double median)
{
  kb_result r;
  kb_result_init(&r, KB_PASS);
  r.n_samples = 3;
  r.samples = malloc(3 * sizeof *r.samples);
  r.kernel_stats.n = 2;
  r.kernel_samples = malloc(2 * sizeof *r.kernel_samples);
  for (size_t i = 0; i < 3; i++)
    r.samples[i] = median;
  for (size_t i = 0; i < 2; i++)
    r.kernel_samples[i] = median - 1e-6;
  r.kernels_per_run = 1;
  r.stats.median = r.stats.min = r.stats.max = median;
  r.stats.n = 3;
  r.kernel_stats.median = r.kernel_stats.min = r.kernel_stats.max =
    median - 1e-6;
  r.judged = KB_TIME_KERNEL;
  r.output = strdup("a line the plugin printed");
  r.counters = calloc(1, sizeof *r.counters);
  return r;
}

int main(void)
{
  kbench_variant v = {.name = "reduce_vec4",
                      .backend = KBENCH_BACKEND_CUDA};
  kb_plan_case pc = {.variant = &v};
  snprintf(pc.label, sizeof pc.label, "n=64M");
  kb_measure_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.time = KB_TIME_KERNEL;
  kb_run_device devices[2];
  memset(devices, 0, sizeof devices);
  devices[1].ordinal = 1;
  for (int i = 0; i < 2; i++) {
    devices[i].opened = 1;
    snprintf(devices[i].report.dev.name, sizeof devices[i].report.dev.name,
             "GPU %d", i);
    devices[i].report.dev.peak_gbps = 3352;
  }

  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  kb_report report;
  kb_report_init(&report, out, 0, 0, KB_TIME_KERNEL, 0);
  kb_groups g;
  ok(kb_groups_begin(&g, &report, devices, 2, &cfg) == 0, "two groups");
  kb_writer w = kb_table_writer(&g);
  w.begin(w.self, 4);
  w.device(w.self, 1);
  /* Device 1 first: held until device 0's group is done.  The run frees
  ** each result once the writers have it (run.c, run_plan). */
  for (int i = 0; i < 2; i++) {
    kb_result r = owning(80e-6 + i * 1e-6);
    w.result(w.self, 1, &pc, &r, 0);
    kb_result_free(&r);
  }
  ok(g.groups[1].n == 2, "device 1's results wait for device 0's group");
  ok(g.groups[1].held[0].res.kernel_samples != NULL
     && near(g.groups[1].held[0].res.kernel_samples[1], 79e-6, 1e-12)
     && strcmp(g.groups[1].held[0].res.output,
               "a line the plugin printed") == 0,
     "a held copy keeps its own kernel samples and output, readable after "
     "the run freed the result");
  w.device(w.self, 0);
  kb_result r0 = owning(90e-6);
  w.result(w.self, 0, &pc, &r0, 0);
  kb_result_free(&r0);
  w.lane_done(w.self, 0);
  ok(g.groups[1].n == 0, "device 0 done: device 1's held rows printed and "
     "freed");
  kb_result late = owning(85e-6);
  w.result(w.self, 1, &pc, &late, 0);
  kb_result_free(&late);
  w.lane_done(w.self, 1);
  char err[64];
  ok(w.end(w.self, 1.0, err, sizeof err) == 0, "ends");
  kb_groups_free(&g);
  fclose(out);
  ok(strstr(text, "GPU 0") && strstr(text, "GPU 1")
     && strstr(text, "GPU 0") < strstr(text, "GPU 1"),
     "device 0's group prints before device 1's");
  ok(strstr(text, "# side by side") != NULL, "then the two side by side");
  free(text);
  /* Reaching here without an abort (glibc's tcache check, or ASan in the
  ** sanitizer build) is the point: every copy was freed once. */
  ok(1, "every result and every copy freed once");
  return tap_done();
}
