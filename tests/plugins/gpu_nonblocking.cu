/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define GPU_NONBLOCKING
#define BROKEN_NAME "gpu_nonblocking"
#include "gpu_broken.cuh"
