/* Third-party code on a default stream: see gpu_default_stream.cuh. */
#define DEFAULT_PER_THREAD
#define DEFAULT_NAME "gpu_default_per_thread"
#include "gpu_default_stream.cuh"
