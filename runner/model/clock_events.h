/*
** Why the GPU's clocks were where they were: NVML's clock-event reasons
** (nvmlDeviceGetCurrentClocksEventReasons, formerly ...ThrottleReasons),
** one bit each, as nvml.h defines them.  A case keeps the OR of the masks
** read after each timed sample (worker/measure/gpu_state.c), and every output
** names them from here: the JSON's "clock_events", the CSV, the table's
** line under a case that hit a limit, and the verdicts of compare, fleet
** and history.
**
** Not every reason is a slowdown.  The GPU is idle between kbench's
** samples (it reads the reasons after each one has ended), so "gpu_idle"
** is nearly always there: it is kept in the mask and the names, and never
** shown as a reason a sample was slow.  Sync boost, an applications-clocks
** setting (which --lock-clocks is, to NVML) and a display clock setting
** hold the clocks where a setting put them; power caps, thermal slowdowns
** and the hardware slowdown (the clocks halved or worse) are the limits
** that slow a kernel down and that a reader must be told of.
*/
#ifndef KB_CLOCK_EVENTS_H
#define KB_CLOCK_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#define KB_CLOCK_GPU_IDLE          0x001ULL
#define KB_CLOCK_APP_CLOCKS        0x002ULL  /* applications clocks, or a
                                                locked clock (user defined) */
#define KB_CLOCK_SW_POWER_CAP      0x004ULL
#define KB_CLOCK_HW_SLOWDOWN       0x008ULL  /* the clocks halved or worse:
                                                heat, power brake, power */
#define KB_CLOCK_SYNC_BOOST        0x010ULL
#define KB_CLOCK_SW_THERMAL        0x020ULL
#define KB_CLOCK_HW_THERMAL        0x040ULL
#define KB_CLOCK_HW_POWER_BRAKE    0x080ULL
#define KB_CLOCK_DISPLAY_CLOCKS    0x100ULL

/* The limits, by kind: what slows a kernel down. */
#define KB_CLOCK_POWER   (KB_CLOCK_SW_POWER_CAP | KB_CLOCK_HW_POWER_BRAKE)
#define KB_CLOCK_THERMAL (KB_CLOCK_SW_THERMAL | KB_CLOCK_HW_THERMAL)
#define KB_CLOCK_LIMITS  (KB_CLOCK_POWER | KB_CLOCK_THERMAL \
                          | KB_CLOCK_HW_SLOWDOWN)

/* Each reason of mask by its name, in bit order, comma-separated
** ("sw_power_cap,hw_power_brake"): every bit, idle included, and "0x200"
** for a bit NVML added after this list; "" for none. */
void kb_clock_events_names(uint64_t mask, char *buf, size_t len);
/* And back: the mask of such a list, unknown names ignored. */
uint64_t kb_clock_events_parse(const char *names);

/* The limits in mask, for a reader: "a power cap", "a thermal slowdown",
** "the hardware slowdown", joined with " and " ("a power cap and a thermal
** slowdown"); "" when mask holds none (idle, sync boost and clock settings
** are not limits).  Fits in KB_CLOCK_LIMITS_TEXT_LEN. */
#define KB_CLOCK_LIMITS_TEXT_LEN 80
void kb_clock_limits_text(uint64_t mask, char *buf, size_t len);

/*
** Slow cases and the limits their samples hit, gathered for one verdict
** (compare's SLOWER cases, a fleet GPU's slow ones, history's changes):
** "12 slow cases, all under a power cap", "3 slow cases, 2 under a
** power cap".  Start from a zeroed kb_clock_tally; add every slow case's
** mask.
*/
typedef struct kb_clock_tally {
  size_t cases;            /* slow cases added */
  size_t limited;          /* of them, under a limit */
  uint64_t limits;         /* the limits they hit, OR'd */
} kb_clock_tally;
void kb_clock_tally_add(kb_clock_tally *t, uint64_t mask);
/* "all under a power cap" ("under a power cap" for one case), "2 under a
** power cap and a thermal slowdown", or "" when none was under a limit. */
void kb_clock_tally_text(const kb_clock_tally *t, char *buf, size_t len);

#endif
