/* Length-prefixed frames over pipes (wire.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "process/wire.h"

static void reserve(kb_wbuf *b, size_t more)
{
  if (b->oom || b->len + more <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + more)
    cap *= 2;
  unsigned char *grown = realloc(b->p, cap);
  if (!grown) {
    b->oom = 1;
    return;
  }
  b->p = grown;
  b->cap = cap;
}

static void put(kb_wbuf *b, const void *v, size_t n)
{
  if (n == 0)
    return;                /* v may be NULL: an empty string, say */
  reserve(b, n);
  if (b->oom)
    return;
  memcpy(b->p + b->len, v, n);
  b->len += n;
}

void kb_wbuf_begin(kb_wbuf *b, uint32_t type)
{
  memset(b, 0, sizeof *b);
  uint32_t header[2] = {0, type};
  put(b, header, sizeof header);
}

void kb_wbuf_free(kb_wbuf *b)
{
  free(b->p);
  memset(b, 0, sizeof *b);
}

void kb_put_u32(kb_wbuf *b, uint32_t v) { put(b, &v, sizeof v); }
void kb_put_u64(kb_wbuf *b, uint64_t v) { put(b, &v, sizeof v); }
void kb_put_i64(kb_wbuf *b, int64_t v) { put(b, &v, sizeof v); }
void kb_put_f64(kb_wbuf *b, double v) { put(b, &v, sizeof v); }

void kb_put_str(kb_wbuf *b, const char *s)
{
  size_t n = s ? strlen(s) : 0;
  kb_put_u32(b, (uint32_t)n);
  put(b, s, n);
}

int kb_wire_send(int fd, kb_wbuf *b)
{
  if (b->oom || b->len - KB_WIRE_HEADER > KB_WIRE_MAX_FRAME) {
    kb_wbuf_free(b);
    errno = ENOMEM;
    return -1;
  }
  uint32_t payload = (uint32_t)(b->len - KB_WIRE_HEADER);
  memcpy(b->p, &payload, sizeof payload);
  size_t done = 0;
  while (done < b->len) {
    ssize_t n = write(fd, b->p + done, b->len - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      int saved = errno;
      kb_wbuf_free(b);
      errno = saved;
      return -1;
    }
    done += (size_t)n;
  }
  kb_wbuf_free(b);
  return 0;
}

static int take(kb_rbuf *r, void *v, size_t n)
{
  if (r->bad || r->left < n) {
    r->bad = 1;
    memset(v, 0, n);
    return -1;
  }
  memcpy(v, r->p, n);
  r->p += n;
  r->left -= n;
  return 0;
}

uint32_t kb_get_u32(kb_rbuf *r) { uint32_t v; take(r, &v, sizeof v); return v; }
uint64_t kb_get_u64(kb_rbuf *r) { uint64_t v; take(r, &v, sizeof v); return v; }
int64_t kb_get_i64(kb_rbuf *r) { int64_t v; take(r, &v, sizeof v); return v; }
double kb_get_f64(kb_rbuf *r) { double v; take(r, &v, sizeof v); return v; }

/* The length of the next string, checked against what is left. */
static size_t str_len(kb_rbuf *r)
{
  uint32_t n = kb_get_u32(r);
  if (r->bad || n > r->left) {
    r->bad = 1;
    return 0;
  }
  return n;
}

/* A control character (a newline, an escape) would let the other end
** draw lines of its own where the text is printed: each is a '?'. */
static void printable(char *s, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
      s[i] = '?';
}

void kb_get_str(kb_rbuf *r, char *dst, size_t len)
{
  size_t n = str_len(r);
  size_t keep = n < len ? n : len - 1;
  memcpy(dst, r->p, keep);
  dst[keep] = '\0';
  printable(dst, keep);
  r->p += n;
  r->left -= n;
}

char *kb_get_strdup(kb_rbuf *r)
{
  size_t n = str_len(r);
  if (r->bad)
    return NULL;
  char *s = malloc(n + 1);
  if (!s) {
    r->bad = 1;
    return NULL;
  }
  memcpy(s, r->p, n);
  s[n] = '\0';
  printable(s, n);
  r->p += n;
  r->left -= n;
  return s;
}

void kb_inbox_free(kb_inbox *in)
{
  free(in->buf);
  memset(in, 0, sizeof *in);
}

/* Drop the frame handed out last. */
static void drop_taken(kb_inbox *in)
{
  if (!in->taken)
    return;
  memmove(in->buf, in->buf + in->taken, in->len - in->taken);
  in->len -= in->taken;
  in->taken = 0;
}

long kb_inbox_fill(kb_inbox *in, int fd)
{
  drop_taken(in);
  if (in->cap - in->len < 4096) {
    size_t cap = in->cap ? 2 * in->cap : 8192;
    unsigned char *grown = realloc(in->buf, cap);
    if (!grown) {
      errno = ENOMEM;
      return -1;
    }
    in->buf = grown;
    in->cap = cap;
  }
  ssize_t n;
  do
    n = read(fd, in->buf + in->len, in->cap - in->len);
  while (n < 0 && errno == EINTR);
  if (n > 0)
    in->len += (size_t)n;
  return (long)n;
}

int kb_inbox_next(kb_inbox *in, uint32_t *type, kb_rbuf *payload)
{
  drop_taken(in);
  if (in->len < KB_WIRE_HEADER)
    return 0;
  uint32_t header[2];
  memcpy(header, in->buf, sizeof header);
  if (header[0] > KB_WIRE_MAX_FRAME)
    return -1;
  if (in->len - KB_WIRE_HEADER < header[0])
    return 0;
  *type = header[1];
  payload->p = in->buf + KB_WIRE_HEADER;
  payload->left = header[0];
  payload->bad = 0;
  in->taken = KB_WIRE_HEADER + header[0];
  return 1;
}

int kb_inbox_wait(kb_inbox *in, int fd, uint32_t *type, kb_rbuf *payload)
{
  for (;;) {
    int got = kb_inbox_next(in, type, payload);
    if (got != 0)
      return got;
    long n = kb_inbox_fill(in, fd);
    if (n <= 0)
      return (int)n;
  }
}
