/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define GPU_OFF_COPY
#define BROKEN_NAME "gpu_off_copy"
#include "gpu_broken.cuh"
