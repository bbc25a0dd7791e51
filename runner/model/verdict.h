/*
** How a case ended, and how a run ends: the verdicts, the exit codes, and
** the one ranking of both that every part of kbench uses (the run's exit
** status, kbench compare's and fleet's pooling of repetitions).
*/
#ifndef KB_VERDICT_H
#define KB_VERDICT_H

enum kb_verdict {
  KB_PASS = 0,              /* ran and verified */
  KB_WRONG,                 /* verification failed */
  KB_ERROR,                 /* setup, run or the runtime failed */
  KB_SKIP,                  /* cannot run here (no device, unsupported) */
  KB_CRASH,                 /* the worker died or was killed during the case */
  KB_DISTURBED,             /* another process used the GPU during the case,
                               and again after kbench waited for it to be
                               quiet: the times are not the plugin's alone */
  KB_VERDICTS               /* how many there are */
};

/* Exit codes: when several apply, the first in this list wins. */
enum kb_exit {
  KB_EXIT_OK = 0,        /* every case ran and verified */
  KB_EXIT_WRONG = 1,     /* a case's output failed verification */
  KB_EXIT_CRASHED = 6,   /* a case crashed, exited or timed out its worker */
  KB_EXIT_USAGE = 2,     /* bad command line or parameter value */
  KB_EXIT_LOAD = 3,      /* a plugin could not be found or loaded */
  KB_EXIT_ERROR = 4,     /* a case failed to set up or run */
  KB_EXIT_SKIPPED = 5,   /* nothing failed, but some cases could not run */
  KB_EXIT_DISTURBED = 7  /* --strict: another process disturbed a case */
};
/* Interrupted by SIGINT or SIGTERM: 128 + the signal's number, as shells
** report it (130, 143), after the finished cases are reported. */

/* "pass", "wrong", "error", "skip", "crash", "disturbed" (the names in
** every result file); "?" for an unknown verdict.  kb_verdict_parse: back,
** or -1. */
const char *kb_verdict_name(int verdict);
int kb_verdict_parse(const char *name);
/* "ok", "FAIL", "ERROR", "SKIP", "CRASH", "DISTURBED": the word the
** table, the markdown, compare, fleet and tune print; "?" for an unknown
** verdict. */
const char *kb_verdict_word(int verdict);

/* Whether a case's message is shown after its stage ("setup: ..."): not
** a skip's (it says why), a crash's (it names its stage: "crashed:
** SIGSEGV in run") or a disturbed case's (it names the process). */
int kb_verdict_shows_stage(int verdict);

/* The exit status a verdict calls for; an unknown verdict is an error.  A
** disturbed case fails a run only under --strict (strict set). */
int kb_exit_of(int verdict);
int kb_exit_of_case(int verdict, int strict);
/* The more serious of two exit statuses, in the order above. */
int kb_exit_worse(int a, int b);
/* The more serious of two verdicts, by the exit statuses they call for. */
int kb_verdict_worse(int a, int b);

#endif
