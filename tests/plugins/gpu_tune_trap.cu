/* kbench tune's space with a GPU fault and a GPU hang: see gpu_broken.cuh. */
#define GPU_TUNE_TRAP
#define BROKEN_NAME "gpu_tune_trap"
#include "gpu_broken.cuh"
