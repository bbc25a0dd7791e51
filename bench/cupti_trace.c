/*
** cupti_trace: a CUDA injection library that records when every kernel of
** a process ran on the GPU, through CUPTI's activity API (the timestamps
** Nsight Systems shows).  Unlike ncu it neither serializes launches nor
** programs performance counters, so it is a third, lightly intrusive
** instrument for bench/fidelity.py (--cupti).
**
**   cc -shared -fPIC -I$CUDA/include bench/cupti_trace.c -o libkbtrace.so \
**      -L$CUPTI_LIBDIR -lcupti
**   CUDA_INJECTION64_PATH=$PWD/libkbtrace.so KB_CUPTI_TRACE=t.csv kbench ...
**
** trace.csv gets one line per kernel: "name",start_ns,end_ns (names are
** mangled), in the order the records arrive.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cupti.h>

#define TRACE_BUFFER (8u << 20)

static FILE *trace;

static void CUPTIAPI buffer_requested(uint8_t **buffer, size_t *size,
                                      size_t *max_records)
{
  *buffer = aligned_alloc(ACTIVITY_RECORD_ALIGNMENT, TRACE_BUFFER);
  *size = *buffer ? TRACE_BUFFER : 0;
  *max_records = 0;
}

static void CUPTIAPI buffer_completed(CUcontext ctx, uint32_t stream,
                                      uint8_t *buffer, size_t size,
                                      size_t valid)
{
  CUpti_Activity *record = NULL;
  (void)ctx;
  (void)stream;
  (void)size;
  while (cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS)
    if (record->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) {
      const CUpti_ActivityKernel10 *k = (const CUpti_ActivityKernel10 *)record;
      fprintf(trace, "\"%s\",%llu,%llu\n", k->name,
              (unsigned long long)k->start, (unsigned long long)k->end);
    }
  free(buffer);
}

static void finish(void)
{
  cuptiActivityFlushAll(1);
  fclose(trace);
}

/* Called by the CUDA driver when CUDA_INJECTION64_PATH names this file.
** Returns 1 on success. */
int InitializeInjection(void)
{
  const char *path = getenv("KB_CUPTI_TRACE");
  trace = fopen(path ? path : "cupti-trace.csv", "w");
  if (!trace)
    return 0;
  fprintf(trace, "kernel,start_ns,end_ns\n");
  if (cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed)
          != CUPTI_SUCCESS
      || cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL)
          != CUPTI_SUCCESS) {
    fprintf(stderr, "cupti_trace: CUPTI refused the activity trace\n");
    fclose(trace);
    return 0;
  }
  atexit(finish);
  return 1;
}
