/* SHA-256 of a buffer or a file, in hex (sha256.h), by Nettle's. */

#define _XOPEN_SOURCE 700      /* pread */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <nettle/sha2.h>

#include "util/sha256.h"

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

int kb_sha256_fd(int fd, char hex[KB_SHA256_HEX])
{
  uint8_t buf[65536];
  struct sha256_ctx s;
  off_t at = 0;
  ssize_t n;
  sha256_init(&s);
  /* From its start, whatever the descriptor's offset, which is left. */
  while ((n = pread(fd, buf, sizeof buf, at)) != 0) {
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return -1;
    sha256_update(&s, (size_t)n, buf);
    at += n;
  }
  hex_of(&s, hex);
  return 0;
}

int kb_sha256_file(const char *path, char hex[KB_SHA256_HEX])
{
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  int rc = kb_sha256_fd(fd, hex);
  int saved = errno;
  close(fd);
  errno = saved;
  return rc;
}
