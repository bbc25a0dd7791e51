/*
** kbench tune: search each variant's parameter space for its best
** configuration, measuring each configuration as a run measures a case (a
** worker per device, under the supervisor's watchdog).  The pieces:
**   command.c        the command: options, plugins, plan, devices, files
**   problems.c       the plan's cases as spaces to search (restrictions,
**                    --per), one problem per variant and fixed values
**   loop.c           each device's searches, one configuration at a time,
**                    from the cache or measured; every evaluation written
**   json.c           the "tune" objects of entries and of the context
**   report.c         the progress line, the closing table, --best's file
**   cache.c          --cache: evaluations read back
**   options.c        kbench tune's own options
**   search/          the strategies, the space, --restrict and the
**                    objective: pure logic, model/ and util/ only
*/
#ifndef KB_TUNE_H
#define KB_TUNE_H

#include <stddef.h>

#include "model/device_report.h"
#include "model/result.h"
#include "job/job.h"
#include "output/csv.h"
#include "output/markdown.h"
#include "output/progress.h"
#include "output/results_json.h"
#include "output/writer.h"
#include "plan/plan.h"
#include "process/supervisor.h"
#include "commands/tune/search/search.h"
#include "commands/tune/search/space.h"
#include "commands/tune/cache.h"
#include "commands/tune/options.h"

/* kbench tune's exit status (options.c's --help lists them). */
int kb_tune_main(int argc, char **argv);

/* One variant's space with its fixed values: the same on every device. */
typedef struct kb_tune_problem {
  const kb_plugin *plugin;
  const kbench_variant *variant;
  kb_space space;
  size_t *cases;           /* per configuration: its case in the plan */
  size_t axis_param[KB_SPACE_AXES];  /* the parameter of each axis */
  char name[512];          /* the variant and fixed values as a case name:
                              "transpose_cpu/rows:1K/cols:1K" */
  char fixed[512];         /* "transpose_cpu rows=1K cols=1K" */
  size_t budget;           /* evaluations */
} kb_tune_problem;

/* One evaluation of a search: a configuration, measured or cached. */
typedef struct kb_tune_eval {
  size_t config;
  int verdict;             /* enum kb_verdict */
  int has_value;
  double value;            /* the objective's, when has_value */
  int cached;
  char note[KB_MESSAGE_LEN + 64];  /* why there is no value */
} kb_tune_eval;

/* A problem searched on one device. */
typedef struct kb_tune_search {
  const kb_tune_problem *problem;
  size_t lane;
  kb_tuner tuner;
  kb_tune_eval *evals;     /* in order */
  size_t n_evals, cap;
  size_t measured;         /* of them, not from the cache */
  long best;               /* the best evaluation's index, or -1 */
  double t0;               /* when its first configuration began */
  int done;                /* its budget or space is spent */
} kb_tune_search;

/* The evaluation whose entries are being written, for their "tune"
** object; eval NULL for none. */
typedef struct kb_tune_tagging {
  const kb_tune_search *search;
  const kb_tune_eval *eval;
} kb_tune_tagging;

/* The whole command's state; every piece lives in kb_tune_main's frame. */
typedef struct kb_tune {
  const kb_options *o;
  kb_tune_options *t;
  const kb_plan *plan;
  kb_tune_problem *problems;
  size_t n_problems;
  kb_run_device *devices;  /* one per lane */
  size_t n_devices;
  kb_job_lanes lanes;      /* the devices and writers, told as each opens */
  kb_tune_search *searches;  /* lane L's are [L * n_problems, ...) */
  size_t *current;         /* per lane: its problem now */
  size_t *pending;         /* per lane: the configuration out */
  kb_tune_cache *cache;    /* NULL without --cache */
  kb_json json;            /* --json: this run's evaluations */
  kb_json json_stdout;     /* --format=json: the same on stdout */
  kb_json cache_out;       /* --cache, replaced after each */
  kb_csv_files csv;
  kb_markdown md;          /* --format=md: the configurations measured */
  kb_writers writers;      /* --csv and --samples, --json, --format, the
                              cache */
  kb_tune_tagging tagging; /* the evaluation being written */
  kb_progress progress;
  size_t total;            /* the budgets' sum */
  size_t evaluations;      /* done so far, over every search */
  size_t measured;
} kb_tune;

/* tune_problems.c: the plan's cases as problems, one per variant and
** value of the --per parameters, restricted.  0, or -1 with the usage
** error printed. */
int kb_tune_problems(kb_tune *T);
void kb_tune_problems_free(kb_tune *T);

/* tune_loop.c: every lane's searches, to their ends or an interruption. */
void kb_tune_loop(kb_tune *T, kb_supervisor *sv);

/* tune_json.c: ", \"tune\": {...}", the "tune" object of the evaluation
** T->tagging names, for kb_json's entry_more (ctx: kb_tune)... */
void kb_tune_entry(kb_jw *w, void *ctx);
/* ...and the context's "tune" key, for its context_more. */
void kb_tune_context(kb_jw *w, void *ctx);

/* tune_report.c: the progress line for a configuration about to run... */
void kb_tune_progress(kb_tune *T, const kb_tune_search *s, size_t config);
/* ...the table of each search's best configurations on stdout... */
void kb_tune_table(const kb_tune *T, double seconds);
/* ...and --best's file: 0, or -1 with a message in err. */
int kb_tune_best(const kb_tune *T, const char *path, char *err, size_t len);

/* The searched parameters of configuration c of p, "block=32 threads=64"
** ("" with none). */
void kb_tune_config_text(const kb_tune_problem *p, const kb_plan *plan,
                         size_t c, char *buf, size_t len);

#endif
