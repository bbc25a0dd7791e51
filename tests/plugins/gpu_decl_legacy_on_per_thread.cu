/* The isolation corpus on a GPU: see gpu_broken.cuh.  Declares the legacy
** default stream and launches on the per-thread one: the error names both. */
#define GPU_PER_THREAD
#define GPU_DECLARE_STREAM KBENCH_VARIANT_LEGACY_STREAM
#define BROKEN_NAME "gpu_decl_legacy_on_per_thread"
#include "gpu_broken.cuh"
