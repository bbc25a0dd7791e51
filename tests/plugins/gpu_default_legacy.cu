/* Third-party code on a default stream: see gpu_default_stream.cuh. */
#define DEFAULT_LEGACY
#define DEFAULT_NAME "gpu_default_legacy"
#include "gpu_default_stream.cuh"
