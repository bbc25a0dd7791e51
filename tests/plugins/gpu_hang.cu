/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define GPU_HANG
#define BROKEN_NAME "gpu_hang"
#include "gpu_broken.cuh"
