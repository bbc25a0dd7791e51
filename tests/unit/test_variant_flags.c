#include <stdlib.h>
/*
** ABI 1.3's default-stream declarations as the loader takes them
** (worker/plugin/variant_flags.h, through kb_plugin_adopt): each flag alone is
** kept on a CUDA variant and names the stream the case is timed on; both
** at once, one on a host variant, or one in a plugin of ABI 1.0-1.2 (whose
** header had no such bit) refuses the library, saying why; a plugin of
** 1.2 keeps KBENCH_VARIANT_SYNCS, and 1.3 may pair it with a stream; 1.4
** added no flag.
*/
#include <string.h>

#include "worker/plugin/loader.h"
#include "worker/plugin/variant_flags.h"
#include "tap.h"

static int noop(const kbench_host *h, void **s) { (void)h; (void)s; return 0; }
static int noop2(const kbench_host *h, void *s) { (void)h; (void)s; return 0; }
static void bytes(const kbench_host *h, void *s, kbench_bytes *b) { (void)h; (void)s; (void)b; }
static void down(const kbench_host *h, void *s) { (void)h; (void)s; }

static kbench_variant variant = {
  sizeof(kbench_variant), "v", "a variant", "tests", KBENCH_BACKEND_CUDA,
  NULL, 0, noop, noop2, noop2, bytes, down, NULL, 0};

static const kbench_variant *one(uint32_t i)
{
  return i ? NULL : &variant;
}

/* Adopt the variant with these flags, backend and library minor. */
static int adopt(kb_plugin *p, uint32_t flags, int backend, uint32_t minor,
                 char *err, size_t len)
{
  static kbench_library lib;
  lib = (kbench_library){KBENCH_ABI_MAJOR, minor, sizeof(kbench_library),
                         sizeof(kbench_variant), sizeof(kbench_param), one};
  variant.flags = flags;
  variant.backend = backend;
  err[0] = '\0';
  return kb_plugin_adopt(p, &lib, err, len);
}

int main(void)
{
  kb_plugin p;
  char err[512];
  const uint32_t legacy = KBENCH_VARIANT_LEGACY_STREAM;
  const uint32_t per_thread = KBENCH_VARIANT_PER_THREAD_STREAM;

  ok(KBENCH_ABI_MINOR >= 3 && legacy == 0x2 && per_thread == 0x4,
     "ABI 1.3: the two default-stream bits follow KBENCH_VARIANT_SYNCS");

  ok(adopt(&p, 0, KBENCH_BACKEND_CUDA, 3, err, sizeof err) == 0
     && kb_variant_timed_stream(p.variants[0]) == KB_GPU_TIMED_OWN,
     "no declaration: timed on the runner's own stream (%s)", err);
  kb_plugin_unload(&p);

  ok(adopt(&p, legacy, KBENCH_BACKEND_CUDA, 3, err, sizeof err) == 0
     && p.variants[0]->flags == legacy
     && kb_variant_timed_stream(p.variants[0]) == KB_GPU_TIMED_LEGACY,
     "KBENCH_VARIANT_LEGACY_STREAM: kept, timed on the legacy stream (%s)",
     err);
  kb_plugin_unload(&p);

  ok(adopt(&p, per_thread, KBENCH_BACKEND_CUDA, 3, err, sizeof err) == 0
     && kb_variant_timed_stream(p.variants[0]) == KB_GPU_TIMED_PER_THREAD,
     "KBENCH_VARIANT_PER_THREAD_STREAM: timed on the per-thread stream (%s)",
     err);
  kb_plugin_unload(&p);

  ok(adopt(&p, legacy | KBENCH_VARIANT_SYNCS, KBENCH_BACKEND_CUDA, 3, err,
           sizeof err) == 0
     && kb_variant_timed_stream(p.variants[0]) == KB_GPU_TIMED_LEGACY,
     "a default stream with KBENCH_VARIANT_SYNCS: library code that waits "
     "(%s)", err);
  kb_plugin_unload(&p);

  ok(adopt(&p, legacy | per_thread, KBENCH_BACKEND_CUDA, 3, err, sizeof err)
     == -1 && strstr(err, "variant v: declares both "
                     "KBENCH_VARIANT_LEGACY_STREAM and "
                     "KBENCH_VARIANT_PER_THREAD_STREAM") != NULL,
     "both default streams refuse the library: %s", err);

  ok(adopt(&p, per_thread, KBENCH_BACKEND_HOST, 3, err, sizeof err) == -1
     && strstr(err, "variant v: declares a default stream (flags 0x4) but "
               "is not a CUDA variant") != NULL,
     "a default stream on a host variant is refused: %s", err);

  ok(adopt(&p, legacy, KBENCH_BACKEND_CUDA, 2, err, sizeof err) == -1
     && strstr(err, "variant v: flags 0x2 are ABI 1.3's, but the plugin "
               "was built for ABI 1.2") != NULL,
     "a 1.2 plugin cannot hold a 1.3 bit: %s", err);

  ok(adopt(&p, KBENCH_VARIANT_SYNCS, KBENCH_BACKEND_CUDA, 2, err, sizeof err)
     == 0 && kb_variant_timed_stream(p.variants[0]) == KB_GPU_TIMED_OWN,
     "a 1.2 plugin keeps KBENCH_VARIANT_SYNCS, timed on the runner's "
     "stream (%s)", err);
  kb_plugin_unload(&p);

  ok(adopt(&p, 0, KBENCH_BACKEND_CUDA, 0, err, sizeof err) == 0
     && kb_variant_timed_stream(p.variants[0]) == KB_GPU_TIMED_OWN,
     "a 1.0 library with no flags loads as before (%s)", err);
  kb_plugin_unload(&p);

  ok(adopt(&p, 0x8, KBENCH_BACKEND_CUDA, 3, err, sizeof err) == -1
     && strstr(err, "variant v: unknown flags 0x8") != NULL,
     "a bit past 1.3's is unknown: %s", err);

  /* ABI 1.4 appended to kbench_host only: its flags are 1.3's. */
  ok(adopt(&p, legacy | KBENCH_VARIANT_SYNCS, KBENCH_BACKEND_CUDA, 4, err,
           sizeof err) == 0
     && kb_variant_timed_stream(p.variants[0]) == KB_GPU_TIMED_LEGACY,
     "a 1.4 plugin keeps 1.3's flags (%s)", err);
  kb_plugin_unload(&p);
  ok(adopt(&p, 0x8, KBENCH_BACKEND_CUDA, 4, err, sizeof err) == -1
     && strstr(err, "variant v: unknown flags 0x8") != NULL,
     "and has no bit of its own: %s", err);
  return tap_done();
}
