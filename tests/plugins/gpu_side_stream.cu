/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define GPU_SIDE_STREAM
#define BROKEN_NAME "gpu_side_stream"
#include "gpu_broken.cuh"
