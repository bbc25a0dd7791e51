/* kbench tune's --restrict: the grammar, C's precedence, the errors and
** the columns they point at. */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "commands/tune/search/restrict.h"

/* text evaluated with a=a, b=b, c=c (whichever it names): 1, 0, -1, or
** -2 when it does not parse. */
static int value(const char *text, int64_t a, int64_t b, int64_t c)
{
  kb_restrict *r;
  char err[256];
  size_t col;
  if (kb_restrict_parse(text, &r, err, sizeof err, &col))
    return -2;
  int64_t values[8];
  for (size_t i = 0; i < kb_restrict_n_names(r); i++) {
    const char *n = kb_restrict_name(r, i);
    values[i] = !strcmp(n, "a") ? a : !strcmp(n, "b") ? b : c;
  }
  int v = kb_restrict_eval(r, values);
  kb_restrict_free(r);
  return v;
}

/* The message and column of a text that must not parse. */
static int refused(const char *text, size_t want_col, const char *want)
{
  kb_restrict *r;
  char err[256] = "";
  size_t col = 999;
  int rc = kb_restrict_parse(text, &r, err, sizeof err, &col);
  int good = rc == -1 && r == NULL && col == want_col && strstr(err, want);
  if (!good)
    printf("# '%s': rc %d, column %zu, '%s'\n", text, rc, col, err);
  return good;
}

int main(void)
{
  ok(value("block>=16", 0, 0, 16) == 1 && value("block>=16", 0, 0, 8) == 0,
     "any parameter name (here given c's value)");
  ok(value("a>=16", 16, 0, 0) == 1 && value("a>=16", 8, 0, 0) == 0,
     "a comparison");
  ok(value("a*b<=4096 && b%32==0", 64, 64, 0) == 1
     && value("a*b<=4096 && b%32==0", 128, 64, 0) == 0
     && value("a*b<=4096 && b%32==0", 2, 33, 0) == 0,
     "the issue's example: threads*items<=4096 && threads%%32==0");
  ok(value("1+2*3==7", 0, 0, 0) == 1 && value("(1+2)*3==9", 0, 0, 0) == 1,
     "* binds tighter than +; parentheses group");
  ok(value("10-4-3==3", 0, 0, 0) == 1 && value("64/4/2==8", 0, 0, 0) == 1,
     "left to right within a level");
  ok(value("a<b==1", 1, 2, 0) == 1, "< binds tighter than ==, as in C");
  ok(value("a==0 || b==0 && c==0", 0, 1, 1) == 1
     && value("a==0 || b==0 && c==0", 1, 0, 1) == 0,
     "&& binds tighter than ||");
  ok(value("!a", 0, 0, 0) == 1 && value("!a", 5, 0, 0) == 0
     && value("!!a", 5, 0, 0) == 1, "logical not");
  ok(value("-a==-3", 3, 0, 0) == 1 && value("+a==3", 3, 0, 0) == 1
     && value("a--3==6", 3, 0, 0) == 1, "unary minus and plus");
  ok(value("a!=3", 4, 0, 0) == 1 && value("a!=3", 3, 0, 0) == 0, "!=");
  ok(value("a>2 && a<8", 5, 0, 0) == 1 && value("a>2&&a<8", 9, 0, 0) == 0,
     "blanks are optional");
  ok(value("a==64K && b==1M && c==2g", 65536, 1048576, 2147483648LL) == 1,
     "K, M and G suffixes, as --param writes them");
  ok(value("a", 7, 0, 0) == 1 && value("a", 0, 0, 0) == 0,
     "a bare value is true when not 0");
  ok(value("7/2==3 && -7/2==-3 && 7%3==1 && -7%3==-1", 0, 0, 0) == 1,
     "/ and %% truncate, as in C");
  ok(value("a/b>1", 4, 0, 0) == -1 && value("a%b==0", 4, 0, 0) == -1,
     "a division by zero cannot be computed");
  ok(value("b!=0 && a/b>1", 4, 0, 0) == 0
     && value("b==0 || a/b>1", 4, 0, 0) == 1,
     "&& and || stop early: a guarded division is fine");
  ok(value("a*a>0", 4294967296LL, 0, 0) == -1
     && value("a+a>0", INT64_MAX, 0, 0) == -1
     && value("-a<0", INT64_MIN, 0, 0) == -1
     && value("a/b<0", INT64_MIN, -1, 0) == -1,
     "an overflow cannot be computed");

  kb_restrict *r;
  char err[256];
  size_t col;
  ok(kb_restrict_parse("threads*items<=4096 && threads%32==0 && items>1",
                       &r, err, sizeof err, &col) == 0
     && kb_restrict_n_names(r) == 2
     && !strcmp(kb_restrict_name(r, 0), "threads")
     && !strcmp(kb_restrict_name(r, 1), "items"),
     "each name once, in order of appearance");
  kb_restrict_free(r);

  ok(refused("block>>", 6, "expected a number, a parameter name or '(', "
             "found '>'"), "block>> points at the second '>'");
  ok(refused("", 0, "empty") && refused("   ", 3, "empty"),
     "an empty expression");
  ok(refused("block>=", 7, "found the end"), "a missing operand at the end");
  ok(refused("(block>=16", 10, "expected ')'"), "an unclosed parenthesis");
  ok(refused("block>=16)", 9, "expected an operator or the end, found ')'"),
     "a stray ')'");
  ok(refused("block=16", 5, "expected an operator or the end, found '='"),
     "a single '=' is not a comparison");
  ok(refused("a & b", 2, "found '&'") && refused("a | b", 2, "found '|'"),
     "single & and | are not operators");
  ok(refused("16kb>a", 0, "'16kb' is not a number"),
     "a number with letters after its suffix");
  ok(refused("99999999999999999999>a", 0, "out of range"),
     "a number out of range");
  ok(refused("Block>1", 0, "found 'Block'"),
     "names are lower case, as parameter names");
  ok(refused("a $ b", 2, "found '$'") && refused("a>1; rm -rf /", 3,
                                                 "found ';'"),
     "anything else is refused where it stands");
  ok(refused("a != ", 5, "found the end") && refused("!= a", 0, "found '!='"),
     "!= needs two operands");
  char deep[400];
  memset(deep, '(', 100);
  strcpy(deep + 100, "1");
  memset(deep + 101, ')', 100);
  deep[201] = '\0';
  ok(refused(deep, 64, "nested too deeply"), "nesting is bounded");
  memset(deep, '!', 300);
  strcpy(deep + 300, "a");
  ok(refused(deep, 64, "nested too deeply"), "unary chains are bounded too");
  memset(deep, '(', 60);
  strcpy(deep + 60, "1");
  memset(deep + 61, ')', 60);
  deep[121] = '\0';
  ok(value(deep, 0, 0, 0) == 1, "60 levels of parentheses are fine");
  return tap_done();
}
