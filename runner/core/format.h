/* Numbers as people read them: times with their unit. */
#ifndef KB_FORMAT_H
#define KB_FORMAT_H

#include <stddef.h>

/* "91.23 us", "1.5 ns", "3.271 ms", "1.200 s" */
void kb_format_seconds(char *buf, size_t len, double s);

#endif
