/* The wire and its messages: round trips through a real pipe, frames split
** across reads, and payloads that lie about their contents. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fields.h"
#include "worker/measure/neighbours.h"
#include "process/protocol.h"
#include "tap.h"

static int noop(const kbench_host *h, void **s) { (void)h; (void)s; return 0; }
static int noop2(const kbench_host *h, void *s) { (void)h; (void)s; return 0; }
static void bytes(const kbench_host *h, void *s, kbench_bytes *b) { (void)h; (void)s; (void)b; }
static void down(const kbench_host *h, void *s) { (void)h; (void)s; }

static const char *const dtypes[] = {"f32", "f64"};
static const kbench_param params[] = {
  {"n", "elements", "64M", 1, (int64_t)1 << 31, KBENCH_PARAM_POW2, NULL, 0},
  {"stride", "stride", "1,2,4", 1, 32, 0, NULL, 0},
  {"dtype", "type", "f64", 0, 0, 0, dtypes, 2},
};
static const kbench_variant variant = {
  sizeof(kbench_variant), "fake_sum", "a fake", "tests", KBENCH_BACKEND_CUDA,
  params, 3, noop, noop2, noop2, bytes, down, NULL, 0,
};
static const kbench_library lib = {
  KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR, sizeof(kbench_library),
  sizeof(kbench_variant), sizeof(kbench_param), NULL,
};

/* res's frame in b, its sample count turned into 2^60: the count is the
** 8 bytes before res's one sample, wherever the table puts them. */
static int lie_about_samples(kb_result *res, kb_wbuf *b)
{
  double *kept = res->samples, one = 12345.6789;
  size_t n = res->n_samples;
  res->samples = &one;
  res->n_samples = 1;
  kb_wbuf_begin(b, KB_MSG_RESULT);
  kb_msg_put_result(b, res);
  res->samples = kept;
  res->n_samples = n;
  for (size_t at = KB_WIRE_HEADER + 8; at + 8 <= b->len; at++)
    if (memcmp(b->p + at, &one, 8) == 0) {
      uint64_t lie = (uint64_t)1 << 60;
      memcpy(b->p + at - 8, &lie, 8);
      return 1;
    }
  return 0;
}

/* Send b through a pipe and read one frame back. */
static int through_pipe(kb_wbuf *b, kb_inbox *in, uint32_t *type,
                        kb_rbuf *payload)
{
  int fds[2];
  if (pipe(fds))
    return -1;
  int sent = kb_wire_send(fds[1], b);
  close(fds[1]);
  int got = sent ? -1 : kb_inbox_wait(in, fds[0], type, payload);
  close(fds[0]);
  return got;
}

int main(void)
{
  kb_inbox in = {0};
  uint32_t type;
  kb_rbuf r;
  kb_wbuf b;

  /* A result survives the trip exactly, every field of its table (each
  ** set to a value of its own) and its counters. */
  kb_result res, back;
  fill_result(&res, KB_WRONG);
  kb_counters counters = {.n_metrics = 1, .n_kernels = 1, .n_launched = 2,
                          .passes = 3, .names = {"dram__bytes_read.sum"},
                          .units = {"byte"}, .kernels = {"k"},
                          .values = {{7}}, .total = {7}};
  res.counters = &counters;
  kb_wbuf_begin(&b, KB_MSG_RESULT);
  kb_msg_put_result(&b, &res);
  ok(through_pipe(&b, &in, &type, &r) == 1 && type == KB_MSG_RESULT
     && kb_msg_get_result(&r, &back) == 0, "a result frame comes back");
  field_check c[KB_FIELDS];
  size_t n_checked = check_fields(&res, &back, c), differ = 0, kept = 0;
  for (size_t i = 0; i < n_checked; i++) {
    kept += c[i].same && c[i].not_start;
    if (!c[i].same || !c[i].not_start)
      printf("# %s %s\n", c[i].id, !c[i].same ? "differs" : "was not set");
    differ += !c[i].same;
  }
  ok(differ == 0 && kept == n_checked && n_checked > 60,
     "every field of the table comes back the same (%zu of %zu)", kept,
     n_checked);
  ok(back.counters && back.counters->n_metrics == 1
     && back.counters->values[0][0] == 7 && back.counters->passes == 3
     && strcmp(back.counters->kernels[0], "k") == 0,
     "...and its counters");
  kb_result_free(&back);
  res.counters = NULL;

  /* A disturbed case comes back as the worker marks it: every field a
  ** disturbance sets, the longest neighbour text, and the case's own
  ** error kept in words (a stray on the GPU read "malformed result"). */
  {
    kb_neighbours nb = {.n = KB_NEIGHBOURS_MAX};
    for (size_t i = 0; i < nb.n; i++) {
      nb.p[i] = (kb_neighbour){.pid = 4000000000u + (unsigned)i,
                               .sampled = (int)(i % 2), .sm = 100,
                               .mem = 100};
      memset(nb.p[i].name, 'x', sizeof nb.p[i].name - 1);
    }
    kb_result dist, dback;
    fill_result(&dist, KB_ERROR);
    memset(dist.message, 'm', sizeof dist.message - 1);
    dist.message[sizeof dist.message - 1] = '\0';
    kb_neighbours_mark(&dist, &nb, KB_DISTURBED_NO_QUIET);
    kb_wbuf_begin(&b, KB_MSG_RESULT);
    kb_msg_put_result(&b, &dist);
    ok(through_pipe(&b, &in, &type, &r) == 1
       && kb_msg_get_result(&r, &dback) == 0
       && dback.verdict == KB_DISTURBED
       && strcmp(dback.stage, "other processes") == 0
       && strcmp(dback.message, dist.message) == 0
       && strstr(dback.message, "pid 4000000000 (xxx")
       && strstr(dback.message, "the case itself: ERROR"),
       "a disturbed result with the longest neighbour text comes back "
       "DISTURBED, naming the processes");
    kb_result_free(&dback);
    /* Every verdict travels; one past the last is refused. */
    int all = 1;
    for (int v = KB_PASS; v <= KB_VERDICTS; v++) {
      dist.verdict = v;
      kb_wbuf_begin(&b, KB_MSG_RESULT);
      kb_msg_put_result(&b, &dist);
      int got = through_pipe(&b, &in, &type, &r) == 1
                && kb_msg_get_result(&r, &dback) == 0;
      if (got && dback.verdict != v)
        got = 0;
      if (got)
        kb_result_free(&dback);
      if (got != (v < KB_VERDICTS)) {
        printf("# verdict %d %s\n", v, got ? "accepted" : "refused");
        all = 0;
      }
    }
    ok(all, "every verdict comes back; an unknown one is refused");
    kb_result_free(&dist);
  }

  /* The measure settings travel to the worker, --energy's included. */
  kb_worker_cfg cfg, cfg2;
  memset(&cfg, 0, sizeof cfg);
  cfg.measure.mode = KB_MODE_HOT;
  cfg.measure.energy = 1;
  cfg.measure.energy_time = 3.5;
  cfg.seed = 9;
  cfg.lock = 1;
  cfg.measure.lock_timeout = 42.5;
  cfg.measure.quiet_wait = 7.25;
  cfg.measure.lock_clocks = 1410;
  cfg.measure.kernel_time = 1;
  cfg.measure.time = KB_TIME_KERNEL;
  cfg.staging_threads = 6;
  cfg.worker_uid = 2147418113;
  cfg.contain = 1;
  kb_wbuf_begin(&b, KB_MSG_CONFIG);
  kb_msg_put_worker_cfg(&b, &cfg);
  ok(through_pipe(&b, &in, &type, &r) == 1
     && kb_msg_get_worker_cfg(&r, &cfg2) == 0
     && cfg2.measure.mode == KB_MODE_HOT && cfg2.measure.energy == 1
     && cfg2.measure.energy_time == 3.5 && cfg2.seed == 9
     && cfg2.lock == 1 && cfg2.measure.lock_timeout == 42.5
     && cfg2.measure.quiet_wait == 7.25 && cfg2.measure.lock_clocks == 1410
     && cfg2.measure.kernel_time == 1 && cfg2.measure.time == KB_TIME_KERNEL
     && cfg2.staging_threads == 6 && cfg2.worker_uid == 2147418113
     && cfg2.contain == 1,
     "the worker's settings come back with their energy, GPU lock, quiet "
     "wait, clock lock, kernel time, staging threads, identity and "
     "containment switch");

  /* A plugin's description becomes a catalogue entry with its params. */
  const kbench_variant *list[] = {&variant};
  kb_plugin p = {"/x/fake.so", NULL, &lib, list, 1, NULL, NULL};
  kb_plugin mirror;
  kb_wbuf_begin(&b, KB_MSG_PLUGIN);
  kb_msg_put_plugin(&b, &p);
  ok(through_pipe(&b, &in, &type, &r) == 1 && type == KB_MSG_PLUGIN
     && kb_msg_get_plugin(&r, &mirror) == 0, "a plugin frame comes back");
  const kbench_param *n = kb_variant_param(&mirror, mirror.variants[0], 0);
  const kbench_param *st = kb_variant_param(&mirror, mirror.variants[0], 1);
  ok(strcmp(mirror.path, "/x/fake.so") == 0 && mirror.n_variants == 1
     && strcmp(mirror.variants[0]->name, "fake_sum") == 0
     && mirror.variants[0]->backend == KBENCH_BACKEND_CUDA
     && mirror.variants[0]->n_params == 3 && strcmp(n->dflt, "64M") == 0
     && n->flags == KBENCH_PARAM_POW2 && n->max == (int64_t)1 << 31
     && strcmp(st->name, "stride") == 0 && !mirror.variants[0]->run,
     "names, defaults, limits and flags kept; no callbacks");
  const kbench_param *dt = kb_variant_param(&mirror, mirror.variants[0], 2);
  ok(n->n_choices == 0 && dt->n_choices == 2
     && strcmp(dt->choices[0], "f32") == 0
     && strcmp(dt->choices[1], "f64") == 0, "an enumerated parameter's "
     "choices kept");
  kb_msg_free_plugin(&mirror);

  /* An order with its values. */
  kb_order o = {.index = 42, .token = 0x1234567890abcdefu,
                .path = "/x/fake.so", .variant = "fake_sum", .n_values = 2,
                .values = {1 << 20, 4}};
  kb_order o2;
  kb_wbuf_begin(&b, KB_MSG_CASE);
  kb_msg_put_order(&b, &o);
  ok(through_pipe(&b, &in, &type, &r) == 1 && kb_msg_get_order(&r, &o2) == 0
     && o2.index == 42 && o2.token == 0x1234567890abcdefu
     && o2.n_values == 2 && o2.values[0] == 1 << 20
     && strcmp(o2.variant, "fake_sum") == 0, "an order comes back");

  /* A device report, with what --lock-clocks did. */
  {
    kb_device_report d = {.floor_s = -1}, dback;
    d.clocks_locked = 1;
    d.locked_sm_mhz = 1590;
    d.locked_mem_mhz = 2619;
    snprintf(d.clocks, sizeof d.clocks, "SM 1590 MHz (base), memory 2619 "
             "MHz");
    kb_wbuf_begin(&b, KB_MSG_DEVICE);
    kb_msg_put_device(&b, &d);
    ok(through_pipe(&b, &in, &type, &r) == 1 && type == KB_MSG_DEVICE
       && kb_msg_get_device(&r, &dback) == 0 && dback.clocks_locked
       && dback.locked_sm_mhz == 1590 && dback.locked_mem_mhz == 2619
       && strcmp(dback.clocks, d.clocks) == 0,
       "a device report comes back with its clock lock");
  }

  /* A device count with its reason; a negative count is refused. */
  int count = -1;
  char why[64];
  kb_wbuf_begin(&b, KB_MSG_COUNTED);
  kb_msg_put_count(&b, 0, "no CUDA device: none");
  ok(through_pipe(&b, &in, &type, &r) == 1 && type == KB_MSG_COUNTED
     && kb_msg_get_count(&r, &count, why, sizeof why) == 0 && count == 0
     && strcmp(why, "no CUDA device: none") == 0, "a device count comes back");
  kb_wbuf_begin(&b, KB_MSG_COUNTED);
  kb_msg_put_count(&b, -3, "");
  ok(through_pipe(&b, &in, &type, &r) == 1
     && kb_msg_get_count(&r, &count, why, sizeof why) == -1,
     "a negative device count is refused");

  /* Two frames arriving a byte at a time are both found, in order. */
  kb_wbuf b1, b2;
  kb_wbuf_begin(&b1, KB_MSG_STAGE);
  kb_put_str(&b1, "setup");
  kb_wbuf_begin(&b2, KB_MSG_STAGE);
  kb_put_str(&b2, "run");
  int fds[2];
  ok(pipe(fds) == 0 && kb_wire_send(fds[1], &b1) == 0
     && kb_wire_send(fds[1], &b2) == 0, "two frames sent");
  close(fds[1]);
  char stages[2][16] = {"", ""};
  int found = 0;
  unsigned char byte;
  while (found < 2 && read(fds[0], &byte, 1) == 1) {
    /* Feed the inbox one byte at a time through a second pipe. */
    int one[2];
    if (pipe(one))
      break;
    if (write(one[1], &byte, 1) != 1)
      break;
    close(one[1]);
    kb_inbox_fill(&in, one[0]);
    close(one[0]);
    while (found < 2 && kb_inbox_next(&in, &type, &r) == 1)
      kb_get_str(&r, stages[found++], sizeof stages[0]);
  }
  close(fds[0]);
  ok(found == 2 && strcmp(stages[0], "setup") == 0
     && strcmp(stages[1], "run") == 0, "split frames are reassembled: %s, %s",
     stages[0], stages[1]);

  /* Lies: a string longer than its payload, a huge sample count, a frame
  ** over the size limit, a plugin with a malformed name. */
  kb_wbuf_begin(&b, KB_MSG_LOAD);
  kb_put_u32(&b, 1000);
  ok(through_pipe(&b, &in, &type, &r) == 1 && !kb_get_strdup(&r) && r.bad,
     "a string that claims more than the payload holds is refused");
  ok(lie_about_samples(&res, &b) && through_pipe(&b, &in, &type, &r) == 1
     && kb_msg_get_result(&r, &back) == -1 && back.samples == NULL,
     "a sample count larger than the payload is refused before allocating");
  kb_result_free(&res);
  kb_inbox big = {0};
  uint32_t header[2] = {KB_WIRE_MAX_FRAME + 1, KB_MSG_RESULT};
  ok(pipe(fds) == 0 && write(fds[1], header, sizeof header) == sizeof header,
     "an oversized header written");
  close(fds[1]);
  ok(kb_inbox_wait(&big, fds[0], &type, &r) == -1,
     "a frame over the size limit makes the stream malformed");
  close(fds[0]);
  kb_inbox_free(&big);
  const kbench_variant bad = {
    sizeof(kbench_variant), "Bad Name", "", "", KBENCH_BACKEND_HOST,
    NULL, 0, noop, noop2, noop2, bytes, down, NULL, 0,
  };
  const kbench_variant *badlist[] = {&bad};
  kb_plugin bp = {"/x/bad.so", NULL, &lib, badlist, 1, NULL, NULL};
  kb_wbuf_begin(&b, KB_MSG_PLUGIN);
  kb_msg_put_plugin(&b, &bp);
  ok(through_pipe(&b, &in, &type, &r) == 1
     && kb_msg_get_plugin(&r, &mirror) == -1 && !mirror.variants,
     "a description with a malformed variant name is refused whole");
  /* Text is one printable line, whatever the other end sent. */
  char line[64];
  kb_token_begin(&b, KB_MSG_NOTE, 7);
  kb_put_str(&b, "held\nfake_row  FLAGGED\x1b[2J");
  kb_put_str(&b, "a\rb\x7f");
  ok(through_pipe(&b, &in, &type, &r) == 1 && kb_get_u64(&r) == 7
     && (kb_get_str(&r, line, sizeof line), 1)
     && strcmp(line, "held?fake_row  FLAGGED?[2J") == 0,
     "a string's newline and escape arrive as '?': %s", line);
  char *dup = kb_get_strdup(&r);
  ok(dup && strcmp(dup, "a?b?") == 0, "likewise a copied string's: %s",
     dup ? dup : "(null)");
  free(dup);
  ok(pipe(fds) == 0, "pipe");
  close(fds[1]);
  ok(kb_inbox_wait(&in, fds[0], &type, &r) == 0, "end of file is 0, not a frame");
  close(fds[0]);
  kb_inbox_free(&in);
  return tap_done();
}
