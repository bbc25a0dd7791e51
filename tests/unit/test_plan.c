/* The plan: expansion of value lists, and usage errors before any run. */
#include <stdio.h>
#include <string.h>

#include "plan/plan.h"
#include "output/table.h"
#include "tap.h"

static int never(const kbench_host *h, void **s) { (void)h; (void)s; return 1; }
static int never2(const kbench_host *h, void *s) { (void)h; (void)s; return 1; }
static void bytes(const kbench_host *h, void *s, kbench_bytes *b) { (void)h; (void)s; (void)b; }
static void down(const kbench_host *h, void *s) { (void)h; (void)s; }

static const kbench_param params[] = {
  {"n", "elements", "64M", 1, (int64_t)1 << 31, 0, NULL, 0},
  {"stride", "stride", "1,2,4", 1, 32, 0, NULL, 0},
};
static const kbench_variant variant = {
  sizeof(kbench_variant), "fake", "a fake", "tests", KBENCH_BACKEND_HOST,
  params, 2, never, never2, never2, bytes, down, NULL, 0,
};
static const kbench_param other_params[] = {
  {"n", "elements", "8", 1, (int64_t)1 << 31, 0, NULL, 0},
};
static const kbench_variant other = {
  sizeof(kbench_variant), "other", "declares n only", "tests",
  KBENCH_BACKEND_HOST, other_params, 1, never, never2, never2, bytes, down,
  NULL, 0,
};
static const kbench_param trio_params[] = {
  {"a", "a", "1,2", 1, 100, 0, NULL, 0},
  {"b", "b", "10,20,30", 1, 100, 0, NULL, 0},
  {"c", "c", "100,200", 1, 1000, 0, NULL, 0},
};
static const kbench_variant trio = {
  sizeof(kbench_variant), "trio", "three parameters", "tests",
  KBENCH_BACKEND_HOST, trio_params, 3, never, never2, never2, bytes, down,
  NULL, 0,
};
static const char *const dtypes[] = {"f32", "f64", "i32"};
static const kbench_param typed_params[] = {
  {"dtype", "element type", "f32,f64", 0, 0, 0, dtypes, 3},
  {"n", "elements", "8", 1, 1000, 0, NULL, 0},
};
static const kbench_variant typed = {
  sizeof(kbench_variant), "typed", "an enumerated parameter", "tests",
  KBENCH_BACKEND_HOST, typed_params, 2, never, never2, never2, bytes, down,
  NULL, 0,
};
static const kbench_library lib = {
  KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR, sizeof(kbench_library),
  sizeof(kbench_variant), sizeof(kbench_param), NULL,
};

/* Assignments as --param parses them: t[0..n) into records that live as
** long as the test. */
static const kb_assign *A(const char *const *t, size_t n)
{
  static kb_assign pool[256];
  static size_t used;
  kb_assign *a = &pool[used];
  for (size_t i = 0; i < n && used < 256; i++)
    if (kb_assign_parse(&pool[used++], t[i]))
      return NULL;
  return a;
}

int main(void)
{
  const kbench_variant *list[] = {&variant};
  kb_plugin p = {"fake.so", NULL, &lib, list, 1, NULL, NULL};
  kb_plan plan;
  char err[512];

  ok(kb_plan_build(&plan, &p, 1, NULL, err, sizeof err) == 0
     && plan.n == 3, "defaults: a 3-value list gives 3 cases");
  ok(strcmp(plan.cases[0].label, "n=64M stride=1") == 0
     && strcmp(plan.cases[2].label, "n=64M stride=4") == 0,
     "labels: '%s' ... '%s'", plan.cases[0].label, plan.cases[2].label);
  kb_plan_free(&plan);

  const char *two[] = {"n=1000,1001", "stride=3,5,7"};
  kb_plan_opts o = {.assignments = A(two, 2), .n_assignments = 2};
  ok(kb_plan_build(&plan, &p, 1, &o, err, sizeof err) == 0
     && plan.n == 6 && plan.cases[1].values[0] == 1000
     && plan.cases[1].values[1] == 5 && plan.cases[3].values[0] == 1001,
     "2 x 3 values: cartesian product, last parameter fastest");
  kb_plan_free(&plan);

  const char *typo[] = {"strid=2"};
  o = (kb_plan_opts){.assignments = A(typo, 1), .n_assignments = 1};
  ok(kb_plan_build(&plan, &p, 1, &o, err, sizeof err) != 0
     && strstr(err, "strid"), "unknown name is an error: %s", err);
  const char *twice[] = {"n=5", "n=6"};
  o = (kb_plan_opts){.assignments = A(twice, 2), .n_assignments = 2};
  ok(kb_plan_build(&plan, &p, 1, &o, err, sizeof err) != 0
     && strstr(err, "twice"), "a name given twice is an error: %s", err);
  const char *range[] = {"stride=0"};
  o = (kb_plan_opts){.assignments = A(range, 1), .n_assignments = 1};
  ok(kb_plan_build(&plan, &p, 1, &o, err, sizeof err) != 0
     && strstr(err, "outside"), "out of range: %s", err);
  const char *junk[] = {"n=12x"};
  o = (kb_plan_opts){.assignments = A(junk, 1), .n_assignments = 1};
  ok(kb_plan_build(&plan, &p, 1, &o, err, sizeof err) != 0,
     "junk value: %s", err);

  const char *sweep[] = {"n=1K:4K:*2", "stride=1:32:+8"};
  o = (kb_plan_opts){.assignments = A(sweep, 2), .n_assignments = 2};
  int rc = kb_plan_build(&plan, &p, 1, &o, err, sizeof err);
  ok(rc == 0 && plan.n == 12
     && strcmp(plan.cases[11].label, "n=4K stride=25") == 0,
     "ranges: 3 x 4 cases, last '%s'", rc ? err : plan.cases[11].label);
  kb_plan_free(&plan);

  /* --zip: paired, not crossed. */
  const char *three[] = {"n=1000,1001,1002", "stride=3,5,7"};
  const char *zip_ns[] = {"n,stride"};
  o = (kb_plan_opts){.assignments = A(three, 2), .n_assignments = 2,
                     .zips = zip_ns, .n_zips = 1};
  ok(kb_plan_build(&plan, &p, 1, &o, err, sizeof err) == 0 && plan.n == 3
     && plan.cases[1].values[0] == 1001 && plan.cases[1].values[1] == 5
     && strcmp(plan.cases[2].label, "n=1002 stride=7") == 0,
     "zip n,stride: 3 pairs, not 9 cases");
  kb_plan_free(&plan);
  o.assignments = A(two, 2);
  ok(kb_plan_build(&plan, &p, 1, &o, err, sizeof err) != 0 && plan.n == 0
     && strstr(err, "--zip n,stride: lists of unequal length for fake: "
               "n has 2, stride has 3"), "unequal lengths named: %s", err);
  static const struct {
    const char *zip, *want;
  } bad_zip[] = {
    {"n", "--zip n: expected two or more parameter names"},
    {"n,", "--zip n,: expected two or more"},
    {",n", "--zip ,n: expected two or more"},
    {"n,,stride", "--zip n,,stride: expected two or more"},
    {"n,Stride", "'Stride' is not a parameter name"},
    {"n,stride,n", "--zip n,stride,n: n is zipped twice"},
    {"n,nope", "--zip n,nope: no selected variant has a parameter nope"},
  };
  for (size_t i = 0; i < sizeof bad_zip / sizeof bad_zip[0]; i++) {
    o = (kb_plan_opts){.zips = &bad_zip[i].zip, .n_zips = 1};
    ok(kb_plan_build(&plan, &p, 1, &o, err, sizeof err) != 0
       && strstr(err, bad_zip[i].want), "--zip %s refused: %s",
       bad_zip[i].zip, err);
  }

  /* Several variants, declaring different parameters. */
  const kbench_variant *all[] = {&variant, &other, &trio};
  kb_plugin multi = {"multi.so", NULL, &lib, all, 3, NULL, NULL};
  ok(kb_plan_build(&plan, &multi, 1, NULL, err, sizeof err) == 0
     && plan.n == 3 + 1 + 12, "three variants, defaults: 16 cases");
  kb_plan_free(&plan);
  const char *zip_acn[] = {"a,c,n"};
  const char *n3[] = {"n=1,2,3"};
  o = (kb_plan_opts){.assignments = A(n3, 1), .n_assignments = 1,
                     .zips = zip_acn, .n_zips = 1};
  rc = kb_plan_build(&plan, &multi, 1, &o, err, sizeof err);
  ok(rc == 0 && plan.n == 9 + 3 + 6, "zip a,c,n: pairs a,c in trio only "
     "(fake and other declare one name each): %zu cases", plan.n);
  const kb_plan_case *t = plan.n == 18 ? &plan.cases[12] : NULL;
  ok(t && t[0].variant == &trio && t[0].values[0] == 1
     && t[0].values[1] == 10 && t[0].values[2] == 100
     && t[2].values[1] == 30 && t[3].values[0] == 2 && t[3].values[1] == 10
     && t[3].values[2] == 200 && strcmp(t[5].label, "a=2 b=30 c=200") == 0,
     "the pair a,c takes a's place: b varies fastest");
  kb_plan_free(&plan);
  const char *zip_abc[] = {"a,b,c"};
  o = (kb_plan_opts){.zips = zip_abc, .n_zips = 1};
  ok(kb_plan_build(&plan, &multi, 1, &o, err, sizeof err) != 0
     && strstr(err, "for trio: a has 2, b has 3, c has 2"),
     "three unequal lists named: %s", err);
  const char *zip_two[] = {"a,b", "c,b"};
  o = (kb_plan_opts){.zips = zip_two, .n_zips = 2};
  ok(kb_plan_build(&plan, &multi, 1, &o, err, sizeof err) != 0
     && strstr(err, "--zip c,b: b is zipped twice"),
     "a name in two groups: %s", err);

  /* Selecting variants by pattern. */
  const char *f_star[] = {"f*"}, *ot[] = {"[ot]*"}, *fake_only[] = {"fake"};
  o = (kb_plan_opts){.include = f_star, .n_include = 1};
  ok(kb_plan_selects(&o, "fake") && !kb_plan_selects(&o, "other"),
     "include f*: fake, not other");
  o = (kb_plan_opts){.include = ot, .n_include = 1, .exclude = fake_only,
                     .n_exclude = 1};
  ok(kb_plan_selects(&o, "other") && kb_plan_selects(&o, "trio")
     && !kb_plan_selects(&o, "fake"), "include [ot]*, exclude fake");
  o = (kb_plan_opts){.exclude = fake_only, .n_exclude = 1};
  ok(!kb_plan_selects(&o, "fake") && kb_plan_selects(&o, "fakes"),
     "exclude matches whole names");
  o = (kb_plan_opts){0};
  ok(kb_plan_selects(&o, "anything"), "no patterns: everything");
  /* A named variant beside patterns: the union; a name is no pattern. */
  const char *named[] = {"trio"}, *bracket[] = {"[ot]io"};
  o = (kb_plan_opts){.include = f_star, .n_include = 1, .named = named,
                     .n_named = 1};
  ok(kb_plan_selects(&o, "fake") && kb_plan_selects(&o, "trio")
     && !kb_plan_selects(&o, "other") && !kb_plan_selects(&o, "trios"),
     "include f* and named trio: fake and trio only");
  o = (kb_plan_opts){.named = bracket, .n_named = 1};
  ok(kb_plan_selects(&o, "[ot]io") && !kb_plan_selects(&o, "tio"),
     "a named variant matches by its exact name");
  const char *t_star[] = {"t*"}, *two_pat[] = {"t*", "o*"};
  o = (kb_plan_opts){.include = two_pat, .n_include = 2};
  ok(kb_plan_build(&plan, &multi, 1, &o, err, sizeof err) == 0
     && plan.n == 13 && plan.cases[0].variant == &other,
     "include t* o*: other and trio, in catalogue order");
  kb_plan_free(&plan);
  o = (kb_plan_opts){.exclude = t_star, .n_exclude = 1};
  ok(kb_plan_build(&plan, &multi, 1, &o, err, sizeof err) == 0
     && plan.n == 4, "exclude t*: fake and other");
  kb_plan_free(&plan);
  const char *nomatch[] = {"fake", "xyz*"};
  o = (kb_plan_opts){.include = nomatch, .n_include = 2};
  ok(kb_plan_build(&plan, &multi, 1, &o, err, sizeof err) != 0
     && strstr(err, "no variant matches 'xyz*'"), "include matching "
     "nothing: %s", err);
  const char *star[] = {"*"};
  o = (kb_plan_opts){.exclude = star, .n_exclude = 1};
  ok(kb_plan_build(&plan, &multi, 1, &o, err, sizeof err) != 0
     && strstr(err, "--exclude leaves no variant to run"),
     "exclude everything: %s", err);
  o = (kb_plan_opts){.include = t_star, .n_include = 1, .exclude = t_star,
                     .n_exclude = 1};
  ok(kb_plan_build(&plan, &multi, 1, &o, err, sizeof err) != 0
     && strstr(err, "--exclude leaves no variant"),
     "exclude all that the include selects: %s", err);
  o = (kb_plan_opts){.assignments = A(n3, 1), .n_assignments = 1,
                     .include = t_star, .n_include = 1};
  ok(kb_plan_build(&plan, &multi, 1, &o, err, sizeof err) != 0
     && strstr(err, "--param n: no selected variant"),
     "--param of an unselected variant only: %s", err);
  o = (kb_plan_opts){.zips = zip_ns, .n_zips = 1, .include = t_star,
                     .n_include = 1};
  ok(kb_plan_build(&plan, &multi, 1, &o, err, sizeof err) != 0
     && strstr(err, "--zip n,stride: no selected variant has a parameter n"),
     "--zip of an unselected variant only: %s", err);

  /* The cap on the plan. */
  const char *big[] = {"n=1:50000:+1", "stride=1,2"};
  o = (kb_plan_opts){.assignments = A(big, 2), .n_assignments = 2};
  ok(kb_plan_build(&plan, &p, 1, &o, err, sizeof err) == 0
     && plan.n == KB_PLAN_MAX, "exactly KB_PLAN_MAX cases");
  kb_plan_free(&plan);
  big[1] = "stride=1:32:+1";
  o.assignments = A(big, 2);   /* parsed once: the new text, parsed anew */
  ok(kb_plan_build(&plan, &p, 1, &o, err, sizeof err) != 0 && plan.n == 0
     && strstr(err, "fake: the plan would have more than 100000 cases"),
     "50000 x 32: refused: %s", err);
  const char *over[] = {"n=1:40000:+1", "stride=1,2"};
  o = (kb_plan_opts){.assignments = A(over, 2), .n_assignments = 2};
  ok(kb_plan_build(&plan, &multi, 1, &o, err, sizeof err) != 0
     && strstr(err, "other: the plan would have more"),
     "the cap counts the whole plan: %s", err);

  /* A case file takes ranges too. */
  static const char lines[] = "fake n=1K:4K:*2 stride=1\ntrio a=1 c=5\n";
  FILE *f = fmemopen((void *)lines, sizeof lines - 1, "r");
  rc = f ? kb_plan_read_cases(&plan, &multi, 1, f, "mem", err, sizeof err)
         : -1;
  ok(rc == 0 && plan.n == 6
     && strcmp(plan.cases[2].label, "n=4K stride=1") == 0
     && strcmp(plan.cases[5].label, "a=1 b=30 c=5") == 0,
     "--cases lines with ranges: %zu cases", plan.n);
  kb_plan_free(&plan);
  if (f)
    fclose(f);

  /* An enumerated parameter: crossed, zipped, named by its choices. */
  const kbench_variant *typed_list[] = {&typed};
  kb_plugin tp = {"typed.so", NULL, &lib, typed_list, 1, NULL, NULL};
  char name[256];
  ok(kb_plan_build(&plan, &tp, 1, NULL, err, sizeof err) == 0 && plan.n == 2
     && strcmp(plan.cases[1].label, "dtype=f64 n=8") == 0,
     "choices by default: %s", plan.n ? plan.cases[plan.n - 1].label : err);
  kb_case_name(name, sizeof name, &tp, &typed, plan.cases[1].values);
  ok(strcmp(name, "typed/dtype:f64/n:8") == 0, "case name %s", name);
  kb_plan_free(&plan);
  const char *typed_zip[] = {"n,dtype"};
  const char *typed_set[] = {"dtype=i32,f32,f32", "n=1,2,3"};
  o = (kb_plan_opts){.assignments = A(typed_set, 2), .n_assignments = 2,
                     .zips = typed_zip, .n_zips = 1};
  ok(kb_plan_build(&plan, &tp, 1, &o, err, sizeof err) == 0 && plan.n == 3
     && strcmp(plan.cases[0].label, "dtype=i32 n=1") == 0
     && strcmp(plan.cases[2].label, "dtype=f32 n=3") == 0,
     "--zip pairs choices with integers");
  kb_plan_free(&plan);
  const char *typed_bad[] = {"dtype=f16"};
  o = (kb_plan_opts){.assignments = A(typed_bad, 1), .n_assignments = 1};
  ok(kb_plan_build(&plan, &tp, 1, &o, err, sizeof err) != 0
     && strstr(err, "--param dtype: 'f16' is not one of f32, f64, i32"),
     "an unknown choice: %s", err);

  char buf[32];
  kb_format_count(buf, sizeof buf, 1000003);
  ok(strcmp(buf, "1000003") == 0, "plain count");
  kb_format_count(buf, sizeof buf, 3 << 20);
  ok(strcmp(buf, "3M") == 0, "binary suffix");

  /* Warnings about numbers that cannot be right. */
  kbench_device dev = {sizeof dev, "fake", 0, 9, 0, 132, 50 << 20, 1024, 0,
                       0, 0, 0, 3352.0, 0};
  kb_measure_cfg cfg = {.mode = KB_MODE_COLD, .batch = 0, .hold = 1,
                        .criterion = {.min_samples = 10, .max_samples = 100,
                                      .max_noise = 0.005, .timeout = 1}};
  kb_result res;
  memset(&res, 0, sizeof res);
  res.bytes = (kbench_bytes){1 << 20, 1 << 20, KBENCH_MEM_GLOBAL};
  res.gbps = 1000;
  char w[512];
  kb_result_warnings(&res, &dev, &cfg, w, sizeof w);
  ok(strstr(w, "fits in the") != NULL, "cold mode, 2 MB: L2 warning: %s", w);
  cfg.mode = KB_MODE_HOT;
  kb_result_warnings(&res, &dev, &cfg, w, sizeof w);
  ok(w[0] == '\0', "hot mode: no L2 warning");
  res.bytes = (kbench_bytes){1ull << 30, 1ull << 30, KBENCH_MEM_GLOBAL};
  res.gbps = 4000;
  kb_result_warnings(&res, &dev, &cfg, w, sizeof w);
  ok(strstr(w, "above the theoretical peak") != NULL, "4000 of 3352 GB/s: %s",
     w);
  res.bytes.memory = KBENCH_MEM_SHARED;
  kb_result_warnings(&res, &dev, &cfg, w, sizeof w);
  ok(w[0] == '\0', "shared-memory bandwidth has no DRAM peak to exceed");
  res.bytes.memory = KBENCH_MEM_GLOBAL;
  res.gbps = 3000;
  res.stop = KB_STOP_TIMEOUT;
  res.stats.n = 12;
  res.stats.noise = 0.02;
  cfg.criterion.max_noise = 0.005;
  kb_result_warnings(&res, &dev, &cfg, w, sizeof w);
  ok(strstr(w, "stopped by --timeout after 12 samples, noise 2.00% above "
            "its 0.50% target") != NULL, "cap reported, by its option: %s",
     w);
  /* A noise under its target: the cap came first, the answer is known. */
  res.stop = KB_STOP_MAX_SAMPLES;
  res.stats.noise = 0.0001;
  kb_result_warnings(&res, &dev, &cfg, w, sizeof w);
  ok(strstr(w, "stopped by --max-samples after 12 samples, noise 0.01% "
            "under its 0.50% target, before --min-time") != NULL,
     "a noise under target is said to be under it: %s", w);
  /* A case's text, one function, three forms; parameters left out by
  ** keep (tune's problem and configuration). */
  {
    const kbench_variant *lt[] = {&typed};
    kb_plugin tp = {"typed.so", NULL, &lib, lt, 1, NULL, NULL};
    int64_t vals[] = {1, 1 << 20};
    int keep_n[] = {0, 1};
    char text[64];
    kb_case_text(text, sizeof text, &tp, &typed, vals, KB_CASE_NAME, NULL);
    ok(strcmp(text, "typed/dtype:f64/n:1M") == 0, "a case's name: %s", text);
    kb_case_text(text, sizeof text, &tp, &typed, vals, KB_CASE_WORDS, NULL);
    ok(strcmp(text, "dtype=f64 n=1M") == 0, "...its words: %s", text);
    kb_case_text(text, sizeof text, &tp, &typed, vals, KB_CASE_LINE, NULL);
    ok(strcmp(text, "typed dtype=f64 n=1M") == 0, "...its line: %s", text);
    kb_case_text(text, sizeof text, &tp, &typed, vals, KB_CASE_WORDS, keep_n);
    ok(strcmp(text, "n=1M") == 0, "...n only: %s", text);
    kb_case_text(text, 12, &tp, &typed, vals, KB_CASE_LINE, NULL);
    ok(strcmp(text, "typed dtype") == 0, "...cut short to fit: %s", text);
  }
  return tap_done();
}
