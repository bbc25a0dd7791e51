/*
** The GPUs the driver gives this machine, seen without CUDA: its device
** nodes, /dev/nvidia0, /dev/nvidia1, ...  A machine with such nodes has a
** GPU; when CUDA then finds none, the GPU is there but unusable (a broken
** driver, a sandbox that refuses what CUDA's start needs), which is an
** error, not an absence.  "No CUDA device" is a skip only where no node
** exists, or where CUDA_VISIBLE_DEVICES hides the GPUs on purpose.
*/
#ifndef KB_DRIVER_GPUS_H
#define KB_DRIVER_GPUS_H

#include <stddef.h>

/* Tests point the runner at a folder of their own instead of /dev
** (tests/shell/driver.sh); unset, /dev. */
#define KB_TEST_DEV_DIR_ENV "KBENCH_TEST_DEV_DIR"

/* How many nvidia<N> nodes dir holds, their names in names ("nvidia0,
** nvidia1"; "" for none).  NULL dir: /dev, or the test's folder. */
size_t kb_driver_gpu_nodes(const char *dir, char *names, size_t len);

/*
** Pure: whether CUDA finding no device is an error.  nodes: the driver's
** GPU nodes; visible: CUDA_VISIBLE_DEVICES (NULL when unset); none_visible:
** CUDA started and saw no device (cudaErrorNoDevice, or a count of 0).
** 1 when the GPU is there but unusable, 0 when it is absent or hidden on
** purpose.
*/
int kb_gpu_unusable(size_t nodes, const char *visible, int none_visible);

#endif
