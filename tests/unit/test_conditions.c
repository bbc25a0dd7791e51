/*
** Why a sample was slow: NVML's clock-event reasons by name and the limits
** among them (model/clock_events.c), a case whose samples ran under a power
** cap fed by hand to every output (the table's line under its row, TAP,
** markdown, the CSV, the JSON written and read back), the device's
** --lock-clocks line; and the CPU side: the run's CPUs and
** load in words (util/host_facts.c) and in the JSON context.  Only a GPU
** under a power cap gives such results; tests/shell/clocks.sh drives the
** lock itself.
*/
#define _GNU_SOURCE            /* open_memstream, mkstemp */
#include <stdlib.h>
#include <string.h>

#include "model/clock_events.h"
#include "util/host_facts.h"
#include "output/csv.h"
#include "stub_case.h"
#include "tap.h"

static void names(void)
{
  char buf[256];
  kb_clock_events_names(0, buf, sizeof buf);
  ok(buf[0] == '\0', "no reason: no name");
  kb_clock_events_names(KB_CLOCK_GPU_IDLE | KB_CLOCK_SW_POWER_CAP
                        | KB_CLOCK_HW_POWER_BRAKE, buf, sizeof buf);
  ok(strcmp(buf, "gpu_idle,sw_power_cap,hw_power_brake_slowdown") == 0,
     "names in bit order, as nvidia-smi's keys: %s", buf);
  kb_clock_events_names(0x200 | KB_CLOCK_SYNC_BOOST, buf, sizeof buf);
  ok(strcmp(buf, "sync_boost,0x200") == 0,
     "a bit NVML added later, by its value: %s", buf);
  ok(kb_clock_events_parse("gpu_idle,sw_thermal_slowdown,nonsense")
     == (KB_CLOCK_GPU_IDLE | KB_CLOCK_SW_THERMAL),
     "names parse back, an unknown one ignored");
  uint64_t all = 0x1ff;
  kb_clock_events_names(all, buf, sizeof buf);
  ok(kb_clock_events_parse(buf) == all, "every bit, there and back");

  kb_clock_limits_text(KB_CLOCK_GPU_IDLE | KB_CLOCK_SYNC_BOOST
                       | KB_CLOCK_APP_CLOCKS | KB_CLOCK_DISPLAY_CLOCKS, buf,
                       sizeof buf);
  ok(buf[0] == '\0', "idle, sync boost and clock settings are no limit");
  kb_clock_limits_text(KB_CLOCK_HW_POWER_BRAKE, buf, sizeof buf);
  ok(strcmp(buf, "a power cap") == 0, "the power brake is a power cap");
  kb_clock_limits_text(KB_CLOCK_SW_POWER_CAP | KB_CLOCK_HW_THERMAL
                       | KB_CLOCK_HW_SLOWDOWN, buf, sizeof buf);
  ok(strcmp(buf, "a power cap and a thermal slowdown and a hardware "
            "slowdown") == 0, "each kind of limit, once: %s", buf);

  kb_clock_tally t = {0};
  kb_clock_tally_add(&t, KB_CLOCK_GPU_IDLE);
  kb_clock_tally_text(&t, buf, sizeof buf);
  ok(buf[0] == '\0', "slow cases idle only: nothing to say");
  kb_clock_tally_add(&t, KB_CLOCK_SW_POWER_CAP);
  kb_clock_tally_text(&t, buf, sizeof buf);
  ok(strcmp(buf, "1 under a power cap") == 0, "1 of 2: %s", buf);
  kb_clock_tally u = {0};
  for (int i = 0; i < 12; i++)
    kb_clock_tally_add(&u, KB_CLOCK_SW_POWER_CAP | KB_CLOCK_GPU_IDLE);
  kb_clock_tally_text(&u, buf, sizeof buf);
  ok(u.cases == 12 && strcmp(buf, "all under a power cap") == 0,
     "12 of 12: %s", buf);
  kb_clock_tally w = {0};
  kb_clock_tally_add(&w, KB_CLOCK_SW_THERMAL);
  kb_clock_tally_text(&w, buf, sizeof buf);
  ok(strcmp(buf, "under a thermal slowdown") == 0, "one case: %s", buf);
}

static void host_notes(void)
{
  char buf[KB_HOST_NOTE_LEN];
  kb_host_state s = {1, 32, 0.5};
  kb_host_state_note(&s, buf, sizeof buf);
  ok(strcmp(buf, "bound to 1 of 32 CPUs") == 0, "one CPU of 32: %s", buf);
  s = (kb_host_state){4, 32, 35.2};
  kb_host_state_note(&s, buf, sizeof buf);
  ok(strcmp(buf, "a busy host (load 35.2 on 32 CPUs)") == 0,
     "a load past the CPUs: %s", buf);
  s = (kb_host_state){1, 2, 2.0};
  kb_host_state_note(&s, buf, sizeof buf);
  ok(strcmp(buf, "bound to 1 of 2 CPUs; a busy host (load 2.0 on 2 "
            "CPUs)") == 0, "both: %s", buf);
  s = (kb_host_state){32, 32, 31.9};
  kb_host_state_note(&s, buf, sizeof buf);
  ok(buf[0] == '\0', "32 CPUs, load under 32: nothing to say");
  s = (kb_host_state){0, 0, -1};
  kb_host_state_note(&s, buf, sizeof buf);
  ok(buf[0] == '\0', "nothing known: nothing said");
  kb_host_state_read(&s);
  ok(s.usable_cpus >= 1 && s.online_cpus >= s.usable_cpus,
     "this host: %u of %u CPUs usable, load %.2f", s.usable_cpus,
     s.online_cpus, s.load_1min);
}

/* A passed case whose samples ran under a power cap: the SM clock fell
** to 1410 MHz and 3 samples were dropped under 75% of its maximum. */
static void capped(kb_result *r)
{
  static double samples[] = {97e-6, 98e-6, 99e-6};
  kb_result_init(r, KB_PASS);
  strcpy(r->mode, "cold");
  r->samples = samples;
  r->n_samples = 3;
  kb_stats_compute(samples, 3, &r->stats);
  r->bytes.read = 268435456;
  r->bytes.memory = KBENCH_MEM_GLOBAL;
  r->gbps = 2740;
  r->clock_min_mhz = 1410;
  r->clock_max_mhz = 1755;
  r->throttled = 3;
  r->clock_events = KB_CLOCK_GPU_IDLE | KB_CLOCK_SW_POWER_CAP;
  r->clock_event_reads = 6;
  r->temp_start_c = 41;
  r->temp_end_c = 67;
  r->mem_start_mhz = r->mem_end_mhz = 2619;
  r->power_start_w = 88.5;
  r->power_end_w = 699.25;
}

#define NOTE "its samples ran under a power cap (NVML: sw_power_cap); SM " \
  "clock 1410-1755 MHz, 3 samples under 75% of it dropped"

int main(void)
{
  stub_case stub;
  stub_case_init(&stub, "copy", "a plain copy");
  kbench_device dev = stub.dev;
  kb_measure_cfg cfg = {.mode = KB_MODE_COLD};
  kb_result res, idle;
  capture c;
  char buf[512];

  names();
  host_notes();
  capped(&res);
  kb_result_clock_note(&res, buf, sizeof buf);
  ok(strcmp(buf, NOTE) == 0, "the case's line: %s", buf);
  capped(&idle);
  idle.clock_events = KB_CLOCK_GPU_IDLE;
  idle.throttled = 0;
  kb_result_clock_note(&idle, buf, sizeof buf);
  ok(buf[0] == '\0', "idle between samples: no line");

  /* The table: one line under the row naming the limit; none for idle. */
  stub_table(&c, 0, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, " ok\n") && strstr(c.text, "\n  clocks: " NOTE "\n"),
     "table: the line under its row: %s", c.text);
  free(c.text);
  stub_table(&c, 0, &stub, &idle, &cfg, NULL);
  ok(!strstr(c.text, "clocks:"), "table: no line for a case idle between "
     "samples only");
  free(c.text);
  stub_table(&c, 1, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, "\nok 1 - copy n=64M\n") && strstr(c.text, "\n# clocks: "
     NOTE "\n"), "TAP: a comment under its test point");
  free(c.text);
  /* A case that failed for it says so too. */
  kb_result failed;
  capped(&failed);
  failed.verdict = KB_ERROR;
  strcpy(failed.stage, "sampling");
  strcpy(failed.message, "every sample in 15 s was taken with the SM clock "
         "under 75% of its maximum (NVML: a power cap)");
  stub_table(&c, 0, &stub, &failed, &cfg, NULL);
  ok(strstr(c.text, "ERROR sampling: every sample") && strstr(c.text,
     "\n  clocks: its samples ran under a power cap"),
     "table: an ERROR of a starved clock keeps its line");
  free(c.text);

  /* The header's word on the CPUs: bound to one, or a busy host. */
  kb_host_state one = {1, 32, 0.2}, fine = {32, 32, 0.2};
  stub_table(&c, 0, &stub, &res, &cfg, &one);
  const char *said = "# host: bound to 1 of 32 CPUs: the host's side of "
    "the samples (launches, the stream check's waits) may be starved\n"
    "variant ";
  ok(strncmp(c.text, said, strlen(said)) == 0, "table: the header says a "
     "run bound to one CPU: %.80s", c.text);
  free(c.text);
  stub_table(&c, 0, &stub, &res, &cfg, &fine);
  ok(strncmp(c.text, "variant ", 8) == 0, "...and nothing of a free host");
  free(c.text);
  stub_table(&c, 1, &stub, &res, &cfg, &one);
  ok(strncmp(c.text, "1..1\n# host: bound to 1 of 32 CPUs", 34) == 0,
     "TAP: a comment after the plan");
  free(c.text);

  /* The device line: what --lock-clocks did. */
  {
    kb_report r;
    c.f = open_memstream(&c.text, &c.len);
    kb_report_init(&r, c.f, 0, 0, KB_TIME_EVENT, 0);
    kb_report_device(&r, &dev, "cold", 3e-6);
    kb_report_clock_lock(&r, "SM 1590 MHz (base), memory clock not "
                         "lockable on this GPU");
    kb_report_clock_lock(&r, "");
    fclose(c.f);
    ok(strstr(c.text, ")\n# --lock-clocks: SM 1590 MHz (base), memory clock "
              "not lockable on this GPU\n") && !strstr(c.text, "clocks: \n"),
       "table: the lock under the device line, nothing when not asked");
    free(c.text);
  }

  /* Markdown: the note under the table, and the header's host line. */
  {
    kb_run_device d = {0, 1, {.dev = dev}};
    snprintf(d.report.clocks, sizeof d.report.clocks, "SM 1590 MHz (base)");
    int opened = stub_markdown(&c, &stub, &res, &d, &one) == 0;
    ok(opened && strstr(c.text, "- `copy` n=64M: clocks: " NOTE "\n"),
       "markdown: the case's note");
    ok(strstr(c.text, "\n\n**Host:** bound to 1 of 32 CPUs: the host's side")
       != NULL, "markdown: the header says a run bound to one CPU");
    ok(strstr(c.text, " --lock-clocks: SM 1590 MHz (base).") != NULL,
       "markdown: the device's lock in its heading");
    free(c.text);
  }

  /* CSV: the mask, the names, how many reads, the readings. */
  struct kb_metric_list none = {0};
  kb_export csv = {"mem", NULL, 0}, samples = {NULL, NULL, 0};
  csv.f = open_memstream(&c.text, &c.len);
  kb_export_case(&csv, &samples, &none, &stub.pc, &res, &dev, 0, 0, 0);
  fclose(csv.f);
  ok(strstr(c.text, ",5,\"gpu_idle,sw_power_cap\",6,41,67,2619,2619,88.5,"
            "699.25,") != NULL, "CSV: mask, names, reads, then temperature, "
     "memory clock and power at either end: %s", c.text);
  char *header = kb_csv_header(&none);
  ok(header && strstr(header, ",clock_event_mask,clock_events,"
                      "clock_event_reads,gpu_temp_start_c,gpu_temp_end_c,"
                      "mem_clock_start_mhz,mem_clock_end_mhz,power_start_w,"
                      "power_end_w,") != NULL, "CSV: the header names them");
  free(header);
  free(c.text);
  kb_result host;
  kb_result_init(&host, KB_PASS);
  csv.f = open_memstream(&c.text, &c.len);
  kb_export_case(&csv, &samples, &none, &stub.pc, &host, &dev, 0, 0, 0);
  fclose(csv.f);
  ok(strstr(c.text, ",,,0,,,,,,,") != NULL,
     "CSV: empty cells where NVML read nothing");
  free(c.text);

  /* JSON: the keys written, the mask read back. */
  kb_result both[2] = {res, idle};
  static char text[65536];
  ok(stub_json_back(&stub, both, 2, text, sizeof text, NULL) == 0
     && strstr(text, "\"clock_event_mask\": 5, \"clock_events\": \"gpu_idle,"
               "sw_power_cap\", \"clock_limits\": \"a power cap\", "
               "\"clock_event_reads\": 6, \"gpu_temp_start_c\": 41, "
               "\"gpu_temp_end_c\": 67, \"mem_clock_start_mhz\": 2619, "
               "\"mem_clock_end_mhz\": 2619, \"power_start_w\": 88.5, "
               "\"power_end_w\": 699.25") != NULL,
     "JSON: the reasons, the limits, the readings");
  ok(strstr(text, "\"clock_events\": \"gpu_idle\", \"clock_limits\": \"\"")
     != NULL, "JSON: idle only, no limit");
  ok(strstr(text, "\"host\": {\"usable_cpus\": 0, \"online_cpus\": 0, "
            "\"load_1min\": 0, \"note\": null}") != NULL,
     "JSON context: the launch's CPUs and load, no note");
#if KBENCH_HAVE_JSON_C
  kb_res_run run;
  int read = stub_json_back(&stub, both, 2, NULL, 0, &run) == 0;
  ok(read && run.n_cases == 1
     && run.cases[0].res.clock_events == (KB_CLOCK_GPU_IDLE
                                          | KB_CLOCK_SW_POWER_CAP),
     "JSON read back: the reasons of its two entries, OR'd");
  if (read)
    kb_res_run_free(&run);
#endif
  return tap_done();
}
