/*
** A case's declared buffers before and after a verified run
** (worker/plugin/outputs.c), on the host: an in-out buffer may overlap no
** other declared buffer, in either order, and its copies stay under half
** the host's memory; an output is poisoned and an in-out buffer put back
** as it was saved; and a failed verify's message gains the clause only
** when an output holds the poison or the GPU's NaN made of it, never for
** other values or for what an in-out buffer holds.
*/
#include <stdint.h>
#include <string.h>

#include <kbench/plugin.h>

#include "worker/plugin/outputs.h"
#include "tap.h"

#define N 64

static int has_clause(const char *msg)
{
  return strstr(msg, "kbench filled the output") != NULL
         && strstr(msg, "declare it in-out with h->inout") != NULL;
}

int main(void)
{
  static uint32_t out[N], io[N];
  char buf[256], msg[1024];
  kb_output o[2] = {
    {out, sizeof out, KBENCH_MEM_HOST, 0, NULL},
    {io, sizeof io, KBENCH_MEM_HOST, 1, NULL},
  };

  ok(!kb_outputs_refuse(o, 0, out, sizeof out, 0, buf, sizeof buf)
     && !kb_outputs_refuse(o, 1, io, sizeof io, 1, buf, sizeof buf),
     "an output, then an in-out buffer apart from it: accepted");
  const char *why = kb_outputs_refuse(o, 1, out + N / 2, 4, 1, buf,
                                      sizeof buf);
  ok(why && strstr(why, "also declared as an output"),
     "an in-out buffer inside an output: %s", why ? why : "accepted");
  why = kb_outputs_refuse(o + 1, 1, io, 4, 0, buf, sizeof buf);
  ok(why && strstr(why, "also declared in-out"),
     "an output on an in-out buffer: %s", why ? why : "accepted");
  why = kb_outputs_refuse(o + 1, 1, io + N - 1, 8, 1, buf, sizeof buf);
  ok(why && strstr(why, "already declared in-out"),
     "an in-out buffer overlapping another's end: %s", why ? why : "accepted");
  ok(!kb_outputs_refuse(o + 1, 1, io + N, 4, 1, buf, sizeof buf),
     "one that begins where the other ends: accepted");
  ok(!kb_outputs_refuse(o, 1, out, sizeof out, 0, buf, sizeof buf),
     "two outputs may still overlap, as before ABI 1.4");
  why = kb_outputs_refuse(o, 0, io, SIZE_MAX / 2, 1, buf, sizeof buf);
  ok(why && strstr(why, "half the host's physical memory"),
     "copies past the limit, named with it: %s", why ? why : "accepted");

  ok(kb_outputs_inout_bytes(o, 2) == sizeof io,
     "the in-out bytes are the in-out buffer's alone");

  kb_hostmem *m = kb_hostmem_new(NULL);
  for (int i = 0; i < N; i++)
    out[i] = io[i] = (uint32_t)i;
  ok(kb_outputs_save(o, 2, m, NULL, msg, sizeof msg) == 0 && !o[0].saved
     && o[1].saved && memcmp(o[1].saved, io, sizeof io) == 0,
     "save copies the in-out buffer alone");
  for (int i = 0; i < N; i++)
    io[i] = 7;
  ok(kb_outputs_prepare(o, 2, NULL, msg, sizeof msg) == 0,
     "prepare succeeds on the host");
  int poisoned = 1, restored = 1;
  for (int i = 0; i < N; i++) {
    poisoned &= out[i] == 0xffffffffu;
    restored &= io[i] == (uint32_t)i;
  }
  ok(poisoned && restored, "the output poisoned, the in-out buffer restored");

  snprintf(msg, sizeof msg, "out[0] = -1, expected 3");
  kb_outputs_explain(o, 2, NULL, msg, sizeof msg);
  ok(has_clause(msg) && strstr(msg, "64 of 64 words hold them"),
     "an output left poisoned: the clause, with the count (%s)", msg);

  for (int i = 0; i < N; i++)
    out[i] = (uint32_t)i;
  out[5] = 0x7fffffffu;
  snprintf(msg, sizeof msg, "out[5] = nan, expected 5");
  kb_outputs_explain(o, 2, NULL, msg, sizeof msg);
  ok(has_clause(msg) && strstr(msg, "1 of 64 words"),
     "the NaN a GPU makes of the poison counts (%s)", msg);

  out[5] = 0x7fc00000u;   /* a NaN, but not one made of the poison */
  for (int i = 0; i < N; i++)
    io[i] = 0xffffffffu;  /* the in-out buffer is no output */
  snprintf(msg, sizeof msg, "out[5] = nan, expected 5");
  kb_outputs_explain(o, 2, NULL, msg, sizeof msg);
  ok(strcmp(msg, "out[5] = nan, expected 5") == 0,
     "other values, and an in-out buffer's, add nothing (%s)", msg);

  kb_hostmem_free(m);
  return tap_done();
}
