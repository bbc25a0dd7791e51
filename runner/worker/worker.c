/* The worker process: loads plugins, opens the device, runs cases. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#if defined(HAVE_MALLOC_H) && defined(HAVE_MALLOPT)
#  include <malloc.h>
#endif
#include "model/variant.h"
#include "gpu/gpu.h"
#include "worker/measure/measure.h"
#include "worker/measure/neighbours.h"
#include "worker/plugin/calibration.h"
#include "worker/plugin/staging.h"
#include "process/fd_pass.h"
#include "process/protocol.h"
#include "process/worker_start.h"
#include "worker/clock_lock.h"
#include "worker/confine.h"
#include "worker/device_lock.h"
#include "worker/group_guard.h"
#include "worker/identity.h"
#include "worker/leftovers.h"
#include "worker/lock_files.h"
#include "worker/seal.h"
#include "worker/terminal.h"
#include "worker/worker.h"

/* Everything the worker holds between orders. */
typedef struct kb_worker {
  kb_worker_cfg cfg;
  kb_plugin *plugins;      /* loaded so far, found again by path */
  size_t n_plugins;
  int gpu_tried;
  kb_gpu *gpu;
  char why[KB_MESSAGE_LEN];/* why the device could not be opened */
  int gpu_unusable;        /* ...though the driver lists it: an error */
  kb_pool *pool;           /* the plugins' staging threads, made at the
                              first case; they start at its first use */
  kb_hostmem *hostmem;     /* the cases' host_alloc, kept between cases */
  kb_probe probe;          /* counters and audits, opened with the device */
  kb_host_floor floor;     /* the host's copy rates, for host cases */
  kb_watch watch;          /* other processes on the device (NVML) */
  kb_device_lock lock;     /* the device's, held until the worker exits */
  int lock_tried;
  int locked_out;          /* it could not be had: why says why */
  int waited;              /* the supervisor was told of a wait */
  int sealed;              /* the seal is set (seal.h) */
  int plugin_fd;           /* not contained: the first plugin, opened
                              before the worker took an identity of its
                              own, or -1 */
  char plugin_path[4096];  /* ...its path */
  kb_clock_lock clocks;    /* what --lock-clocks did to the device */
  kb_leftovers leftovers;  /* what each case leaves behind it */
} kb_worker;

/* A block's pages faulted in on the staging threads, a 2 MiB huge page a
** chunk (kb_gpu_host_alloc). */
typedef struct prefault_job {
  char *ptr;
  size_t bytes;
} prefault_job;

#define KB_PREFAULT_CHUNK ((size_t)2 << 20)

static int prefault_chunk(void *ctx, size_t begin, size_t end,
                          unsigned worker)
{
  const prefault_job *job = ctx;
  (void)worker;
  for (size_t off = begin * KB_PREFAULT_CHUNK;
       off < end * KB_PREFAULT_CHUNK && off < job->bytes; off += 4096)
    job->ptr[off] = 0;       /* fresh anonymous memory reads 0 already */
  return 0;
}

static void prefault(void *ctx, void *ptr, size_t bytes)
{
  kb_worker *w = ctx;
  prefault_job job = {ptr, bytes};
  char msg[1];
  int misused;
  kb_pool_for(w->pool, (bytes + KB_PREFAULT_CHUNK - 1) / KB_PREFAULT_CHUNK,
              8, prefault_chunk, &job, msg, sizeof msg, &misused);
}

/* host_alloc's blocks: page-locked once this worker has a device, else (or
** when locking fails) from malloc.  Asked for from setup and verify only,
** never inside a parallel_for (staging.c), so the pool is free. */
static void *worker_host_alloc(void *ctx, size_t bytes, int *locked)
{
  kb_worker *w = ctx;
  void *p = w->gpu ? kb_gpu_host_alloc(w->gpu, bytes, prefault, w) : NULL;
  *locked = p != NULL;
  return p ? p : malloc(bytes);
}

static void worker_host_release(void *ctx, void *ptr, size_t bytes,
                                int locked)
{
  (void)ctx;
  if (locked)
    kb_gpu_host_free(ptr, bytes);
  else
    free(ptr);
}

/*
** Each case allocates and frees hundreds of MB of host memory (inputs,
** references, copies of outputs).  glibc serves such blocks with mmap and
** unmaps them on free, so every case would fault its pages in afresh, and
** faulting memory in can cost more than copying it to the device (256
** MiB: 150-190 ms, bench/host_probe.c measures it on a machine).  Served
** from the heap and never trimmed, the next case reuses pages already
** present; the price is that the worker keeps its high-water mark until
** it exits.
*/
static void keep_freed_memory(void)
{
#if defined(HAVE_MALLOC_H) && defined(HAVE_MALLOPT) && defined(M_MMAP_MAX)
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, -1);
#endif
}

/* The token of the order being answered: every report carries it first
** (process/protocol.h), the seal's REFUSED frames included. */
static uint64_t order_token;

static void report_begin(kb_wbuf *b, uint32_t type)
{
  kb_token_begin(b, type, order_token);
}

/* A report the supervisor cannot receive means it is gone: so is the
** worker's purpose. */
static void send_or_die(kb_wbuf *b)
{
  if (kb_wire_send(KB_WORKER_REPORTS, b))
    _exit(1);
}

static void send_stage(void *ctx, const char *stage)
{
  (void)ctx;
  kb_wbuf b;
  report_begin(&b, KB_MSG_STAGE);
  kb_put_str(&b, stage);
  send_or_die(&b);
}

/* part after what note holds, "; " between. */
static void append(char *note, size_t len, const char *part)
{
  size_t used = strlen(note);
  if (part[0] && used < len)
    snprintf(note + used, len - used, "%s%s", used ? "; " : "", part);
}

/* Seal the worker before a plugin's code first runs: its first dlopen
** runs the plugin's constructors.  A worker that runs CUDA cases has
** opened its GPU (CUDA, CUPTI, NVML) before this, since CUDA's
** initialisation writes beneath /proc, which the seal shuts (the
** supervisor replaces a worker sealed without it: supervisor.c).  Its
** writes are then kept to its scratch directory (confine.h), and a
** third-party plugin's worker under root takes an identity of its own
** (identity.h).  Contained (process/contain.h), its seal also keeps it
** from other processes and terminals, and the terminals are shut to it
** (terminal.h); not contained, the plugin at path is opened before the
** identity is taken, to be loaded through that descriptor.  The layers
** set, and what the seal lacks, are reported (said once). */
static void seal(kb_worker *w, const char *path)
{
  kb_seal s;
  char confined[256], terminal[160], identity[256];
  if (w->sealed)
    return;
  w->sealed = 1;
  kb_seal_worker(&s, KB_WORKER_REPORTS, &order_token, w->cfg.contain);
  /* Contained, the locks' folder takes no new file after this. */
  if (w->cfg.contain)
    kb_lock_files_make(kb_device_lock_dir(), w->cfg.device);
  kb_confine_writes(w->cfg.contain, confined, sizeof confined);
  terminal[0] = '\0';
  if (w->cfg.contain) {
    kb_terminal_shut(terminal, sizeof terminal);
    kb_identity_take(w->cfg.worker_uid, NULL, identity, sizeof identity);
  } else {
    w->plugin_fd = kb_identity_take(w->cfg.worker_uid, path, identity,
                                    sizeof identity);
    snprintf(w->plugin_path, sizeof w->plugin_path, "%s", path);
  }
  /* The IPC namespace its child made it (process/ipc_private.h); where
  ** none could be, a uid of its own has the supervisor's sweep instead. */
  const char *ipc = w->cfg.contain ? getenv(KB_WORKER_IPC_ENV) : NULL;
  int swept = w->cfg.worker_uid >= 0 && !identity[0];
  char layers[128], note[sizeof s.note + sizeof confined + sizeof terminal
                         + sizeof identity + 264] = "";
  kb_seal_layers(&s, layers, sizeof layers);
  /* The confinement and the identity, where they were had. */
  if (strcmp(layers, "none") == 0)
    layers[0] = '\0';
  size_t used = strlen(layers);
  if (!confined[0])
    used += (size_t)snprintf(layers + used, sizeof layers - used, "%s%s",
                             used ? ", " : "", "writes confined");
  if (swept && used < sizeof layers)
    used += (size_t)snprintf(layers + used, sizeof layers - used, "%suid %lld",
                             used ? ", " : "", (long long)w->cfg.worker_uid);
  if (ipc && used < sizeof layers && (!ipc[0] || swept))
    snprintf(layers + used, sizeof layers - used, "%s%s", used ? ", " : "",
             ipc[0] ? "IPC swept" : "IPC namespace");
  if (!layers[0])
    snprintf(layers, sizeof layers, "none");
  append(note, sizeof note, s.note);
  append(note, sizeof note, confined);
  append(note, sizeof note, terminal);
  append(note, sizeof note, identity);
  if (ipc && ipc[0] && !swept)
    append(note, sizeof note, ipc);
  kb_wbuf b;
  report_begin(&b, KB_MSG_SEAL_NOTE);
  kb_put_str(&b, layers);
  kb_put_str(&b, note);
  send_or_die(&b);
}

/* err names the plugin by the descriptor it was opened through (by_fd):
** by its path again, as the user gave it. */
static void name_again(char *err, size_t len, const char *by_fd,
                       const char *path)
{
  char *at = by_fd[0] ? strstr(err, by_fd) : NULL, rest[1024];
  if (!at)
    return;
  snprintf(rest, sizeof rest, "%s", at + strlen(by_fd));
  snprintf(at, len - (size_t)(at - err), "%s%s", path, rest);
}

/* The plugin at path.  Contained (process/contain.h), loaded through
** file, the descriptor the supervisor opened and judged it by (fd_pass.h;
** -1: it could not, and the path is tried): what runs is the file whose
** digest was read, whatever the path names now, and a folder the
** worker's uid may not enter is no bar to it (identity.h).  Its
** descriptor stays open while it is loaded: the C library knows a library
** by its name, /proc/self/fd/N, which another library must not get.  Not
** contained (file -1), by path, or through the descriptor seal() opened
** before the identity was taken. */
static kb_plugin *load(kb_worker *w, const char *path, int file, char *err,
                       size_t len)
{
  for (size_t i = 0; i < w->n_plugins; i++)
    if (strcmp(w->plugins[i].path, path) == 0) {
      if (file >= 0)
        close(file);
      return &w->plugins[i];
    }
  kb_plugin *grown = realloc(w->plugins, (w->n_plugins + 1) * sizeof *grown);
  if (!grown) {
    snprintf(err, len, "out of memory");
    if (file >= 0)
      close(file);
    return NULL;
  }
  w->plugins = grown;
  seal(w, path);
  send_stage(NULL, "load");
  char by_fd[64] = "";
  const char *open = path;
  kb_plugin *p = &w->plugins[w->n_plugins];
  if (file >= 0) {
    snprintf(by_fd, sizeof by_fd, "/proc/self/fd/%d", file);
    open = by_fd;
  } else if (w->plugin_fd >= 0 && strcmp(w->plugin_path, path) == 0) {
    /* Not contained: the descriptor opened while the worker was still
    ** the user (seal), as before the containment. */
    snprintf(by_fd, sizeof by_fd, "/proc/self/fd/%d", w->plugin_fd);
    open = by_fd;
  }
  if (kb_plugin_load(p, open, err, len)) {
    name_again(err, len, by_fd, path);
    if (file >= 0)
      close(file);
    return NULL;
  }
  if (open != path) {
    char *named = strdup(path);
    if (!named) {
      kb_plugin_unload(p);
      if (file >= 0)
        close(file);
      snprintf(err, len, "out of memory");
      return NULL;
    }
    free(p->path);
    p->path = named;
  }
  return &w->plugins[w->n_plugins++];
}

static void answer_load(kb_worker *w, const char *path, int file)
{
  char err[1024];
  kb_wbuf b;
  kb_plugin *p = load(w, path, file, err, sizeof err);
  if (p) {
    report_begin(&b, KB_MSG_PLUGIN);
    kb_msg_put_plugin(&b, p);
  } else {
    report_begin(&b, KB_MSG_LOAD_FAILED);
    kb_put_str(&b, path);
    kb_put_str(&b, err);
  }
  send_or_die(&b);
}

/* The device's lock is held by another: tell the supervisor, which says
** so once and stops its watchdog while the worker waits. */
static void lock_waiting(void *ctx, const char *holder)
{
  kb_worker *w = ctx;
  kb_wbuf b;
  report_begin(&b, KB_MSG_LOCK_WAIT);
  kb_put_str(&b, holder);
  send_or_die(&b);
  w->waited = 1;
}

/* A case waits for something another process holds (the GPU's profiler,
** with --metrics): the same frames as the lock's, so the supervisor says
** who holds it and its watchdog does not count the wait; NULL ends it. */
static void case_waiting(void *ctx, const char *holder)
{
  (void)ctx;
  kb_wbuf b;
  report_begin(&b, holder ? KB_MSG_LOCK_WAIT : KB_MSG_LOCK_TAKEN);
  if (holder)
    kb_put_str(&b, holder);
  send_or_die(&b);
}

/*
** One kbench per GPU: before the device's first use (the counters' check,
** the launch floor, a case) the worker takes its lock, for the rest of its
** life.  0 when held or not asked for (--no-lock; no device, which opening
** it will report), -1 with the reason in w->why: every CUDA case of this
** worker then fails with it.
*/
static int lock_device(kb_worker *w)
{
  char uuid[64], record[1024];
  if (w->lock_tried)
    return w->locked_out ? -1 : 0;
  w->lock_tried = 1;
  if (!w->cfg.lock)
    return 0;
  /* No device to name the lock: tests name one (device_lock.h). */
  if (kb_gpu_uuid(w->cfg.device, uuid, sizeof uuid)
      && kb_device_lock_test_name(w->cfg.device, uuid, sizeof uuid))
    return 0;
  send_stage(NULL, "lock");
  kb_device_lock_record(record, sizeof record, getpid(), getppid());
  /* The lock an earlier worker of this lane took, handed down. */
  if (kb_device_lock_adopt(&w->lock, KB_WORKER_LOCK, kb_device_lock_dir(),
                           uuid, record) == 0)
    return 0;
  close(KB_WORKER_LOCK);
  w->locked_out = kb_device_lock_take(&w->lock, kb_device_lock_dir(), uuid,
                                      w->cfg.measure.lock_timeout, record,
                                      lock_waiting, w, w->why,
                                      sizeof w->why) != 0;
  if (w->waited && !w->locked_out) {
    kb_wbuf b;
    report_begin(&b, KB_MSG_LOCK_TAKEN);
    send_or_die(&b);
  }
  if (!w->locked_out) {
    /* The supervisor keeps it for the lane's next worker. */
    kb_wbuf b;
    report_begin(&b, KB_MSG_LOCK_HELD);
    kb_put_u32(&b, (uint32_t)w->lock.fd);
    send_or_die(&b);
  }
  return w->locked_out ? -1 : 0;
}

/* --lock-clocks, once the device is this kbench's (clock_lock.h): the
** keeper told, then the clocks locked.  A lock that cannot be had is said
** once (the supervisor hears it from every worker of the device) and the
** run goes on unlocked; under --strict every CUDA case of the worker then
** fails with it.  0, or -1 with the reason in w->why. */
static int lock_clocks(kb_worker *w)
{
  kb_clock_lock *l = &w->clocks;
  if (!w->cfg.measure.lock_clocks || l->tried)
    return w->locked_out ? -1 : 0;
  send_stage(NULL, "lock clocks");
  kb_clock_lock_take(l, w->cfg.device, w->cfg.measure.lock_clocks,
                     KB_WORKER_KEEPER);
  close(KB_WORKER_KEEPER);     /* told: nothing more to say to the keeper */
  if (l->locked)
    return 0;
  if (w->cfg.measure.strict) {
    w->locked_out = 1;
    snprintf(w->why, sizeof w->why, "--lock-clocks: %s (--strict)",
             l->text);
    return -1;
  }
  kb_wbuf b;
  char note[sizeof l->text + 96];
  snprintf(note, sizeof note, "device %d: --lock-clocks: %s; measuring "
           "with the clocks unlocked", w->cfg.device, l->text);
  report_begin(&b, KB_MSG_NOTE);
  kb_put_str(&b, note);
  send_or_die(&b);
  return 0;
}

/* How many devices there are, for --devices=all: the supervisor never
** initialises CUDA, so a worker counts them. */
static void answer_count(void)
{
  char why[512] = "";
  send_stage(NULL, "device count");
  int count = kb_gpu_count(NULL, why, sizeof why);
  kb_wbuf b;
  report_begin(&b, KB_MSG_COUNTED);
  kb_msg_put_count(&b, count, why);
  send_or_die(&b);
}

/* --metrics against the device, before any case runs: the lock is taken
** and the probe opens here (CUPTI makes the device's context current; the
** device itself opens at the first CUDA case, as ever).  A lock that
** cannot be had means no counters, and later every CUDA case fails. */
static void answer_metrics(kb_worker *w)
{
  char why[KB_MESSAGE_LEN] = "";
  int verdict = 1;
  if (lock_device(w) == 0) {
    send_stage(NULL, "metrics");
    if (!w->probe.opened)
      kb_probe_open(&w->probe, w->cfg.device, &w->cfg.measure);
    verdict = kb_probe_check(&w->probe, why, sizeof why);
  } else {
    snprintf(why, sizeof why, "%s", w->why);
  }
  kb_wbuf b;
  report_begin(&b, KB_MSG_METRICS_CHECKED);
  kb_msg_put_checked(&b, verdict, why);
  send_or_die(&b);
}

/* Hand a case the worker's staging: the thread pool (out of memory, the
** case stages on its own thread) and the host memory it keeps. */
static void give_staging(kb_worker *w, kb_case *c)
{
  /* Its threads started now, so that no case seems to leave them. */
  if (!w->pool && (w->pool = kb_pool_new(w->cfg.staging_threads)))
    kb_pool_size(w->pool);
  if (!w->hostmem) {
    kb_hostmem_alloc a = {worker_host_alloc, worker_host_release, w,
                         KB_HOSTMEM_KEEP};
    w->hostmem = kb_hostmem_new(&a);
  }
  kb_staging_attach(c, w->pool, w->hostmem);
}

/* The launch floor's samples: a median of a few dozen batches of about a
** millisecond is all the report needs, and sampling it to the noise
** criterion took 0.31 s of the H200 catalogue's start
** (bench/results/2026-11-29b-h200-phases/). */
#define KB_FLOOR_SAMPLES 30

/* Run one of the runner's own variants on the device; its median seconds
** and bandwidth, or -1 with the reason added to warning.  At most
** max_samples samples (0: the run's criterion), never fewer than
** --min-samples. */
static double measure_builtin(kb_worker *w, const kbench_variant *v,
                              size_t max_samples, double *gbps,
                              char *warning, size_t len)
{
  kb_case c;
  kb_result res;
  kb_measure_cfg cfg = w->cfg.measure;
  cfg.energy = 0;          /* the runner's own cases: times only */
  if (max_samples && max_samples < cfg.criterion.max_samples)
    cfg.criterion.max_samples = max_samples > cfg.criterion.min_samples
                                ? max_samples : cfg.criterion.min_samples;
  kb_case_init(&c, &kb_builtin_plugin, v, NULL, w->cfg.seed, 0, w->gpu);
  give_staging(w, &c);
  kb_measure_case(&c, &cfg, NULL, &w->floor, &res);
  kb_hostmem_end_case(w->hostmem);
  double median = res.verdict == KB_PASS ? res.stats.median : -1;
  *gbps = res.gbps;
  if (res.verdict != KB_PASS) {
    size_t used = strlen(warning);
    snprintf(warning + used, len - used, "%s%s failed at %s: %s",
             used ? "; " : "", v->name, res.stage, res.message);
  }
  kb_result_free(&res);
  return median;
}

/* The GPU, opened at the first CUDA case so that host-only runs never
** initialise CUDA; its facts (and, once per run, the launch floor and copy
** peak) go to the supervisor. */
static kb_gpu *device(kb_worker *w)
{
  if (w->gpu_tried)
    return w->gpu;
  w->gpu_tried = 1;
  if (lock_device(w) || lock_clocks(w))
    return NULL;
  send_stage(NULL, "device");
  w->gpu = kb_gpu_open(w->cfg.device, &w->gpu_unusable, w->why,
                       sizeof w->why);
  if (!w->gpu)
    return NULL;
  kb_gpu_clock_locked(w->gpu, w->clocks.sm_mhz);
  /* Attached to a stream per case (measure_once): ABI 1.3's default
  ** streams make it the case's. */
  if (!w->probe.opened)
    kb_probe_open(&w->probe, w->cfg.device, &w->cfg.measure);
  const char *nvml_why;
  kb_nvml *nvml = kb_gpu_nvml(w->gpu, &nvml_why);
  kb_watch_open(&w->watch, nvml, nvml_why);
  kb_device_report d = {.floor_s = -1};
  d.dev = *kb_gpu_device(w->gpu);
  d.clocks_locked = w->clocks.locked;
  d.locked_sm_mhz = w->clocks.sm_mhz;
  d.locked_mem_mhz = w->clocks.mem_mhz;
  snprintf(d.clocks, sizeof d.clocks, "%s", w->clocks.text);
  kb_gpu_identity(w->gpu, d.uuid, sizeof d.uuid, d.pci_bus_id,
                  sizeof d.pci_bus_id, &d.driver_version, &d.runtime_version);
  /* Said once per device: why its cases will have event time only (the
  ** kernel-time pass needs the GPU's profiler; each case's kernel_note
  ** says why again, and another process's profiler may be let go later). */
  if (w->cfg.measure.kernel_time && !w->cfg.measure.profile) {
    char why[512];
    if (!w->probe.cupti)
      snprintf(d.kernel_note, sizeof d.kernel_note, "%.250s", w->probe.why);
    else if (kb_cupti_counters_ready(w->probe.cupti, why, sizeof why)
             != KB_CUPTI_OK)
      snprintf(d.kernel_note, sizeof d.kernel_note, "%.250s", why);
  }
  char tool[384];
  /* NVML there but blind to other processes: say so, once. */
  if (nvml && !w->watch.nvml)
    snprintf(d.warning, sizeof d.warning, "other processes on the GPU "
             "cannot be seen (%.200s): a case they disturb is not told "
             "from the plugin's own", w->watch.why);
  if (kb_gpu_tool(tool, sizeof tool))
    snprintf(d.warning, sizeof d.warning, "a profiling tool is attached "
             "(%.300s): its launches may wait for the whole device and it "
             "owns CUPTI, so the stream is not held, there is no kernel "
             "time, no placement study, the stream check and the audits "
             "are off, and each CUDA case is marked unaudited", tool);
  /* A profiled run (--profile) shows the plugins' kernels only. */
  if (w->cfg.builtins && !w->cfg.measure.profile) {
    double gbps;
    d.floor_s = measure_builtin(w, &kb_builtin_launch_floor,
                                KB_FLOOR_SAMPLES, &gbps,
                                d.warning, sizeof d.warning);
    if (w->cfg.calibrate
        && measure_builtin(w, &kb_builtin_copy_peak, 0, &gbps, d.warning,
                           sizeof d.warning) > 0)
      d.copy_gbps = gbps;
  }
  /* The context as kbench set it up: what each case is put back to. */
  kb_leftovers_keep(&w->leftovers, w->gpu, &w->probe);
  kb_wbuf b;
  report_begin(&b, KB_MSG_DEVICE);
  kb_msg_put_device(&b, &d);
  send_or_die(&b);
  return w->gpu;
}

/* Open the device before any case (kbench tune learns each device's
** identity first): OPENED follows the DEVICE frame, or says why not. */
static void answer_open(kb_worker *w)
{
  kb_wbuf b;
  kb_gpu *gpu = device(w);
  report_begin(&b, KB_MSG_OPENED);
  kb_put_str(&b, gpu ? "" : w->why);
  send_or_die(&b);
}

static void refuse(kb_result *res, int verdict, const char *stage,
                   const char *msg)
{
  res->verdict = verdict;
  snprintf(res->stage, sizeof res->stage, "%s", stage);
  snprintf(res->message, sizeof res->message, "%s", msg);
}

static const kbench_variant *find_variant(const kb_plugin *p,
                                          const char *name)
{
  for (size_t i = 0; i < p->n_variants; i++)
    if (strcmp(p->variants[i]->name, name) == 0)
      return p->variants[i];
  return NULL;
}

/* One measurement of the order's case into res, and what it left behind
** (leftovers.h). */
static void measure_once(kb_worker *w, const kb_plugin *p,
                         const kbench_variant *v, const kb_order *o,
                         kb_gpu *gpu, kb_result *res)
{
  kb_case c;
  char name[1024], line[1024];
  kb_case_name(name, sizeof name, p, v, o->values);
  kb_case_text(line, sizeof line, p, v, o->values, KB_CASE_LINE, NULL);
  kb_case_init(&c, p, v, o->values, w->cfg.seed, o->index, gpu);
  /* The stream audit judges against the stream the case is timed on,
  ** which a default-stream variant changes (ABI 1.3). */
  if (gpu)
    kb_probe_attach(&w->probe, gpu);
  c.on_stage = send_stage;
  c.on_wait = case_waiting;
  give_staging(w, &c);
  kb_leftovers_begin(&w->leftovers, gpu, gpu ? &w->probe : NULL);
  kb_gpu_range_push(name);
  kb_measure_case(&c, &w->cfg.measure, &w->probe, &w->floor, res);
  kb_gpu_range_pop();
  kb_hostmem_end_case(w->hostmem);
  kb_leftovers_end(&w->leftovers, gpu, gpu ? &w->probe : NULL, line, res);
}

/* Whether another process can be blamed for a verdict: a pass's times, or
** an error (a check that reads the device's busy time); not a wrong result
** or a skip. */
static int disturbable(int verdict)
{
  return verdict == KB_PASS || verdict == KB_ERROR;
}

/*
** The case, watched for other processes on its GPU (worker/measure/neighbours.h):
** one that another process used while it ran is measured again once the
** GPU is quiet (at most --quiet-wait); disturbed again, or with no quiet
** in time, its verdict is DISTURBED, naming the process.
*/
static void measure_watched(kb_worker *w, const kb_plugin *p,
                            const kbench_variant *v, const kb_order *o,
                            kb_gpu *gpu, kb_result *res)
{
  kb_watch *watch = gpu ? &w->watch : NULL;
  kb_neighbours nb;
  if (watch)
    kb_watch_begin(watch);
  measure_once(w, p, v, o, gpu, res);
  if (!watch || !kb_watch_end(watch, &nb) || !disturbable(res->verdict))
    return;
  /* Not again in a context or profiler that the case left unusable, or
  ** in a worker it left something in. */
  int again = !res->device_lost && !w->probe.broken && !w->leftovers.ends;
  int waited = again && !watch->gave_up && w->cfg.measure.quiet_wait > 0;
  if (again)
    send_stage(NULL, "waiting for the GPU to be quiet");
  int quiet = again && kb_watch_quiet(watch, w->cfg.measure.quiet_wait);
  if (quiet) {
    /* A fresh measurement: the watchdog starts over for it. */
    case_waiting(NULL, NULL);
    kb_result_free(res);
    kb_watch_begin(watch);
    measure_once(w, p, v, o, gpu, res);
    if (!kb_watch_end(watch, &nb) || !disturbable(res->verdict))
      return;
  }
  kb_neighbours_mark(res, &nb, quiet ? KB_DISTURBED_AGAIN
                                : waited ? KB_DISTURBED_NO_QUIET
                                : KB_DISTURBED_NOT_AGAIN);
}

/* Returns 1 when the worker must exit after reporting: the case left the
** CUDA context unusable, or its profiler failed in a way that CUPTI does
** not recover from in this process (a graph's replay under auto ranges left
** the next case's audit failing too), or it left something behind that
** kbench could not put back (leftovers.h), and only a new process gets a
** new one. */
static int run_order(kb_worker *w, const kb_order *o, int file)
{
  char err[1024];
  kb_result res;
  kb_result_init(&res, KB_PASS);
  /* CUDA starts before the seal, which the first load sets. */
  if (o->cuda && !w->sealed)
    device(w);
  const kb_plugin *p = load(w, o->path, file, err, sizeof err);
  const kbench_variant *v = p ? find_variant(p, o->variant) : NULL;
  kb_gpu *gpu = NULL;
  w->leftovers.ends = 0;
  if (!p)
    refuse(&res, KB_ERROR, "load", err);
  else if (!v || v->n_params != o->n_values)
    refuse(&res, KB_ERROR, "load", "the plugin no longer has this variant "
           "with these parameters");
  else if (v->backend == KBENCH_BACKEND_CUDA && !(gpu = device(w)))
    refuse(&res, w->locked_out || w->gpu_unusable ? KB_ERROR : KB_SKIP,
           w->locked_out ? "lock" : "device", w->why);
  else
    measure_watched(w, p, v, o, gpu, &res);
  res.worker_ends = res.device_lost || w->probe.broken || w->leftovers.ends;
  /* A plugin's buffered output belongs before its result. */
  fflush(stdout);
  fflush(stderr);
  kb_wbuf b;
  report_begin(&b, KB_MSG_RESULT);
  kb_msg_put_result(&b, &res);
  send_or_die(&b);
  int ends = res.worker_ends;
  kb_result_free(&res);
  return ends;
}

int kb_worker_main(void)
{
  kb_worker w;
  kb_inbox in = {0};
  uint32_t type;
  kb_rbuf payload;
  int have_cfg = 0, status = 0;
  /* First, while the worker is one thread, has no device and is still
  ** the supervisor's uid. */
  kb_group_guard_start();
  memset(&w, 0, sizeof w);
  w.lock.fd = -1;
  w.plugin_fd = -1;
  kb_leftovers_open(&w.leftovers);   /* before the seal */
  /* The keeper's pipe, under --lock-clocks: nothing a plugin starts may
  ** hold it (the keeper restores the clocks at its end of file). */
  fcntl(KB_WORKER_KEEPER, F_SETFD, FD_CLOEXEC);
  keep_freed_memory();
  /* Line-buffered, so a plugin's last words before a crash get out. */
  setvbuf(stdout, NULL, _IOLBF, 0);
  for (;;) {
    int got = kb_inbox_wait(&in, KB_WORKER_ORDERS, &type, &payload);
    if (got <= 0) {
      status = got < 0;
      break;
    }
    /* An order's token first: a CASE's is in its kb_order. */
    if (type != KB_MSG_CONFIG && type != KB_MSG_CASE)
      order_token = kb_get_u64(&payload);
    if (type == KB_MSG_CONFIG
        && kb_msg_get_worker_cfg(&payload, &w.cfg) == 0) {
      have_cfg = 1;
      /* Contained, the libraries' socket, which nothing a plugin starts
      ** may hold; it is there only then (process/contain.h). */
      if (w.cfg.contain)
        fcntl(KB_WORKER_FILES, F_SETFD, FD_CLOEXEC);
    } else if (type == KB_MSG_LOAD && have_cfg) {
      int file = w.cfg.contain ? kb_fd_receive(KB_WORKER_FILES) : -1;
      char *path = kb_get_strdup(&payload);
      if (!path)
        return 2;
      answer_load(&w, path, file);
      free(path);
    } else if (type == KB_MSG_COUNT && have_cfg) {
      answer_count();
    } else if (type == KB_MSG_METRICS && have_cfg) {
      answer_metrics(&w);
    } else if (type == KB_MSG_OPEN && have_cfg) {
      answer_open(&w);
    } else if (type == KB_MSG_CASE && have_cfg) {
      kb_order o;
      if (kb_msg_get_order(&payload, &o))
        return 2;
      order_token = o.token;
      if (run_order(&w, &o, w.cfg.contain ? kb_fd_receive(KB_WORKER_FILES)
                                          : -1))
        break;
    } else {
      return 2;            /* not an order this worker understands */
    }
  }
  kb_pool_free(w.pool);
  kb_hostmem_free(w.hostmem);  /* page-locked blocks need the context */
  kb_leftovers_close(&w.leftovers);
  kb_probe_close(&w.probe);
  kb_gpu_close(w.gpu);
  kb_device_lock_release(&w.lock);   /* after the device's last use */
  for (size_t i = 0; i < w.n_plugins; i++)
    kb_plugin_unload(&w.plugins[i]);
  free(w.plugins);
  kb_inbox_free(&in);
  return status;
}
