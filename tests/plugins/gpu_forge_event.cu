/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define GPU_FORGE_EVENT
#define BROKEN_NAME "gpu_forge_event"
#include "gpu_broken.cuh"
