/* SHA-256 of a buffer or a file, in hex (sha256.h). */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/sha256.h"

typedef struct kb_sha256 {
  uint32_t h[8];
  unsigned char block[64];
  size_t used;             /* bytes in block */
  uint64_t bits;           /* message length so far */
} kb_sha256;

static const uint32_t k[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
  0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void compress(kb_sha256 *s, const unsigned char *p)
{
  uint32_t w[64], v[8];
  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16
           | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
  for (int i = 16; i < 64; i++) {
    uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  memcpy(v, s->h, sizeof v);
  for (int i = 0; i < 64; i++) {
    uint32_t e = v[4], a = v[0];
    uint32_t t1 = v[7] + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25))
                  + ((e & v[5]) ^ (~e & v[6])) + k[i] + w[i];
    uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22))
                  + ((a & v[1]) ^ (a & v[2]) ^ (v[1] & v[2]));
    memmove(v + 1, v, 7 * sizeof *v);
    v[4] += t1;
    v[0] = t1 + t2;
  }
  for (int i = 0; i < 8; i++)
    s->h[i] += v[i];
}

static void begin(kb_sha256 *s)
{
  static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                 0xa54ff53a, 0x510e527f, 0x9b05688c,
                                 0x1f83d9ab, 0x5be0cd19};
  memcpy(s->h, h0, sizeof h0);
  s->used = 0;
  s->bits = 0;
}

static void add(kb_sha256 *s, const unsigned char *p, size_t n)
{
  s->bits += (uint64_t)n * 8;
  while (n > 0) {
    size_t take = 64 - s->used < n ? 64 - s->used : n;
    memcpy(s->block + s->used, p, take);
    s->used += take;
    p += take;
    n -= take;
    if (s->used == 64) {
      compress(s, s->block);
      s->used = 0;
    }
  }
}

static void end(kb_sha256 *s, char hex[KB_SHA256_HEX])
{
  uint64_t bits = s->bits;
  unsigned char pad[72] = {0x80};
  size_t n = (s->used < 56 ? 56 : 120) - s->used;
  for (int i = 0; i < 8; i++)
    pad[n + (size_t)i] = (unsigned char)(bits >> (56 - 8 * i));
  add(s, pad, n + 8);
  for (int i = 0; i < 8; i++)
    snprintf(hex + 8 * i, 9, "%08x", s->h[i]);
}

void kb_sha256_hex(const void *data, size_t len, char hex[KB_SHA256_HEX])
{
  kb_sha256 s;
  begin(&s);
  add(&s, data, len);
  end(&s, hex);
}

int kb_sha256_file(const char *path, char hex[KB_SHA256_HEX])
{
  unsigned char buf[65536];
  kb_sha256 s;
  FILE *f = fopen(path, "rbe");
  if (!f)
    return -1;
  begin(&s);
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0)
    add(&s, buf, n);
  int failed = ferror(f);
  fclose(f);
  if (failed) {
    errno = EIO;
    return -1;
  }
  end(&s, hex);
  return 0;
}
