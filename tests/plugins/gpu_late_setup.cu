/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define BROKEN_NAME "gpu_late_setup"
#define GPU_LATE_SETUP
#include "gpu_broken.cuh"
