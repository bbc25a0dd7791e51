/* A fill stored by the device, spot-checked (fill_device.h). */
#include <stdint.h>
#include <string.h>

#include <kbench/plugin.h>

#include "worker/plugin/fill_device.h"

/* Elements compared with the host's, spread over the buffer. */
#define KB_FILL_SPOTS 64

/* Element i as the host's fill stores it, and as the buffer holds it. */
static int same_element(const kb_fill *f, const void *ptr, size_t i)
{
  double v = kb_fill_element(f, i);
  size_t size = kb_fill_size(f->type);
  unsigned char want[8];
  int32_t i32 = (int32_t)v;
  uint8_t u8 = (uint8_t)v;
  float f32 = (float)v;
  switch (f->type) {
  case KBENCH_TYPE_I32: memcpy(want, &i32, size); break;
  case KBENCH_TYPE_U8: memcpy(want, &u8, size); break;
  case KBENCH_TYPE_F32: memcpy(want, &f32, size); break;
  default: memcpy(want, &v, size); break;
  }
  return memcmp(want, (const unsigned char *)ptr + i * size, size) == 0;
}

int kb_fill_device(kb_case *c, const kb_fill *f, void *ptr, size_t n)
{
  size_t size = kb_fill_size(f->type);
  char tool[8], err[256];
  if (!c->gpu || n < KB_FILL_DEVICE_MIN / size
      || !kb_hostmem_locked(c->hostmem, ptr, n * size)
      || kb_gpu_tool(tool, sizeof tool)
      || kb_gpu_fill_host(c->gpu, ptr, n, f->type, f->key, f->lo, f->hi,
                          err, sizeof err))
    return 0;
  for (size_t k = 0; k <= KB_FILL_SPOTS; k++)
    if (!same_element(f, ptr, k * (n - 1) / KB_FILL_SPOTS))
      return 0;
  return 1;
}
