/* The isolation corpus on a GPU: see gpu_broken.cuh.  Declares the legacy
** default stream and leaves its work on a non-blocking stream, unjoined:
** work left running after the run. */
#define GPU_NONBLOCKING
#define GPU_DECLARE_STREAM KBENCH_VARIANT_LEGACY_STREAM
#define BROKEN_NAME "gpu_decl_legacy_nonblocking"
#include "gpu_broken.cuh"
