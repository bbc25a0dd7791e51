/*
** Which process of a parallel job this kbench is, read from the variables
** its launcher set: Slurm's srun, Open MPI's mpirun, MPICH's Hydra (or
** srun --mpi=pmi2) through PMI, or a PMIx launcher.  No MPI library: each
** process measures on its own and writes its own files, and kbench fleet
** merges them afterwards.  The rank picks the process's GPU and fills %r
** in result file names.
*/
#ifndef KB_LAUNCHER_H
#define KB_LAUNCHER_H

#include <stddef.h>

#include "util/host_facts.h"

/* A variable of the environment, or NULL; main passes getenv, the tests a
** table of their own. */
typedef const char *(*kb_env_fn)(const char *name, void *ctx);

typedef struct kb_launch {
  const char *launcher;   /* "openmpi", "pmi", "pmix", "slurm"; NULL: none */
  int rank;               /* 0 without a launcher */
  int local_rank;         /* rank on this node; -1 when not known */
  int world_size;         /* processes in the job; -1 when not known */
  char host[256];         /* the short host name, up to its first '.' */
  kb_host_state cpus;     /* the CPUs this process may use (a launcher may
                             bind it to one) and the host's load, as it
                             starts */
} kb_launch;

/* Reads the launcher's variables through env, this host's name and its
** CPUs:
** 0, or -1 with a message in err when a variable is set but not a rank. */
int kb_launch_detect(kb_launch *l, kb_env_fn env, void *ctx, char *err,
                     size_t len);

/* The CUDA device ordinal for this process: given when it is 0 or more
** (--device), else one chosen from the local rank and visible, the value
** of CUDA_VISIBLE_DEVICES (may be NULL).  -1 with a message in err when
** the local rank is past the GPUs visible names. */
int kb_launch_device(const kb_launch *l, int given, const char *visible,
                     char *err, size_t len);

/* pattern with %r (the rank), %h (the short host name) and %% (a '%')
** replaced, into out: how many %r it held (0 or more), or -1 with a
** message in err (another '%', or a name longer than len).  what names the
** option, for the message. */
int kb_launch_path(const kb_launch *l, const char *what, const char *pattern,
                   char *out, size_t len, char *err, size_t elen);

#endif
