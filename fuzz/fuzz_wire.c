/*
** kbench fuzz target for libFuzzer (see fuzz/run.sh).
**
** fuzz_wire: what a worker could send the supervisor.  The input is the
** byte stream of its reports pipe: the inbox cuts it into frames, and each
** frame is decoded as the message its type names.  A worker runs other
** people's code and may be corrupted by it, so every malformed frame must
** be refused without reading past it, allocating without bound or leaking
** (ASan and LeakSanitizer watch).
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "process/protocol.h"

static void decode(uint32_t type, kb_rbuf *r)
{
  char text[64];
  switch (type) {
  case KB_MSG_STAGE:
    kb_get_str(r, text, sizeof text);
    break;
  case KB_MSG_PLUGIN: {
    kb_plugin p;
    if (kb_msg_get_plugin(r, &p) == 0)
      kb_msg_free_plugin(&p);
    break;
  }
  case KB_MSG_LOAD_FAILED:
    free(kb_get_strdup(r));
    free(kb_get_strdup(r));
    break;
  case KB_MSG_DEVICE: {
    kb_device_report d;
    kb_msg_get_device(r, &d);
    break;
  }
  case KB_MSG_COUNTED: {
    int count;
    kb_msg_get_count(r, &count, text, sizeof text);
    break;
  }
  case KB_MSG_RESULT: {
    kb_result res;
    if (kb_msg_get_result(r, &res) == 0)
      kb_result_free(&res);
    break;
  }
  case KB_MSG_CONFIG: {   /* the worker's side, read the same way */
    kb_worker_cfg cfg;
    kb_msg_get_worker_cfg(r, &cfg);
    break;
  }
  case KB_MSG_CASE: {
    static kb_order o;    /* 4 KB: off libFuzzer's stack */
    kb_msg_get_order(r, &o);
    break;
  }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  /* The bytes as if read from the pipe in one go. */
  kb_inbox in = {0};
  in.buf = malloc(size ? size : 1);
  if (!in.buf)
    return 0;
  memcpy(in.buf, data, size);
  in.len = in.cap = size;
  uint32_t type;
  kb_rbuf r;
  while (kb_inbox_next(&in, &type, &r) == 1)
    decode(type, &r);
  kb_inbox_free(&in);
  return 0;
}
