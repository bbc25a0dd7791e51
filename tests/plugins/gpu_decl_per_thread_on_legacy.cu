/* The isolation corpus on a GPU: see gpu_broken.cuh.  Declares the
** per-thread default stream and launches on the legacy one: the error
** names both. */
#define GPU_LEGACY
#define GPU_DECLARE_STREAM KBENCH_VARIANT_PER_THREAD_STREAM
#define BROKEN_NAME "gpu_decl_per_thread_on_legacy"
#include "gpu_broken.cuh"
