/* Third-party code on a default stream: see gpu_default_stream.cuh. */
#define DEFAULT_NAME "gpu_default_sibling"
#include "gpu_default_stream.cuh"
