/*
** The host plugins' old names for the kit's helpers (<kbench/kit.h>), kept
** only until plugins/host/ and plugins/transpose/transpose_cpu.c include
** the kit themselves (they are being reworked for ABI 1.1 elsewhere).
** Delete this file, and -I plugins/common, when nothing includes it.
*/
#ifndef KB_UTIL_H
#define KB_UTIL_H

#include <kbench/kit.h>

#define kb_scale_int kbench_scale_int
#define kb_scale_float kbench_scale_float
#define kb_fill_int kbench_fill_int
#define kb_fill_float kbench_fill_float
#define kb_close kbench_close_float
#define kb_check_int kbench_check_int
#define kb_check_float kbench_check_float

#endif /* KB_UTIL_H */
