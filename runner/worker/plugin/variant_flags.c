/* A variant's flags: what the loader accepts, and the timed stream (variant_flags.h). */
#include <stdio.h>
#include <string.h>

#include "worker/plugin/variant_flags.h"

#define KB_DEFAULT_STREAMS \
  (KBENCH_VARIANT_LEGACY_STREAM | KBENCH_VARIANT_PER_THREAD_STREAM)

/* The bits each minor knows: a plugin cannot mean a bit its header did not
** have, so one set there is garbage, not a request. */
static uint32_t known_in(uint32_t abi_minor)
{
  return abi_minor >= 3 ? KBENCH_VARIANT_SYNCS | KB_DEFAULT_STREAMS
       : abi_minor == 2 ? KBENCH_VARIANT_SYNCS : 0;
}

int kb_variant_flags_check(const kbench_variant *v, uint32_t abi_minor,
                           char *err, size_t len)
{
  uint32_t f = v->flags;
  uint32_t mine = known_in(KBENCH_ABI_MINOR);
  /* A flag this runner does not know asks for a treatment it cannot give
  ** (a plugin of a newer minor is refused before this). */
  if (f & ~mine) {
    snprintf(err, len, "variant %s: unknown flags 0x%x (this runner knows "
             "KBENCH_VARIANT_SYNCS 0x%x, _LEGACY_STREAM 0x%x and "
             "_PER_THREAD_STREAM 0x%x)", v->name, (unsigned)(f & ~mine),
             (unsigned)KBENCH_VARIANT_SYNCS,
             (unsigned)KBENCH_VARIANT_LEGACY_STREAM,
             (unsigned)KBENCH_VARIANT_PER_THREAD_STREAM);
    return -1;
  }
  if (f & ~known_in(abi_minor)) {
    snprintf(err, len, "variant %s: flags 0x%x are ABI 1.3's, but the "
             "plugin was built for ABI 1.%u: rebuild it against this "
             "kbench's header", v->name,
             (unsigned)(f & ~known_in(abi_minor)), (unsigned)abi_minor);
    return -1;
  }
  if ((f & KB_DEFAULT_STREAMS) == KB_DEFAULT_STREAMS) {
    snprintf(err, len, "variant %s: declares both KBENCH_VARIANT_LEGACY_"
             "STREAM and KBENCH_VARIANT_PER_THREAD_STREAM: run launches on "
             "one default stream, declare that one", v->name);
    return -1;
  }
  if ((f & KB_DEFAULT_STREAMS) && v->backend != KBENCH_BACKEND_CUDA) {
    snprintf(err, len, "variant %s: declares a default stream (flags 0x%x) "
             "but is not a CUDA variant", v->name,
             (unsigned)(f & KB_DEFAULT_STREAMS));
    return -1;
  }
  return 0;
}

int kb_variant_timed_stream(const kbench_variant *v)
{
  return v->flags & KBENCH_VARIANT_LEGACY_STREAM ? KB_GPU_TIMED_LEGACY
       : v->flags & KBENCH_VARIANT_PER_THREAD_STREAM
         ? KB_GPU_TIMED_PER_THREAD : KB_GPU_TIMED_OWN;
}
