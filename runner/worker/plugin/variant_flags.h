/*
** A variant's flags (kbench_variant.flags, ABI 1.2 and later): which bits
** the loader accepts, and the stream a CUDA variant's runs are timed on
** (ABI 1.3's default-stream declarations).
*/
#ifndef KB_VARIANT_FLAGS_H
#define KB_VARIANT_FLAGS_H

#include <stddef.h>
#include <stdint.h>

#include <kbench/plugin.h>

#include "gpu/gpu.h"

/* v's flags checked against what a plugin of ABI minor abi_minor may set:
** 0, or -1 with why in err (an unknown bit, a bit newer than the plugin's
** minor, both default streams, a default stream on a host variant). */
int kb_variant_flags_check(const kbench_variant *v, uint32_t abi_minor,
                           char *err, size_t len);

/* The stream v's runs launch on, and are timed on (enum kb_gpu_timed). */
int kb_variant_timed_stream(const kbench_variant *v);

#endif
