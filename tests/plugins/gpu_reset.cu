/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define GPU_RESET
#define BROKEN_NAME "gpu_reset"
#include "gpu_broken.cuh"
