/*
** host_loop: why do the host variants' medians move by half between
** identical kbench runs (issue 24)?  reduce_cpu's loop alone, in one
** process, with nothing of kbench's around it, under the conditions a
** worker gives it: a 64 MiB heap buffer (glibc told to keep freed memory,
** as the worker does) filled by THREADS threads, then 60 timed sums.
**   cc -O2 -std=c11 -pthread bench/host_loop.c -o host_loop
**   ./host_loop [THREADS] [huge]     huge: madvise(MADV_HUGEPAGE) first
**   ./host_loop rounds               six buffers (mmap) in turn, each
**                                    unmapped before the next
**   ./host_loop fresh                six buffers all kept: distinct pages
** Prints the median, min and max of the sums in ms, and which CPUs ran the
** fill and the loop; run it in several processes to see the spread.  With
** `rounds`, one line per buffer: whether a buffer's speed is the
** process's (every round alike) or the buffer's pages' (rounds differ as
** processes do).
*/
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define N (16u << 20)
#define REPS 60

typedef struct fill_part {
  int *p;
  size_t begin, end;
  int cpu;
} fill_part;

static void *fill(void *arg)
{
  fill_part *f = arg;
  for (size_t i = f->begin; i < f->end; i++)
    f->p[i] = (int)(i * 2654435761u >> 16) % 2001 - 1000;
  f->cpu = sched_getcpu();
  return NULL;
}

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of REPS sums over p, in ms. */
static double median_sum(const int *p)
{
  double ms[REPS];
  volatile uint32_t sink = 0;
  for (int r = 0; r < REPS; r++) {
    double t0 = now();
    uint32_t acc = 0;
    for (size_t i = 0; i < N; i++)
      acc += (uint32_t)p[i];
    ms[r] = (now() - t0) * 1e3;
    sink += acc;
  }
  qsort(ms, REPS, sizeof *ms, by_value);
  return ms[REPS / 2] + (double)(sink & 0);
}

static int rounds(int keep)
{
  for (int k = 0; k < 6; k++) {
    int *p = mmap(NULL, N * sizeof *p, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      return 1;
    fill_part f = {p, 0, N, -1};
    fill(&f);
    printf("%s %d: median %.2f ms (cpu %d)\n", keep ? "fresh" : "round", k,
           median_sum(p), sched_getcpu());
    if (!keep)
      munmap(p, N * sizeof *p);
  }
  return 0;
}

int main(int argc, char **argv)
{
  if (argc > 1 && strcmp(argv[1], "rounds") == 0)
    return rounds(0);
  if (argc > 1 && strcmp(argv[1], "fresh") == 0)
    return rounds(1);
  int threads = argc > 1 ? atoi(argv[1]) : 8;
  int huge = argc > 2 && strcmp(argv[2], "huge") == 0;
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, -1);
  int *p = malloc(N * sizeof *p);
  if (!p || threads < 1 || threads > 64)
    return 1;
  if (huge) {
    uintptr_t a = ((uintptr_t)p + (2u << 20) - 1) & ~(uintptr_t)((2u << 20) - 1);
    madvise((void *)a, N * sizeof *p - (a - (uintptr_t)p), MADV_HUGEPAGE);
  }
  pthread_t t[64];
  fill_part parts[64];
  for (int i = 0; i < threads; i++) {
    parts[i] = (fill_part){p, (size_t)N * i / threads,
                           (size_t)N * (i + 1) / threads, -1};
    pthread_create(&t[i], NULL, fill, &parts[i]);
  }
  for (int i = 0; i < threads; i++)
    pthread_join(t[i], NULL);
  printf("threads %d%s: median %.2f ms (loop on cpu %d, fill on cpu %d..)\n",
         threads, huge ? " huge" : "", median_sum(p), sched_getcpu(),
         parts[0].cpu);
  free(p);
  return 0;
}
