/*
** The loader's messages for a plugin's author (load_error.h).  Each names
** what is wrong and the rule it breaks, so that the author can fix it
** without reading the runner: a name quoted with the rule it breaks, a
** dlopen failure with the plugin's path once (whoever prints the message
** names it) and, for an undefined symbol, the link that would have caught
** it.
*/
#include <stdio.h>
#include <string.h>

#include "model/params.h"
#include "worker/plugin/load_error.h"

/* name, quoted, or why there is none: "\"Scale\"", "NULL", "empty". */
static const char *quoted(const char *name, char *buf, size_t len)
{
  if (!name)
    return "NULL";
  if (!*name)
    return "empty";
  snprintf(buf, len, "\"%.64s%s\"", name, strlen(name) > 64 ? "..." : "");
  return buf;
}

void kb_variant_name_error(uint32_t index, const char *name, char *err,
                           size_t len)
{
  char q[80];
  snprintf(err, len, "variant %u: its name %s is not " KB_NAME_RULE, index,
           quoted(name, q, sizeof q));
}

void kb_param_name_error(const char *variant, uint32_t index,
                         const char *name, char *err, size_t len)
{
  char q[80];
  snprintf(err, len, "variant %s: parameter %u's name %s is not "
           KB_NAME_RULE, variant, index, quoted(name, q, sizeof q));
}

void kb_dlopen_error(const char *path, const char *dlerr, char *err,
                     size_t len)
{
  const char *why = dlerr ? dlerr : "unknown error";
  size_t n = strlen(path);
  if (strncmp(why, path, n) == 0 && strncmp(why + n, ": ", 2) == 0)
    why += n + 2;
  /* A symbol no loaded library defines: the plugin calls a library it was
  ** not linked with (cuBLAS without -lcublas), which a link with -z defs
  ** reports at build time instead. */
  const char *hint = strstr(why, "undefined symbol: ")
      ? " (a library the plugin calls was not linked with it: add it to the"
        " link, and link with -Wl,-z,defs so that the build catches the next"
        " one; docs/plugins.md, \"Calling a library\")"
      : "";
  snprintf(err, len, "cannot load: %s%s", why, hint);
}
