/*
** replay_print FORMAT FILE: the results of FILE printed again by a run's
** own writers, as if a run had just measured them: FORMAT is table, tap,
** md, csv, samples or json.  kbench has no command that prints a table,
** markdown or CSV from a file, so tests/shell/replay.sh uses this to hold
** those printers' output on GPU results byte for byte.  The run's
** seconds are 1.0; the JSON's context is this host's (replay.sh leaves
** it out).
*/
#include <stdio.h>
#include <string.h>

#include "model/measure_cfg.h"
#include "output/csv.h"
#include "output/groups.h"
#include "output/markdown.h"
#include "output/results_json.h"
#include "output/table.h"
#include "plan/cli.h"
#include "replay_file.h"

/* Every entry to w, a run's writer, and the run's end: 0, or -1. */
static int replay(const replay_file *f, kb_writer w)
{
  char err[256];
  if (w.begin)
    w.begin(w.self, f->n);
  for (size_t i = 0; w.device && i < f->n_devices; i++)
    if (f->devices[i].opened)
      w.device(w.self, i);
  for (size_t i = 0; w.result && i < f->n; i++) {
    const replay_entry *e = &f->e[i];
    if (w.start)
      w.start(w.self, e->lane, e->pc);
    w.result(w.self, e->lane, e->pc, &e->res, e->rep);
  }
  for (size_t i = 0; w.lane_done && i < f->n_devices; i++)
    w.lane_done(w.self, i);
  if (w.end && w.end(w.self, 1.0, err, sizeof err)) {
    fprintf(stderr, "replay_print: %s\n", err);
    return -1;
  }
  return 0;
}

static int table(const replay_file *f, const kb_options *o, int tap)
{
  kb_report r;
  kb_groups g;
  kb_report_init(&r, stdout, tap, 0, o->measure.time, 0);
  kb_report_labels(&r, &f->plan);
  if (kb_groups_begin(&g, &r, f->devices, f->n_devices, &o->measure)) {
    fprintf(stderr, "replay_print: out of memory\n");
    return -1;
  }
  int rc = replay(f, kb_table_writer(&g));
  kb_groups_free(&g);
  return rc;
}

static int markdown(const replay_file *f, const kb_run_context *run)
{
  kb_markdown m;
  char err[256];
  if (kb_md_open(&m, stdout, run, err, sizeof err)) {
    fprintf(stderr, "replay_print: %s\n", err);
    return -1;
  }
  int rc = replay(f, kb_md_writer(&m));
  kb_md_close(&m);
  return rc;
}

static int csv(const replay_file *f, int samples)
{
  kb_csv_files files;
  char err[256];
  if (kb_csv_open(&files, samples ? NULL : "-", samples ? "-" : NULL,
                  f->devices, "", err, sizeof err)) {
    fprintf(stderr, "replay_print: %s\n", err);
    return -1;
  }
  return replay(f, kb_csv_writer(&files));
}

static int json(const replay_file *f, const kb_run_context *run)
{
  kb_json j;
  char err[256];
  if (kb_json_open(&j, "-", run, err, sizeof err)) {
    fprintf(stderr, "replay_print: %s\n", err);
    return -1;
  }
  return replay(f, kb_json_writer(&j));
}

static int print(const char *format, const replay_file *f, kb_options *o)
{
  char *argv[] = {"kbench", NULL};
  kb_launch launch = {.local_rank = -1, .world_size = -1};
  kb_run_context run = {.o = o, .launch = &launch, .argc = 1, .argv = argv,
                        .devices = f->devices, .n_devices = f->n_devices};
  if (f->mode && kb_mode_parse(f->mode) >= 0)
    o->measure.mode = kb_mode_parse(f->mode);
  o->measure.time = f->time && kb_time_parse(f->time) >= 0
                    ? kb_time_parse(f->time) : KB_TIME_EVENT;
  if (strcmp(format, "table") == 0 || strcmp(format, "tap") == 0)
    return table(f, o, strcmp(format, "tap") == 0);
  if (strcmp(format, "md") == 0)
    return markdown(f, &run);
  if (strcmp(format, "csv") == 0 || strcmp(format, "samples") == 0)
    return csv(f, strcmp(format, "samples") == 0);
  if (strcmp(format, "json") == 0)
    return json(f, &run);
  fprintf(stderr, "replay_print: unknown format '%s'\n", format);
  return -1;
}

int main(int argc, char **argv)
{
  if (argc != 3) {
    fputs("usage: replay_print table|tap|md|csv|samples|json FILE\n",
          stderr);
    return 2;
  }
  char err[512], *run_argv[] = {"kbench", NULL};
  replay_file f;
  kb_options o;
  if (replay_file_read(argv[2], &f, err, sizeof err)) {
    fprintf(stderr, "replay_print: %s\n", err);
    return 1;
  }
  if (kb_cli_parse(1, run_argv, &o)) {
    fputs("replay_print: the default options do not parse\n", stderr);
    replay_file_free(&f);
    return 1;
  }
  int rc = print(argv[1], &f, &o);
  kb_cli_free(&o);
  replay_file_free(&f);
  return rc ? 1 : 0;
}
