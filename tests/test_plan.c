/* The plan: expansion of value lists, and usage errors before any run. */
#include <string.h>

#include "plan.h"
#include "report.h"
#include "tap.h"

static int never(const kbench_host *h, void **s) { (void)h; (void)s; return 1; }
static int never2(const kbench_host *h, void *s) { (void)h; (void)s; return 1; }
static void bytes(const kbench_host *h, void *s, kbench_bytes *b) { (void)h; (void)s; (void)b; }
static void down(const kbench_host *h, void *s) { (void)h; (void)s; }

static const kbench_param params[] = {
  {"n", "elements", "64M", 1, (int64_t)1 << 31, 0},
  {"stride", "stride", "1,2,4", 1, 32, 0},
};
static const kbench_variant variant = {
  sizeof(kbench_variant), "fake", "a fake", "tests", KBENCH_BACKEND_HOST,
  params, 2, never, never2, never2, bytes, down,
};
static const kbench_library lib = {
  KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR, sizeof(kbench_library),
  sizeof(kbench_variant), sizeof(kbench_param), NULL,
};

int main(void)
{
  const kbench_variant *list[] = {&variant};
  kb_plugin p = {"fake.so", NULL, &lib, list, 1};
  kb_plan plan;
  char err[512];

  ok(kb_plan_build(&plan, &p, 1, NULL, 0, err, sizeof err) == 0
     && plan.n == 3, "defaults: a 3-value list gives 3 cases");
  ok(strcmp(plan.cases[0].label, "n=64M stride=1") == 0
     && strcmp(plan.cases[2].label, "n=64M stride=4") == 0,
     "labels: '%s' ... '%s'", plan.cases[0].label, plan.cases[2].label);
  kb_plan_free(&plan);

  const char *two[] = {"n=1000,1001", "stride=3,5,7"};
  ok(kb_plan_build(&plan, &p, 1, two, 2, err, sizeof err) == 0
     && plan.n == 6 && plan.cases[1].values[0] == 1000
     && plan.cases[1].values[1] == 5 && plan.cases[3].values[0] == 1001,
     "2 x 3 values: cartesian product, last parameter fastest");
  kb_plan_free(&plan);

  const char *typo[] = {"strid=2"};
  ok(kb_plan_build(&plan, &p, 1, typo, 1, err, sizeof err) != 0
     && strstr(err, "strid"), "unknown name is an error: %s", err);
  const char *twice[] = {"n=5", "n=6"};
  ok(kb_plan_build(&plan, &p, 1, twice, 2, err, sizeof err) != 0
     && strstr(err, "twice"), "a name given twice is an error: %s", err);
  const char *range[] = {"stride=0"};
  ok(kb_plan_build(&plan, &p, 1, range, 1, err, sizeof err) != 0
     && strstr(err, "outside"), "out of range: %s", err);
  const char *junk[] = {"n=12x"};
  ok(kb_plan_build(&plan, &p, 1, junk, 1, err, sizeof err) != 0,
     "junk value: %s", err);

  char buf[32];
  kb_format_count(buf, sizeof buf, 1000003);
  ok(strcmp(buf, "1000003") == 0, "plain count");
  kb_format_count(buf, sizeof buf, 3 << 20);
  ok(strcmp(buf, "3M") == 0, "binary suffix");

  /* Warnings about numbers that cannot be right. */
  kbench_device dev = {sizeof dev, "fake", 0, 9, 0, 132, 50 << 20, 1024, 0,
                       0, 0, 0, 3352.0, 0};
  kb_measure_cfg cfg = {KB_MODE_COLD, 0, 0, 1, {10, 100, 0, 0.005, 1}};
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
  kb_result_warnings(&res, &dev, &cfg, w, sizeof w);
  ok(strstr(w, "stopped on timeout") != NULL, "cap reported: %s", w);
  return tap_done();
}
