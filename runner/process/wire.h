/*
** The wire between the supervisor and a worker: length-prefixed frames
** over pipes.  A frame is a header of two native-endian 32-bit words, the
** payload's length and the message type (protocol.h), then the payload: a
** sequence of fixed-width numbers and length-prefixed strings written and
** read in the same order.  Both ends are the same kbench binary on the same
** machine, so native byte order is the format.
**
** Reading never trusts the other end: every get checks the bytes left and
** marks the reader bad instead of reading past the payload, and frames
** larger than KB_WIRE_MAX_FRAME are refused.
*/
#ifndef KB_WIRE_H
#define KB_WIRE_H

#include <stddef.h>
#include <stdint.h>

#define KB_WIRE_HEADER 8
#define KB_WIRE_MAX_FRAME (64u << 20)

/* A frame being written.  Out of memory is remembered and reported by
** kb_wire_send(), so a message can be built without checking each put. */
typedef struct kb_wbuf {
  unsigned char *p;
  size_t len, cap;
  int oom;
} kb_wbuf;

void kb_wbuf_begin(kb_wbuf *b, uint32_t type);
void kb_wbuf_free(kb_wbuf *b);
void kb_put_u32(kb_wbuf *b, uint32_t v);
void kb_put_u64(kb_wbuf *b, uint64_t v);
void kb_put_i64(kb_wbuf *b, int64_t v);
void kb_put_f64(kb_wbuf *b, double v);
void kb_put_str(kb_wbuf *b, const char *s);     /* NULL is sent as "" */

/* Write the whole frame to fd (retrying short writes and EINTR), then
** free it.  0, or -1 with errno set (EPIPE when the reader is gone). */
int kb_wire_send(int fd, kb_wbuf *b);

/* A received payload being read. */
typedef struct kb_rbuf {
  const unsigned char *p;
  size_t left;
  int bad;               /* set by a get that ran past the end */
} kb_rbuf;

uint32_t kb_get_u32(kb_rbuf *r);
uint64_t kb_get_u64(kb_rbuf *r);
int64_t kb_get_i64(kb_rbuf *r);
double kb_get_f64(kb_rbuf *r);
/* Copy a string into dst, truncated to fit and always terminated.  A
** string is one line of printable text: each control character (a
** newline, an escape) arrives as '?', so that nothing the other end sends
** draws a line of its own where it is printed. */
void kb_get_str(kb_rbuf *r, char *dst, size_t len);
/* The string as a new allocation (NULL and r->bad on failure), likewise
** printable. */
char *kb_get_strdup(kb_rbuf *r);

/* Bytes received but not yet taken as frames. */
typedef struct kb_inbox {
  unsigned char *buf;
  size_t len, cap;
  size_t taken;          /* size of the frame returned last, dropped next */
} kb_inbox;

void kb_inbox_free(kb_inbox *in);
/* One read(2) from fd into the inbox: the bytes read, 0 at end of file,
** -1 on error (errno; EAGAIN when a non-blocking fd has nothing). */
long kb_inbox_fill(kb_inbox *in, int fd);
/* The next complete frame: 1 with its type and payload (valid until the
** next call), 0 when more bytes are needed, -1 when the stream is
** malformed (a frame over the size limit). */
int kb_inbox_next(kb_inbox *in, uint32_t *type, kb_rbuf *payload);
/* Block on fd until a whole frame is in: 1, 0 at end of file, -1 on error
** or a malformed stream. */
int kb_inbox_wait(kb_inbox *in, int fd, uint32_t *type, kb_rbuf *payload);

#endif
