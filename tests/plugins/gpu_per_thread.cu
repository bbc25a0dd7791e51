/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define GPU_PER_THREAD
#define BROKEN_NAME "gpu_per_thread"
#include "gpu_broken.cuh"
