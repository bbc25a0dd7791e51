/*
** A case's declared outputs and in-out buffers before and after a
** verified run (outputs.h).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kbench/plugin.h>

#include "util/format.h"
#include "util/host_facts.h"
#include "worker/plugin/outputs.h"

/* The words a failed verify looks for: the poison itself, and the NaN a
** GPU's float arithmetic makes of it (the CUDA C++ Programming Guide's
** floating-point section: an operation on a NaN returns 0x7fffffff). */
#define KB_POISON_WORD 0xffffffffu
#define KB_GPU_NAN_WORD 0x7fffffffu
/* Device outputs are read back through a host buffer of this size. */
#define KB_SCAN_CHUNK ((size_t)4 << 20)

/* Why one buffer is not both an output and an in-out buffer. */
#define BOTH "an output is poisoned before a verified run and an in-out " \
  "buffer restored, so declare it once: with inout if run reads it, with " \
  "output if not"

/* Written without sums, which a huge claimed size would wrap. */
static int overlap(const kb_output *o, const void *ptr, size_t bytes)
{
  uintptr_t a = (uintptr_t)o->ptr, b = (uintptr_t)ptr;
  return a >= b ? a - b < bytes : b - a < o->bytes;
}

/* Why [ptr, ptr + bytes) may not be declared beside the others, or NULL:
** an in-out buffer overlaps no other declared buffer, since one byte
** cannot be both poisoned and restored. */
static const char *clash(const kb_output *o, size_t n, const void *ptr,
                         size_t bytes, int inout)
{
  for (size_t i = 0; i < n; i++) {
    if (!overlap(&o[i], ptr, bytes) || (!inout && !o[i].inout))
      continue;
    if (inout && o[i].inout)
      return "on a buffer already declared in-out: declare each buffer "
             "once";
    return inout ? "on a buffer also declared as an output: " BOTH
                 : "on a buffer also declared in-out: " BOTH;
  }
  return NULL;
}

/* Half the host's physical memory, so that the plugin's own staging (its
** inputs and references, usually as large) still fits beside the copies;
** SIZE_MAX when the host's memory is unknown. */
static size_t copy_limit(void)
{
  size_t host = kb_host_memory_bytes();
  return host ? host / 2 : SIZE_MAX;
}

const char *kb_outputs_refuse(const kb_output *o, size_t n, const void *ptr,
                              size_t bytes, int inout, char *buf, size_t len)
{
  const char *bad = clash(o, n, ptr, bytes, inout);
  size_t limit = copy_limit();
  size_t kept = kb_outputs_inout_bytes(o, n);
  if (bad || !inout || (bytes <= limit && kept <= limit - bytes))
    return bad;
  char size[32], max[32];
  kb_format_si(size, sizeof size, (double)bytes + (double)kept, 4, "B");
  kb_format_si(max, sizeof max, (double)limit, 4, "B");
  snprintf(buf, len, "on %zu bytes: kbench keeps a copy of each in-out "
           "buffer to restore it, and the copies would take %s, more than "
           "the %s of host memory it may keep them in (half the host's "
           "physical memory)", bytes, size, max);
  return buf;
}

size_t kb_outputs_inout_bytes(const kb_output *o, size_t n)
{
  size_t sum = 0;
  for (size_t i = 0; i < n; i++)
    if (o[i].inout)
      sum += o[i].bytes;
  return sum;
}

static int on_device(const kb_output *o, const kb_gpu *g)
{
  return g && o->memory == KBENCH_MEM_GLOBAL;
}

int kb_outputs_save(kb_output *o, size_t n, kb_hostmem *m, kb_gpu *g,
                    char *err, size_t len)
{
  int queued = 0;
  for (size_t i = 0; i < n; i++) {
    if (!o[i].inout)
      continue;
    char size[32];
    kb_format_si(size, sizeof size, (double)o[i].bytes, 4, "B");
    if (!m || !(o[i].saved = kb_hostmem_take(m, o[i].bytes))) {
      snprintf(err, len, "out of host memory for the copy of an in-out "
               "buffer of %s (%zu bytes), which kbench restores before "
               "each verified run", size, o[i].bytes);
      return -1;
    }
    if (!on_device(&o[i], g))
      memcpy(o[i].saved, o[i].ptr, o[i].bytes);
    else if (kb_gpu_copy(g, o[i].saved, o[i].ptr, o[i].bytes, err, len))
      return -1;
    else
      queued = 1;
  }
  return queued ? kb_gpu_sync(g, err, len) : 0;
}

int kb_outputs_prepare(const kb_output *o, size_t n, kb_gpu *g, char *err,
                       size_t len)
{
  for (size_t i = 0; i < n; i++) {
    const kb_output *b = &o[i];
    if (!on_device(b, g)) {
      if (b->inout)
        memcpy(b->ptr, b->saved, b->bytes);
      else
        memset(b->ptr, 0xFF, b->bytes);
    } else if (b->inout ? kb_gpu_copy(g, b->ptr, b->saved, b->bytes, err,
                                      len)
                        : kb_gpu_fill(g, b->ptr, 0xFF, b->bytes, err, len)) {
      return -1;
    }
  }
  return 0;
}

static size_t count_poison(const unsigned char *p, size_t words)
{
  size_t found = 0;
  for (size_t i = 0; i < words; i++) {
    uint32_t w;
    memcpy(&w, p + 4 * i, sizeof w);
    found += w == KB_POISON_WORD || w == KB_GPU_NAN_WORD;
  }
  return found;
}

/* The poisoned words of one output, *words counting its words; 0 when a
** device output cannot be read back. */
static size_t poisoned(const kb_output *o, kb_gpu *g, unsigned char *chunk,
                       size_t *words)
{
  size_t whole = o->bytes / 4 * 4, found = 0;
  char ignored[256];
  *words += whole / 4;
  if (!on_device(o, g))
    return count_poison(o->ptr, whole / 4);
  for (size_t at = 0; at < whole; at += KB_SCAN_CHUNK) {
    size_t part = whole - at < KB_SCAN_CHUNK ? whole - at : KB_SCAN_CHUNK;
    if (kb_gpu_copy(g, chunk, (const char *)o->ptr + at, part, ignored,
                    sizeof ignored)
        || kb_gpu_sync(g, ignored, sizeof ignored))
      return 0;
    found += count_poison(chunk, part / 4);
  }
  return found;
}

void kb_outputs_explain(const kb_output *o, size_t n, kb_gpu *g, char *msg,
                        size_t len)
{
  size_t found = 0, words = 0, outputs = 0;
  unsigned char *chunk = g ? malloc(KB_SCAN_CHUNK) : NULL;
  if (g && !chunk)
    return;
  for (size_t i = 0; i < n; i++)
    if (!o[i].inout) {
      found += poisoned(&o[i], g, chunk, &words);
      outputs++;
    }
  free(chunk);
  if (!found)
    return;
  size_t used = strlen(msg);
  snprintf(msg + used, len - used, " (kbench filled the output%s with "
           "all-ones bits, NaN or -1, before the run, and %zu of %zu words "
           "hold them, or the NaN 0x7fffffff a GPU computes from them: "
           "either the run did not write them, or it reads its output, as "
           "beta * C and += do, and must declare it in-out with h->inout)",
           outputs > 1 ? "s" : "", found, words);
}
