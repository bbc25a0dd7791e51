/* --energy without a GPU: the windows placed on a synthetic counter's
** updates, joules per run and watts from its readings, the rates per
** watt, the table's words, and NVML's absence said as kbench says it. */
#include <dlfcn.h>
#include <string.h>

#include "model/energy.h"
#include "model/result.h"
#include "gpu/nvml.h"
#include "model/result_notes.h"
#include "output/energy_text.h"
#include "tap.h"

/*
** A counter like NVML's: the energy of a load drawing `watts` from time 0,
** published at updates whose gaps cycle through 50-116 ms (the H100's,
** DESIGN.md), read by polls every `poll` seconds.  Feeds the meter until
** it is done; returns its last answer.
*/
typedef struct fake {
  double watts;
  double watts_after;     /* from t = change on */
  double change;
  double updated;         /* time of the last update */
  unsigned long long mj;  /* its value */
  int gap;                /* which gap comes next */
} fake;

static double energy_at(const fake *f, double t)
{
  if (t <= f->change)
    return f->watts * t;
  return f->watts * f->change + f->watts_after * (t - f->change);
}

static int run_meter(kb_energy_meter *m, fake *f, double poll, double *t)
{
  static const double gaps[] = {0.100, 0.050, 0.116, 0.098, 0.102, 0.084};
  int fed = 0;
  for (*t = 0; *t < 30 && fed == 0; *t += poll) {
    double next = f->updated + gaps[f->gap % 6];
    if (*t >= next) {
      f->updated = next;
      f->mj = (unsigned long long)(energy_at(f, next) * 1e3);
      f->gap++;
    }
    fed = kb_energy_meter_feed(m, *t, f->mj);
  }
  return fed;
}

static void test_meter(void)
{
  kb_energy_meter m;
  kb_energy_meter_init(&m, KB_ENERGY_TIME_S);
  ok(m.windows == 5 && near(m.window_s, 0.2, 1e-12),
     "the default: 5 windows of 0.2 s");
  kb_energy_meter_init(&m, 3);
  ok(m.windows == 15 && near(m.window_s, 0.2, 1e-12), "3 s: 15 windows");
  kb_energy_meter_init(&m, 0.5);
  ok(m.windows == 5 && near(m.window_s, 0.1, 1e-12),
     "0.5 s: still 5 windows (compare's U test needs 5), of 0.1 s");
  kb_energy_meter_init(&m, 60);
  ok(m.windows == KB_ENERGY_MAX_WINDOWS
     && near(m.window_s, 60.0 / KB_ENERGY_MAX_WINDOWS, 1e-12),
     "60 s: the most windows a result keeps, each longer");

  /* 400 W steady, polled every 0.5 ms. */
  fake f = {400, 400, 1e9, 0, 0, 0};
  double t;
  kb_energy_meter_init(&m, 1.0);
  int fed = run_meter(&m, &f, 5e-4, &t);
  ok(fed == 1 && m.n == 6, "the meter closes 5 windows, 6 ends (%zu), at "
     "%.3f s", m.n, t);
  int aligned = 1, on_time = 1;
  for (size_t i = 0; i < m.n; i++) {
    /* Each end is a poll just after an update, and holds its value; end i
    ** is the first update i windows after the first end. */
    double after = m.at[i].t - m.at[0].t;
    if (m.at[i].mj == 0 || (i && m.at[i].mj == m.at[i - 1].mj))
      aligned = 0;
    if (after < i * m.window_s || after > i * m.window_s + 0.117)
      on_time = 0;
  }
  ok(aligned && on_time, "each end is an update, the first at least i x "
     "%.2f s after the first end", m.window_s);
  ok(m.at[5].t - m.at[0].t < 1.117, "the windows add up to 1 s and less "
     "than an update more (%.3f s)", m.at[5].t - m.at[0].t);
  ok(m.at[0].t >= 0.150 && m.at[0].t < 0.151,
     "the first window opens at the second update (0.150 s: %.4f)",
     m.at[0].t);
  ok(kb_energy_meter_feed(&m, t + 1, f.mj + 5) == 1 && m.n == 6,
     "fed after it is done, it stays done");

  kb_energy_stats e;
  ok(kb_energy_compute(m.at, m.n, 1e-3, &e) == 0, "the readings give a "
     "number");
  /* Ends are seen up to one poll late: 0.5 ms in 1 s. */
  ok(near(e.watts, 400, 400 * 0.005) && near(e.j_per_run, 0.4, 0.4 * 0.005),
     "400 W, 0.4 J per 1 ms run (%.2f W, %.4f J)", e.watts, e.j_per_run);
  ok(near(e.runs, e.seconds / 1e-3, 1e-6) && e.n_windows == 5
     && e.seconds >= 1.0 - 1e-9, "runs = seconds / run time, %zu windows over "
     "%.3f s", e.n_windows, e.seconds);
  ok(e.spread < 0.01, "a steady load: windows agree (spread %.4f)",
     e.spread);

  /* The load's power changes during the third window: the windows show
  ** it, the whole batch averages it. */
  fake g = {300, 500, 0.6, 0, 0, 0};
  kb_energy_meter_init(&m, 1.0);
  run_meter(&m, &g, 5e-4, &t);
  kb_energy_compute(m.at, m.n, 1e-3, &e);
  ok(e.window_j[0] < 0.31 && e.window_j[4] > 0.49 && e.spread > 0.1
     && e.watts > 300 && e.watts < 500, "300 W then 500 W: windows %.3f .. "
     "%.3f J, spread %.2f, %.1f W in all", e.window_j[0], e.window_j[4],
     e.spread, e.watts);

  kb_energy_meter_init(&m, 1.0);
  kb_energy_meter_feed(&m, 0, 1000);
  ok(kb_energy_meter_feed(&m, 0.1, 999) == -1,
     "a counter that goes backwards (a driver reload) is refused");
}

static void test_compute(void)
{
  /* 80 J in each 0.2 s: 400 W; a run every 0.1 ms. */
  kb_energy_reading at[] = {{10.0, 5000000}, {10.2, 5080000},
                            {10.4, 5160000}, {10.6, 5240000}};
  kb_energy_stats e;
  ok(kb_energy_compute(at, 4, 1e-4, &e) == 0 && e.n_windows == 3
     && near(e.joules, 240, 1e-9) && near(e.seconds, 0.6, 1e-9)
     && near(e.watts, 400, 1e-6) && near(e.runs, 6000, 1e-6)
     && near(e.j_per_run, 0.04, 1e-12) && near(e.window_j[1], 0.04, 1e-12)
     && near(e.spread, 0, 1e-9),
     "240 J over 0.6 s at 0.1 ms a run: 400 W, 6000 runs, 0.04 J a run");
  kb_energy_reading uneven[] = {{0, 0}, {0.25, 100000}, {0.45, 200000}};
  ok(kb_energy_compute(uneven, 3, 1e-3, &e) == 0
     && near(e.window_j[0], 0.4, 1e-12) && near(e.window_j[1], 0.5, 1e-12)
     && near(e.watts, 200 / 0.45, 1e-9),
     "windows of different lengths: each its own power, the batch the "
     "ratio of sums");
  ok(kb_energy_compute(at, 1, 1e-4, &e) == -1, "one reading: no window");
  ok(kb_energy_compute(at, 4, 0, &e) == -1, "no run time: no number");
  kb_energy_reading back[] = {{0, 5000}, {0.2, 4000}};
  ok(kb_energy_compute(back, 2, 1e-3, &e) == -1,
     "a counter that went backwards: no number");
  kb_energy_reading still[] = {{0.2, 5000}, {0.2, 6000}};
  ok(kb_energy_compute(still, 2, 1e-3, &e) == -1,
     "a window of no time: no number");
}

static void test_rates(void)
{
  kb_result r;
  memset(&r, 0, sizeof r);
  r.verdict = KB_PASS;
  r.bytes.read = r.bytes.written = 1ull << 30;   /* a 1 GiB copy */
  r.flops = 1000000000;
  r.energy_j = 0.25;
  ok(near(kb_gbps_per_watt(&r), 2.0 * (1 << 30) / 0.25 / 1e9, 1e-9),
     "2 GiB moved for 0.25 J: %.3f GB/s per W", kb_gbps_per_watt(&r));
  ok(near(kb_flops_per_watt(&r), 4e9, 1e-3), "1 GFLOP for 0.25 J: 4 "
     "GFLOP/s per W");
  r.flops = 0;
  ok(kb_flops_per_watt(&r) == 0, "no work reported: no FLOP/s per W");
  r.energy_j = -1;
  ok(kb_gbps_per_watt(&r) == 0, "no energy: no rate per watt");
  r.energy_j = 0.25;
  r.verdict = KB_WRONG;
  ok(kb_gbps_per_watt(&r) == 0, "a case that failed: no rate per watt");
}

static void test_words(void)
{
  kb_result r;
  char line[512];
  memset(&r, 0, sizeof r);
  r.verdict = KB_PASS;
  r.bytes.read = r.bytes.written = 1ull << 30;
  r.energy_j = 0.2501;
  r.power_w = 381.24;
  r.energy_s = 1.02;
  r.energy_runs = 4012;
  r.energy_n_windows = 5;
  r.energy_spread = 0.012;
  r.energy_sm_mhz = 1980;
  r.energy_mem_mhz = 2619;
  r.power_limit_w = 700;
  kb_energy_text(&r, line, sizeof line);
  ok(strcmp(line, "0.2501 J/run at 381.2 W (1.02 s, 4012 runs, 5 windows, "
            "spread 1.2%); 8.59 GB/s per W; SM 1980 MHz, memory 2619 MHz, "
            "power limit 700 W") == 0, "the table's energy line: %s", line);
  r.energy_j = -1;
  kb_energy_text(&r, line, sizeof line);
  ok(line[0] == '\0', "no energy: no line");

  kb_energy_notes notes = {0};
  ok(kb_energy_note_is_new(&notes, "no NVML (libnvidia-ml.so.1 not found)")
     && !kb_energy_note_is_new(&notes, "no NVML (libnvidia-ml.so.1 not "
                               "found)")
     && kb_energy_note_is_new(&notes, "host cases have no energy reading")
     && !kb_energy_note_is_new(&notes, "") && notes.n == 2,
     "each reason is said once, and an empty one never");
  char many[8];
  for (int i = 0; i < 10; i++) {
    snprintf(many, sizeof many, "r%d", i);
    kb_energy_note_is_new(&notes, many);
  }
  ok(notes.n == KB_ENERGY_NOTES && !kb_energy_note_is_new(&notes, "r9"),
     "more reasons than slots: the newest are kept");
}

/* Without the driver's library (this machine, CI), NVML's absence is said
** as kbench says a missing driver. */
static void test_no_nvml(void)
{
  void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (lib) {
    dlclose(lib);
    printf("ok %d - # SKIP libnvidia-ml.so.1 is installed here\n",
           ++tap_count);
    return;
  }
  char why[256] = "";
  kb_nvml *n = kb_nvml_open("00000000:01:00.0", why, sizeof why);
  ok(!n && strcmp(why, "no NVML (libnvidia-ml.so.1 not found)") == 0,
     "no libnvidia-ml.so.1: '%s'", why);
}

int main(void)
{
  test_meter();
  test_compute();
  test_rates();
  test_words();
  test_no_nvml();
  return tap_done();
}
