/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define GPU_CRASH_RUN
#define BROKEN_NAME "gpu_crash_run"
#include "gpu_broken.cuh"
