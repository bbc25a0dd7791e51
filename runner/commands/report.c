/*
** kbench report: one self-contained HTML page of a results file, and of
** its comparison with a base, for a colleague or a CI artefact.  Written
** in Python (scripts/kbench-report) for what it draws and fills in: the
** figures are kbench plot's own (matplotlib), the page a jinja2 template
** that escapes every string a plugin wrote.  The comparison's judgement
** stays here in C: the script runs this kbench's compare --format=json
** and shows what it says.  This file only hands the script over.
*/
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "commands/report.h"
#include "commands/script.h"

int kb_report_main(int argc, char **argv)
{
  static const kb_script report = {"report", "kbench-report",
                                   "matplotlib, jinja2",
                                   "python3-matplotlib and python3-jinja2"};
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) {
    self[n] = '\0';
    setenv("KBENCH_BIN", self, 1);
  }
  return kb_script_exec(&report, argc, argv);
}
