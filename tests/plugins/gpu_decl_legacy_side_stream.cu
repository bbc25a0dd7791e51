/* The isolation corpus on a GPU: see gpu_broken.cuh.  Declares the legacy
** default stream, forks off it to a blocking stream and never joins with
** an event (the implicit ordering behind the legacy stream does not
** count). */
#define GPU_SIDE_STREAM
#define GPU_DECLARE_STREAM KBENCH_VARIANT_LEGACY_STREAM
#define BROKEN_NAME "gpu_decl_legacy_side_stream"
#include "gpu_broken.cuh"
