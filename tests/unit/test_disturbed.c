/* A disturbed case (another process used the GPU during it), which only
** a GPU beside another job gives, fed by hand to every output: the table
** and its closing line, TAP with and without --strict, markdown, the CSV
** and the JSON, read back by the results reader; and the processes read
** from its message (model/disturbers.c). */
#define _GNU_SOURCE            /* open_memstream, mkstemp */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/disturbers.h"
#include "output/csv.h"
#include "output/markdown.h"
#include "output/results_json.h"
#include "output/table.h"
#include "plan/cli.h"
#include "results/reader.h"
#include "config.h"
#include "stub_case.h"
#include "tap.h"

#define STRAY "another process used the GPU during the case: pid 4242 " \
  "(stray_copy), SM 45%, memory 30% (NVML); measured again after waiting " \
  "5.0 s for the GPU to be quiet, still disturbed"

/* A case another process disturbed, with the samples it took beside it
** (they are not the case's: no output may show them as its times). */
static void disturbed(kb_result *r)
{
  static double samples[] = {130e-6, 131e-6, 129e-6};
  memset(r, 0, sizeof *r);
  r->verdict = KB_DISTURBED;
  strcpy(r->mode, "cold");
  strcpy(r->stage, "run");
  strcpy(r->message, STRAY);
  r->samples = samples;
  r->n_samples = 3;
  r->bytes.read = 268435456;
  r->bytes.memory = KBENCH_MEM_GLOBAL;
  r->busy_after_s = -1;
  r->energy_j = r->power_w = -1;
  r->dram_read = r->dram_write = -1;
}

/* A result of that verdict with nothing measured: what the table needs
** of a case it only counts. */
static void blank(kb_result *r, int verdict)
{
  memset(r, 0, sizeof *r);
  r->verdict = verdict;
  r->busy_after_s = -1;
  r->energy_j = r->power_w = -1;
}

/* The table of n results of one case (and a load failure, when asked),
** closed after 1 s: its text, malloc'd. */
static char *table_text(const kb_plan_case *pc, const kbench_device *dev,
                        const kb_result *rs, size_t n, int load_failure)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  kb_report r;
  kb_measure_cfg cfg = {.mode = KB_MODE_COLD};
  kb_report_init(&r, f, 0, 0, KB_TIME_EVENT, 0);
  for (size_t i = 0; i < n; i++)
    kb_report_case(&r, pc, &rs[i], dev, &cfg);
  if (load_failure)
    kb_report_load_failure(&r, "nosuch", "not found");
  kb_report_end(&r, 1.0);
  fclose(f);
  return text;
}

static void processes(void)
{
  kb_disturbers d;
  char buf[512];
  memset(&d, 0, sizeof d);
  kb_disturbers_add(&d, STRAY);
  kb_disturbers_add(&d, STRAY);
  kb_disturbers_text(&d, buf, sizeof buf);
  ok(d.cases == 2 && strcmp(buf, "pid 4242 (stray_copy)") == 0,
     "a process named by two cases is named once: %s", buf);
  kb_disturbers_add(&d, "another process used the GPU during the case: "
                    "pid 77 (python3), SM 5%; pid 4242 (stray_copy), SM 40%");
  kb_disturbers_text(&d, buf, sizeof buf);
  ok(strcmp(buf, "pid 4242 (stray_copy), pid 77 (python3)") == 0,
     "two processes in one message, in the order first seen: %s", buf);
  kb_disturbers_add(&d, "rapid 12 (x); pid (y); pid 9 z; pid 8 ()");
  kb_disturbers_text(&d, buf, sizeof buf);
  ok(d.n == 2 && d.cases == 4, "no process read from text that is not "
     "'pid N (name)': %s", buf);
  kb_disturbers_add(&d, "pid 1 (a) pid 2 (b) pid 3 (c)");
  kb_disturbers_text(&d, buf, sizeof buf);
  ok(strcmp(buf, "pid 4242 (stray_copy), pid 77 (python3), pid 1 (a), "
            "pid 2 (b) and others") == 0, "past %d, 'and others': %s",
     KB_DISTURBERS_KEPT, buf);
  memset(&d, 0, sizeof d);
  kb_disturbers_add(&d, "another process used the GPU");
  kb_disturbers_add(&d, NULL);
  kb_disturbers_text(&d, buf, sizeof buf);
  ok(d.cases == 2 && strcmp(buf, "a process it could not name") == 0,
     "no process named: said so: %s", buf);
  ok(strcmp(kb_disturbers_by(&d), "another process") == 0,
     "by another process");

  /* Work an earlier case of the worker left running (worker/leftovers.h). */
  static const char earlier[] = "work an earlier case left running ran "
    "during this case: kernel spin(int) on stream 7, queued by a thread of "
    "the earlier case spinner n=2 (thread 4242); not measured";
  memset(&d, 0, sizeof d);
  kb_disturbers_add(&d, earlier);
  kb_disturbers_add(&d, earlier);
  kb_disturbers_text(&d, buf, sizeof buf);
  ok(d.cases == 2 && d.by_cases == 2
     && strcmp(buf, "spinner n=2's thread") == 0
     && strcmp(kb_disturbers_by(&d), "an earlier case's work") == 0,
     "an earlier case named once, as its thread: %s", buf);
  kb_disturbers_add(&d, STRAY);
  kb_disturbers_text(&d, buf, sizeof buf);
  ok(strcmp(buf, "spinner n=2's thread, pid 4242 (stray_copy)") == 0
     && strcmp(kb_disturbers_by(&d), "another process or an earlier case's "
               "work") == 0, "with another process: both: %s", buf);
}

int main(void)
{
  stub_case stub;
  stub_case_init(&stub, "copy", "a plain copy");
  kb_plan_case pc = stub.pc;
  kbench_device dev = stub.dev;
  kb_measure_cfg cold = {.mode = KB_MODE_COLD}, strict = cold;
  strict.strict = 1;
  kb_result res;
  capture c;

  processes();
  ok(kb_verdict_parse("disturbed") == KB_DISTURBED
     && strcmp(kb_verdict_word(KB_DISTURBED), "DISTURBED") == 0,
     "the verdict's name and word");

  /* The table: DISTURBED and the message that names the process, no
  ** times; the closing line says how many and by what. */
  disturbed(&res);
  stub_table(&c, 0, &stub, &res, &cold, NULL);
  ok(strstr(c.text, "n=64M                             -          -     "
            "     -      -       -          -        -        -      -  "
            "DISTURBED another process used the GPU during the case: pid "
            "4242 (stray_copy), SM 45%") != NULL,
     "table: DISTURBED, no times, the message without its stage: %s",
     c.text);
  ok(strstr(c.text, "\n# 1 case in 1.0 s: 0 ok, 0 skipped, 0 flagged, 0 "
            "failed; 1 disturbed by another process: pid 4242 (stray_copy)"
            "\n") != NULL,
     "table: the closing line counts it and names the process");
  free(c.text);

  /* TAP: a skip, not a failed test point; under --strict, not ok. */
  stub_table(&c, 1, &stub, &res, &cold, NULL);
  ok(strstr(c.text, "\nok 1 - copy n=64M # SKIP disturbed: another process "
            "used the GPU during the case: pid 4242 (stray_copy)") != NULL
     && !strstr(c.text, "not ok"), "TAP: ok, a skip (SKIP disturbed: the message)");
  ok(strstr(c.text, "\n# 1 case in 1.0 s: 0 ok, 0 skipped, 0 flagged, 0 "
            "failed; 1 disturbed by another process: pid 4242 (stray_copy)"
            "\n") != NULL, "TAP: the closing comment");
  free(c.text);
  stub_table(&c, 1, &stub, &res, &strict, NULL);
  ok(strstr(c.text, "\nnot ok 1 - copy n=64M\n  ---\n  stage: \"run\"\n  "
            "message: \"another process used the GPU") != NULL,
     "TAP under --strict (exit 7): not ok, with the stage and message");
  free(c.text);

  /* A passed case beside it: the closing line says nothing of it. */
  {
    kb_result pass;
    blank(&pass, KB_PASS);
    char *text = table_text(&pc, &dev, &pass, 1, 0);
    ok(strstr(text, "\n# 1 case in 1.0 s: 1 ok, 0 skipped, 0 flagged, 0 "
              "failed\n") != NULL,
       "table: no disturbed case, the closing line counts the rest only");
    free(text);
  }

  /* Skips for one reason (a run without a GPU): the reason once, "(as
  ** above)" after it, a new reason whole; a failure and a load failure
  ** counted failed, a flagged pass flagged. */
  {
    kb_result rs[6];
    blank(&rs[0], KB_SKIP);
    strcpy(rs[0].message, "no CUDA device: no NVIDIA driver");
    rs[1] = rs[3] = rs[0];
    rs[2] = rs[0];
    strcpy(rs[2].message, "needs sm_90");
    rs[4] = rs[0];
    rs[4].verdict = KB_WRONG;
    strcpy(rs[4].stage, "verify");
    strcpy(rs[4].message, "element 3");
    blank(&rs[5], KB_PASS);
    rs[5].unaudited = 1;
    char *text = table_text(&pc, &dev, rs, 6, 1);
    const char *first = strstr(text, "SKIP no CUDA device: no NVIDIA "
                                     "driver\n");
    const char *again = first ? strstr(first, "SKIP (as above)\n") : NULL;
    const char *next = again ? strstr(again, "SKIP needs sm_90\n") : NULL;
    ok(first && again && next
       && strstr(next, "SKIP no CUDA device: no NVIDIA driver\n"),
       "table: a repeated skip reason folded, a new one whole");
    ok(strstr(text, "\n# 7 cases in 1.0 s: 0 ok, 4 skipped, 1 flagged, 2 "
              "failed\n") != NULL, "table: the closing line counts each");
    free(text);
  }

  /* Markdown: its row, and the summary's count with the process. */
  {
    kb_run_device d = {0, 1, {.dev = dev}};
    int opened = stub_markdown(&c, &stub, &res, &d, NULL) == 0;
    ok(opened && strstr(c.text, "| - | - |  | **DISTURBED** another process "
                        "used the GPU during the case: pid 4242 (stray_copy)")
       != NULL, "markdown: its row, the message without its stage");
    ok(strstr(c.text, "**1 case in 1.0 s**: 1 DISTURBED (disturbed by "
              "another process: pid 4242 (stray_copy)).\n") != NULL,
       "markdown: the summary names the process");
    free(c.text);
  }

  /* CSV: the verdict's name, its stage and message. */
  struct kb_metric_list none = {0};
  kb_export csv = {"mem", NULL, 0}, samples = {NULL, NULL, 0};
  csv.f = open_memstream(&c.text, &c.len);
  kb_export_case(&csv, &samples, &none, &pc, &res, &dev, 0, 0, 0);
  fclose(csv.f);
  ok(strstr(c.text, ",cuda,cold,disturbed,\"run\",\"another process used "
            "the GPU during the case: pid 4242 (stray_copy)") != NULL,
     "CSV: verdict disturbed, its stage and message: %s", c.text);
  free(c.text);

#if KBENCH_HAVE_JSON_C
  /* JSON: written as "disturbed", read back as KB_DISTURBED with its
  ** message, and its samples not taken for the case's times. */
  kb_res_run run;
  int read = stub_json_back(&stub, &res, 1, NULL, 0, &run) == 0;
  ok(read && run.n_cases == 1 && run.cases[0].res.verdict == KB_DISTURBED,
     "JSON: written as disturbed and read back so");
  ok(read && run.n_cases == 1 && strstr(run.cases[0].res.message, "pid 4242 "
                                        "(stray_copy)") != NULL,
     "JSON: the message read back names the process");
  ok(read && run.n_cases == 1 && run.cases[0].res.n_samples == 0,
     "JSON: its samples are not the case's times");
  if (read)
    kb_res_run_free(&run);
#endif
  return tap_done();
}
