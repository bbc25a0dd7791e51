/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define BROKEN_NAME "gpu_ok"
#include "gpu_broken.cuh"
