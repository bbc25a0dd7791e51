/*
** What the supervisor and a worker say to each other, over the frames of
** wire.h.  Orders go one way (configure, load a plugin, run a case, count
** the devices), and everything learned from plugins and CUDA comes back
** the other way: stage changes, plugin descriptions, device facts, case
** results and the device count.  A worker answers each LOAD with PLUGIN
** or LOAD_FAILED, each CASE with RESULT, each COUNT with COUNTED and each
** OPEN with OPENED (after the DEVICE frame of a device that opened),
** sending STAGE frames on the way so that a death can be blamed on a
** stage, and LOCK_WAIT and LOCK_TAKEN around a wait for its device's lock
** (which the watchdog does not count as the case's time).
**
** Every order but CONFIG carries a token, a random number the supervisor
** draws for it (a CASE in its kb_order, the others as their payload's
** first number), and every frame the worker sends until its next order
** begins with that token (kb_token_begin), the SIGSYS handler's REFUSED
** frames included: a frame a plugin wrote blind, or one left over from an
** earlier order, answers no order, and the supervisor ends the worker
** before it reads further.
*/
#ifndef KB_PROTOCOL_H
#define KB_PROTOCOL_H

#include <stdint.h>

#include "model/device_report.h"
#include "model/measure_cfg.h"
#include "model/result.h"
#include "model/variant.h"
#include "process/wire.h"

enum kb_msg_type {
  /* supervisor -> worker */
  KB_MSG_CONFIG = 1,       /* kb_worker_cfg; the first frame a worker reads */
  KB_MSG_LOAD,             /* a plugin path */
  KB_MSG_CASE,             /* kb_order */
  KB_MSG_COUNT,            /* how many devices CUDA reports (no payload) */
  KB_MSG_METRICS,          /* check the settings' --metrics on its
                              device */
  KB_MSG_OPEN,             /* open the device now (no payload) */
  /* worker -> supervisor */
  KB_MSG_STAGE = 16,       /* the name of the stage the worker enters */
  KB_MSG_PLUGIN,           /* a loaded plugin's variants */
  KB_MSG_LOAD_FAILED,      /* path and reason */
  KB_MSG_DEVICE,           /* kb_device_report */
  KB_MSG_RESULT,           /* kb_result */
  KB_MSG_COUNTED,          /* the device count, and why when it is 0 */
  KB_MSG_METRICS_CHECKED,  /* kb_probe_check's answer and its message */
  KB_MSG_LOCK_WAIT,        /* another process holds the device: who */
  KB_MSG_LOCK_TAKEN,       /* the wait is over: the lock is this worker's */
  KB_MSG_OPENED,           /* "" when the device opened, else why not */
  KB_MSG_REFUSED,          /* a call the seal refused (refusal.h), written
                              by the worker's SIGSYS handler */
  KB_MSG_SEAL_NOTE,        /* the worker's seal: its layers, and what it
                              lacks (worker/seal.h) */
  KB_MSG_LOCK_HELD,        /* the device's lock is this worker's, at this
                              descriptor: the supervisor takes a copy */
  KB_MSG_NOTE              /* a line for the user (on stderr): said once
                              per device, however many workers say it */
};

/* The worker's settings, its CONFIG frame: how it measures, the same for
** every case it runs. */
typedef struct kb_worker_cfg {
  kb_measure_cfg measure;
  uint64_t seed;
  int device;              /* CUDA ordinal */
  int calibrate;           /* measure the copy peak when the device opens */
  int builtins;            /* measure the launch floor (and copy peak) */
  unsigned staging_threads;/* threads of the staging pool (--jobs); 0: the
                              cores */
  int lock;                /* hold the device's lock (worker/device_lock.h),
                              waiting up to measure.lock_timeout for it */
  int64_t worker_uid;      /* the --worker-uid base in kb_job_worker_cfg;
                              in a worker's CONFIG, the uid (and gid) it
                              takes before a plugin's code runs, or -1: the
                              user's (worker/identity.h) */
  int contain;             /* KBENCH_CONTAIN=on, as the supervisor read it
                              at its start (contain.h): 0 leaves the
                              worker as before issue 59's containment */
} kb_worker_cfg;

/* One case to run: the variant by plugin path and name, and its values. */
typedef struct kb_order {
  uint64_t index;          /* the case's place in the plan: seeds its data */
  uint64_t token;          /* the supervisor's random number for this order,
                              which the RESULT frame must carry first: a
                              frame a plugin wrote answers no order */
  char path[4096];
  char variant[256];
  uint32_t cuda;           /* the variant runs on the GPU: a fresh worker
                              opens its device before its seal */
  uint32_t n_values;
  int64_t values[KB_MAX_PARAMS];
} kb_order;

/* A frame of type that begins with an order's token: the order itself
** (not CONFIG; a CASE's token is in its kb_order) or a report that
** answers it. */
void kb_token_begin(kb_wbuf *b, uint32_t type, uint64_t token);

void kb_msg_put_worker_cfg(kb_wbuf *b, const kb_worker_cfg *cfg);
int kb_msg_get_worker_cfg(kb_rbuf *r, kb_worker_cfg *cfg);

void kb_msg_put_order(kb_wbuf *b, const kb_order *o);
int kb_msg_get_order(kb_rbuf *r, kb_order *o);

void kb_msg_put_device(kb_wbuf *b, const kb_device_report *d);
int kb_msg_get_device(kb_rbuf *r, kb_device_report *d);

void kb_msg_put_count(kb_wbuf *b, int count, const char *why);
/* 0, or -1 when malformed (a negative count). */
int kb_msg_get_count(kb_rbuf *r, int *count, char *why, size_t len);

/* The answer to KB_MSG_METRICS: 0 good, 1 counters cannot be had here,
** -1 refused; why in words. */
void kb_msg_put_checked(kb_wbuf *b, int verdict, const char *why);
int kb_msg_get_checked(kb_rbuf *r, int *verdict, char *why, size_t len);

void kb_msg_put_result(kb_wbuf *b, const kb_result *res);
/* Fills res (samples allocated: free with kb_result_free).  0 or -1. */
int kb_msg_get_result(kb_rbuf *r, kb_result *res);

/* A plugin's description: its path and every variant with its declared
** parameters (no callbacks: those stay in the worker). */
void kb_msg_put_plugin(kb_wbuf *b, const kb_plugin *p);
/* Builds a kb_plugin whose variants are descriptions only, for planning
** and listing; free it with kb_msg_free_plugin.  0, or -1 when the payload
** is malformed (nothing left allocated). */
int kb_msg_get_plugin(kb_rbuf *r, kb_plugin *p);
void kb_msg_free_plugin(kb_plugin *p);

#endif
