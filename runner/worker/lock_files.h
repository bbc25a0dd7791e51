/*
** The GPU locks' files, made before a contained worker's confinement
** (process/contain.h), which then lets it write into the locks' folder's
** files but create nothing there (confine.h): no directory, pipe, link or
** file at a lock's name to squat it for every later kbench.  Made here:
** the lock of each GPU the driver lists (the "GPU UUID" of each
** /proc/driver/nvidia/gpus/BUS/information), and the tests' name for the worker's device
** (device_lock.h), each as kb_device_lock_take would make it.  A device
** the driver does not list there (a MIG instance) has its lock file made
** by a worker that takes its lock before its seal (the catalogue's), or
** by none: the case then fails naming the file.  No CUDA here.
*/
#ifndef KB_LOCK_FILES_H
#define KB_LOCK_FILES_H

/* The lock files as above, in dir (made where missing): how many were
** made or found; a file that cannot be had is left to the lock's own
** message when it is taken. */
int kb_lock_files_make(const char *dir, int device);

#endif
