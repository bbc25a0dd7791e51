/*
** The loader's copies of a library already in memory (kb_plugin_adopt):
** the fields past a plugin's recorded sizes read as zero, whatever its
** memory holds there, and a size that ends inside a field copies none of
** that field (fuzz/fuzz_abi.c found both the partial pointer and, with no
** parameters at all, arithmetic on a NULL pointer); ABI 1.2's flags are
** kept, and one this runner does not know refuses the library.
*/
#include <stddef.h>
#include <string.h>

#include "worker/plugin/loader.h"
#include "tap.h"

static int noop(const kbench_host *h, void **s) { (void)h; (void)s; return 0; }
static int noop2(const kbench_host *h, void *s) { (void)h; (void)s; return 0; }
static void bytes(const kbench_host *h, void *s, kbench_bytes *b) { (void)h; (void)s; (void)b; }
static void down(const kbench_host *h, void *s) { (void)h; (void)s; }
static void work(const kbench_host *h, void *s, kbench_work *w) { (void)h; (void)s; (void)w; }

/* Names that read as integers too: the default "1" holds either way. */
static const char *const choices[] = {"1", "2"};
/* Memory as a plugin built against a newer header would fill it: every
** field set, whatever size the variant records. */
static kbench_param params[1] = {
  {"n", "an integer", "1", 0, 8, 0, choices, 2}};
static kbench_variant variant = {
  0, "v", "a variant", "tests", KBENCH_BACKEND_HOST, params, 1, noop, noop2,
  noop2, bytes, down, work, KBENCH_VARIANT_SYNCS};
static kbench_variant bare = {
  sizeof(kbench_variant), "bare", "no parameters", "tests",
  KBENCH_BACKEND_HOST, NULL, 0, noop, noop2, noop2, bytes, down, NULL, 0};
static const kbench_variant *listed;

static const kbench_variant *one(uint32_t i)
{
  return i ? NULL : listed;
}

/* Adopt `v` recording variant size vsize, parameters of psize bytes. */
static int adopt(kb_plugin *p, kbench_variant *v, size_t vsize, size_t psize,
                 char *err, size_t len)
{
  static kbench_library lib;
  lib = (kbench_library){KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR,
                         sizeof(kbench_library), sizeof(kbench_variant),
                         (uint32_t)psize, one};
  v->size = (uint32_t)vsize;
  listed = v;
  return kb_plugin_adopt(p, &lib, err, len);
}

#define END(type, field) (offsetof(type, field) + sizeof ((type *)0)->field)

int main(void)
{
  kb_plugin p;
  char err[512] = "";
  const size_t v10 = END(kbench_variant, teardown);
  const size_t p10 = END(kbench_param, flags);

  ok(adopt(&p, &variant, v10, p10, err, sizeof err) == 0
     && p.variants[0]->work == NULL && p.variants[0]->flags == 0
     && p.variants[0]->params[0].choices == NULL
     && p.variants[0]->params[0].n_choices == 0,
     "ABI 1.0 sizes: work, flags and choices read as zero (%s)", err);
  kb_plugin_unload(&p);

  ok(adopt(&p, &variant, END(kbench_variant, work), sizeof(kbench_param),
           err, sizeof err) == 0
     && p.variants[0]->work == work && p.variants[0]->flags == 0
     && p.variants[0]->params[0].n_choices == 2,
     "ABI 1.1 sizes: work and the choices copied, flags zero (%s)", err);
  kb_plugin_unload(&p);

  ok(adopt(&p, &variant, sizeof(kbench_variant), sizeof(kbench_param), err,
           sizeof err) == 0
     && p.variants[0]->flags == KBENCH_VARIANT_SYNCS,
     "ABI 1.2 sizes: KBENCH_VARIANT_SYNCS kept (%s)", err);
  kb_plugin_unload(&p);

  ok(adopt(&p, &variant, offsetof(kbench_variant, work) + 4,
           offsetof(kbench_param, choices) + 4, err, sizeof err) == 0
     && p.variants[0]->work == NULL
     && p.variants[0]->params[0].choices == NULL,
     "sizes that end inside a pointer copy none of it (%s)", err);
  kb_plugin_unload(&p);

  ok(adopt(&p, &variant, offsetof(kbench_variant, flags) + 2,
           sizeof(kbench_param), err, sizeof err) == 0
     && p.variants[0]->work == work && p.variants[0]->flags == 0,
     "a size that ends inside flags copies none of them (%s)", err);
  kb_plugin_unload(&p);

  ok(adopt(&p, &bare, sizeof bare, sizeof(kbench_param), err, sizeof err)
     == 0 && p.n_variants == 1 && p.variants[0]->params == NULL,
     "a library with no parameter at all loads (%s)", err);
  kb_plugin_unload(&p);

  variant.flags = 0x10;
  ok(adopt(&p, &variant, sizeof(kbench_variant), sizeof(kbench_param), err,
           sizeof err) == -1
     && strstr(err, "variant v: unknown flags 0x10") != NULL,
     "an unknown flag refuses the library: %s", err);
  variant.flags = KBENCH_VARIANT_SYNCS;

  ok(adopt(&p, &variant, v10 - 1, p10, err, sizeof err) == -1
     && strstr(err, "smaller than ABI 1.0's") != NULL,
     "a variant smaller than ABI 1.0's is refused: %s", err);
  return tap_done();
}
