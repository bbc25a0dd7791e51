/* SHA-256 against FIPS 180-4's examples, and of a file against the
** same bytes in memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/sha256.h"
#include "tap.h"

int main(void)
{
  char hex[KB_SHA256_HEX], again[KB_SHA256_HEX];
  kb_sha256_hex("", 0, hex);
  ok(strcmp(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b"
                 "7852b855") == 0, "the empty message: %s", hex);
  kb_sha256_hex("abc", 3, hex);
  ok(strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61"
                 "f20015ad") == 0, "\"abc\": %s", hex);
  const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  kb_sha256_hex(two, strlen(two), hex);
  ok(strcmp(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd4"
                 "19db06c1") == 0, "two blocks (56 bytes): %s", hex);
  size_t n = 1000000;
  char *a = malloc(n);
  if (!a)
    return 1;
  memset(a, 'a', n);
  kb_sha256_hex(a, n, hex);
  ok(strcmp(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39cc"
                 "c7112cd0") == 0, "a million 'a': %s", hex);
  char path[] = "/tmp/kb-sha256-XXXXXX";
  int fd = mkstemp(path);
  ok(fd >= 0 && write(fd, a, n) == (ssize_t)n, "the million written to a file");
  if (fd >= 0)
    close(fd);
  ok(kb_sha256_file(path, again) == 0 && strcmp(hex, again) == 0,
     "the file's digest is the same");
  unlink(path);
  ok(kb_sha256_file(path, again) == -1, "a missing file: -1");
  free(a);
  return tap_done();
}
