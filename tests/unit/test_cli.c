/*
** The run's command line (runner/plan/cli.c): every option of its tables
** (numbers, flags, files) lands in its own field with its own scale, and
** the defaults stay where no option is given.
*/
#include <stdio.h>
#include <string.h>

#include "plan/cli.h"
#include "tap.h"

int main(void)
{
  kb_options o;
  char *defaults[] = {"kbench", "x"};
  ok(kb_cli_parse(2, defaults, &o) == 0, "no option parses");
  ok(o.measure.hold == 1 && o.measure.audit == 1 && o.repetitions == 1
     && o.measure.warmup == 2 && o.jobs == 0 && !o.measure.energy,
     "the defaults: hold, audit, one repetition, warmup 2, jobs 0");
  kb_cli_free(&o);

  char *argv[] = {"kbench", "--jobs=5", "--batch=7", "--warmup=0",
                  "--min-samples=3", "--max-samples=9", "--repetitions=4",
                  "--min-time=0.25", "--timeout=3", "--case-timeout=40",
                  "--lock-timeout=0", "--max-noise=50", "--energy-time=2",
                  "--no-hold", "--no-audit", "--strict", "--calibrate",
                  "--no-lock", "--all-ranks", "--json=a.json",
                  "--csv=b.csv", "--samples=c.csv", "x"};
  int argc = (int)(sizeof argv / sizeof *argv);
  ok(kb_cli_parse(argc, argv, &o) == 0, "every table option parses");
  const kb_criterion_cfg *k = &o.measure.criterion;
  ok(o.jobs == 5 && o.measure.batch == 7 && o.measure.warmup == 0,
     "counts: --jobs (unsigned), --batch, --warmup 0");
  ok(k->min_samples == 3 && k->max_samples == 9 && o.repetitions == 4,
     "counts: --min-samples, --max-samples, --repetitions");
  ok(near(k->min_time, 0.25, 1e-12) && near(o.case_timeout, 40, 1e-12)
     && o.measure.lock_timeout == 0, "seconds: --min-time, --case-timeout, "
     "--lock-timeout 0");
  ok(near(k->timeout, 3, 1e-12) && near(k->host_timeout, 3, 1e-12),
     "--timeout sets the GPU's and the host's");
  ok(near(k->max_noise, 0.5, 1e-12), "--max-noise is a percentage");
  ok(near(o.measure.energy_time, 2, 1e-12) && o.measure.energy,
     "--energy-time implies --energy");
  ok(!o.measure.hold && !o.measure.audit && o.measure.strict && o.calibrate
     && o.no_lock && o.all_ranks, "flags on and off");
  ok(o.json_path && strcmp(o.json_path, "a.json") == 0 && o.csv_path
     && strcmp(o.csv_path, "b.csv") == 0 && o.samples_path
     && strcmp(o.samples_path, "c.csv") == 0, "files: --json, --csv, --samples");
  kb_cli_free(&o);

  /* --lock-clocks: the base clock unless a value says otherwise. */
  char *lock[] = {"kbench", "--lock-clocks", "x"};
  ok(kb_cli_parse(3, lock, &o) == 0
     && o.measure.lock_clocks == KB_LOCK_CLOCKS_BASE,
     "--lock-clocks alone locks at the base clock");
  kb_cli_free(&o);
  ok(kb_cli_parse(2, defaults, &o) == 0 && o.measure.lock_clocks == 0,
     "...and without it nothing is locked");
  kb_cli_free(&o);
  char *max[] = {"kbench", "--lock-clocks=max", "x"};
  ok(kb_cli_parse(3, max, &o) == 0
     && o.measure.lock_clocks == KB_LOCK_CLOCKS_MAX, "--lock-clocks=max");
  kb_cli_free(&o);
  char *mhz[] = {"kbench", "--lock-clocks=1410", "x"};
  ok(kb_cli_parse(3, mhz, &o) == 0 && o.measure.lock_clocks == 1410,
     "--lock-clocks=1410: MHz");
  kb_cli_free(&o);
  char *nope[] = {"kbench", "--lock-clocks=fast", "x"};
  ok(kb_cli_parse(3, nope, &o) < 0, "--lock-clocks=fast is refused");
  kb_cli_free(&o);
  char *none[] = {"kbench", "--lock-clocks=0", "x"};
  ok(kb_cli_parse(3, none, &o) < 0, "--lock-clocks=0 is refused");
  kb_cli_free(&o);

  char *zero[] = {"kbench", "--timeout=0", "x"};
  ok(kb_cli_parse(3, zero, &o) < 0, "--timeout=0 is refused");
  kb_cli_free(&o);
  char *big[] = {"kbench", "--batch=100001", "x"};
  ok(kb_cli_parse(3, big, &o) < 0, "--batch above its bound is refused");
  kb_cli_free(&o);
  return tap_done();
}
