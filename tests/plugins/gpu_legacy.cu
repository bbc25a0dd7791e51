/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define GPU_LEGACY
#define BROKEN_NAME "gpu_legacy"
#include "gpu_broken.cuh"
