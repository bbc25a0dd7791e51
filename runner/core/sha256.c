/* SHA-256 of a buffer or a file, in hex (sha256.h), by Nettle's. */

#include <errno.h>
#include <stdio.h>

#include <nettle/sha2.h>

#include "core/sha256.h"

static void hex_of(struct sha256_ctx *s, char hex[KB_SHA256_HEX])
{
  uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_digest(s, sizeof digest, digest);
  for (size_t i = 0; i < sizeof digest; i++)
    snprintf(hex + 2 * i, 3, "%02x", digest[i]);
}

void kb_sha256_hex(const void *data, size_t len, char hex[KB_SHA256_HEX])
{
  struct sha256_ctx s;
  sha256_init(&s);
  sha256_update(&s, len, data);
  hex_of(&s, hex);
}

int kb_sha256_file(const char *path, char hex[KB_SHA256_HEX])
{
  uint8_t buf[65536];
  struct sha256_ctx s;
  FILE *f = fopen(path, "rbe");
  if (!f)
    return -1;
  sha256_init(&s);
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0)
    sha256_update(&s, n, buf);
  int failed = ferror(f);
  fclose(f);
  if (failed) {
    errno = EIO;
    return -1;
  }
  hex_of(&s, hex);
  return 0;
}
