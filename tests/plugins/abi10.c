/*
** A plugin built against a frozen older header, which this runner must
** still load, run and verify: ABI 1.0 (tests/abi10/, the module abi10)
** or, with ABI_OLD_MINOR=1, ABI 1.1 (tests/abi11/, the module abi11),
** with ABI_OLD_MINOR=2, ABI 1.2 (tests/abi12/, the module abi12), or with
** ABI_OLD_MINOR=3, ABI 1.3 (tests/abi13/, the module abi13).
** Its variant and its parameters each end exactly where an inaccessible
** page begins, so a runner that reads a field the plugin's ABI does not
** have (kbench_variant.work or .flags, kbench_param.choices) faults, and
** the load fails.
*/
#define _DEFAULT_SOURCE 1
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <kbench/plugin.h>

#ifndef ABI_OLD_MINOR
#  define ABI_OLD_MINOR 0
#endif
#if KBENCH_ABI_MINOR != ABI_OLD_MINOR
#  error "abi10.c must be built against tests/abi1<ABI_OLD_MINOR>/kbench/plugin.h"
#endif
#if ABI_OLD_MINOR == 0
#  define ABI_OLD_NAME "abi10_sum"
#elif ABI_OLD_MINOR == 1
#  define ABI_OLD_NAME "abi11_sum"
#elif ABI_OLD_MINOR == 2
#  define ABI_OLD_NAME "abi12_sum"
#else
#  define ABI_OLD_NAME "abi13_sum"
#endif

typedef struct sum {
  int32_t *in;
  size_t n;
  int32_t total;
  int32_t expected;
} sum;

static int sum_setup(const kbench_host *h, void **state)
{
  sum *s = calloc(1, sizeof *s);
  if (!s)
    return h->fail(h, KBENCH_ERROR, "out of memory");
  *state = s;
  s->n = (size_t)h->param(h, "n");
  if (!(s->in = malloc(s->n * sizeof *s->in)))
    return h->fail(h, KBENCH_ERROR, "out of memory");
  uint32_t expected = 0;
  for (size_t i = 0; i < s->n; i++) {
    s->in[i] = (int32_t)(h->random(h) % 2001) - 1000;
    expected += (uint32_t)s->in[i];
  }
  s->expected = (int32_t)expected;
  return h->output(h, &s->total, sizeof s->total, KBENCH_MEM_HOST);
}

static int sum_run(const kbench_host *h, void *state)
{
  sum *s = state;
  uint32_t acc = 0;
  (void)h;
  for (size_t i = s->n; i-- > 0;)
    acc += (uint32_t)s->in[i];
  s->total = (int32_t)acc;
  return KBENCH_OK;
}

static int sum_verify(const kbench_host *h, void *state)
{
  sum *s = state;
  if (s->total != s->expected)
    return h->fail(h, KBENCH_WRONG, "sum = %d, expected %d", s->total,
                   s->expected);
  return KBENCH_OK;
}

static void sum_bytes(const kbench_host *h, void *state, kbench_bytes *b)
{
  sum *s = state;
  (void)h;
  b->read = s->n * sizeof *s->in;
  b->written = sizeof s->total;
  b->memory = KBENCH_MEM_HOST;
}

static void sum_teardown(const kbench_host *h, void *state)
{
  sum *s = state;
  (void)h;
  free(s->in);
  free(s);
}

/* n bytes that end where a PROT_NONE page begins; NULL on failure.  The
** mapping lives as long as the process. */
static void *before_guard(size_t n)
{
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  if (n > page)
    return NULL;
  char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED || mprotect(map + page, page, PROT_NONE))
    return NULL;
  return map + page - n;
}

static const kbench_variant *variant_at(uint32_t index)
{
  static kbench_variant *variant;
  if (index > 0)
    return NULL;
  if (!variant) {
    static const kbench_param param = {
      "n", "elements summed", "1000,1001", 1, 1 << 20, 0,
    };
    const kbench_variant proto = {
      .size = sizeof(kbench_variant),
      .name = ABI_OLD_NAME,
      .summary = "TEST ONLY: an int32 sum built against an older ABI",
      .origin = "tests",
      .backend = KBENCH_BACKEND_HOST,
      .params = NULL,
      .n_params = 1,
      .setup = sum_setup,
      .run = sum_run,
      .verify = sum_verify,
      .bytes_moved = sum_bytes,
      .teardown = sum_teardown,
    };
    kbench_param *params = before_guard(sizeof param);
    variant = before_guard(sizeof proto);
    if (!params || !variant)
      return NULL;
    memcpy(params, &param, sizeof param);
    memcpy(variant, &proto, sizeof proto);
    variant->params = params;
  }
  return variant;
}

KBENCH_PLUGIN_ENTRY_DECL
{
  static const kbench_library lib = {
    KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR, sizeof(kbench_library),
    sizeof(kbench_variant), sizeof(kbench_param), variant_at,
  };
  return &lib;
}
