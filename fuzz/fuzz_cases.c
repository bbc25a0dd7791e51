/*
** kbench fuzz target for libFuzzer.  fuzz/run.sh [SECONDS] builds every
** fuzz/fuzz_*.c with clang -fsanitize=fuzzer,address,undefined against the
** runner's sources and runs each from a copy of fuzz/corpus/<target>/, so
** a new target is one such file plus its corpus folder.  To replay one
** input after a run: fuzz/work/build/<target> FILE.
**
** fuzz_cases: a --cases file, read by kb_plan_read_cases() against a small
** in-memory catalogue (no plugin is loaded).  Beyond the sanitizers, every
** planned value must be within its parameter's declared limits.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/params.h"
#include "plan/plan.h"

static int never(const kbench_host *h, void **s) { (void)h; (void)s; return 1; }
static int never2(const kbench_host *h, void *s) { (void)h; (void)s; return 1; }
static void bytes(const kbench_host *h, void *s, kbench_bytes *b) { (void)h; (void)s; (void)b; }
static void down(const kbench_host *h, void *s) { (void)h; (void)s; }

static const kbench_param fake_params[] = {
  {"n", "elements", "64M", 1, (int64_t)1 << 31, 0, NULL, 0},
  {"stride", "stride", "1,2,4", 1, 32, 0, NULL, 0},
};
static const char *const dtypes[] = {"f32", "f64", "i32"};
static const kbench_param pow2_params[] = {
  {"dtype", "an enumerated parameter", "f32", 0, 0, 0, dtypes, 3},
  {"block", "threads per block", "256", 32, 1024, KBENCH_PARAM_POW2, NULL, 0},
  {"shift", "any value", "0", INT64_MIN, INT64_MAX, 0, NULL, 0},
};
static const kbench_variant fake = {
  .size = sizeof(kbench_variant),
  .name = "fake",
  .summary = "two lists",
  .origin = "fuzz",
  .backend = KBENCH_BACKEND_HOST,
  .params = fake_params,
  .n_params = 2,
  .setup = never,
  .run = never2,
  .verify = never2,
  .bytes_moved = bytes,
  .teardown = down,
};
static const kbench_variant pow2 = {
  .size = sizeof(kbench_variant),
  .name = "pow2",
  .summary = "a power of two",
  .origin = "fuzz",
  .backend = KBENCH_BACKEND_HOST,
  .params = pow2_params,
  .n_params = 3,
  .setup = never,
  .run = never2,
  .verify = never2,
  .bytes_moved = bytes,
  .teardown = down,
};
static const kbench_variant bare = {
  .size = sizeof(kbench_variant),
  .name = "bare",
  .summary = "no parameters",
  .origin = "fuzz",
  .backend = KBENCH_BACKEND_HOST,
  .setup = never,
  .run = never2,
  .verify = never2,
  .bytes_moved = bytes,
  .teardown = down,
};
static const kbench_library lib = {
  KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR, sizeof(kbench_library),
  sizeof(kbench_variant), sizeof(kbench_param), NULL,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static const kbench_variant *list[] = {&fake, &pow2, &bare};
  kb_plugin plugin = {"fake.so", NULL, &lib, list, 3, NULL, NULL};
  char *text = malloc(size + 1);  /* fmemopen wants a writable buffer */
  if (!text)
    return 0;
  memcpy(text, data, size);
  FILE *f = fmemopen(text, size, "r");
  if (!f) {
    free(text);
    return 0;
  }
  kb_plan plan;
  char err[1024];
  if (kb_plan_read_cases(&plan, &plugin, 1, f, "fuzz", err, sizeof err) == 0)
    for (size_t i = 0; i < plan.n; i++) {
      const kbench_variant *v = plan.cases[i].variant;
      for (uint32_t k = 0; k < v->n_params; k++)
        if (kb_param_check(&v->params[k], plan.cases[i].values[k], err,
                           sizeof err))
          abort();  /* a value the plan should have refused */
    }
  kb_plan_free(&plan);
  fclose(f);
  free(text);
  return 0;
}
