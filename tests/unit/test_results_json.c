/*
** The JSON writer's ways to add to a document (runner/output/results_json.c):
** a file replaced whole (kbench tune's --cache) is written only at a step
** and is a whole document after each, with nothing left beside it;
** entries read back are written as kbench writes entries, with the entry
** hook's keys inside their braces (an empty object without them); several raw entries in one step keep a
** run's file whole too, an end that shrinks leaves nothing after it, and
** a writer killed at random moments leaves a whole document every time.
*/
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "output/results_json.h"
#if KBENCH_HAVE_JSON_C
#include <json.h>
#endif
#include "files.h"
#include "tap.h"

static char doc[65536];

static void more(kb_jw *w, void *ctx)
{
  kb_jw_object(w, "tune");
  kb_jw_int(w, "evaluation", *(int *)ctx);
  kb_jw_end(w);
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

/* A context key as long as *ctx says, or none. */
static void padding(kb_jw *w, void *ctx)
{
  int n = *(int *)ctx;
  char pad[4096];
  if (n) {
    snprintf(pad, sizeof pad, "%0*d", n, 0);
    kb_jw_string(w, "padding", pad);
  }
}

/* A child writes steps as fast as it can and is killed at a random moment
** once its file is open, times over: the file it leaves is always a whole
** document.  The number of kills after which it was not. */
static int killed_writers(const char *path, kb_run_context *run, int times)
{
  int broken = 0;
  srand((unsigned)time(NULL));
  for (int t = 0; t < times; t++) {
    int ready[2];
    if (pipe(ready))
      return times;
    pid_t pid = fork();
    if (pid == 0) {
      kb_json j;
      char err[256];
      int n = 600;
      close(ready[0]);
      if (kb_json_open(&j, path, run, err, sizeof err))
        _exit(1);
      j.context_more = padding;   /* a long end, then shorter ones */
      j.context_ctx = &n;
      if (write(ready[1], "", 1) != 1)
        _exit(1);
      const char *entry[] = {"{\"name\": \"x\", \"real_time\": 1.5}"};
      for (int i = 0; i < 400; i++, n = n > 0 ? n - 3 : 600)
        kb_json_raw(&j, entry, 1);
      _exit(0);
    }
    close(ready[1]);
    char c;
    int opened = pid > 0 && read(ready[0], &c, 1) == 1;
    close(ready[0]);
    if (opened)
      nanosleep(&(struct timespec){.tv_nsec = (rand() % 3000) * 1000L},
                NULL);
    if (pid > 0) {
      kill(pid, SIGKILL);
      waitpid(pid, NULL, 0);
    }
    if (opened && !(slurp(path, doc, sizeof doc) > 0 && whole()))
      broken++;
  }
  return broken;
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
  kb_run_context run = {.o = &o, .launch = &launch, .argc = 1,
                        .argv = argv, .devices = &d, .n_devices = 1};
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
#if KBENCH_HAVE_JSON_C
  json_object *c = json_tokener_parse("{ \"name\": \"c\", \"x\": 1.50 } \n");
  kb_json_object(&j, c);
  ok(slurp(path, doc, sizeof doc) > 0 && whole()
     && strstr(doc, "{\"name\": \"c\", \"x\": 1.50, \"tune\": "
               "{\"evaluation\": 7}}"),
     "...an entry read back is written as kbench writes entries, its "
     "numbers as read, with the hook's keys inside its braces");
  json_object_put(c);
  json_object *empty = json_tokener_parse("{ }");
  kb_json_object(&j, empty);
  ok(slurp(path, doc, sizeof doc) > 0 && whole() && strstr(doc, ",\n{}\n]"),
     "...an empty object is written without them");
  json_object_put(empty);
#else
  skip(2, "built without json-c");
#endif
  ok(files_in(dir) == 1, "...and nothing is left beside the file");
  ok(kb_json_close(&j, err, sizeof err) == 0 && slurp(path, doc, sizeof doc) > 0 && whole(),
     "...closed, still a whole document");

  /* A run's --json: two raw entries in one step, then none. */
  snprintf(path, sizeof path, "%s/run.json", dir);
  ok(kb_json_open(&j, path, &run, err, sizeof err) == 0,
     "a run's file: opened");
  kb_json_raw(&j, old, 2);
  kb_json_raw(&j, old, 0);
  ok(slurp(path, doc, sizeof doc) > 0 && whole() && strstr(doc, "{\"name\": \"a\"},\n"
     "{\"name\": \"b\"}\n]"), "...two raw entries in one step, then an "
     "empty step: one whole document");
  kb_json_close(&j, err, sizeof err);

  /* An end that shrinks: the file is the document, nothing after it. */
  int pad = 300;
  ok(kb_json_open(&j, path, &run, err, sizeof err) == 0, "a run's file again");
  j.context_more = padding;
  j.context_ctx = &pad;
  kb_json_raw(&j, old, 1);
  pad = 0;
  kb_json_raw(&j, old + 1, 1);
  ok(slurp(path, doc, sizeof doc) > 0 && whole()
     && strstr(doc, "{\"name\": \"a\"},\n{\"name\": \"b\"}\n]"),
     "...a shorter end: the document, nothing after it");
  kb_json_close(&j, err, sizeof err);
  ok(slurp(path, doc, sizeof doc) > 0 && whole() && files_in(dir) == 2,
     "...closed: the document, nothing beside the two files");
  int broken = killed_writers(path, &run, 150);
  ok(broken == 0, "a writer killed at a random moment, 150 times: a whole "
     "document every time (%d not)", broken);

  /* A writer killed between a temporary file's creation and its rename
  ** leaves that file beside: rm takes all. */
  char rm[600];
  snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
  if (system(rm) != 0)
    fprintf(stderr, "# could not remove %s\n", dir);
  kb_cli_free(&o);
  return tap_done();
}
