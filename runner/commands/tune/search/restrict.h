/*
** kbench tune's --restrict: a small integer expression over parameter
** names, parsed by our own recursive descent (never a shell or an
** interpreter), and evaluated once per configuration of a search space.
**
**   expr    := or
**   or      := and { "||" and }
**   and     := eq { "&&" eq }
**   eq      := rel { ("==" | "!=") rel }
**   rel     := sum { ("<" | "<=" | ">" | ">=") sum }
**   sum     := product { ("+" | "-") product }
**   product := unary { ("*" | "/" | "%") unary }
**   unary   := ("!" | "-" | "+") unary | primary
**   primary := NUMBER | NAME | "(" expr ")"
**
** C's precedence and meaning on 64-bit signed integers: comparisons and
** logic give 0 or 1, && and || stop early, / and % truncate.  NUMBER is
** digits with an optional K, M or G (x1024), as --param writes values;
** NAME is a parameter name ([a-z][a-z0-9_]*), whose value for an
** enumerated parameter is its choice's index.
*/
#ifndef KB_TUNE_RESTRICT_H
#define KB_TUNE_RESTRICT_H

#include <stddef.h>
#include <stdint.h>

typedef struct kb_restrict kb_restrict;

/* The deepest nesting of parentheses and unary operators accepted. */
#define KB_RESTRICT_DEPTH 64

/* Parse text: 0 with a new expression in *out, or -1 with a message in
** err and the 0-based column it points at in *col. */
int kb_restrict_parse(const char *text, kb_restrict **out, char *err,
                      size_t len, size_t *col);
void kb_restrict_free(kb_restrict *r);

/* The names it reads: n_names of them, each once, in order of appearance. */
size_t kb_restrict_n_names(const kb_restrict *r);
const char *kb_restrict_name(const kb_restrict *r, size_t i);

/*
** Its value with name i worth values[i] (i as kb_restrict_name numbers
** them): 1 true, 0 false, -1 when it cannot be computed (a division by
** zero, or an overflow), which a search takes as false.
*/
int kb_restrict_eval(const kb_restrict *r, const int64_t *values);

#endif
