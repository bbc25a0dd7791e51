/*
** What a case leaves behind in its worker (worker/leftovers.h), on the
** host: the threads a case starts, told apart by whether they still run
** after it; the thread remembered with its case; and the blame of a
** later case's failed stream audit on the case whose thread queued the
** work.  The CUDA context's put-back needs a GPU (tests/shell/leftovers.sh).
*/
#define _GNU_SOURCE            /* syscall */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "util/format.h"
#include "model/verdict.h"
#include "worker/leftovers.h"
#include "worker/threads.h"
#include "tap.h"

static atomic_int stop;
static atomic_int started_tid;

static void *spin(void *arg)
{
  (void)arg;
  atomic_store(&started_tid, (int)syscall(SYS_gettid));
  while (!atomic_load(&stop))
    ;
  return NULL;
}

static void *sleep_until_stopped(void *arg)
{
  (void)arg;
  atomic_store(&started_tid, (int)syscall(SYS_gettid));
  while (!atomic_load(&stop))
    nanosleep(&(struct timespec){0, 1000000}, NULL);
  return NULL;
}

/* One host case: begin, a thread started by fn (NULL: none), end. */
static pid_t one_case(kb_leftovers *l, void *(*fn)(void *), const char *line,
                      kb_result *r, pthread_t *t)
{
  atomic_store(&started_tid, 0);
  kb_result_init(r, KB_PASS);
  kb_leftovers_begin(l, NULL, NULL);
  if (fn) {
    pthread_create(t, NULL, fn, NULL);
    while (!atomic_load(&started_tid))
      sched_yield();
  }
  kb_leftovers_end(l, NULL, NULL, line, r);
  return (pid_t)atomic_load(&started_tid);
}

static void threads(void)
{
  kb_threads t;
  pid_t tids[64];
  ok(kb_threads_open(&t) == 0, "/proc/self/task opens");
  size_t n = kb_threads_list(&t, tids, 64);
  ok(n == 1 && tids[0] == (pid_t)syscall(SYS_gettid),
     "one thread: this one (%zu)", n);
  pthread_t p;
  atomic_store(&stop, 0);
  atomic_store(&started_tid, 0);
  pthread_create(&p, NULL, spin, NULL);
  while (!atomic_load(&started_tid))
    sched_yield();
  pid_t spun = (pid_t)atomic_load(&started_tid);
  n = kb_threads_list(&t, tids, 64);
  ok(n == 2 && kb_threads_has(tids, n, spun)
     && kb_threads_has(tids, n, (pid_t)syscall(SYS_gettid)),
     "a thread started is listed, sorted beside this one");
  double c0 = kb_thread_cpu_s(spun);
  nanosleep(&(struct timespec){0, 30000000}, NULL);
  ok(c0 >= 0 && kb_thread_cpu_s(spun) > c0,
     "a spinning thread's CPU time grows");
  atomic_store(&stop, 1);
  pthread_join(p, NULL);
  /* pthread_join returns when the kernel clears the thread's id, which
  ** can come a little before the thread leaves its group (seen under
  ** ASan on a busy 2-core machine): wait up to a second for that. */
  for (int i = 0; i < 1000 && (kb_thread_cpu_s(spun) >= 0
                               || kb_threads_list(&t, tids, 64) != 1); i++)
    nanosleep(&(struct timespec){0, 1000000}, NULL);
  ok(kb_thread_cpu_s(spun) < 0 && kb_threads_list(&t, tids, 64) == 1,
     "a joined thread: no CPU time, not listed");
  kb_threads_close(&t);
}

int main(void)
{
  kb_leftovers l;
  kb_result r;
  pthread_t t;

  threads();
  char list[16] = "";
  kb_append(list, sizeof list, ", ", "%s", "a");
  kb_append(list, sizeof list, ", ", "%d", 2);
  kb_append(list, sizeof list, ", ", "%s", "a long part");
  ok(strcmp(list, "a, 2, a long pa") == 0, "parts joined, the last cut to "
     "fit: '%s'", list);
  kb_leftovers_open(&l);

  one_case(&l, NULL, "honest n=1", &r, &t);
  ok(!l.ends && !r.left_behind[0] && !r.put_back[0],
     "a case that starts nothing leaves nothing");
  kb_result_free(&r);

  atomic_store(&stop, 0);
  pid_t idle = one_case(&l, sleep_until_stopped, "pool n=1", &r, &t);
  ok(!l.ends && !r.left_behind[0],
     "a thread left idle is not a leftover (it cannot disturb a sample)");
  const kb_thread_owner *o = kb_leftovers_owner(&l, idle);
  ok(o && strcmp(o->owner, "pool n=1") == 0,
     "...but it is remembered as the case's");
  atomic_store(&stop, 1);
  pthread_join(t, NULL);
  kb_result_free(&r);

  atomic_store(&stop, 0);
  pid_t spun = one_case(&l, spin, "spinner n=2", &r, &t);
  ok(l.ends && strstr(r.left_behind, "1 thread it started, still running "
                      "(thread ") && strstr(r.left_behind, "the next case "
                      "runs in a fresh worker"),
     "a thread left running ends the worker, and its row says so: %s",
     r.left_behind);
  kb_result_free(&r);

  /* A later case whose stream audit caught the spinner's work. */
  kb_probe p;
  memset(&p, 0, sizeof p);
  p.stray_thread = (uint32_t)spun;
  snprintf(p.stray_what, sizeof p.stray_what, "kernel spin(int) on stream "
           "7");
  kb_result_init(&r, KB_ERROR);
  kb_leftovers_begin(&l, NULL, NULL);
  snprintf(r.stage, sizeof r.stage, "stream check");
  snprintf(r.message, sizeof r.message, "work ran outside kbench's timed "
           "window: kernel spin(int) on stream 7 is ...");
  kb_leftovers_end(&l, NULL, &p, "copy n=8M", &r);
  ok(r.verdict == KB_DISTURBED && l.ends
     && strcmp(r.stage, "earlier case") == 0
     && strstr(r.message, "kernel spin(int) on stream 7, queued by a thread "
               "of the earlier case spinner n=2 (thread "),
     "work of an earlier case's thread: DISTURBED, naming the case and the "
     "work: %s", r.message);
  kb_result_free(&r);

  /* A thread no case started, caught first by this one: its own. */
  kb_result_init(&r, KB_ERROR);
  kb_leftovers_begin(&l, NULL, NULL);
  p.stray_thread = 999999;
  snprintf(r.stage, sizeof r.stage, "stream check");
  kb_leftovers_end(&l, NULL, &p, "waker n=1", &r);
  o = kb_leftovers_owner(&l, 999999);
  ok(r.verdict == KB_ERROR && !l.ends && o
     && strcmp(o->owner, "waker n=1") == 0,
     "a thread first caught in a case: that case's ERROR, and the thread "
     "the case's from then on");
  kb_result_free(&r);
  kb_result_init(&r, KB_ERROR);
  kb_leftovers_begin(&l, NULL, NULL);
  snprintf(r.stage, sizeof r.stage, "stream check");
  kb_leftovers_end(&l, NULL, &p, "waker n=1", &r);
  ok(r.verdict == KB_DISTURBED
     && strstr(r.message, "of the earlier case waker n=1 (thread 999999)"),
     "...so a later case, even of the same name, is DISTURBED by it");
  kb_result_free(&r);
  kb_result_init(&r, KB_WRONG);
  kb_leftovers_begin(&l, NULL, NULL);
  kb_leftovers_end(&l, NULL, &p, "other n=1", &r);
  ok(r.verdict == KB_WRONG, "a verdict not of the stream check stands");
  kb_result_free(&r);

  atomic_store(&stop, 1);
  pthread_join(t, NULL);
  kb_leftovers_close(&l);
  return tap_done();
}
