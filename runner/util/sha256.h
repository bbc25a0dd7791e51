/*
** SHA-256 (FIPS 180-4) of a file, in hex, for recognising kbench's own
** catalogue libraries by their content (plan/trust.c).  The digest is
** Nettle's (Debian: nettle-dev), a kept library rather than our own.
*/
#ifndef KB_SHA256_H
#define KB_SHA256_H

#include <stddef.h>

#define KB_SHA256_HEX 65   /* 64 hex digits and the terminator */

/* The digest of len bytes at data, in hex. */
void kb_sha256_hex(const void *data, size_t len, char hex[KB_SHA256_HEX]);

/* The digest of the file open at fd, all of it from its start, in hex:
** 0, or -1 (errno) when it cannot be read. */
int kb_sha256_fd(int fd, char hex[KB_SHA256_HEX]);

/* The digest of the file at path, in hex: 0, or -1 (errno) when it
** cannot be read. */
int kb_sha256_file(const char *path, char hex[KB_SHA256_HEX]);

#endif
