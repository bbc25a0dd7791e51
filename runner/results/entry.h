/*
** A result as one entry of a results file, written and read back: every
** key comes from the table of a result's fields (model/result_fields.h),
** in its order, the few that the result alone cannot give (the case's
** name, its device, the device's peaks) from the caller's
** kb_entry_about.  Google
** Benchmark's keys lead, as its tools read them; kbench's follow.
*/
#ifndef KB_ENTRY_H
#define KB_ENTRY_H

#include <stdio.h>

#include "model/result.h"
#include "results/json_write.h"

/* What an entry says beside its result: the case, where it ran. */
typedef struct kb_entry_about {
  const char *name;          /* the case's name (name and run_name) */
  size_t rep, reps;          /* repetition_index of repetitions */
  int ordinal;               /* device_ordinal: the device whose worker ran
                                it */
  /* The device's name, UUID and PCI bus ID when the case used it (a CUDA
  ** case on an opened device), NULL otherwise: null. */
  const char *device_name, *device_uuid, *device_pci_bus_id;
  const char *variant;
  const char *backend;       /* "cuda" or "host" */
  /* The device's theoretical and measured copy bandwidth, for pct_peak
  ** and pct_copy_peak; 0: not known, or the case did not use it. */
  kb_peaks peaks;
  /* Write the members of "params" (the case's parameters), and more
  ** members of the entry after the table's; NULL for none. */
  void (*params)(kb_jw *w, void *ctx);
  void (*more)(kb_jw *w, void *ctx);
  void *ctx;
} kb_entry_about;

/* r as one JSON object, the next value of w. */
void kb_entry_write(kb_jw *w, const kb_result *r, const kb_entry_about *a);

/* The fields of r that entry e, of a file of the given results format
** (results/format.h), holds under the table's keys, or the keys
** that format gave them (json-c only):
** r starts as kb_result_init leaves it, and each key found with a value of
** its type sets its field and given[its KB_FIELD_ id] (given may be NULL).
** A number that is not finite is not a value; an array keeps its finite
** numbers.  0, or -1 out of memory (r freed). */
struct json_object;
int kb_entry_read(struct json_object *e, int format, kb_result *r,
                  unsigned char given[KB_FIELDS]);

#endif
