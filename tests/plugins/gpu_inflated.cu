/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define GPU_INFLATED
#define BROKEN_NAME "gpu_inflated"
#include "gpu_broken.cuh"
