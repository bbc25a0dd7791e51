/* The worker's thread pool: a parallel-for over an index range (pool.h). */

/* sched_getaffinity and CPU_COUNT are GNU extensions. */
#define _GNU_SOURCE 1
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/host_facts.h"
#include "worker/plugin/pool.h"

/* What each worker, the calling thread included, owns during a job. */
typedef struct kb_pool_slot {
  pthread_t id;
  int misused;             /* the chunk it runs misused the host API */
  char msg[KB_POOL_MESSAGE];
} kb_pool_slot;

struct kb_pool {
  unsigned size;           /* workers, the calling thread included */
  unsigned started;        /* helper threads running: size - 1 once started */
  pthread_t *threads;
  kb_pool_slot *slots;     /* size of them; slot 0 is the caller's */
  pthread_mutex_t lock;
  pthread_cond_t wake;     /* a job was posted, or quit */
  pthread_cond_t idle;     /* the last helper finished the job */
  unsigned long job;       /* bumped for each parallel-for */
  unsigned busy;           /* helpers still working on the job */
  int quit;
  int running;
  /* The job: read-only while it runs, except the two atomics and the
  ** failure, which the lock guards. */
  kb_pool_fn fn;
  void *ctx;
  size_t n, grain;
  atomic_size_t next;      /* the first index of the next chunk */
  atomic_int stop;         /* a chunk failed: hand out no more */
  size_t fail_begin;       /* the lowest failed chunk so far */
  int fail_status;
  int fail_misused;
  char fail_msg[KB_POOL_MESSAGE];
};

unsigned kb_pool_default_size(void)
{
  unsigned n = kb_host_cpus();
  return n > KB_POOL_MAX ? KB_POOL_MAX : n;
}

/* Record a failed chunk if it is the lowest so far. */
static void failed(kb_pool *p, kb_pool_slot *slot, size_t begin, int status)
{
  pthread_mutex_lock(&p->lock);
  if (begin < p->fail_begin) {
    p->fail_begin = begin;
    p->fail_status = status ? status : 1;
    p->fail_misused = slot->misused;
    memcpy(p->fail_msg, slot->msg, sizeof p->fail_msg);
  }
  pthread_mutex_unlock(&p->lock);
  atomic_store(&p->stop, 1);
}

/* Take chunks until none is left or one failed. */
static void work(kb_pool *p, unsigned worker)
{
  kb_pool_slot *slot = &p->slots[worker];
  while (!atomic_load(&p->stop)) {
    size_t begin = atomic_fetch_add(&p->next, p->grain);
    if (begin >= p->n)
      break;
    size_t end = p->n - begin > p->grain ? begin + p->grain : p->n;
    slot->msg[0] = '\0';
    slot->misused = 0;
    int status = p->fn(p->ctx, begin, end, worker);
    if (status != 0 || slot->misused)
      failed(p, slot, begin, status);
  }
}

typedef struct helper_arg {
  kb_pool *pool;
  unsigned worker;
} helper_arg;

static void *helper(void *arg)
{
  helper_arg a = *(helper_arg *)arg;
  kb_pool *p = a.pool;
  free(arg);
  unsigned long seen = 0;
  pthread_mutex_lock(&p->lock);
  for (;;) {
    while (!p->quit && p->job == seen)
      pthread_cond_wait(&p->wake, &p->lock);
    if (p->quit)
      break;
    seen = p->job;
    pthread_mutex_unlock(&p->lock);
    work(p, a.worker);
    pthread_mutex_lock(&p->lock);
    if (--p->busy == 0)
      pthread_cond_signal(&p->idle);
  }
  pthread_mutex_unlock(&p->lock);
  return NULL;
}

kb_pool *kb_pool_new(unsigned size)
{
  if (size == 0)
    size = kb_pool_default_size();
  if (size > KB_POOL_MAX)
    size = KB_POOL_MAX;
  kb_pool *p = calloc(1, sizeof *p);
  if (!p)
    return NULL;
  p->size = size;
  p->slots = calloc(size, sizeof *p->slots);
  p->threads = calloc(size, sizeof *p->threads);
  if (!p->slots || !p->threads) {
    free(p->slots);
    free(p->threads);
    free(p);
    return NULL;
  }
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->wake, NULL);
  pthread_cond_init(&p->idle, NULL);
  return p;
}

/* Start the helpers once.  A system that refuses a thread gets a smaller
** pool, not an error: the work is the same, only slower. */
static void start(kb_pool *p)
{
  if (p->started || p->size == 1)
    return;
  for (unsigned w = 1; w < p->size; w++) {
    helper_arg *a = malloc(sizeof *a);
    if (a)
      *a = (helper_arg){p, w};
    if (!a || pthread_create(&p->threads[p->started], NULL, helper, a)) {
      free(a);
      break;
    }
    p->slots[w].id = p->threads[p->started++];
  }
  p->size = p->started + 1;
}

unsigned kb_pool_size(kb_pool *pool)
{
  if (!pool)
    return 1;
  start(pool);
  return pool->size;
}

void kb_pool_free(kb_pool *p)
{
  if (!p)
    return;
  pthread_mutex_lock(&p->lock);
  p->quit = 1;
  pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->lock);
  for (unsigned i = 0; i < p->started; i++)
    pthread_join(p->threads[i], NULL);
  pthread_cond_destroy(&p->wake);
  pthread_cond_destroy(&p->idle);
  pthread_mutex_destroy(&p->lock);
  free(p->threads);
  free(p->slots);
  free(p);
}

/* Without a pool: the same chunks, in order, on the calling thread. */
static int serial(size_t n, size_t grain, kb_pool_fn fn, void *ctx)
{
  for (size_t begin = 0; begin < n; begin += grain) {
    size_t end = n - begin > grain ? begin + grain : n;
    int status = fn(ctx, begin, end, 0);
    if (status != 0)
      return status;
  }
  return 0;
}

int kb_pool_for(kb_pool *p, size_t n, size_t grain, kb_pool_fn fn,
                void *ctx, char *msg, size_t msglen, int *misused)
{
  unsigned size = kb_pool_size(p);
  *misused = 0;
  if (n == 0)
    return 0;
  if (grain == 0)
    grain = (n + 8 * (size_t)size - 1) / (8 * (size_t)size);
  /* Past this the chunk counter could wrap as each worker overshoots. */
  if (grain > SIZE_MAX / 2 / KB_POOL_MAX)
    grain = SIZE_MAX / 2 / KB_POOL_MAX;
  if (!p)
    return serial(n, grain, fn, ctx);
  /* One chunk runs on the calling thread alone: waking the helpers would
  ** cost more than it saves (small checks and references are common). */
  int alone = n <= grain;

  pthread_mutex_lock(&p->lock);
  p->fn = fn;
  p->ctx = ctx;
  p->n = n;
  p->grain = grain;
  atomic_store(&p->next, 0);
  atomic_store(&p->stop, 0);
  p->fail_begin = SIZE_MAX;
  p->fail_status = 0;
  p->fail_misused = 0;
  p->fail_msg[0] = '\0';
  p->slots[0].id = pthread_self();
  p->running = 1;
  p->busy = alone ? 0 : p->started;
  if (!alone) {
    p->job++;
    pthread_cond_broadcast(&p->wake);
  }
  pthread_mutex_unlock(&p->lock);

  work(p, 0);

  pthread_mutex_lock(&p->lock);
  while (p->busy > 0)
    pthread_cond_wait(&p->idle, &p->lock);
  p->running = 0;
  pthread_mutex_unlock(&p->lock);
  *misused = p->fail_misused;
  if (p->fail_status)
    snprintf(msg, msglen, "%s", p->fail_msg);
  return p->fail_status;
}

/* The slot of the calling thread during a job, or NULL. */
static kb_pool_slot *own_slot(kb_pool *p)
{
  if (!p || !p->running)
    return NULL;
  pthread_t self = pthread_self();
  for (unsigned w = 0; w < p->size; w++)
    if (pthread_equal(p->slots[w].id, self))
      return &p->slots[w];
  return NULL;
}

char *kb_pool_message(kb_pool *pool)
{
  kb_pool_slot *slot = own_slot(pool);
  return slot ? slot->msg : NULL;
}

int kb_pool_misuse(kb_pool *pool)
{
  kb_pool_slot *slot = own_slot(pool);
  if (!slot)
    return -1;
  slot->misused = 1;
  return 0;
}
