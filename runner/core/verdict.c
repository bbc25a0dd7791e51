/* The one ranking of verdicts and exit statuses (verdict.h). */
#include <string.h>

#include "core/verdict.h"

static const char *const names[] = {"pass", "wrong", "error", "skip",
                                    "crash"};

const char *kb_verdict_name(int verdict)
{
  return verdict >= 0 && verdict <= KB_CRASH ? names[verdict] : "?";
}

const char *kb_verdict_word(int verdict)
{
  static const char *const words[] = {"ok", "FAIL", "ERROR", "SKIP", "CRASH"};
  return verdict >= 0 && verdict <= KB_CRASH ? words[verdict] : "?";
}

int kb_verdict_parse(const char *name)
{
  for (int v = 0; v <= KB_CRASH; v++)
    if (strcmp(name, names[v]) == 0)
      return v;
  return -1;
}

int kb_exit_of(int verdict)
{
  static const int status[] = {
    [KB_PASS] = KB_EXIT_OK, [KB_WRONG] = KB_EXIT_WRONG,
    [KB_ERROR] = KB_EXIT_ERROR, [KB_SKIP] = KB_EXIT_SKIPPED,
    [KB_CRASH] = KB_EXIT_CRASHED,
  };
  return verdict >= 0 && verdict <= KB_CRASH ? status[verdict]
                                             : KB_EXIT_ERROR;
}

static int rank(int status)
{
  static const int r[] = {
    [KB_EXIT_OK] = 0, [KB_EXIT_SKIPPED] = 1, [KB_EXIT_ERROR] = 2,
    [KB_EXIT_LOAD] = 3, [KB_EXIT_USAGE] = 4, [KB_EXIT_CRASHED] = 5,
    [KB_EXIT_WRONG] = 6,
  };
  return status >= 0 && status <= KB_EXIT_CRASHED ? r[status] : r[KB_EXIT_ERROR];
}

int kb_exit_worse(int a, int b)
{
  return rank(a) >= rank(b) ? a : b;
}

int kb_verdict_worse(int a, int b)
{
  return rank(kb_exit_of(b)) > rank(kb_exit_of(a)) ? b : a;
}
