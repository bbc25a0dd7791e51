/*
** A measured value added as the field table says one is added: one row
** (new_row.h, built into this test's own copy of the printers), set
** where it is measured (here, by hand).  The row shows in the table (its
** column, its title), in TAP (by its title), in markdown (its column),
** in the CSV (its column, by its key) and in the JSON (its key), with
** nothing written for it in any printer.
*/
#include <stdlib.h>
#include <string.h>

#include "output/csv.h"
#include "stub_case.h"
#include "tap.h"

/* A passed case of s's with its new reading. */
static void measured(kb_result *r)
{
  kb_result_init(r, KB_PASS);
  strcpy(r->mode, "cold");
  r->stats = (kb_stats){.n = 3, .median = 1e-4, .mean = 1e-4, .min = 9e-5,
                        .max = 2e-4, .stdev = 1e-6, .noise = 0.01};
  r->bytes = (kbench_bytes){.read = 1 << 28, .written = 1 << 28,
                            .memory = KBENCH_MEM_GLOBAL};
  r->gbps = 5368.7;
  r->gauge_w = 412.5;
}

/* The n-th cell (from 1) of a CSV line into buf. */
static void cell(const char *line, int n, char *buf, size_t len)
{
  for (int i = 1; i < n && line; i++)
    if ((line = strchr(line, ',')))
      line++;
  size_t k = line ? strcspn(line, ",\n") : 0;
  snprintf(buf, len, "%.*s", (int)(k < len ? k : len - 1),
           line ? line : "");
}

static void check_csv(const stub_case *s, const kb_result *r)
{
  char path[] = "/tmp/kb-new-row-XXXXXX", err[256], line[8192];
  char name[64] = "", value[64] = "";
  kb_csv_files files;
  int fd = mkstemp(path);
  int written = fd >= 0 && kb_csv_open(&files, path, NULL, NULL, "", err,
                                       sizeof err) == 0;
  if (written) {
    kb_export_case(&files.csv, &files.samples, &files.metrics, &s->pc, r,
                   &s->dev, 0, 0, 0);
    written = kb_export_close(&files.csv, err, sizeof err) == 0;
  }
  FILE *f = written ? fopen(path, "r") : NULL;
  if (f && fgets(line, sizeof line, f))
    cell(line, 86, name, sizeof name);
  if (f && fgets(line, sizeof line, f))
    cell(line, 86, value, sizeof value);
  if (f)
    fclose(f);
  if (fd >= 0) {
    close(fd);
    unlink(path);
  }
  ok(strcmp(name, "gauge_w") == 0 && strcmp(value, "412.5") == 0,
     "CSV: column 86 is gauge_w, 412.5 (\"%s\", \"%s\")", name, value);
}

int main(void)
{
  stub_case s;
  stub_case_init(&s, "gauge", "a case with a new reading");
  kb_result r;
  measured(&r);
  kb_measure_cfg cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.criterion.max_noise = 0.5;

  capture table, tap, md;
  stub_table(&table, 0, &s, &r, &cfg, NULL);
  ok(table.text && strstr(table.text, "   gauge  result\n")
     && strstr(table.text, "   412.5  ok"),
     "table: a column titled gauge, 412.5 in it");
  stub_table(&tap, 1, &s, &r, &cfg, NULL);
  ok(tap.text && strstr(tap.text, ", gauge 412.5 (cold mode)\n"),
     "TAP: gauge 412.5 among the case's numbers");
  kb_run_device d = {0, 1, {.dev = s.dev}};
  ok(stub_markdown(&md, &s, &r, &d, NULL) == 0
     && strstr(md.text, " | gauge | work | result |\n")
     && strstr(md.text, " | 412.5 |  | ok |\n"),
     "markdown: a column titled gauge, 412.5 in it");
  check_csv(&s, &r);
  char json[65536];
  ok(stub_json_back(&s, &r, 1, json, sizeof json, NULL) == 0
     && strstr(json, "\"gauge_w\": 412.5"),
     "JSON: \"gauge_w\": 412.5 in the case's entry");
  if (table.text && tap.text && md.text)
    printf("# %s# %s", strstr(table.text, "gauge"),
           strstr(tap.text, "# gauge:"));
  free(table.text);
  free(tap.text);
  free(md.text);
  return tap_done();
}
