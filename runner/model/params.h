/* Parameter values: parsing what users type, checking declared limits. */
#ifndef KB_PARAMS_H
#define KB_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include <kbench/plugin.h>

/* A list of values, as in "1,2,4", "64M" or "1,64K:1M:*4". */
typedef struct kb_values {
  int64_t *v;
  size_t n;
} kb_values;

/* The most values one range item may make: a typo such as "1:1G:+1"
** must be refused, not planned as a billion cases. */
#define KB_RANGE_MAX 100000

int kb_parse_int(const char *s, int64_t *out);

/*
** An assignment, "NAME=VALUES" (--param, a word of a --cases line),
** parsed once, where it is given: the plan and its messages read this
** record, never the text again.  Its values are parsed as integers once
** (kb_parse_values); an enumerated parameter's, choice names, only
** against the variant that declares it (kb_param_parse), since each
** variant has its own choices.
*/
typedef struct kb_assign {
  const char *source;   /* as given, "n=1M,64M"; the caller's */
  char *name;           /* "n" */
  const char *values;   /* "1M,64M": after the first '=' of source */
  kb_values ints;       /* the values as integers; ints.v NULL when they
                           are not, with why in err */
  char err[256];
} kb_assign;

/* text into a: 0, or -1 when it has no '=' or no name (or memory ran
** out), with a left empty. */
int kb_assign_parse(kb_assign *a, const char *text);
void kb_assign_free(kb_assign *a);
/* The assignment of a[0..n) that names name, or NULL. */
const kb_assign *kb_assign_find(const kb_assign *a, size_t n,
                                const char *name);
/* a[i]'s values for parameter p: its integers, copied, or its choices'
** indices.  0, or -1 with a message naming the bad item. */
int kb_assign_values(const kb_assign *a, const kbench_param *p,
                     kb_values *out, char *err, size_t errlen);

/* "64M" for 67108864, "1000003" for 1000003: exact, short. */
void kb_format_count(char *buf, size_t len, int64_t v);

/*
** A comma list of items, each an integer with an optional K/M/G suffix
** or a range: START:STOP:*FACTOR (geometric) or START:STOP:+STEP
** (arithmetic), from START while at most STOP.  0, or -1 with a message
** naming the bad item and out->v NULL.
*/
int kb_parse_values(const char *s, kb_values *out, char *err, size_t errlen);
void kb_values_free(kb_values *vals);

/* The values text gives parameter p: kb_parse_values for an integer one;
** for an enumerated one, a comma list of its choice names, each stored as
** its index.  0, or -1 with a message naming the bad item. */
int kb_param_parse(const kbench_param *p, const char *text, kb_values *out,
                   char *err, size_t errlen);
/* Whether v is a value of p: within its limits and flags, or the index of
** one of its choices.  0, or -1 with a message. */
int kb_param_check(const kbench_param *p, int64_t v, char *err, size_t errlen);
/* Value v of p as users write it: the choice's name, or as
** kb_format_count ("64M"). */
void kb_param_format(const kbench_param *p, int64_t v, char *buf, size_t len);
/* "f32, f64, i32": p's choices, for messages and --list. */
void kb_param_choices(const kbench_param *p, char *buf, size_t len);
/* Whether name follows the rule for variant, parameter and choice names
** (KB_NAME_RULE, as the loader's messages state it). */
int kb_param_name_ok(const char *name);
#define KB_NAME_RULE \
  "[a-z0-9_]+: lower-case letters, digits and underscores, at least one"

#endif
