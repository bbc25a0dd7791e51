/*
** kbench plot: the picture is drawn by a Python script with matplotlib
** (scripts/kbench-plot); this file only finds that script and an
** interpreter that can run it, then execs it with the arguments unchanged.
*/
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyze/plot.h"
#include "core/verdict.h"

/* Run from the build tree, kbench uses the source tree's script, so an
 * edit shows without installing; otherwise the installed one. */
static void script_path(char *buf, size_t len)
{
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  char *slash = NULL;
  if (n > 0) {
    exe[n] = '\0';
    slash = strrchr(exe, '/');
  }
  if (slash) {
    *slash = '\0';
    if (strcmp(exe, KBENCH_BUILDDIR) == 0) {
      snprintf(buf, len, "%s/scripts/kbench-plot", KBENCH_SRCDIR);
      return;
    }
  }
  snprintf(buf, len, "%s/kbench-plot", KBENCH_LIBEXECDIR);
}

/* The python3 on PATH is often a pyenv or venv one without matplotlib while
 * the system's has it, so ask each candidate rather than trust the first. */
static int has_matplotlib(const char *python)
{
  pid_t pid = fork();
  if (pid < 0)
    return 0;
  if (pid == 0) {
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
      dup2(null, STDIN_FILENO);
      dup2(null, STDOUT_FILENO);
      dup2(null, STDERR_FILENO);
    }
    execlp(python, python, "-c", "import matplotlib", (char *)NULL);
    _exit(127);
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return 0;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int kb_plot_main(int argc, char **argv)
{
  char script[PATH_MAX + 32];
  script_path(script, sizeof script);
  if (access(script, R_OK) != 0) {
    fprintf(stderr, "kbench plot: %s: %s\n", script, strerror(errno));
    return KB_EXIT_USAGE;
  }
  const char *env = getenv("KBENCH_PYTHON");
  const char *candidates[] = {env && *env ? env : NULL, "python3",
                              "/usr/bin/python3"};
  for (size_t i = 0; i < sizeof candidates / sizeof *candidates; i++) {
    if (!candidates[i] || !has_matplotlib(candidates[i]))
      continue;
    char **args = calloc((size_t)argc + 2, sizeof *args);
    if (!args) {
      fprintf(stderr, "kbench plot: out of memory\n");
      return KB_EXIT_USAGE;
    }
    args[0] = (char *)candidates[i];
    args[1] = script;
    for (int a = 1; a < argc; a++)
      args[a + 1] = argv[a];
    execvp(candidates[i], args);
    fprintf(stderr, "kbench plot: %s: %s\n", candidates[i], strerror(errno));
    free(args);
    return KB_EXIT_USAGE;
  }
  fprintf(stderr, "kbench plot: no Python that can import matplotlib "
          "(tried %s%s%spython3 on PATH, /usr/bin/python3); install "
          "python3-matplotlib or set KBENCH_PYTHON\n",
          env && *env ? "KBENCH_PYTHON=" : "", env && *env ? env : "",
          env && *env ? ", " : "");
  return KB_EXIT_USAGE;
}
