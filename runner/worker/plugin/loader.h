/* Loading one plugin library: dlopen, ABI checks, variant validation. */
#ifndef KB_LOADER_H
#define KB_LOADER_H

#include <stddef.h>

#include <kbench/plugin.h>

#include "model/variant.h"


/* Returns 0, or -1 with a message in err and nothing left open. */
int kb_plugin_load(kb_plugin *p, const char *path, char *err, size_t errlen);
/* The same checks and copies for a library already in memory (the loader's
** fuzz target, fuzz/fuzz_abi.c): 0, or -1 with a message in err and p
** emptied. */
int kb_plugin_adopt(kb_plugin *p, const kbench_library *lib, char *err,
                    size_t errlen);
void kb_plugin_unload(kb_plugin *p);


#endif
