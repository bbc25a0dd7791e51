/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define GPU_ILLEGAL
#define BROKEN_NAME "gpu_illegal"
#include "gpu_broken.cuh"
