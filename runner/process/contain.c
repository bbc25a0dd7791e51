/* The containment's switch, from the environment (contain.h). */

#include <stdlib.h>
#include <string.h>

#include "process/contain.h"

int kb_contain_from_env(void)
{
  /* Only "off" turns it off: a typo keeps the containment. */
  const char *v = getenv(KB_CONTAIN_ENV);
  return !(v && strcmp(v, "off") == 0);
}
