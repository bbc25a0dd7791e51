/* kbench tune's --restrict expressions: parser and evaluator (restrict.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/params.h"
#include "commands/tune/search/restrict.h"

enum op {
  OP_NUM, OP_NAME, OP_NOT, OP_NEG,
  OP_MUL, OP_DIV, OP_MOD, OP_ADD, OP_SUB,
  OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_AND, OP_OR
};

typedef struct node {
  int op;
  int64_t value;        /* OP_NUM: the number; OP_NAME: the name's index */
  int left, right;      /* children, -1 for none */
} node;

struct kb_restrict {
  node *nodes;
  size_t n, cap;
  int root;
  char **names;
  size_t n_names;
};

/* The parser's place in the text and its first error. */
typedef struct parser {
  const char *text;
  size_t at;
  int depth;
  kb_restrict *r;
  char *err;
  size_t len;
  size_t col;
  int failed;
} parser;

/* Binary operators by precedence level, loosest first; two-character
** spellings before their one-character prefixes. */
static const struct {
  const char *spelling;
  int op, level;
} binaries[] = {
  {"||", OP_OR, 0}, {"&&", OP_AND, 1},
  {"==", OP_EQ, 2}, {"!=", OP_NE, 2},
  {"<=", OP_LE, 3}, {">=", OP_GE, 3}, {"<", OP_LT, 3}, {">", OP_GT, 3},
  {"+", OP_ADD, 4}, {"-", OP_SUB, 4},
  {"*", OP_MUL, 5}, {"/", OP_DIV, 5}, {"%", OP_MOD, 5},
};
#define LEVELS 6

static int fail(parser *p, size_t col, const char *fmt, const char *what)
{
  if (!p->failed) {
    snprintf(p->err, p->len, fmt, what);
    p->col = col;
    p->failed = 1;
  }
  return -1;
}

static void skip_blanks(parser *p)
{
  while (isspace((unsigned char)p->text[p->at]))
    p->at++;
}

static int add_node(parser *p, int op, int64_t value, int left, int right)
{
  kb_restrict *r = p->r;
  if (r->n == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 16;
    node *grown = realloc(r->nodes, cap * sizeof *grown);
    if (!grown)
      return fail(p, p->at, "%s", "out of memory");
    r->nodes = grown;
    r->cap = cap;
  }
  r->nodes[r->n] = (node){op, value, left, right};
  return (int)r->n++;
}

/* The index of name (len bytes at s), added when new; -1 out of memory. */
static int64_t name_index(parser *p, const char *s, size_t len)
{
  kb_restrict *r = p->r;
  for (size_t i = 0; i < r->n_names; i++)
    if (strlen(r->names[i]) == len && strncmp(r->names[i], s, len) == 0)
      return (int64_t)i;
  char **grown = realloc(r->names, (r->n_names + 1) * sizeof *grown);
  char *copy = grown ? strndup(s, len) : NULL;
  if (grown)
    r->names = grown;
  if (!copy)
    return fail(p, p->at, "%s", "out of memory");
  r->names[r->n_names] = copy;
  return (int64_t)r->n_names++;
}

/* What stands at the parser's place, for messages. */
static const char *here(const parser *p, char *buf, size_t len)
{
  const char *s = p->text + p->at;
  if (!*s)
    return "the end";
  size_t n = 1;
  while (s[n] && !isspace((unsigned char)s[n]) && n < 12
         && (isalnum((unsigned char)s[0]) || s[0] == '_')
         == (isalnum((unsigned char)s[n]) || s[n] == '_'))
    n++;
  snprintf(buf, len, "'%.*s'", (int)n, s);
  return buf;
}

static int parse_level(parser *p, int level);

static int parse_primary(parser *p)
{
  char buf[32];
  skip_blanks(p);
  const char *s = p->text + p->at;
  size_t start = p->at;
  if (*s == '(') {
    p->at++;
    int inner = parse_level(p, 0);
    if (inner < 0)
      return -1;
    skip_blanks(p);
    if (p->text[p->at] != ')')
      return fail(p, p->at, "expected ')' to close the '(' here, found %s",
                  here(p, buf, sizeof buf));
    p->at++;
    return inner;
  }
  if (isdigit((unsigned char)*s)) {
    size_t n = strspn(s, "0123456789");
    n += s[n] && strchr("KkMmGg", s[n]) != NULL;
    char number[32];
    int64_t v;
    if (isalnum((unsigned char)s[n]) || s[n] == '_' || n >= sizeof number)
      return fail(p, start, "%s is not a number (digits, optional K/M/G)",
                  here(p, buf, sizeof buf));
    memcpy(number, s, n);
    number[n] = '\0';
    if (kb_parse_int(number, &v))
      return fail(p, start, "'%s' is out of range (64-bit integers)",
                  number);
    p->at += n;
    return add_node(p, OP_NUM, v, -1, -1);
  }
  if (islower((unsigned char)*s)) {
    size_t n = 1;
    while (islower((unsigned char)s[n]) || isdigit((unsigned char)s[n])
           || s[n] == '_')
      n++;
    int64_t i = name_index(p, s, n);
    if (i < 0)
      return -1;
    p->at += n;
    return add_node(p, OP_NAME, i, -1, -1);
  }
  return fail(p, start, "expected a number, a parameter name or '(', "
              "found %s", here(p, buf, sizeof buf));
}

static int parse_unary(parser *p)
{
  skip_blanks(p);
  char c = p->text[p->at];
  /* "!=" is not a unary "!": it is found missing its left operand. */
  if ((c == '!' && p->text[p->at + 1] != '=') || c == '-' || c == '+') {
    if (++p->depth > KB_RESTRICT_DEPTH)
      return fail(p, p->at, "%s", "nested too deeply");
    p->at++;
    int operand = parse_unary(p);
    p->depth--;
    if (operand < 0 || c == '+')
      return operand;
    return add_node(p, c == '!' ? OP_NOT : OP_NEG, 0, operand, -1);
  }
  if (c == '(' && ++p->depth > KB_RESTRICT_DEPTH)
    return fail(p, p->at, "%s", "nested too deeply");
  int primary = parse_primary(p);
  if (c == '(')
    p->depth--;
  return primary;
}

/* The binary operator of level at the parser's place: its index in
** binaries, or -1. */
static int binary_here(const parser *p, int level)
{
  const char *s = p->text + p->at;
  for (size_t i = 0; i < sizeof binaries / sizeof *binaries; i++) {
    size_t n = strlen(binaries[i].spelling);
    if (strncmp(s, binaries[i].spelling, n) == 0)
      return binaries[i].level == level ? (int)i : -1;
  }
  return -1;
}

/* One level of binary operators, left to right. */
static int parse_level(parser *p, int level)
{
  if (level == LEVELS)
    return parse_unary(p);
  int left = parse_level(p, level + 1);
  for (;;) {
    if (left < 0)
      return -1;
    skip_blanks(p);
    int b = binary_here(p, level);
    if (b < 0)
      return left;
    p->at += strlen(binaries[b].spelling);
    int right = parse_level(p, level + 1);
    if (right < 0)
      return -1;
    left = add_node(p, binaries[b].op, 0, left, right);
  }
}

int kb_restrict_parse(const char *text, kb_restrict **out, char *err,
                      size_t len, size_t *col)
{
  char buf[32];
  parser p = {.text = text, .err = err, .len = len};
  *out = NULL;
  if (!(p.r = calloc(1, sizeof *p.r))) {
    snprintf(err, len, "out of memory");
    *col = 0;
    return -1;
  }
  skip_blanks(&p);
  if (!text[p.at])
    fail(&p, p.at, "%s", "the expression is empty");
  else if ((p.r->root = parse_level(&p, 0)) >= 0) {
    skip_blanks(&p);
    if (text[p.at])
      fail(&p, p.at, "expected an operator or the end, found %s",
           here(&p, buf, sizeof buf));
  }
  if (p.failed) {
    *col = p.col;
    kb_restrict_free(p.r);
    return -1;
  }
  *out = p.r;
  return 0;
}

void kb_restrict_free(kb_restrict *r)
{
  if (!r)
    return;
  for (size_t i = 0; i < r->n_names; i++)
    free(r->names[i]);
  free(r->names);
  free(r->nodes);
  free(r);
}

size_t kb_restrict_n_names(const kb_restrict *r)
{
  return r->n_names;
}

const char *kb_restrict_name(const kb_restrict *r, size_t i)
{
  return r->names[i];
}

/* Node i's value in *v: 0, or -1 when it cannot be computed. */
static int eval(const kb_restrict *r, int i, const int64_t *values,
                int64_t *v)
{
  const node *n = &r->nodes[i];
  int64_t a, b;
  switch (n->op) {
  case OP_NUM:
    *v = n->value;
    return 0;
  case OP_NAME:
    *v = values[n->value];
    return 0;
  case OP_NOT:
  case OP_NEG:
    if (eval(r, n->left, values, &a))
      return -1;
    if (n->op == OP_NOT)
      *v = !a;
    else if (__builtin_sub_overflow((int64_t)0, a, v))
      return -1;
    return 0;
  case OP_AND:
  case OP_OR:
    /* As in C: the right side only when the left does not decide. */
    if (eval(r, n->left, values, &a))
      return -1;
    if ((n->op == OP_AND) == !a) {
      *v = n->op == OP_OR;
      return 0;
    }
    if (eval(r, n->right, values, &b))
      return -1;
    *v = b != 0;
    return 0;
  }
  if (eval(r, n->left, values, &a) || eval(r, n->right, values, &b))
    return -1;
  switch (n->op) {
  case OP_MUL: return __builtin_mul_overflow(a, b, v) ? -1 : 0;
  case OP_ADD: return __builtin_add_overflow(a, b, v) ? -1 : 0;
  case OP_SUB: return __builtin_sub_overflow(a, b, v) ? -1 : 0;
  case OP_DIV:
  case OP_MOD:
    if (b == 0 || (a == INT64_MIN && b == -1))
      return -1;
    *v = n->op == OP_DIV ? a / b : a % b;
    return 0;
  case OP_LT: *v = a < b; return 0;
  case OP_LE: *v = a <= b; return 0;
  case OP_GT: *v = a > b; return 0;
  case OP_GE: *v = a >= b; return 0;
  case OP_EQ: *v = a == b; return 0;
  case OP_NE: *v = a != b; return 0;
  }
  return -1;
}

int kb_restrict_eval(const kb_restrict *r, const int64_t *values)
{
  int64_t v;
  if (eval(r, r->root, values, &v))
    return -1;
  return v != 0;
}
