/*
** plugin_probe: the CPU side of two plugin families, phase by phase, on
** this machine: where a case's setup and verify time goes when the runner
** only reports their totals.  It stages data as the stencil family does
** (input, reference and output copy of 64M floats) and as layout_aos does
** (16M six-float particles), with the families' own fill, reference and
** comparison code, for three rounds.  With the argument `keep` it first
** makes malloc keep freed memory, as kbench does (runner/main.c), so that
** rounds after the first reuse pages already present.  No GPU work: a
** memcpy into the output copy stands in for the device-to-host copy.
**
**   nvcc -O3 -Iinclude -Iplugins/stencil -Iplugins/coalesce \
**        bench/plugin_probe.cu runner/rng.c -o plugin_probe
*/
#include <malloc.h>
#include <stdio.h>
#include <time.h>

#include "coalesce_common.cuh"
#include "stencil_common.cuh"

extern "C" {
#include "../runner/rng.h"
}

static kb_rng rng;
static uint64_t probe_random(const kbench_host *h)
{
  (void)h;
  return kb_rng_next(&rng);
}

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void report(const char *family, const double *t)
{
  printf("%-8s alloc %6.1f  fill %6.1f  reference %6.1f  copy %6.1f"
         "  compare %6.1f ms\n", family, t[0] * 1e3, t[1] * 1e3,
         t[2] * 1e3, t[3] * 1e3, t[4] * 1e3);
}

static void stencil(const kbench_host *h)
{
  const size_t n = (size_t)64 << 20, bytes = n * sizeof(float);
  double t[5], t0 = now();
  float *in = (float *)malloc(bytes), *want = (float *)malloc(bytes);
  float *got = (float *)malloc(bytes);
  t[0] = now() - t0;
  t0 = now();
  kbench_fill_float(h, in, n);
  t[1] = now() - t0;
  t0 = now();
  stencil_reference(in, want, n);
  t[2] = now() - t0;
  t0 = now();
  memcpy(got, want, bytes);
  t[3] = now() - t0;
  t0 = now();
  if (kbench_first_far_float(got, want, n, 0.0, STENCIL_ATOL) != n)
    printf("stencil: comparison failed\n");
  t[4] = now() - t0;
  report("stencil", t);
  free(in);
  free(want);
  free(got);
}

static void layout_aos(const kbench_host *h)
{
  static const coalesce_kind aos = {NULL, 1, 6, 6, 0, NULL, NULL, NULL};
  coalesce_state s;
  memset(&s, 0, sizeof s);
  s.kind = &aos;
  s.n = s.in_elems = (size_t)16 << 20;
  const size_t words = s.n * 6, bytes = words * sizeof(float);
  double t[5], t0 = now();
  void *in = malloc(bytes);
  s.want = malloc(bytes);
  s.got = malloc(bytes);
  t[0] = now() - t0;
  t0 = now();
  coalesce_fill(h, in, words, 1);
  t[1] = now() - t0;
  t0 = now();
  coalesce_reference(&s, in);
  t[2] = now() - t0;
  t0 = now();
  memcpy(s.got, s.want, bytes);
  t[3] = now() - t0;
  t0 = now();
  if (kbench_first_far_float((const float *)s.got, (const float *)s.want,
                             words, COALESCE_TOL, COALESCE_TOL) != words)
    printf("layout_aos: comparison failed\n");
  t[4] = now() - t0;
  report("aos", t);
  free(in);
  free(s.want);
  free(s.got);
}

int main(int argc, char **argv)
{
  kbench_host h;
  memset(&h, 0, sizeof h);
  h.random = probe_random;
  kb_rng_seed(&rng, 1, 0);
  if (argc > 1 && strcmp(argv[1], "keep") == 0) {
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, -1);
  }
  printf("# %s\n", argc > 1 ? "freed memory kept" : "glibc defaults");
  for (int round = 0; round < 3; round++) {
    stencil(&h);
    layout_aos(&h);
  }
  return 0;
}
