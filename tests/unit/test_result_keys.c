/*
** docs/results.md's list of an entry's keys against the field table
** (model/result_fields.h): the list between its two markers is what the
** rows say, key, unit, --csv column and words, in the entry's order, and
** this test fails, naming the first line apart, when the two differ.
** RESULT_KEYS_WRITE=1 writes the rows' list into docs/results.md
** instead: after a row is added or its words change.
*/
#define _GNU_SOURCE            /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/result_fields.h"
#include "tap.h"

#define BEGIN "<!-- result keys: made from runner/model/result_fields.h " \
  "by tests/unit/test_result_keys; RESULT_KEYS_WRITE=1 rewrites them -->\n"
#define END "<!-- end of result keys -->\n"

/* A row's keys in code spans: its key, or an H row's list of them. */
static void keys(FILE *f, const kb_field *r)
{
  const char *k = r->kind == 'H' ? r->keys : r->key;
  fputc('`', f);
  for (; *k; k++)
    if (k[0] == ',' && k[1] == ' ') {
      fputs("`, `", f);
      k++;
    } else {
      fputc(*k, f);
    }
  fputc('`', f);
}

/* The list as the rows make it (to free), markers included. */
static char *rows_list(void)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f)
    return NULL;
  fputs(BEGIN "| key | unit | `--csv` | what |\n"
        "| --- | --- | ---: | --- |\n", f);
  for (int i = 0; i < KB_FIELDS; i++) {
    const kb_field *r = &kb_result_fields[i];
    if (!r->key && r->kind != 'H')
      continue;
    fputs("| ", f);
    keys(f, r);
    fprintf(f, " |%s%s |", r->unit[0] ? " " : "", r->unit);
    if (r->column)
      fprintf(f, " %d", r->column);
    fprintf(f, " | %s |\n", r->doc);
  }
  fputs(END, f);
  fclose(f);
  return text;
}

/* The whole of a file (to free), or NULL. */
static char *slurp(const char *path)
{
  FILE *f = fopen(path, "rb");
  char *text = NULL;
  size_t len = 0, n;
  char buf[4096];
  FILE *out = f ? open_memstream(&text, &len) : NULL;
  while (out && (n = fread(buf, 1, sizeof buf, f)) > 0)
    fwrite(buf, 1, n, out);
  if (out)
    fclose(out);
  if (f)
    fclose(f);
  return text;
}

/* Where the list is in doc: its first byte and its length (markers
** included), or -1. */
static int find_list(const char *doc, size_t *at, size_t *len)
{
  const char *b = strstr(doc, BEGIN), *e = b ? strstr(b, END) : NULL;
  if (!e)
    return -1;
  *at = (size_t)(b - doc);
  *len = (size_t)(e - b) + strlen(END);
  return 0;
}

/* Whether the list in doc is want's; else the first line apart said. */
static int same_list(const char *doc, const char *want)
{
  size_t at, len;
  if (find_list(doc, &at, &len)) {
    printf("# no list between its markers\n");
    return 0;
  }
  const char *got = doc + at;
  if (len == strlen(want) && strncmp(got, want, len) == 0)
    return 1;
  size_t i = 0, line = 0, start = 0;
  while (i < len && want[i] && got[i] == want[i])
    if (got[i++] == '\n') {
      line++;
      start = i;
    }
  printf("# line %zu of the list differs:\n#   docs: %.*s\n#   rows: %.*s\n",
         line + 1, (int)strcspn(got + start, "\n"), got + start,
         (int)strcspn(want + start, "\n"), want + start);
  return 0;
}

/* doc with its list replaced by want, written to path: 0, or -1. */
static int write_list(const char *path, const char *doc, const char *want)
{
  size_t at, len;
  FILE *f;
  if (find_list(doc, &at, &len) || !(f = fopen(path, "w")))
    return -1;
  fwrite(doc, 1, at, f);
  fputs(want, f);
  fputs(doc + at + len, f);
  return fclose(f);
}

int main(void)
{
  const char *top = getenv("top_srcdir");
  char path[4096];
  snprintf(path, sizeof path, "%s/docs/results.md", top ? top : ".");
  char *want = rows_list(), *doc = slurp(path);
  ok(want && doc, "the rows' list made, %s read", path);
  if (!want || !doc)
    return tap_done();
  const char *write = getenv("RESULT_KEYS_WRITE");
  if (write && *write) {
    ok(write_list(path, doc, want) == 0, "the rows' list written into %s",
       path);
    free(want);
    free(doc);
    return tap_done();
  }
  ok(same_list(doc, want), "docs/results.md lists an entry's keys as the "
     "field table's rows say them");

  /* ... and a list one word apart is found out. */
  char *edited = strdup(doc);
  size_t at, len;
  char *word = find_list(edited, &at, &len) ? NULL
               : strstr(edited + at, "the judged clock's median");
  if (word)
    memcpy(word, "THE", 3);
  ok(word && !same_list(edited, want), "...and a list whose words are not "
     "the rows' fails it");
  free(edited);
  free(want);
  free(doc);
  return tap_done();
}
