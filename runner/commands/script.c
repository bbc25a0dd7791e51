/* Running kbench's Python scripts (script.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "commands/script.h"
#include "util/install_dir.h"
#include "model/verdict.h"
#include "results/json_write.h"

static void script_path(const char *file, char *buf, size_t len)
{
  char exe[PATH_MAX], dir[PATH_MAX];
  const char *exe_dir = kb_exe_dir(exe, sizeof exe);
  if (kb_in_build_tree(exe_dir))
    snprintf(buf, len, "%s/scripts/%s", KBENCH_SRCDIR, file);
  else
    snprintf(buf, len, "%s/%s", kb_libexecdir(exe_dir, dir, sizeof dir),
             file);
}

/* The python3 on PATH is often a pyenv or venv one without matplotlib while
 * the system's has it, so ask each candidate rather than trust the first. */
static int can_import(const char *python, const char *modules)
{
  char code[256];
  snprintf(code, sizeof code, "import %s", modules);
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
    execlp(python, python, "-c", code, (char *)NULL);
    _exit(127);
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return 0;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* KBENCH_VERDICTS for the scripts: kbench's verdicts from the least
** serious to the most (model/verdict.h's one ranking), each with its word
** and whether its message follows its stage, as JSON, so that the report
** and history read them from here rather than keep a list of their own:
** [{"name": "pass", "word": "ok", "stage": true}, ...]. */
static void verdicts_env(void)
{
  int order[KB_VERDICTS], n = 0;
  for (int v = 0; v < KB_VERDICTS; v++) {
    int i = n++;
    for (; i > 0 && kb_verdict_worse(order[i - 1], v) == order[i - 1]; i--)
      order[i] = order[i - 1];
    order[i] = v;
  }
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f)
    return;
  kb_jw w;
  kb_jw_start(&w, f, KB_JW_COMPACT);
  kb_jw_array(&w, NULL);
  for (int i = 0; i < n; i++) {
    kb_jw_object(&w, NULL);
    kb_jw_string(&w, "name", kb_verdict_name(order[i]));
    kb_jw_string(&w, "word", kb_verdict_word(order[i]));
    kb_jw_bool(&w, "stage", kb_verdict_shows_stage(order[i]));
    kb_jw_end(&w);
  }
  kb_jw_end(&w);
  if (fclose(f) == 0)
    setenv("KBENCH_VERDICTS", text, 1);
  free(text);
}

int kb_script_exec(const kb_script *s, int argc, char **argv)
{
  char script[PATH_MAX + 32];
  script_path(s->file, script, sizeof script);
  if (access(script, R_OK) != 0) {
    fprintf(stderr, "kbench %s: %s: %s\n", s->subcommand, script,
            strerror(errno));
    return KB_EXIT_USAGE;
  }
  const char *env = getenv("KBENCH_PYTHON");
  const char *candidates[] = {env && *env ? env : NULL, "python3",
                              "/usr/bin/python3"};
  for (size_t i = 0; i < sizeof candidates / sizeof *candidates; i++) {
    if (!candidates[i] || !can_import(candidates[i], s->modules))
      continue;
    char **args = calloc((size_t)argc + 2, sizeof *args);
    if (!args) {
      fprintf(stderr, "kbench %s: out of memory\n", s->subcommand);
      return KB_EXIT_USAGE;
    }
    verdicts_env();
    args[0] = (char *)candidates[i];
    args[1] = script;
    for (int a = 1; a < argc; a++)
      args[a + 1] = argv[a];
    execvp(candidates[i], args);
    fprintf(stderr, "kbench %s: %s: %s\n", s->subcommand, candidates[i],
            strerror(errno));
    free(args);
    return KB_EXIT_USAGE;
  }
  fprintf(stderr, "kbench %s: no Python that can import %s (tried %s%s%s"
          "python3 on PATH, /usr/bin/python3); install %s or set "
          "KBENCH_PYTHON\n", s->subcommand, s->modules,
          env && *env ? "KBENCH_PYTHON=" : "", env && *env ? env : "",
          env && *env ? ", " : "", s->packages);
  return KB_EXIT_USAGE;
}
