/* kbench tune's --cache: reading it and finding configurations in it
** (cache.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "model/measure_cfg.h"
#include "model/verdict.h"
#include "commands/tune/cache.h"
#if KBENCH_HAVE_JSON_C
#  include "results/json_read.h"
#  include "results/entries.h"
#endif

struct kb_tune_cache {
#if KBENCH_HAVE_JSON_C
  kb_entries entries;
#endif
  size_t n;
};

int kb_tune_cache_read(kb_tune_cache **c, const char *path, char *err,
                       size_t len)
{
  struct stat st;
  if (!(*c = calloc(1, sizeof **c))) {
    snprintf(err, len, "out of memory");
    return -1;
  }
  if (stat(path, &st) != 0 && errno == ENOENT)
    return 0;                 /* a first search: an empty cache */
#if KBENCH_HAVE_JSON_C
  if (kb_entries_read(path, &(*c)->entries, err, len) == 0) {
    (*c)->n = (*c)->entries.n;
    return 0;
  }
#else
  snprintf(err, len, "%s: reading a cache needs json-c: kbench was built "
           "without json-c: install libjson-c-dev and reconfigure", path);
#endif
  kb_tune_cache_free(*c);
  *c = NULL;
  return -1;
}

void kb_tune_cache_free(kb_tune_cache *c)
{
  if (!c)
    return;
#if KBENCH_HAVE_JSON_C
  kb_entries_free(&c->entries);
#endif
  free(c);
}

size_t kb_tune_cache_size(const kb_tune_cache *c)
{
  return c->n;
}

#if KBENCH_HAVE_JSON_C
/* results/'s one rule for "the same device" (kb_res_same_device). */
static int same_device(const kb_entry *e, const kb_tune_key *k)
{
  kb_res_device d = {.known = 1, .host = k->host, .ordinal = k->ordinal,
                     .uuid = (char *)k->uuid};
  return kb_res_same_device(&e->device, &d);
}

/* The time an entry was judged by: its "time", event in a file written
** before kernel time. */
static int judged_time(const kb_entry *e)
{
  const char *t = kb_jget_string(e->obj, KB_KEY(judged));
  int judged = t ? kb_time_parse(t) : -1;
  return judged >= 0 ? judged : KB_TIME_EVENT;
}

/* Whether entry i's time is what k's search would judge: its own, or event
** where it could have no kernel time (a host case, or a kernel_note saying
** why). */
static int same_time(const kb_tune_cache *c, size_t i, const kb_tune_key *k)
{
  const kb_entry *e = &c->entries.e[i];
  int judged = judged_time(e);
  if (judged == k->time)
    return 1;
  return judged == KB_TIME_EVENT && k->time == KB_TIME_KERNEL
         && ((e->backend && strcmp(e->backend, "host") == 0)
             || kb_jget_string(e->obj, KB_KEY(kernel_note)));
}

/* Whether entry i stands for k under o, and what it says, in hit. */
static int stands_for(const kb_tune_cache *c, size_t i, const kb_tune_key *k,
                      const kb_objective *o, kb_tune_hit *hit)
{
  const kb_entry *e = &c->entries.e[i];
  if (strcmp(e->name, k->name) || !same_device(e, k)
      || (e->mode && *e->mode && strcmp(e->mode, k->mode)))
    return 0;
  *hit = (kb_tune_hit){.entry = i, .verdict = e->verdict,
                       .note = e->message};
  /* A time or a bandwidth is of the time judged: an entry of the other
  ** one stands for nothing here, and is measured again. */
  int timed = o->kind == KB_OBJECTIVE_TIME || o->kind == KB_OBJECTIVE_BANDWIDTH;
  if (e->verdict == KB_PASS && timed && !same_time(c, i, k))
    return 0;
  if (e->verdict != KB_PASS)
    return 1;
  /* A file of results format 1 has no time_median_s: its judged clock's
  ** median stands for it. */
  const char *key = kb_objective_key(o);
  if (o->kind == KB_OBJECTIVE_TIME && c->entries.format < 2)
    key = judged_time(e) == KB_TIME_KERNEL ? KB_KEY(kernel_median)
                                           : KB_KEY(event_median);
  hit->has_value = kb_entries_number(&c->entries, i, key, &hit->value);
  if (hit->has_value)
    return 1;
  const char *measured_for = kb_entries_tune_string(&c->entries, i,
                                                    "objective");
  hit->note = kb_entries_tune_string(&c->entries, i, "note");
  if (!hit->note)
    hit->note = "no value";
  return measured_for && strcmp(measured_for, o->name) == 0;
}
#endif

int kb_tune_cache_find(const kb_tune_cache *c, const kb_tune_key *k,
                       const kb_objective *o, kb_tune_hit *hit)
{
#if KBENCH_HAVE_JSON_C
  for (size_t i = 0; i < c->n; i++)
    if (stands_for(c, i, k, o, hit))
      return 1;
#else
  (void)c, (void)k, (void)o, (void)hit;
#endif
  return 0;
}

const char *kb_tune_cache_text(const kb_tune_cache *c, size_t entry)
{
#if KBENCH_HAVE_JSON_C
  return c->entries.e[entry].text;
#else
  (void)c, (void)entry;
  return NULL;
#endif
}

struct json_object *kb_tune_cache_untagged(kb_tune_cache *c, size_t entry)
{
#if KBENCH_HAVE_JSON_C
  return kb_entries_untagged(&c->entries, entry);
#else
  (void)c, (void)entry;
  return NULL;
#endif
}
