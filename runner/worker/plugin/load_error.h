/* The loader's messages about what an author wrote or linked: a name that
** breaks the naming rule, a library dlopen refused. */
#ifndef KB_LOAD_ERROR_H
#define KB_LOAD_ERROR_H

#include <stddef.h>
#include <stdint.h>

/* "variant 0's name \"Scale\" is not [a-z0-9_]+: ..." into err; name may
** be NULL. */
void kb_variant_name_error(uint32_t index, const char *name, char *err,
                           size_t len);
/* The same for parameter index of the variant named variant. */
void kb_param_name_error(const char *variant, uint32_t index,
                         const char *name, char *err, size_t len);
/* "cannot load: " and dlerror's text less its leading "PATH: " (the
** caller names the plugin), with a hint for an undefined symbol: a library
** the plugin calls that was not linked. */
void kb_dlopen_error(const char *path, const char *dlerr, char *err,
                     size_t len);

#endif
