/* --format=md's writer fed by hand: what a GPU run gives (counters,
** audits, failures' output, two devices) checked without a GPU. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/markdown.h"
#include "tap.h"

/* The cells of a table row: its unescaped pipes less one. */
static int cells(const char *line)
{
  int n = -1;
  for (const char *s = line; *s && *s != '\n'; s++)
    if (*s == '|' && (s == line || s[-1] != '\\'))
      n++;
  return n;
}

/* Every line starting with '|' has as many cells as the first table row
** above it. */
static int tables_even(const char *text)
{
  int want = -1;
  for (const char *line = text; line && *line;) {
    if (*line == '|') {
      if (want < 0)
        want = cells(line);
      else if (cells(line) != want)
        return 0;
    } else {
      want = -1;
    }
    line = strchr(line, '\n');
    line = line ? line + 1 : NULL;
  }
  return 1;
}

static kb_result passed(double gbps)
{
  kb_result r;
  memset(&r, 0, sizeof r);
  r.verdict = KB_PASS;
  r.stats.median = r.stats.min = r.stats.max = 89e-6;
  r.stats.noise = 0.001;
  r.stats.n = 30;
  /* Kernel time, judged: 2 us less than the event median. */
  static double busy[10];
  for (int i = 0; i < 10; i++)
    busy[i] = 87e-6;
  r.kernel_samples = busy;
  r.kernel_stats.n = 10;
  r.kernels_per_run = 1;
  r.kernel_stats.median = r.kernel_stats.min = r.kernel_stats.max = 87e-6;
  r.kernel_stats.noise = 0.002;
  r.judged = KB_TIME_KERNEL;
  r.gbps = gbps;
  r.bytes.read = 268435456;
  r.bytes.written = 4;
  r.bytes.memory = KBENCH_MEM_GLOBAL;
  r.dram_read = r.dram_write = -1;
  r.energy_j = r.power_w = -1;
  return r;
}

int main(void)
{
  kbench_variant cuda = {.name = "reduce_vec4", .backend =
                         KBENCH_BACKEND_CUDA};
  kbench_variant broken = {.name = "bad|name", .backend =
                           KBENCH_BACKEND_CUDA};
  kb_plan_case pc = {.variant = &cuda}, pb = {.variant = &broken};
  snprintf(pc.label, sizeof pc.label, "n=64M");
  snprintf(pb.label, sizeof pb.label, "n=1M");

  kb_options o;
  memset(&o, 0, sizeof o);
  o.calibrate = 1;
  o.measure.mode = KB_MODE_COLD;
  o.measure.time = KB_TIME_KERNEL;
  kb_run_device devices[2];
  memset(devices, 0, sizeof devices);
  devices[0].ordinal = 0;
  devices[0].opened = 1;
  kb_device_report *d = &devices[0].report;
  snprintf(d->dev.name, sizeof d->dev.name, "NVIDIA H100 80GB HBM3");
  d->dev.cc_major = 9;
  d->dev.sm_count = 132;
  d->dev.l2_bytes = 52428800;
  d->dev.peak_gbps = 3352;
  d->copy_gbps = 3000;
  d->floor_s = 3e-6;
  devices[1].ordinal = 1;

  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  kb_markdown m;
  char err[256];
  char *argv[] = {"kbench", "--format=md", "--calibrate", "a`b"};
  kb_run_context run = {.o = &o, .argc = 4, .argv = argv,
                        .devices = devices, .n_devices = 2};
  ok(kb_md_open(&m, out, &run, err, sizeof err) == 0, "opens");
  kb_writer w = kb_md_writer(&m);
  kb_md_load_failure(&m, "nope", "not found");

  /* Device 1's skip comes first, as results interleave. */
  kb_result skip;
  memset(&skip, 0, sizeof skip);
  skip.verdict = KB_SKIP;
  snprintf(skip.message, sizeof skip.message, "no CUDA device 1");
  w.result(w.self, 1, &pc, &skip, 0);

  kb_result r = passed(3016);
  kb_counters *k = calloc(1, sizeof *k);
  k->n_metrics = 1;
  k->n_kernels = 2;
  k->n_launched = 3;
  snprintf(k->names[0], sizeof k->names[0], "dram__bytes_read.sum");
  snprintf(k->units[0], sizeof k->units[0], "byte");
  snprintf(k->kernels[0], sizeof k->kernels[0], "fill");
  snprintf(k->kernels[1], sizeof k->kernels[1], "reduce");
  k->values[0][0] = 1000;
  k->values[1][0] = 268435456;
  k->total[0] = 268436456;
  r.counters = k;
  r.dram_read = 400e6;
  r.dram_write = 0;
  w.result(w.self, 0, &pc, &r, 0);
  free(k);

  kb_result flagged = passed(3016);
  flagged.dram_read = 1e6;
  flagged.dram_write = 0;
  flagged.claim_flagged = 1;
  w.result(w.self, 0, &pc, &flagged, 0);

  /* A CUDA case with no kernel time: judged by event time, and why. */
  kb_result copies = passed(3016);
  copies.kernel_samples = NULL;
  copies.kernel_stats.n = 0;
  copies.judged = KB_TIME_EVENT;
  snprintf(copies.kernel_note, sizeof copies.kernel_note,
           "the run launched no kernel");
  w.result(w.self, 0, &pc, &copies, 0);

  kb_result wrong;
  memset(&wrong, 0, sizeof wrong);
  wrong.verdict = KB_WRONG;
  snprintf(wrong.stage, sizeof wrong.stage, "verify");
  snprintf(wrong.message, sizeof wrong.message, "sum is 1, expected 2");
  wrong.output = "first line\nsecond | line";
  w.result(w.self, 0, &pb, &wrong, 0);

  ok(w.end(w.self, 1.25, err, sizeof err) == 0, "ends");
  kb_md_close(&m);
  fclose(out);
  printf("%s", text);

  ok(strstr(text, "`kbench --format=md --calibrate a'b` (kbench ") != NULL,
     "the command line in a code span, its backtick replaced");
  ok(strstr(text, "- **ERROR** load `nope`: not found\n") != NULL,
     "the plugin that did not load");
  char *dev0 = strstr(text, "#### Device 0: NVIDIA H100 80GB HBM3\n\n"
                      "sm_90, 132 SMs, L2 52 MB, theoretical DRAM bandwidth "
                      "3352 GB/s; launch floor 3.00 us in cold mode; "
                      "measured copy peak 3000 GB/s (89.5% of theoretical).");
  char *dev1 = strstr(text, "#### Device 1: not opened\n");
  ok(dev0 && dev1 && dev0 < dev1, "device 0's section, then device 1's");
  ok(strstr(text, "| variant | parameters | median | min | max | noise | samples | "
            "event | launch | GB/s | % peak | % copy | work | result |\n"
            "| :--- | :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | "
            "---: | ---: | ---: | :--- | :--- |")
     != NULL, "the header row and its alignment, with %% copy (--calibrate)");
  ok(strstr(text, "| `reduce_vec4` | n=64M | 87.00 us | 87.00 us | 87.00 us "
            "| 0.2% | 10 | 89.00 us | 2.00 us | 3016.0 | 90.0 | 100.5 |  "
            "| ok |") != NULL,
     "a passed case's kernel time, its runs, the event median, the launch "
     "overhead, %% of peak and of the copy peak");
  ok(strstr(text, "| `bad\\|name` | n=1M | - | - | - | - | - | - | - | - | "
            "- | - |  | **FAIL** verify: sum is 1, expected 2 |") != NULL,
     "a failed case: its verdict, stage and message, the pipe escaped");
  ok(strstr(text, "| `reduce_vec4` | n=64M | - | - | - | - | - | - | - | - |"
            " - | - |  | **SKIP** no CUDA device 1 |") != NULL && dev1
     && strstr(dev1, "SKIP") != NULL, "device 1's skip, in its section");
  ok(strstr(text, "- `reduce_vec4` n=64M: bytes audit: DRAM moved 1.5x the "
            "claimed bytes: DRAM 4597.7 GB/s, 3016.0 GB/s claimed\n") != NULL,
     "what the bytes audit saw, with both rates");
  ok(strstr(text, "- `reduce_vec4` n=64M: flagged: claims 268.4x the 1.0 MB "
            "DRAM moved: DRAM 11.5 GB/s, 3016.0 GB/s claimed\n") != NULL
     && strstr(text, "| 100.5 |  | **FLAGGED** |") != NULL,
     "a flagged claim: FLAGGED on its row, the audited rate beside the claim");
  ok(strstr(text, "- `bad\\|name` n=1M: output:\n\n  ```\n  first line\n"
            "  second | line\n  ```\n") != NULL,
     "a failed case's output, as a code block under its note");
  ok(strstr(text, "<details><summary>Counters of 1 case (one untimed run "
            "each)</summary>\n\n| case | metric | total | unit | per kernel "
            "|\n") != NULL, "the counters, folded");
  ok(strstr(text, "| `reduce_vec4` n=64M | `dram__bytes_read.sum` | 268.4 M "
            "| byte | `fill` 1 k, `reduce` 268.4 M, 1 more kernels |")
     != NULL, "a counter's total and each kernel's value");
  ok(strstr(text, "| `reduce_vec4` | n=64M | 89.00 us | 89.00 us | 89.00 us "
            "| 0.1% | 30 | - | - | 3016.0 | 90.0 | 100.5 |  | ok (event time) |")
     != NULL
     && strstr(text, "- `reduce_vec4` n=64M: event time, no kernel time: "
               "the run launched no kernel\n") != NULL,
     "a case without kernel time: its event time in the columns, and why");
  ok(strstr(text, "**5 cases in 1.2 s**: 3 ok, 1 FAIL, 1 SKIP.\n") != NULL,
     "the closing line counts each verdict");
  ok(tables_even(text), "every row has as many cells as its table's header");

  /* Not asked for: a writer that does nothing. */
  kb_markdown none;
  ok(kb_md_open(&none, NULL, &run, err, sizeof err) == 0
     && kb_md_writer(&none).result == NULL && kb_md_writer(&none).end == NULL,
     "without --format=md, no hooks");
  kb_md_load_failure(&none, "x", "y");
  kb_md_close(&none);
  free(text);
  return tap_done();
}
