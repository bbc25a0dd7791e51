/*
** The notes under a case (KB_RESULT_NOTES, model/result_fields.h): the
** table, TAP and markdown show every note a result has, each as its row
** labels it, in the rows' order, and no printer shows one the rows do
** not give.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/field_text.h"
#include "model/clock_events.h"
#include "output/markdown.h"
#include "output/table.h"
#include "fields.h"
#include "tap.h"

static unsigned long long seed = 88172645463325252ULL;
static unsigned pick(unsigned n)
{
  seed ^= seed << 13;
  seed ^= seed >> 7;
  seed ^= seed << 17;
  return (unsigned)(seed % n);
}

/* A result with each note's cause on or off at random. */
static void random_result(kb_result *r, kb_counters *k)
{
  static const int verdicts[] = {KB_PASS, KB_PASS, KB_WRONG, KB_ERROR,
                                 KB_SKIP};
  fill_result(r, verdicts[pick(5)]);
  r->energy_note[0] = '\0';
  r->syncs = pick(2);
  r->timed_region = pick(2);
  r->host_s = pick(2) ? 1.5e-3 : -1;
  r->claim_flagged = pick(2);
  r->unaudited = pick(2);
  if (pick(2))
    r->audit_note[0] = '\0';
  if (pick(2))
    r->implausible[0] = '\0';
  if (pick(2))
    r->counters_note[0] = '\0';
  r->bytes.read = 268435456;
  r->bytes.written = 4;
  static const double dram[] = {-1, 1e6, 268435456, 6e8};
  r->dram_read = dram[pick(4)];
  r->dram_write = 0;
  r->clock_events = pick(2) ? KB_CLOCK_LIMITS : 0;
  /* The second allocation 9% from the first, or not measured. */
  r->placement_median = pick(2) ? r->stats.median * 1.09 : -1;
  r->stats.noise = 0.001;
  if (pick(2))
    r->energy_j = -1;
  free(r->output);
  r->output = NULL;
  memset(k, 0, sizeof *k);
  k->n_launched = pick(2);
  r->counters = pick(2) ? k : NULL;
}

/* Whether each of lines (n of them) is in text in that order, each as a
** line of its own after prefix. */
static int in_order(const char *text, const char *prefix, char lines[][700],
                    size_t n)
{
  const char *at = text;
  for (size_t i = 0; i < n; i++) {
    char want[760];
    snprintf(want, sizeof want, "%s%s\n", prefix, lines[i]);
    const char *hit = strstr(at, want);
    if (!hit)
      return 0;
    at = hit + strlen(want);
  }
  return 1;
}

/* The lines of text that begin with prefix and one of the labels. */
static size_t labelled(const char *text, const char *prefix)
{
  size_t n = 0;
  for (const char *s = text; (s = strstr(s, prefix)); s++)
    for (int i = 0; i < KB_NOTES; i++) {
      size_t p = strlen(prefix), l = strlen(kb_note_labels[i]);
      if ((s == text || s[-1] == '\n')
          && strncmp(s + p, kb_note_labels[i], l) == 0
          && strncmp(s + p + l, ": ", 2) == 0) {
        n++;
        break;
      }
    }
  return n;
}

int main(void)
{
  kbench_variant cuda = {.name = "reduce_vec4",
                         .backend = KBENCH_BACKEND_CUDA};
  kb_plan_case pc = {.variant = &cuda};
  snprintf(pc.label, sizeof pc.label, "n=64M");
  kb_options o;
  memset(&o, 0, sizeof o);
  o.measure.time = KB_TIME_EVENT;
  kb_run_device dev;
  memset(&dev, 0, sizeof dev);
  char *argv[] = {"kbench"};
  kb_run_context run = {.o = &o, .argc = 1, .argv = argv, .devices = &dev,
                        .n_devices = 1};

  /* Each note alone, as its cause writes it: its own words. */
  kb_result r;
  char text[KB_NOTE_TEXT_MAX];
  kb_result_init(&r, KB_PASS);
  r.unaudited = 1;
  ok(kb_note_text(&r, KB_NOTE_unaudited, text, sizeof text)
     && strcmp(text, "an audit asked for could not be made") == 0,
     "unaudited without a note: %s", text);
  snprintf(r.implausible, sizeof r.implausible, "two readings");
  ok(kb_note_text(&r, KB_NOTE_implausible, text, sizeof text)
     && strcmp(text, "two readings") == 0, "implausible: %s", text);
  r.verdict = KB_WRONG;
  ok(!kb_note_text(&r, KB_NOTE_implausible, text, sizeof text)
     && !text[0], "a failed case has no PASS note");
  r.clock_events = KB_CLOCK_LIMITS;
  ok(kb_note_text(&r, KB_NOTE_clocks, text, sizeof text)
     && strstr(text, "its samples ran under"), "clocks, whatever the "
     "verdict: %s", text);

  /* Every printer shows every note a result has, in the rows' order. */
  int seen[KB_NOTES] = {0}, table_ok = 1, tap_ok_ = 1, md_ok = 1;
  int table_only = 1, md_only = 1;
  for (int c = 0; c < 400; c++) {
    kb_counters k;
    random_result(&r, &k);
    char lines[KB_NOTES][700];
    size_t n = 0;
    for (int i = 0; i < KB_NOTES; i++)
      if (kb_note_text(&r, i, text, sizeof text)) {
        snprintf(lines[n++], sizeof lines[0], "%s: %s", kb_note_labels[i],
                 text);
        seen[i]++;
      }
    for (int tap = 0; tap < 2; tap++) {
      char *out = NULL;
      size_t len = 0;
      FILE *f = open_memstream(&out, &len);
      kb_report rep;
      kb_report_init(&rep, f, tap, 0, KB_TIME_EVENT, 0);
      kb_report_case(&rep, &pc, &r, NULL, &o.measure);
      fclose(f);
      /* TAP says a skip on its test point's line alone. */
      const char *prefix = tap ? "# " : "  ";
      size_t want = tap && r.verdict == KB_SKIP ? 0 : n;
      if (!in_order(out, prefix, lines, want))
        *(tap ? &tap_ok_ : &table_ok) = 0;
      if (labelled(out, prefix) != want)
        table_only = 0;
      free(out);
    }
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    kb_markdown m;
    char err[256];
    kb_md_open(&m, f, &run, err, sizeof err);
    kb_writer w = kb_md_writer(&m);
    w.result(w.self, 0, &pc, &r, 0);
    w.end(w.self, 1.0, err, sizeof err);
    kb_md_close(&m);
    fclose(f);
    if (!in_order(out, "- `reduce_vec4` n=64M: ", lines, n))
      md_ok = 0;
    if (labelled(out, "- `reduce_vec4` n=64M: ") != n)
      md_only = 0;
    free(out);
    r.counters = NULL;
    kb_result_free(&r);
  }
  for (int i = 0; i < KB_NOTES; i++)
    ok(seen[i] > 0, "note %d (%s) was shown", i, kb_note_labels[i]);
  ok(table_ok, "the table shows every note, in order");
  ok(tap_ok_, "TAP shows every note, in order");
  ok(md_ok, "markdown shows every note, in order");
  ok(table_only, "the table and TAP show no labelled line but the notes");
  ok(md_only, "markdown shows no labelled line but the notes");
  return tap_done();
}
