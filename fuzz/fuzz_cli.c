/*
** kbench fuzz target for libFuzzer.  fuzz/run.sh [SECONDS] builds every
** fuzz/fuzz_*.c with clang -fsanitize=fuzzer,address,undefined against the
** runner's sources and runs each from a copy of fuzz/corpus/<target>/, so
** a new target is one such file plus its corpus folder.  To replay one
** input after a run: fuzz/work/build/<target> FILE.
**
** fuzz_cli: the command line.  The input is argv, one word per NUL- or
** newline-separated field, given to kb_cli_parse() and kb_cli_free().
** Then a fixed command line must parse exactly as it did the first time:
** kbench parses once, but tests and a supervisor may parse again, and no
** earlier call may leave state behind.  The input's words stay alive
** meanwhile, so that stale pointers into them give wrong options, every
** time, rather than a read of freed memory that depends on the order of
** inputs.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "plan/cli.h"

static char program[] = "kbench", plugin[] = "reduce_cpu.so", name[] = "copy";
static char *fixed_argv[] = {program, plugin, name, NULL};
static kb_options first;
static int first_rc, have_first;

/* Every string the options keep must still be a word of argv: strlen
** makes ASan check the read. */
static size_t touch(const char *s)
{
  return s ? strlen(s) : 0;
}

/* The fixed command line parses as it did the first time. */
static void check_fixed(void)
{
  kb_options o;
  int rc = kb_cli_parse(3, fixed_argv, &o);
  if (!have_first) {
    first = o;  /* kept, and its list with it */
    first_rc = rc;
    have_first = 1;
    return;
  }
  if (rc != first_rc || o.n_plugins != 1 || o.plugins[0] != plugin
      || o.n_names != 1 || o.names[0] != name
      || o.n_patterns || o.n_params || o.n_zips || o.n_excludes
      || o.list != first.list || o.tap != first.tap
      || o.json_stdout != first.json_stdout || o.json_path
      || o.repetitions != first.repetitions || o.calibrate != first.calibrate
      || o.seed != first.seed || o.n_devices != first.n_devices
      || o.devices[0] != first.devices[0] || o.all_devices
      || o.device_given || o.devices_given || o.csv_path
      || o.samples_path || o.cases_path || o.case_timeout != first.case_timeout
      || memcmp(&o.measure, &first.measure, sizeof o.measure))
    abort();  /* an earlier parse left state behind */
  kb_cli_free(&o);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc;
  (void)argv;
  check_fixed();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char *buf = malloc(size + 1);
  char **argv = malloc((size + 3) * sizeof *argv);
  if (!buf || !argv) {
    free(buf);
    free(argv);
    return 0;
  }
  memcpy(buf, data, size);
  buf[size] = '\0';

  /* Each separator ends a word; a non-empty tail is the last one. */
  int argc = 0;
  argv[argc++] = program;
  char *word = buf;
  for (size_t i = 0; i < size; i++)
    if (buf[i] == '\0' || buf[i] == '\n') {
      buf[i] = '\0';
      argv[argc++] = word;
      word = buf + i + 1;
    }
  if (*word)
    argv[argc++] = word;
  argv[argc] = NULL;

  kb_options o;
  size_t sum = 0;
  (void)kb_cli_parse(argc, argv, &o);
  for (size_t i = 0; i < o.n_plugins; i++)
    sum += touch(o.plugins[i]);
  for (size_t i = 0; i < o.n_names; i++)
    sum += touch(o.names[i]);
  for (size_t i = 0; i < o.n_patterns; i++)
    sum += touch(o.patterns[i]);
  for (size_t i = 0; i < o.n_params; i++)
    sum += touch(o.params[i].source) + touch(o.params[i].name)
           + touch(o.params[i].values);
  for (size_t i = 0; i < o.n_zips; i++)
    sum += touch(o.zips[i]);
  for (size_t i = 0; i < o.n_excludes; i++)
    sum += touch(o.excludes[i]);
  sum += touch(o.json_path) + touch(o.csv_path) + touch(o.samples_path)
         + touch(o.cases_path);
  kb_cli_free(&o);
  check_fixed();
  free(argv);
  free(buf);
  return sum == SIZE_MAX;  /* never: keeps the reads */
}
