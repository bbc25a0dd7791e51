/*
** Reading a launcher's rank variables, choosing a GPU from them, and
** filling %r and %h in file names.
*/
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "plan/launcher.h"

/*
** Several launchers' variables can be set at once.  An allocation's
** SLURM_* are inherited by everything started inside it, so under mpirun
** in an sbatch script every rank says SLURM_PROCID=0; srun --mpi=pmix (or
** pmi2) sets PMIX_RANK (or PMI_RANK) beside SLURM_*; Open MPI's mpirun
** sets PMIX_RANK beside its own.  So the launchers are read from the most
** specific to the most widely inherited: the first whose rank is set
** names the launcher, and what it does not say (PMIx has no local rank in
** the environment) is taken from a later one only when that one agrees on
** the rank, i.e. describes this same process.
*/
static const struct launcher {
  const char *name, *rank, *local_rank, *size;
} launchers[] = {
  {"openmpi", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_LOCAL_RANK",
   "OMPI_COMM_WORLD_SIZE"},
  {"pmi", "PMI_RANK", "MPI_LOCALRANKID", "PMI_SIZE"},
  {"pmix", "PMIX_RANK", NULL, NULL},
  {"slurm", "SLURM_PROCID", "SLURM_LOCALID", "SLURM_NTASKS"},
};
#define N_LAUNCHERS (sizeof launchers / sizeof launchers[0])

/* The value of variable name as a count in *out: 1; 0 when it is not
** set; -1 with a message when it is set to anything but digits. */
static int count_var(kb_env_fn env, void *ctx, const char *name, int *out,
                     char *err, size_t len)
{
  const char *s = name ? env(name, ctx) : NULL;
  if (!s)
    return 0;
  long long v = 0;
  const char *p = s;
  for (; *p >= '0' && *p <= '9' && v <= INT_MAX; p++)
    v = v * 10 + (*p - '0');
  if (p == s || *p || v > INT_MAX) {
    snprintf(err, len, "%s='%s' is not a rank: expected a whole number, "
             "0 or more", name, s);
    return -1;
  }
  *out = (int)v;
  return 1;
}

static void short_host(char *buf, size_t len)
{
  buf[0] = '\0';
  if (gethostname(buf, len - 1) != 0)
    snprintf(buf, len, "unknown");
  buf[len - 1] = '\0';
  buf[strcspn(buf, ".")] = '\0';
}

/* Fills what l still lacks from launcher k, when k is set and agrees. */
static int fill_from(kb_launch *l, const struct launcher *k, kb_env_fn env,
                     void *ctx, char *err, size_t len)
{
  int rank, rc = count_var(env, ctx, k->rank, &rank, err, len);
  if (rc <= 0)
    return rc;
  if (!l->launcher) {
    l->launcher = k->name;
    l->rank = rank;
  } else if (rank != l->rank) {
    return 0;
  }
  if (l->local_rank < 0
      && count_var(env, ctx, k->local_rank, &l->local_rank, err, len) < 0)
    return -1;
  if (l->world_size < 0
      && count_var(env, ctx, k->size, &l->world_size, err, len) < 0)
    return -1;
  return 0;
}

int kb_launch_detect(kb_launch *l, kb_env_fn env, void *ctx, char *err,
                     size_t len)
{
  memset(l, 0, sizeof *l);
  l->local_rank = l->world_size = -1;
  short_host(l->host, sizeof l->host);
  kb_host_state_read(&l->cpus);
  for (size_t i = 0; i < N_LAUNCHERS; i++)
    if (fill_from(l, &launchers[i], env, ctx, err, len))
      return -1;
  if (!l->launcher) {
    /* A process on its own is rank 0 of 1, as it always was. */
    l->local_rank = 0;
    l->world_size = 1;
    return 0;
  }
  if (l->world_size == 0 || (l->world_size > 0 && l->rank >= l->world_size)) {
    snprintf(err, len, "%s rank %d is not below the job's size %d",
             l->launcher, l->rank, l->world_size);
    return -1;
  }
  return 0;
}

/* How many GPUs CUDA_VISIBLE_DEVICES names (a comma list), 0 when unset. */
static int visible_count(const char *visible)
{
  int n = 0;
  for (const char *p = visible; p && *p; p += strcspn(p, ","), p += *p == ',')
    n += strcspn(p, ",") > 0;
  return n;
}

int kb_launch_device(const kb_launch *l, int given, const char *visible,
                     char *err, size_t len)
{
  if (given >= 0)
    return given;
  if (!l->launcher || l->local_rank < 0)
    return 0;
  /* srun --gpus-per-task=1 or --gpu-bind=single:1 (and many sites'
  ** wrappers) give each task its own GPU through CUDA_VISIBLE_DEVICES: the
  ** task then sees that one GPU as device 0, and its local rank would
  ** point past it. */
  int n = visible_count(visible);
  if (n == 1)
    return 0;
  if (n > 1 && l->local_rank >= n) {
    snprintf(err, len, "%s local rank %d has no GPU of its own: "
             "CUDA_VISIBLE_DEVICES='%s' names %d; start at most %d "
             "processes a node, or give --device", l->launcher,
             l->local_rank, visible, n, n);
    return -1;
  }
  return l->local_rank;
}

int kb_launch_path(const kb_launch *l, const char *what, const char *pattern,
                   char *out, size_t len, char *err, size_t elen)
{
  size_t used = 0;
  int ranks = 0;
  for (const char *p = pattern; *p; p++) {
    char rank[16];
    const char *add = rank;
    if (*p != '%') {
      snprintf(rank, sizeof rank, "%c", *p);
    } else if (p[1] == 'r') {
      snprintf(rank, sizeof rank, "%d", l->rank);
      ranks++;
    } else if (p[1] == 'h') {
      add = l->host;
    } else if (p[1] == '%') {
      add = "%";
    } else {
      snprintf(err, elen, "%s '%s': unknown %%%.1s: the name may hold %%r "
               "(the rank), %%h (the host) and %%%% (a '%%')", what,
               pattern, p + 1);
      return -1;
    }
    p += *p == '%';
    size_t n = strlen(add);
    if (used + n >= len) {
      snprintf(err, elen, "%s '%s': the name is too long", what, pattern);
      return -1;
    }
    memcpy(out + used, add, n);
    used += n;
  }
  out[used] = '\0';
  return ranks;
}
