/*
** A case of a CUDA variant whose callbacks do nothing, n=64M, in a plugin
** of its own, on an H100: what the writers' tests feed results of by
** hand, results that only a GPU could measure; a capture of what a
** writer prints; the JSON file of such results, as a run writes it.  Each
** test program includes this once.
*/
#ifndef KB_TEST_STUB_CASE_H
#define KB_TEST_STUB_CASE_H

#include <stdio.h>
#include <unistd.h>

#include "config.h"
#include "output/markdown.h"
#include "output/results_json.h"
#include "output/table.h"
#include "plan/cli.h"
#include "plan/plan.h"
#include "results/reader.h"

static int stub_setup(const kbench_host *h, void **s) { (void)h; (void)s; return 0; }
static int stub_run(const kbench_host *h, void *s) { (void)h; (void)s; return 0; }
static void stub_bytes(const kbench_host *h, void *s, kbench_bytes *b) { (void)h; (void)s; (void)b; }
static void stub_down(const kbench_host *h, void *s) { (void)h; (void)s; }

static const kbench_param stub_params[] = {
  {"n", "elements", "64M", 1, (int64_t)1 << 31, KBENCH_PARAM_POW2, NULL, 0},
};
static const kbench_library stub_lib = {
  KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR, sizeof(kbench_library),
  sizeof(kbench_variant), sizeof(kbench_param), NULL,
};

typedef struct stub_case {
  kbench_variant variant;
  const kbench_variant *list[1];
  kb_plugin plugin;
  int64_t values[1];
  kb_plan_case pc;       /* "NAME n=64M" */
  kbench_device dev;     /* an H100, as far as the writers look */
} stub_case;

/* What a writer printed into a memory stream, after f is closed. */
typedef struct capture {
  char *text;
  size_t len;
  FILE *f;
} capture;

/* The case of a variant named name, described by summary, in the plugin
** /x/NAME.so; s must not move once made. */
static void stub_case_init(stub_case *s, const char *name,
                           const char *summary)
{
  static char path[64];
  snprintf(path, sizeof path, "/x/%s.so", name);
  s->variant = (kbench_variant){
    sizeof(kbench_variant), name, summary, "tests", KBENCH_BACKEND_CUDA,
    stub_params, 1, stub_setup, stub_run, stub_run, stub_bytes, stub_down,
    NULL, 0,
  };
  s->list[0] = &s->variant;
  s->plugin = (kb_plugin){path, NULL, &stub_lib, s->list, 1, NULL, NULL};
  s->values[0] = (int64_t)1 << 26;
  s->pc = (kb_plan_case){&s->plugin, &s->variant, s->values, "n=64M"};
  s->dev = (kbench_device){.size = sizeof s->dev, .name = "H100",
                           .peak_gbps = 3352, .l2_bytes = 50 << 20};
}

/* n results of s's case written to path, a results file as kbench's
** --json=FILE writes it on s's device: 0, or -1. */
static int stub_json(const stub_case *s, const char *path,
                     const kb_result *res, size_t n)
{
  kb_options o;
  char *argv[] = {"kbench", NULL}, err[256];
  kb_launch launch = {.local_rank = -1, .world_size = -1};
  kb_run_device d = {0, 1, {.dev = s->dev}};
  kb_json j;
  kb_cli_parse(1, argv, &o);
  kb_run_context run = {.o = &o, .launch = &launch, .argc = 1,
                        .argv = argv, .devices = &d, .n_devices = 1};
  int rc = kb_json_open(&j, path, &run, err, sizeof err);
  for (size_t i = 0; rc == 0 && i < n; i++)
    kb_json_case(&j, &s->pc, &res[i], &d, 0, 1);
  if (rc == 0)
    rc = kb_json_close(&j, err, sizeof err);
  kb_cli_free(&o);
  return rc ? -1 : 0;
}

/* n results of s's case through a results file and back: the file's
** text into text (at most len bytes; none when text is NULL) and, with
** json-c, the file read by the results reader into run (when not NULL;
** free it with kb_res_run_free).  0, or -1 (then run holds nothing). */
__attribute__((unused))
static int stub_json_back(const stub_case *s, const kb_result *res,
                          size_t n, char *text, size_t len, kb_res_run *run)
{
  char path[] = "/tmp/kb-stub-json-XXXXXX", err[256];
  int fd = mkstemp(path);
  int rc = fd >= 0 && stub_json(s, path, res, n) == 0 ? 0 : -1;
  FILE *f = rc == 0 && text ? fopen(path, "r") : NULL;
  size_t got = f ? fread(text, 1, len - 1, f) : 0;
  if (text)
    text[got] = '\0';
  if (f)
    fclose(f);
#if KBENCH_HAVE_JSON_C
  if (rc == 0 && run && kb_res_load(path, run, err, sizeof err))
    rc = -1;
#else
  (void)err;
  if (run)
    rc = -1;
#endif
  if (fd >= 0) {
    close(fd);
    unlink(path);
  }
  return rc;
}

/* The table (or TAP) of res alone, as a run prints it, begun and ended,
** under cfg, with the host's CPUs in its header when host is given. */
__attribute__((unused))
static void stub_table(capture *c, int tap, const stub_case *s,
                       const kb_result *res, const kb_measure_cfg *cfg,
                       const kb_host_state *host)
{
  kb_report r;
  c->f = open_memstream(&c->text, &c->len);
  kb_report_init(&r, c->f, tap, 0, KB_TIME_EVENT, 0);
  if (host)
    kb_report_host(&r, host);
  kb_report_begin(&r, 1);
  kb_report_case(&r, &s->pc, res, &s->dev, cfg);
  kb_report_end(&r, 1.0);
  fclose(c->f);
}

/* The markdown of res alone on device d (its report's device s's when
** d->opened), a run of --format=md, with the host's CPUs under its
** command line when host is given: 0, or -1 when it cannot be opened. */
__attribute__((unused))
static int stub_markdown(capture *c, const stub_case *s, const kb_result *res,
                         const kb_run_device *d, const kb_host_state *host)
{
  kb_options o;
  memset(&o, 0, sizeof o);
  o.measure.mode = KB_MODE_COLD;
  kb_markdown m;
  char err[256], *argv[] = {"kbench", "--format=md"};
  c->f = open_memstream(&c->text, &c->len);
  kb_launch launch = {.local_rank = -1, .world_size = -1};
  kb_run_context run = {.o = &o, .launch = &launch, .argc = 2,
                        .argv = argv, .devices = d, .n_devices = 1};
  int opened = kb_md_open(&m, c->f, &run, err, sizeof err) == 0;
  if (opened) {
    if (host)
      kb_md_host(&m, host);
    kb_writer w = kb_md_writer(&m);
    w.result(w.self, 0, &s->pc, res, 0);
    w.end(w.self, 1.0, err, sizeof err);
    kb_md_close(&m);
  }
  fclose(c->f);
  return opened ? 0 : -1;
}

#endif
