/* The one ranking of verdicts and exit statuses (verdict.h). */
#include <string.h>

#include "model/verdict.h"

/* Each verdict's name in result files and its word in tables. */
static const struct {
  const char *name, *word;
} verdicts[KB_VERDICTS] = {
  [KB_PASS] = {"pass", "ok"},          [KB_WRONG] = {"wrong", "FAIL"},
  [KB_ERROR] = {"error", "ERROR"},     [KB_SKIP] = {"skip", "SKIP"},
  [KB_CRASH] = {"crash", "CRASH"},
  [KB_DISTURBED] = {"disturbed", "DISTURBED"},
};

static int known(int verdict)
{
  return verdict >= 0 && verdict < KB_VERDICTS;
}

const char *kb_verdict_name(int verdict)
{
  return known(verdict) ? verdicts[verdict].name : "?";
}

const char *kb_verdict_word(int verdict)
{
  return known(verdict) ? verdicts[verdict].word : "?";
}

int kb_verdict_parse(const char *name)
{
  for (int v = 0; v < KB_VERDICTS; v++)
    if (strcmp(name, verdicts[v].name) == 0)
      return v;
  return -1;
}

int kb_verdict_shows_stage(int verdict)
{
  return verdict != KB_SKIP && verdict != KB_CRASH && verdict != KB_DISTURBED;
}

int kb_exit_of(int verdict)
{
  static const int status[KB_VERDICTS] = {
    [KB_PASS] = KB_EXIT_OK, [KB_WRONG] = KB_EXIT_WRONG,
    [KB_ERROR] = KB_EXIT_ERROR, [KB_SKIP] = KB_EXIT_SKIPPED,
    [KB_CRASH] = KB_EXIT_CRASHED, [KB_DISTURBED] = KB_EXIT_DISTURBED,
  };
  return known(verdict) ? status[verdict] : KB_EXIT_ERROR;
}

int kb_exit_of_case(int verdict, int strict)
{
  return verdict == KB_DISTURBED && !strict ? KB_EXIT_OK
                                            : kb_exit_of(verdict);
}

static int rank(int status)
{
  static const int r[] = {
    [KB_EXIT_OK] = 0, [KB_EXIT_SKIPPED] = 1, [KB_EXIT_DISTURBED] = 2,
    [KB_EXIT_ERROR] = 3, [KB_EXIT_LOAD] = 4, [KB_EXIT_USAGE] = 5,
    [KB_EXIT_CRASHED] = 6, [KB_EXIT_WRONG] = 7,
  };
  return status >= 0 && status <= KB_EXIT_DISTURBED ? r[status]
                                                    : r[KB_EXIT_ERROR];
}

int kb_exit_worse(int a, int b)
{
  return rank(a) >= rank(b) ? a : b;
}

int kb_verdict_worse(int a, int b)
{
  return rank(kb_exit_of(b)) > rank(kb_exit_of(a)) ? b : a;
}
