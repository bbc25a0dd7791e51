/*
** For the round trips of a result (test_wire.c, test_entry.c): every field
** of the table (model/result_fields.h) set to a value of its own, and a
** comparison of two results field by field, so that a field one side
** drops, or reads into another's place, fails by name.
*/
#ifndef KB_TEST_FIELDS_H
#define KB_TEST_FIELDS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/result.h"

/* Distinct values, the i-th row's; enums get a value that is not their
** start value (the caller sets the verdict). */
/* (Within the 9 significant digits a results file keeps.) */
static void fill_F64(double *v, int i) { *v = 1 + i / 64.0; }
static void fill_U64(uint64_t *v, int i) { *v = ((uint64_t)1 << 40) + i; }
static void fill_SIZE(size_t *v, int i) { *v = 100 + i; }
static void fill_UINT(unsigned *v, int i) { *v = 200 + i; }
static void fill_BOOL(int *v, int i) { (void)i; *v = 1; }
static void fill_VERDICT(int *v, int i) { (void)i; *v = KB_WRONG; }
static void fill_STOP(int *v, int i) { (void)i; *v = KB_STOP_TIMEOUT; }
static void fill_MEMORY(int *v, int i) { (void)i; *v = KBENCH_MEM_GLOBAL; }
static void fill_TIME(int *v, int i) { (void)i; *v = KB_TIME_KERNEL; }
static void fill_OWNSTR(char **v, int i)
{
  char text[32];
  snprintf(text, sizeof text, "owned text %d", i);
  *v = strdup(text);
}

static void fill_doubles(double *x, size_t *n, size_t count, int i)
{
  for (size_t k = 0; k < count; k++)
    x[k] = i + (k + 1) / 8.0;
  *n = count;
}

#define FILL_F(m, type, ...) fill_##type(&r->m, i++);
#define FILL_S(m, size, ...) snprintf(r->m, sizeof r->m, "%s %d", #m, i++);
#define FILL_P(id, path, type, ...) fill_##type(&r->path, i++);
#define FILL_A(m, n, ...) \
  fill_doubles(r->m = malloc(3 * sizeof *r->m), &r->n, 3, i++);

/* r with every field of the table its own value, owning its arrays and
** text (free with kb_result_free), verdict as given. */
static void fill_result(kb_result *r, int verdict)
{
  int i = 1;
  kb_result_init(r, verdict);
  KB_RESULT_FIELDS(FILL_F, FILL_S, FILL_P, FILL_A, KB_ROW_SKIP, KB_ROW_SKIP)
  r->verdict = verdict;
}

/* Whether two values of a type are the same. */
#define same_F64(a, b) ((a) == (b))
#define same_U64(a, b) ((a) == (b))
#define same_SIZE(a, b) ((a) == (b))
#define same_UINT(a, b) ((a) == (b))
#define same_BOOL(a, b) ((a) == (b))
#define same_VERDICT(a, b) ((a) == (b))
#define same_STOP(a, b) ((a) == (b))
#define same_MEMORY(a, b) ((a) == (b))
#define same_TIME(a, b) ((a) == (b))
#define same_OWNSTR(a, b) \
  ((!(a) && !(b)) || ((a) && (b) && strcmp((a), (b)) == 0))

static int same_doubles(const double *a, size_t na, const double *b,
                        size_t nb)
{
  if (na != nb)
    return 0;
  for (size_t k = 0; k < na; k++)
    if (a[k] != b[k])
      return 0;
  return 1;
}

/* A value as the table's rules see it (kb_rule_shown). */
#define shown_as_F64(v) (double)(v)
#define shown_as_U64(v) (double)(v)
#define shown_as_SIZE(v) (double)(v)
#define shown_as_UINT(v) (double)(v)
#define shown_as_BOOL(v) (double)(v)
#define shown_as_VERDICT(v) (double)(v)
#define shown_as_STOP(v) (double)(v)
#define shown_as_MEMORY(v) (double)(v)
#define shown_as_TIME(v) (double)(v)
#define shown_as_OWNSTR(v) (double)((v) && *(v))

/* One row of a comparison: its name, whether a and b agree on it, whether
** a's value differs from a started result's (so that losing it shows), and
** whether a's entry shows it (its key holds the value). */
typedef struct field_check {
  const char *id;
  const char *key;
  int same, not_start, shown;
} field_check;

#define CHECK(id_, key_, same_, not_start_, shown_) \
  c[n++] = (field_check){#id_, key_, same_, not_start_, shown_};
#define CHECK_F(m, type, key, unit, rule, init) \
  CHECK(m, key, same_##type(a->m, b->m), !same_##type(a->m, z.m), \
        kb_rule_shown(a, KB_RULE_##rule, shown_as_##type(a->m)) \
          == KB_SHOWN_VALUE)
#define CHECK_S(m, size, key, out, rule) \
  CHECK(m, key, strcmp(a->m, b->m) == 0, strcmp(a->m, z.m) != 0, \
        kb_rule_shown(a, KB_RULE_##rule, a->m[0] != 0) == KB_SHOWN_VALUE)
#define CHECK_P(id, path, type, key, unit, rule, init) \
  CHECK(id, key, same_##type(a->path, b->path), \
        !same_##type(a->path, z.path), \
        kb_rule_shown(a, KB_RULE_##rule, shown_as_##type(a->path)) \
          == KB_SHOWN_VALUE)
#define CHECK_A(m, n_, key, unit, rule) \
  CHECK(m, key, same_doubles(a->m, a->n_, b->m, b->n_), a->n_ != 0, \
        kb_rule_shown(a, KB_RULE_##rule, (double)a->n_) == KB_SHOWN_VALUE)

/* Every stored row of the table (F, S, P, A) compared, a against b, into
** c (KB_FIELDS rows at most): how many. */
static size_t check_fields(const kb_result *a, const kb_result *b,
                           field_check *c)
{
  kb_result z;
  size_t n = 0;
  kb_result_init(&z, KB_PASS);
  KB_RESULT_FIELDS(CHECK_F, CHECK_S, CHECK_P, CHECK_A, KB_ROW_SKIP,
                   KB_ROW_SKIP)
  return n;
}

#endif
