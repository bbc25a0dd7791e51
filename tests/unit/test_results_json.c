/*
** The JSON writer's ways to add to a document (runner/output/results_json.c):
** a file replaced whole (kbench tune's --cache) is written only at a step
** and is a whole document after each, with nothing left beside it;
** entries read back get the entry hook's keys inside their braces (an
** empty object is left as it is); several raw entries in one step keep a
** file rewritten in place whole too.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output/results_json.h"
#include "files.h"
#include "tap.h"

static char doc[65536];

static void more(FILE *f, void *ctx)
{
  fprintf(f, ", \"tune\": {\"evaluation\": %d}", *(int *)ctx);
}

/* The document ends as a document: its context, then "}\n", once. */
static int whole(void)
{
  size_t n = strlen(doc);
  char *ctx = strstr(doc, "\"context\": {");
  return n > 2 && strcmp(doc + n - 2, "}\n") == 0 && ctx
         && !strstr(ctx + 1, "\"context\": {")
         && strncmp(doc, "{\"benchmarks\": [", 16) == 0;
}

int main(void)
{
  char dir[] = "/tmp/kb-json-XXXXXX", path[512], err[256];
  if (!mkdtemp(dir))
    return 99;
  snprintf(path, sizeof path, "%s/cache.json", dir);
  kb_options o;
  char *argv[] = {"kbench", NULL};
  kb_cli_parse(1, argv, &o);
  kb_launch launch = {.local_rank = -1, .world_size = -1};
  kb_run_device d = {0};
  int evaluation = 7;

  kb_json j;
  kb_run_context run = {&o, &launch, 1, argv, &d, 1};
  ok(kb_json_open_whole(&j, path, &run, err, sizeof err) == 0
     && slurp(path, doc, sizeof doc) < 0,
     "replaced whole: nothing is written before the first step");
  j.entry_more = more;
  j.entry_ctx = &evaluation;
  const char *old[] = {"{\"name\": \"a\"}", "{\"name\": \"b\"}"};
  kb_json_raw(&j, old, 2);
  ok(slurp(path, doc, sizeof doc) > 0 && whole() && strstr(doc, "{\"name\": \"a\"},\n"
     "{\"name\": \"b\"}\n]"), "...a step of two raw entries: a whole "
     "document holding both as they were");
  kb_json_object(&j, "{\"name\": \"c\"} \n");
  ok(slurp(path, doc, sizeof doc) > 0 && whole()
     && strstr(doc, "{\"name\": \"c\", \"tune\": {\"evaluation\": 7}}"),
     "...an entry read back gets the hook's keys inside its braces");
  kb_json_object(&j, "{ }");
  ok(slurp(path, doc, sizeof doc) > 0 && whole() && strstr(doc, ",\n{ }\n]"),
     "...an empty object is left as it is");
  ok(files_in(dir) == 1, "...and nothing is left beside the file");
  ok(kb_json_close(&j, err, sizeof err) == 0 && slurp(path, doc, sizeof doc) > 0 && whole(),
     "...closed, still a whole document");

  /* A file rewritten in place (a run's --json): two raw entries in one
  ** step, then none. */
  snprintf(path, sizeof path, "%s/run.json", dir);
  ok(kb_json_open(&j, path, &run, err, sizeof err) == 0,
     "rewritten in place: opened");
  kb_json_raw(&j, old, 2);
  kb_json_raw(&j, old, 0);
  ok(slurp(path, doc, sizeof doc) > 0 && whole() && strstr(doc, "{\"name\": \"a\"},\n"
     "{\"name\": \"b\"}\n]"), "...two raw entries in one step, then an "
     "empty step: one whole document");
  kb_json_close(&j, err, sizeof err);

  unlink(path);
  snprintf(path, sizeof path, "%s/cache.json", dir);
  unlink(path);
  rmdir(dir);
  kb_cli_free(&o);
  return tap_done();
}
