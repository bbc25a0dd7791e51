/*
** The CUDA wrapper (gpu.h) for a build without CUDA: kb_gpu_open() fails
** with the reason, so nothing below it is ever called.
*/
#include <stdio.h>

#include "gpu/gpu.h"

/* Without CUDA nothing below is ever called past kb_gpu_open(). */
#pragma GCC diagnostic ignored "-Wunused-parameter"

int kb_gpu_count(int *unusable, char *why, size_t len)
{
  /* The build's choice, not the machine's fault. */
  if (unusable)
    *unusable = 0;
  snprintf(why, len, "no CUDA device: kbench was built without CUDA");
  return 0;
}
kb_gpu *kb_gpu_open(int ordinal, int *unusable, char *why, size_t len)
{
  (void)ordinal;
  kb_gpu_count(unusable, why, len);
  return NULL;
}
void kb_gpu_close(kb_gpu *g) { (void)g; }
const kbench_device *kb_gpu_device(const kb_gpu *g) { (void)g; return NULL; }
void *kb_gpu_stream(const kb_gpu *g) { (void)g; return NULL; }
void kb_gpu_time_stream(kb_gpu *g, int timed) { (void)g; (void)timed; }
int kb_gpu_timed_on_default(const kb_gpu *g) { (void)g; return 0; }

#define KB_NO_CUDA(...) { snprintf(err, len, "built without CUDA"); return -1; }
int kb_gpu_fill(kb_gpu *g, void *p, int b, size_t n, char *err, size_t len)
  KB_NO_CUDA()
int kb_gpu_sync(kb_gpu *g, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_settle(kb_gpu *g, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_flush_l2(kb_gpu *g, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_demote_persisting(kb_gpu *g, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_begin(kb_gpu *g, int hold, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_end(kb_gpu *g, double *s, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_region(kb_gpu *g, int start, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_idle(kb_gpu *g, double *gs, double *hs, char *err, size_t len)
  KB_NO_CUDA()
int kb_gpu_hold_device(kb_gpu *g, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_end_held(kb_gpu *g, double w, double *s, int *r, char *err,
                    size_t len) KB_NO_CUDA()
int kb_gpu_capture_begin(kb_gpu *g, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_capture_end(kb_gpu *g, void **gr, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_graph_launch(kb_gpu *g, void *gr, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_recover(kb_gpu *g, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_touch(kb_gpu *g, void *out, int v, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_alloc(kb_gpu *g, void **p, size_t b, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_copy(kb_gpu *g, void *d, const void *s, size_t b, char *err,
                size_t len) KB_NO_CUDA()
int kb_gpu_host_copy(kb_gpu *g, void *d, const void *s, size_t b, char *err,
                     size_t len) KB_NO_CUDA()
void kb_gpu_free(void *ptr) { (void)ptr; }
void *kb_gpu_try_alloc(kb_gpu *g, size_t b) { (void)g; (void)b; return NULL; }
size_t kb_gpu_mem_free(kb_gpu *g) { (void)g; return 0; }
void *kb_gpu_host_alloc(kb_gpu *g, size_t b, kb_gpu_prefault_fn f, void *c)
{ (void)g; (void)b; (void)f; (void)c; return NULL; }
int kb_gpu_fill_host(kb_gpu *g, void *h, size_t n, int t, uint64_t k,
                     double lo, double hi, char *err, size_t len) KB_NO_CUDA()
void kb_gpu_host_free(void *ptr, size_t b) { (void)ptr; (void)b; }
unsigned kb_gpu_sm_clock(kb_gpu *g, unsigned *max_mhz) { *max_mhz = 0; return 0; }
void kb_gpu_clock_locked(kb_gpu *g, unsigned mhz) { (void)g; (void)mhz; }
int kb_gpu_uuid(int ordinal, char *uuid, size_t len)
{ (void)ordinal; (void)len; *uuid = '\0'; return -1; }
int kb_gpu_pci_bus_id(int ordinal, char *bus, size_t len)
{ (void)ordinal; (void)len; *bus = '\0'; return -1; }
kb_nvml *kb_gpu_nvml(kb_gpu *g, const char **why)
{ *why = "kbench was built without CUDA"; return NULL; }
int kb_gpu_fence(kb_gpu *g, int i, char *err, size_t len) KB_NO_CUDA()
int kb_gpu_fence_passed(kb_gpu *g, int i, char *err, size_t len) KB_NO_CUDA()
void kb_gpu_identity(const kb_gpu *g, char *uuid, size_t ul, char *pci,
                     size_t pl, int *driver, int *runtime)
{ *uuid = *pci = '\0'; *driver = *runtime = 0; }
void kb_gpu_range_push(const char *name) { (void)name; }
void kb_gpu_range_pop(void) {}
void kb_gpu_graph_free(void *graph) { (void)graph; }
const char *kb_gpu_tool(char *buf, size_t len)
{
  (void)buf, (void)len;
  return NULL;
}
