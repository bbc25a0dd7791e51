/* The containment's switch, from the environment (contain.h). */

#include <stdlib.h>
#include <string.h>

#include "process/contain.h"

int kb_contain_from_env(void)
{
  /* Only "on": a typo leaves main's behaviour, the one proven on a GPU. */
  const char *v = getenv(KB_CONTAIN_ENV);
  return v && strcmp(v, "on") == 0;
}
