/*
** The runner's own cases, measured with the same machinery as any plugin:
** the launch floor (the smallest kernel, timed in the mode in use, so users
** see when a kernel is too short to measure) and the measured copy peak
** (--calibrate: a large device-to-device copy, BabelStream style).
*/
#ifndef KB_CALIBRATION_H
#define KB_CALIBRATION_H

#include "worker/plugin/loader.h"

extern const kbench_variant kb_builtin_launch_floor;
extern const kbench_variant kb_builtin_copy_peak;

/* A kb_plugin wrapper for them, so kb_case_init() can take them. */
extern const kb_plugin kb_builtin_plugin;

#endif
