/*
** The --csv and --samples files' rows against their headers: as many
** cells in every row as the header has columns, for a passed CUDA case
** with everything measured, a failed one, a host case, and a case with
** --metrics counters, written to real files as a run writes them.  The
** header and the cells come from one loop over the columns (the field
** table's and the CSV's own, output/csv.c); this fails where anything
** written beside it (the counters' cells, the device's) drifts.
*/
#define _GNU_SOURCE            /* mkdtemp */
#include <stdlib.h>
#include <string.h>

#include "output/csv.h"
#include "stub_case.h"
#include "tap.h"

#define ROW_MAX 8192          /* longer than any row here */

/* Cells of one line of a CSV file as csv.c quotes them (quotes doubled,
** no newline inside a field): the commas outside quotes, plus one. */
static size_t cells(const char *line)
{
  size_t n = 1;
  int quoted = 0;
  for (; *line && *line != '\n'; line++)
    if (*line == '"')
      quoted = !quoted;
    else if (*line == ',' && !quoted)
      n++;
  return n;
}

/* Whether every line of the file at path has as many cells as its first,
** and it has more than its first; the first line into first. */
static int same_cells(const char *path, char *first, size_t len)
{
  FILE *f = fopen(path, "r");
  char line[ROW_MAX];
  size_t lines = 0, columns = 0;
  int same = f != NULL;
  first[0] = '\0';
  while (f && fgets(line, sizeof line, f)) {
    if (lines++ == 0) {
      columns = cells(line);
      snprintf(first, len, "%s", line);
    } else if (cells(line) != columns) {
      printf("# %zu cells, not %zu: %s", cells(line), columns, line);
      same = 0;
    }
  }
  if (f)
    fclose(f);
  return same && lines > 1;
}

/* res of s's case (on s's device unless host) written to both files of a
** run asked for the metrics list, read back: every row as wide as its
** header, said as what. */
static void check(const stub_case *s, int host, const kb_result *res,
                  const char *metrics, const char *what)
{
  char dir[] = "/tmp/kb-csv-XXXXXX", csv[64], samples[64], err[256];
  char header[ROW_MAX], samples_header[ROW_MAX];
  kb_csv_files files;
  if (!mkdtemp(dir)) {
    ok(0, "%s: a folder for the files", what);
    return;
  }
  snprintf(csv, sizeof csv, "%s/run.csv", dir);
  snprintf(samples, sizeof samples, "%s/samples.csv", dir);
  int written = kb_csv_open(&files, csv, samples, NULL, metrics, err,
                            sizeof err) == 0;
  if (written) {
    kb_export_case(&files.csv, &files.samples, &files.metrics, &s->pc, res,
                   host ? NULL : &s->dev, 3025, 1, 2);
    written = kb_export_close(&files.csv, err, sizeof err) == 0
              && kb_export_close(&files.samples, err, sizeof err) == 0;
  }
  int same = written && same_cells(csv, header, sizeof header);
  ok(same, "--csv: %s: its row has a cell per column (%zu)", what,
     cells(header));
  same = written && same_cells(samples, samples_header,
                               sizeof samples_header);
  ok(same, "--samples: %s: each row a cell per column (%zu)", what,
     cells(samples_header));
  char *expected = kb_csv_header(&files.metrics);
  ok(expected && strncmp(header, expected, strlen(expected)) == 0
     && header[strlen(expected)] == '\n', "--csv: %s: the header is "
     "kb_csv_header's", what);
  free(expected);
  unlink(csv);
  unlink(samples);
  rmdir(dir);
}

/* A case that passed with every reading taken: kernel time of one kernel
** a run (the span), energy, NVML's readings, the bytes audit. */
static void measured(kb_result *r, double *samples, double *busy)
{
  kb_result_init(r, KB_PASS);
  strcpy(r->mode, "cold");
  r->stats = (kb_stats){.n = 3, .median = 1e-4, .mean = 1e-4, .min = 9e-5,
                        .max = 2e-4, .stdev = 1e-6, .noise = 0.01};
  r->kernel_stats = r->stats;
  r->samples = samples;
  r->n_samples = 3;
  r->kernel_samples = busy;
  r->kernel_stats.n = 2;
  r->kernels_per_run = 1;
  r->judged = KB_TIME_KERNEL;
  r->bytes = (kbench_bytes){.read = 1 << 28, .written = 1 << 28};
  r->flops = r->items = 1 << 26;
  r->gbps = 2684.35;
  r->busy_after_s = 0;
  r->energy_j = 0.05;
  r->power_w = 500;
  r->energy_s = 1;
  r->energy_runs = 1e4;
  r->power_limit_w = 700;
  r->energy_sm_mhz = 1980;
  r->energy_mem_mhz = 2619;
  r->clock_event_reads = 3;
  r->clock_events = 5;
  r->temp_start_c = r->temp_end_c = 41;
  r->mem_start_mhz = r->mem_end_mhz = 2619;
  r->power_start_w = r->power_end_w = 88.5;
  r->dram_read = r->dram_write = 2.7e8;
}

int main(void)
{
  stub_case stub;
  stub_case_init(&stub, "copy", "a plain copy");
  double samples[3] = {1e-4, 1e-4, 2e-4}, busy[2] = {9e-5, 9e-5};
  kb_result res;

  measured(&res, samples, busy);
  check(&stub, 0, &res, "", "a passed case, everything measured");

  kb_result failed;
  kb_result_init(&failed, KB_ERROR);
  strcpy(failed.mode, "cold");
  strcpy(failed.stage, "setup");
  strcpy(failed.message, "cudaMalloc: \"out of memory\", twice,\nthen no "
         "device");
  strcpy(failed.kernel_note, "the case failed, \"no\" kernel time");
  failed.samples = samples;
  failed.n_samples = 1;
  check(&stub, 0, &failed, "", "a failed case, its words quoted");

  kb_result host;
  kb_result_init(&host, KB_PASS);
  strcpy(host.mode, "cold");
  host.stats = res.stats;
  host.samples = samples;
  host.n_samples = 3;
  stub.variant.backend = KBENCH_BACKEND_HOST;
  check(&stub, 1, &host, "", "a host case, no device");
  stub.variant.backend = KBENCH_BACKEND_CUDA;

  /* One counter collected, one not, one that cannot be summed. */
  kb_counters counters = {.n_metrics = 2, .n_kernels = 1, .n_launched = 1,
                          .passes = 1,
                          .names = {"dram__bytes_read.sum",
                                    "sm__warps_active.avg.pct_of_peak"},
                          .total = {2.7e8, NAN}};
  res.counters = &counters;
  check(&stub, 0, &res, "dram__bytes_read.sum,sm__cycles_elapsed.sum,"
        "sm__warps_active.avg.pct_of_peak", "a case with --metrics "
        "counters");
  res.counters = NULL;
  check(&stub, 0, &res, "dram__bytes_read.sum,sm__cycles_elapsed.sum",
        "--metrics asked, no counters");
  return tap_done();
}
