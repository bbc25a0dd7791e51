/*
** The entries of a results file, pooled by name and device into the cases
** kbench compare and kbench fleet judge: repetitions' samples joined, the
** worst verdict kept (core/verdict.h), in the order names first appear.
** Apart from the reading (results_file.c), so it needs no JSON library.
*/
#ifndef KB_POOLING_H
#define KB_POOLING_H

#include <stddef.h>

#include "core/result.h"
#include "results/results_file.h"

/* One count of an entry (see kb_res_counter), pointing into the
** document. */
typedef struct kb_res_entry_counter {
  const char *name, *unit;
  double value;
} kb_res_entry_counter;

/* One entry of "benchmarks", before entries of one name are pooled. */
typedef struct kb_res_entry {
  kb_result res;              /* its fields (results/entry.h), and which */
  unsigned char given[KB_FIELDS];  /* of them it gave */
  const char *name;           /* points into the parsed document */
  const char *backend;
  kb_res_device device;       /* resolved in its file; moves to the case */
  int verdict;
  char *message;
  double *samples;
  size_t n_samples;
  double *kernel;             /* kernel time per run (busy_samples_s, else
                                 busy_median_s); NULL: none */
  size_t n_kernel;
  size_t order;               /* place in the file */
  kb_res_entry_counter *counters;
  size_t n_counters;
  double claimed;             /* bytes_read + bytes_written, or NAN */
  int flagged, unaudited;     /* bytes_claim_flagged, unaudited */
  const char *audit_note;     /* points into the document; NULL: none */
  const char *claim_note;     /* bytes_audit, likewise */
  double *energy;             /* joules per run: --energy's windows */
  size_t n_energy;
  double power_w;             /* --energy's watts; NAN: none */
} kb_res_entry;

/* Pool es[0..n) into run->cases; the entries' arrays move into the
** cases.  0, or -1 out of memory. */
int kb_res_pool(kb_res_entry *es, size_t n, kb_res_run *run);
void kb_res_case_free(kb_res_case *c);

#endif
