/* Parameters of a variant, and case names (variant.h). */
#include <stdio.h>

#include "model/params.h"
#include "model/variant.h"

const kbench_param *kb_variant_param(const kb_plugin *p,
                                     const kbench_variant *v, uint32_t i)
{
  (void)p;
  return &v->params[i];
}

void kb_case_text(char *buf, size_t len, const kb_plugin *p,
                  const kbench_variant *v, const int64_t *values, int form,
                  const int *keep)
{
  size_t used = 0;
  if (len == 0)
    return;
  buf[0] = '\0';
  if (form != KB_CASE_WORDS)
    used = (size_t)snprintf(buf, len, "%s", v->name);
  for (uint32_t i = 0; i < v->n_params && used < len; i++) {
    if (keep && !keep[i])
      continue;
    const kbench_param *prm = kb_variant_param(p, v, i);
    char num[256];
    kb_param_format(prm, values[i], num, sizeof num);
    used += (size_t)snprintf(buf + used, len - used,
                             form == KB_CASE_NAME ? "/%s:%s"
                             : used ? " %s=%s" : "%s=%s", prm->name, num);
  }
}

void kb_case_name(char *buf, size_t len, const kb_plugin *p,
                  const kbench_variant *v, const int64_t *values)
{
  kb_case_text(buf, len, p, v, values, KB_CASE_NAME, NULL);
}
