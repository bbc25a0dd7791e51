/*
** kbench fuzz target for libFuzzer (fuzz/run.sh builds and runs it).
**
** fuzz_abi: the loader's checks and copies (kb_plugin_adopt) on a library
** whose ABI version and structure sizes come from the input: its minor
** (0 to 7, the runner's being 4: newer ones must be refused) and major,
** the recorded sizes of the library, the variants and the parameters
** (from below ABI 1.0's to past this runner's), each variant's flags,
** backend and parameter count.
** Every parameter array ends exactly where an inaccessible page begins,
** and every variant as near it as its alignment allows, so reading past a
** recorded size crashes.
** Beyond the sanitizers: a library the loader accepts has, in its copies,
** zero for every field past the plugin's recorded sizes (ABI 1.1's work
** and choices, ABI 1.2's flags) and only the flags its minor knows (ABI
** 1.2: KBENCH_VARIANT_SYNCS; 1.3 adds one default stream, on a CUDA
** variant only; 1.4 adds none, only kbench_host.inout); and no library
** of a minor newer than the header's is accepted.
*/
#define _DEFAULT_SOURCE 1
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "worker/plugin/loader.h"

static int setup(const kbench_host *h, void **s) { (void)h; (void)s; return 1; }
static int run(const kbench_host *h, void *s) { (void)h; (void)s; return 1; }
static void bytes(const kbench_host *h, void *s, kbench_bytes *b)
{ (void)h; (void)s; (void)b; }
static void down(const kbench_host *h, void *s) { (void)h; (void)s; }
static void work(const kbench_host *h, void *s, kbench_work *w)
{ (void)h; (void)s; (void)w; }

#define MAX_VARIANTS 3
#define MAX_PARAMS 3
/* Recorded sizes range up to this much past this runner's structures. */
#define PAST 64

static const char *const names[MAX_VARIANTS] = {"v0", "v1", "v2"};
static const char *const param_names[MAX_PARAMS] = {"n", "m", "k"};
static const char *const choices[] = {"a", "b"};
static const kbench_variant *listed[MAX_VARIANTS + 1];

static const kbench_variant *variant_at(uint32_t i)
{
  return i < MAX_VARIANTS ? listed[i] : NULL;
}

/* Input bytes, read one at a time; zeros past the end. */
typedef struct input {
  const uint8_t *p;
  size_t left;
} input;

static unsigned next(input *in)
{
  if (!in->left)
    return 0;
  in->left--;
  return *in->p++;
}

static unsigned next16(input *in)
{
  unsigned lo = next(in);
  return lo | next(in) << 8;
}

/* A mapping whose last `bytes` bytes end where a PROT_NONE page begins
** (as near as `align` allows: a structure starts aligned in a real
** plugin), holding `have` bytes of src and then the input's bytes. */
typedef struct guarded {
  void *map;
  size_t len;
} guarded;

static void *before_guard(guarded *g, const void *src, size_t have,
                          size_t bytes, size_t align, input *in)
{
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t pages = (bytes + page - 1) / page + 1;
  g->len = (pages + 1) * page;
  g->map = mmap(NULL, g->len, PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (g->map == MAP_FAILED || mprotect((char *)g->map + pages * page, page,
                                       PROT_NONE))
    abort();
  unsigned char *at = (unsigned char *)g->map + pages * page
                      - (bytes + align - 1) / align * align;
  memcpy(at, src, have < bytes ? have : bytes);
  for (size_t i = have; i < bytes; i++)
    at[i] = (unsigned char)next(in);
  return at;
}

/* A recorded size: from 0 to PAST bytes past the runner's structure,
** often exactly one of the ABI's own sizes. */
static size_t size_of(input *in, size_t full, const size_t *abi, size_t n)
{
  unsigned pick = next(in);
  if (pick < 3 * n)
    return abi[pick % n];
  return next16(in) % (full + PAST + 1);
}

/* The variant flags a plugin of ABI 1.minor can mean, written out here
** from plugin.h's history, not taken from the loader it checks (1.4
** appended to kbench_host only). */
static uint32_t flags_known(uint32_t minor)
{
  if (minor >= 3)
    return KBENCH_VARIANT_SYNCS | KBENCH_VARIANT_LEGACY_STREAM
           | KBENCH_VARIANT_PER_THREAD_STREAM;
  return minor == 2 ? KBENCH_VARIANT_SYNCS : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  input in = {data, size};
  const size_t variant_abi[] = {
    offsetof(kbench_variant, teardown) + sizeof(void (*)(void)),
    offsetof(kbench_variant, work) + sizeof(void (*)(void)),
    sizeof(kbench_variant)};
  const size_t param_abi[] = {offsetof(kbench_param, flags) + sizeof(uint32_t),
                              sizeof(kbench_param)};
  unsigned version = next(&in);
  kbench_library lib = {
    version & 0x80 ? 2 : KBENCH_ABI_MAJOR, version & 7,
    sizeof(kbench_library), 0, 0, variant_at};
  lib.param_size = (uint32_t)size_of(&in, sizeof(kbench_param), param_abi, 2);
  lib.variant_size = (uint32_t)size_of(&in, sizeof(kbench_variant),
                                       variant_abi, 3);
  unsigned nv = 1 + next(&in) % MAX_VARIANTS;
  guarded maps[2 * MAX_VARIANTS];
  size_t vsize[MAX_VARIANTS];
  memset(listed, 0, sizeof listed);
  for (unsigned i = 0; i < nv; i++) {
    kbench_param params[MAX_PARAMS];
    unsigned np = next(&in) % (MAX_PARAMS + 1);
    for (unsigned k = 0; k < MAX_PARAMS; k++) {
      int enumerated = next(&in) & 1;
      params[k] = (kbench_param){param_names[k], "a parameter",
                                 enumerated ? "a" : "1", 0, 8, 0,
                                 enumerated ? choices : NULL,
                                 enumerated ? 2 : 0};
    }
    /* The parameters at the library's stride, the last one's recorded
    ** bytes ending at the guard. */
    size_t stride = lib.param_size;
    size_t pbytes = np ? (np - 1) * stride + stride : 0;
    unsigned char *packed = calloc(1, pbytes + sizeof(kbench_param));
    if (!packed)
      abort();
    for (unsigned k = 0; k < np; k++)
      memcpy(packed + k * stride, &params[k],
             stride < sizeof params[k] ? stride : sizeof params[k]);
    const void *pp = before_guard(&maps[2 * i], packed, pbytes, pbytes, 1,
                                  &in);
    free(packed);
    vsize[i] = size_of(&in, sizeof(kbench_variant), variant_abi, 3);
    int backend = next(&in) % 4 ? KBENCH_BACKEND_HOST : (int)next(&in);
    uint32_t flags = next(&in) % 8 ? KBENCH_VARIANT_SYNCS : next16(&in);
    kbench_variant v = {
      .size = (uint32_t)vsize[i],
      .name = names[i],
      .summary = "fuzzed",
      .origin = "fuzz",
      .backend = backend,
      .params = np ? (const kbench_param *)pp : NULL,
      .n_params = np,
      .setup = setup,
      .run = run,
      .verify = run,
      .bytes_moved = bytes,
      .teardown = down,
      .work = work,
      .flags = flags,
    };
    /* What a plugin's memory holds: its recorded size, and at least the
    ** smallest variant there is (ABI 1.0's), whose size field the loader
    ** must read before it can refuse a smaller claim. */
    size_t held = vsize[i] > variant_abi[0] ? vsize[i] : variant_abi[0];
    listed[i] = before_guard(&maps[2 * i + 1], &v, sizeof v, held,
                             _Alignof(kbench_variant), &in);
  }

  kb_plugin p;
  char err[512];
  if (kb_plugin_adopt(&p, &lib, err, sizeof err) == 0) {
    if (lib.abi_minor > KBENCH_ABI_MINOR)
      abort();   /* a minor newer than the header's accepted */
    for (size_t i = 0; i < p.n_variants; i++) {
      const kbench_variant *c = p.variants[i];
      if (vsize[i] < offsetof(kbench_variant, work) + sizeof c->work
          && c->work)
        abort();   /* work read past the plugin's variant */
      if (vsize[i] < offsetof(kbench_variant, flags) + sizeof c->flags
          && c->flags)
        abort();   /* flags read past it */
      if (c->flags & ~flags_known(lib.abi_minor))
        abort();   /* a flag unknown to the plugin's minor accepted */
      uint32_t streams = c->flags & (KBENCH_VARIANT_LEGACY_STREAM
                                     | KBENCH_VARIANT_PER_THREAD_STREAM);
      if (streams && ((streams & (streams - 1))
                      || c->backend != KBENCH_BACKEND_CUDA))
        abort();   /* two default streams, or one on a host variant */
      for (uint32_t k = 0; k < c->n_params; k++) {
        const kbench_param *prm = kb_variant_param(&p, c, k);
        if (lib.param_size < offsetof(kbench_param, choices)
                             + sizeof prm->choices
            && (prm->choices || prm->n_choices))
          abort();   /* choices read past the plugin's parameter */
      }
    }
    kb_plugin_unload(&p);
  }
  for (unsigned i = 0; i < 2 * nv; i++)
    munmap(maps[i].map, maps[i].len);
  return 0;
}
