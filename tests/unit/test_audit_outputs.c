/* What the audits found, in every output: synthetic results of a CUDA case
** (which only a GPU could measure) fed to the table, TAP, CSV and JSON
** writers.  A claim the bytes audit flagged is FLAGGED on its row with both
** rates under it, an unaudited case "ok?" with its note, and both are
** fields of the CSV and JSON; --strict's failure keeps its flag.  A cold
** run's reads that DRAM did not serve are flagged with their own sentence. */
#define _GNU_SOURCE            /* open_memstream, mkstemp */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output/csv.h"
#include "output/results_json.h"
#include "output/table.h"
#include "plan/cli.h"
#include "stub_case.h"
#include "tap.h"

/* A passed 64M-int case of 100 us, claiming 1000 x the 268.4 MB that DRAM
** moved: 2684 TB/s claimed, 2684 GB/s moved. */
static void flagged_result(kb_result *r)
{
  static double samples[] = {100e-6, 100e-6, 100e-6};
  memset(r, 0, sizeof *r);
  r->verdict = KB_PASS;
  strcpy(r->mode, "cold");
  r->samples = samples;
  r->n_samples = 3;
  r->stats.n = 3;
  r->stats.median = r->stats.min = r->stats.max = r->stats.mean = 100e-6;
  r->bytes.read = 268435456000ull;
  r->bytes.memory = KBENCH_MEM_GLOBAL;
  r->gbps = 268435456000.0 / 100e-6 / 1e9;
  r->busy_after_s = -1;
  r->energy_j = r->power_w = -1;
  r->dram_read = 268435456;
  r->dram_write = 0;
  r->claim_flagged = 1;
}

int main(void)
{
  stub_case stub;
  stub_case_init(&stub, "cheat", "claims what it never moved");
  kb_plan_case pc = stub.pc;
  kbench_device dev = stub.dev;
  kb_measure_cfg cfg = {.mode = KB_MODE_COLD};
  kb_result res;
  capture c;

  /* The table: the result word and the rates under the row. */
  flagged_result(&res);
  stub_table(&c, 0, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, "FLAGGED\n") && !strstr(c.text, "  ok"),
     "table: a flagged claim is FLAGGED on its row, not ok");
  ok(strstr(c.text, "\n  flagged: claims 1000.0x the 268.4 MB DRAM moved: "
                    "DRAM 2684.4 GB/s, 2684354.6 GB/s claimed\n") != NULL,
     "table: under it, what DRAM moved and both rates");
  ok(!strstr(c.text, "warning: bytes audit"),
     "table: no longer a warning line under an ok row");
  free(c.text);

  stub_table(&c, 1, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, "ok 1 - cheat n=64M\n") && strstr(c.text,
     "\n# flagged: claims 1000.0x the 268.4 MB DRAM moved: DRAM 2684.4 "
     "GB/s, 2684354.6 GB/s claimed\n"), "TAP: ok, with a '# flagged:' "
     "diagnostic");
  free(c.text);

  /* A cold run whose reads the L2 served (a persisting window kept its
  ** input through the flush): flagged for its reads, with DRAM's. */
  flagged_result(&res);
  res.bytes.read = res.bytes.written = 33554432;
  res.gbps = 2 * 33554432.0 / 100e-6 / 1e9;
  res.dram_read = 2048;
  res.dram_write = 33554432;
  res.reads_flagged = 1;
  stub_table(&c, 0, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, "FLAGGED\n") && strstr(c.text, "\n  flagged: cold, yet "
     "DRAM read 0.0 MB of the 33.6 MB it claims to read: the L2 served its "
     "reads: DRAM 335.6 GB/s, 671.1 GB/s claimed\n"), "table: reads the "
     "L2 served are FLAGGED, with DRAM's reads beside the claim: %s", c.text);
  free(c.text);
  ok(kb_audit_reads_short(33554432, 2048)
     && kb_audit_reads_short(33554432, 0.49 * 33554432)
     && !kb_audit_reads_short(33554432, 0.51 * 33554432)
     && !kb_audit_reads_short(33554432, -1)
     && !kb_audit_reads_short(KB_AUDIT_READ_MIN - 1, 0)
     && kb_audit_reads_short(KB_AUDIT_READ_MIN, 0),
     "the reads rule: under half the claimed reads from DRAM, from 1 MiB "
     "claimed up, and only where DRAM was counted");

  /* Readings that cannot both be true (model/plausible.h): FLAGGED too,
  ** with both readings under the row. */
  flagged_result(&res);
  res.claim_flagged = 0;
  strcpy(res.implausible, "the event time 22.12 us is shorter than the "
         "kernel time 220.27 us of the same runs, beyond their jitter 1.00 us");
  stub_table(&c, 0, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, "FLAGGED\n") && strstr(c.text, "\n  flagged: the event "
     "time 22.12 us is shorter than the kernel time 220.27 us of the same "
     "runs, beyond their jitter 1.00 us\n"), "table: implausible readings "
     "are FLAGGED, both named under the row");
  free(c.text);
  res.implausible[0] = '\0';

  /* Unaudited: "ok?", and why. */
  flagged_result(&res);
  res.claim_flagged = 0;
  res.dram_read = res.dram_write = -1;
  res.gbps = 2684.35;
  res.unaudited = 1;
  strcpy(res.audit_note, "bytes audit: the profiler is held by another "
         "process");
  stub_table(&c, 0, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, " ok?\n") && strstr(c.text, "\n  unaudited: bytes "
     "audit: the profiler is held by another process\n"),
     "table: an unaudited case is 'ok?', its note under it");
  free(c.text);
  stub_table(&c, 1, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, "ok 1 - cheat n=64M\n") && strstr(c.text,
     "\n# unaudited: bytes audit: the profiler is held by another "
     "process\n"), "TAP: ok, with a '# unaudited:' diagnostic");
  free(c.text);

  /* A run that judges kernel time: a CUDA case without it is marked on its
  ** row, and its reason said once, not again on the next row with the
  ** same reason; a case with kernel time shows it, the event median and
  ** the launch overhead. */
  {
    kb_report r;
    c.f = open_memstream(&c.text, &c.len);
    kb_report_init(&r, c.f, 0, 0, KB_TIME_KERNEL, 0);
    flagged_result(&res);
    res.claim_flagged = 0;
    res.dram_read = res.dram_write = -1;
    res.stats.n = 12;
    strcpy(res.kernel_note, "the profiler is held by another process");
    kb_report_case(&r, &pc, &res, &dev, &cfg);
    kb_report_case(&r, &pc, &res, &dev, &cfg);
    double busy[3] = {98e-6, 98e-6, 98e-6};
    res.kernel_samples = busy;
    res.kernel_stats.n = 3;
    res.kernels_per_run = 1;
    kb_stats_compute(busy, 3, &res.kernel_stats);
    kb_result_judge(&res, KB_TIME_KERNEL);
    kb_report_case(&r, &pc, &res, &dev, &cfg);
    fclose(c.f);
    char *first = strstr(c.text, "event time: no kernel time: the profiler");
    ok(first && !strstr(first + 1, "event time: no kernel time"),
       "table: the reason for event time said once for two rows");
    ok(strstr(c.text, " ok (event time)\n") != NULL,
       "table: a CUDA row judged by event time says so");
    ok(strstr(c.text, " 98.00 us   98.00 us   98.00 us   0.0%       3  100.00 "
              "us  2.00 us 2739137.3") != NULL,
       "table: kernel time's median, min, max, noise and count, the event "
       "median and the launch overhead beside");
    free(c.text);
    res.kernel_samples = NULL;
    res.kernel_stats.n = 0;
  }

  /* ABI 1.2: how a synchronizing case, and one with a timed region, were
  ** timed, in a line under the row (table and TAP). */
  flagged_result(&res);
  res.claim_flagged = 0;
  res.dram_read = res.dram_write = -1;
  res.syncs = 1;
  res.host_s = 151.5e-6;
  stub_table(&c, 0, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, "\n  timed: each run as a whole, one run a sample, not "
     "held (KBENCH_VARIANT_SYNCS); median on the host's clock 151.50 us\n")
     != NULL, "table: a synchronizing case's timing and host median");
  free(c.text);
  res.timed_region = 1;
  stub_table(&c, 1, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, "\n# timed: the timed region of each run (timer_start "
     "to timer_stop), one run a sample, not held (KBENCH_VARIANT_SYNCS); "
     "median on the host's clock 151.50 us\n") != NULL,
     "TAP: and a timed region's");
  free(c.text);
  res.syncs = 0;
  res.host_s = -1;
  stub_table(&c, 0, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, "\n  timed: the timed region of each run (timer_start "
     "to timer_stop), one run a sample\n") != NULL,
     "table: a timed region alone");
  free(c.text);
  res.timed_region = 0;
  stub_table(&c, 0, &stub, &res, &cfg, NULL);
  ok(!strstr(c.text, "timed:"), "table: no such line for a plain case");
  free(c.text);

  /* --strict: the probe made it an ERROR; the flag stays. */
  flagged_result(&res);
  res.verdict = KB_ERROR;
  strcpy(res.stage, "bytes audit");
  strcpy(res.message, "the case claims 1000.0x the 268.4 MB DRAM moved "
         "(--strict)");
  stub_table(&c, 1, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, "not ok 1 - cheat n=64M\n") && strstr(c.text,
     "stage: \"bytes audit\""), "TAP under --strict: not ok, at the bytes "
     "audit");
  free(c.text);
  stub_table(&c, 0, &stub, &res, &cfg, NULL);
  ok(strstr(c.text, " ERROR bytes audit: the case claims 1000.0x") != NULL,
     "table under --strict: ERROR with the audit's words");
  free(c.text);

  /* CSV: the flag, the note, the audited rate. */
  struct kb_metric_list none = {0};
  kb_export csv = {"mem", NULL, 0}, samples = {NULL, NULL, 0};
  flagged_result(&res);
  res.unaudited = 0;
  csv.f = open_memstream(&c.text, &c.len);
  kb_export_case(&csv, &samples, &none, &pc, &res, &dev, 0, 0, 0);
  fclose(csv.f);
  ok(strstr(c.text, ",268435456,0,2684.35,\"claims 1000.0x the 268.4 MB "
                    "DRAM moved\",1,0,\"\",\"\",0\n") != NULL,
     "CSV: dram_gbps, bytes_audit, claim_flagged 1, unaudited 0: %s",
     c.text);
  free(c.text);
  res.claim_flagged = 0;
  res.dram_read = res.dram_write = -1;
  res.unaudited = 1;
  strcpy(res.audit_note, "bytes audit: \"busy\"");
  csv.f = open_memstream(&c.text, &c.len);
  kb_export_case(&csv, &samples, &none, &pc, &res, &dev, 0, 0, 0);
  fclose(csv.f);
  ok(strstr(c.text, ",,,,\"\",0,1,\"bytes audit: \"\"busy\"\"\",\"\",0\n")
     != NULL, "CSV: unaudited 1 and its note, quoted: %s", c.text);
  free(c.text);

  /* JSON: the fields beside bytes_claim_flagged. */
  static char doc[16384];
  kb_result three[3];
  flagged_result(&three[0]);
  three[1] = three[0];
  three[1].claim_flagged = 0;
  three[1].dram_read = three[1].dram_write = -1;
  three[1].unaudited = 1;
  strcpy(three[1].audit_note, "bytes audit: busy");
  three[2] = three[0];
  three[2].claim_flagged = 0;
  strcpy(three[2].implausible, "the event time 8.87 us is below the DRAM "
         "floor");
  int opened = stub_json_back(&stub, three, 3, doc, sizeof doc, NULL) == 0;
  ok(opened && strstr(doc, "\"dram_gbps\": 2684.35") && strstr(doc,
     "\"bytes_claim_flagged\": true, \"bytes_reads_flagged\": false, "
     "\"unaudited\": false, "
     "\"audit_note\": null"), "JSON: a flagged entry: dram_gbps, "
     "bytes_claim_flagged true, unaudited false, audit_note null");
  ok(strstr(doc, "\"dram_gbps\": null, \"bytes_claim_flagged\": false, "
                 "\"bytes_reads_flagged\": false, \"unaudited\": true, "
                 "\"audit_note\": \"bytes audit: "
                 "busy\"") != NULL, "JSON: an unaudited entry: its note, "
     "no rate");
  ok(strstr(doc, "\"implausible\": null") && strstr(doc, "\"implausible\": "
     "\"the event time 8.87 us is below the DRAM floor\"") != NULL,
     "JSON: implausible, null or the readings that disagree");
  return tap_done();
}
