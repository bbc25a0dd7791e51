/* Loading one plugin library: dlopen, ABI checks, variant validation. */
#ifndef KB_LOADER_H
#define KB_LOADER_H

#include <stddef.h>

#include <kbench/plugin.h>

#include "core/variant.h"


/* Returns 0, or -1 with a message in err and nothing left open. */
int kb_plugin_load(kb_plugin *p, const char *path, char *err, size_t errlen);
void kb_plugin_unload(kb_plugin *p);


#endif
