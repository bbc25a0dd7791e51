/* The isolation corpus on a GPU: see gpu_broken.cuh. */
#define GPU_GRAPH
#define BROKEN_NAME "gpu_graph"
#include "gpu_broken.cuh"
