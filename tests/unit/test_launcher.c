/* The launcher's variables, the device they choose, and %r and %h in file
** names (runner/launcher.c), on environments given as tables. */
#include <stdio.h>
#include <string.h>

#include "plan/launcher.h"
#include "tap.h"

/* NULL-terminated NAME=VALUE strings. */
static const char *table_env(const char *name, void *ctx)
{
  size_t len = strlen(name);
  for (const char *const *v = ctx; *v; v++)
    if (strncmp(*v, name, len) == 0 && (*v)[len] == '=')
      return *v + len + 1;
  return NULL;
}

static int detect(kb_launch *l, const char *const *env, char *err,
                  size_t len)
{
  err[0] = '\0';
  return kb_launch_detect(l, table_env, (void *)env, err, len);
}

static int is(const kb_launch *l, const char *launcher, int rank, int local,
              int size)
{
  return (launcher ? l->launcher && strcmp(l->launcher, launcher) == 0
                   : !l->launcher)
         && l->rank == rank && l->local_rank == local
         && l->world_size == size;
}

static void detection(void)
{
  kb_launch l;
  char err[256];
  const char *none[] = {"HOME=/root", NULL};
  ok(detect(&l, none, err, sizeof err) == 0 && is(&l, NULL, 0, 0, 1),
     "no launcher: rank 0 of 1, as a lone process always was");
  ok(l.host[0] && !strchr(l.host, '.'), "the short host name: '%s'",
     l.host);

  const char *slurm[] = {"SLURM_PROCID=5", "SLURM_LOCALID=1",
                         "SLURM_NTASKS=8", NULL};
  ok(detect(&l, slurm, err, sizeof err) == 0 && is(&l, "slurm", 5, 1, 8),
     "srun: SLURM_PROCID, SLURM_LOCALID, SLURM_NTASKS");

  const char *ompi[] = {"OMPI_COMM_WORLD_RANK=2",
                        "OMPI_COMM_WORLD_LOCAL_RANK=2",
                        "OMPI_COMM_WORLD_SIZE=3", "PMIX_RANK=2", NULL};
  ok(detect(&l, ompi, err, sizeof err) == 0 && is(&l, "openmpi", 2, 2, 3),
     "mpirun: Open MPI's variables, though PMIX_RANK is set too");

  const char *ompi_in_slurm[] = {"SLURM_PROCID=0", "SLURM_LOCALID=0",
                                 "SLURM_NTASKS=1", "OMPI_COMM_WORLD_RANK=3",
                                 "OMPI_COMM_WORLD_LOCAL_RANK=1",
                                 "OMPI_COMM_WORLD_SIZE=4", NULL};
  ok(detect(&l, ompi_in_slurm, err, sizeof err) == 0
     && is(&l, "openmpi", 3, 1, 4),
     "mpirun inside an sbatch allocation: the inherited SLURM_* lose");

  const char *hydra[] = {"PMI_RANK=6", "PMI_SIZE=8", "MPI_LOCALRANKID=2",
                         NULL};
  ok(detect(&l, hydra, err, sizeof err) == 0 && is(&l, "pmi", 6, 2, 8),
     "MPICH's Hydra: PMI_RANK, PMI_SIZE, MPI_LOCALRANKID");

  const char *srun_pmix[] = {"PMIX_RANK=3", "SLURM_PROCID=3",
                             "SLURM_LOCALID=3", "SLURM_NTASKS=4", NULL};
  ok(detect(&l, srun_pmix, err, sizeof err) == 0 && is(&l, "pmix", 3, 3, 4),
     "srun --mpi=pmix: PMIx's rank, the local rank and size from Slurm");

  const char *prte_in_slurm[] = {"PMIX_RANK=3", "SLURM_PROCID=0",
                                 "SLURM_LOCALID=0", "SLURM_NTASKS=1", NULL};
  ok(detect(&l, prte_in_slurm, err, sizeof err) == 0
     && is(&l, "pmix", 3, -1, -1),
     "a PMIx launcher inside an allocation: Slurm's other rank is not "
     "borrowed from");

  const char *bad[] = {"SLURM_PROCID=x1", NULL};
  ok(detect(&l, bad, err, sizeof err) == -1
     && strstr(err, "SLURM_PROCID='x1' is not a rank"),
     "a rank that is not a number is an error: '%s'", err);
  const char *negative[] = {"OMPI_COMM_WORLD_RANK=-1", NULL};
  ok(detect(&l, negative, err, sizeof err) == -1,
     "a negative rank is an error: '%s'", err);
  const char *huge[] = {"PMI_RANK=99999999999", NULL};
  ok(detect(&l, huge, err, sizeof err) == -1,
     "a rank past INT_MAX is an error: '%s'", err);
  const char *empty[] = {"SLURM_PROCID=", NULL};
  ok(detect(&l, empty, err, sizeof err) == -1, "an empty rank is an error");
  const char *past[] = {"SLURM_PROCID=4", "SLURM_NTASKS=4", NULL};
  ok(detect(&l, past, err, sizeof err) == -1
     && strstr(err, "rank 4 is not below the job's size 4"),
     "a rank past the job's size is an error: '%s'", err);
  const char *bad_local[] = {"SLURM_PROCID=1", "SLURM_LOCALID=one", NULL};
  ok(detect(&l, bad_local, err, sizeof err) == -1
     && strstr(err, "SLURM_LOCALID='one'"),
     "a local rank that is not a number is an error: '%s'", err);
}

static void devices(void)
{
  kb_launch l = {"slurm", 5, 3, 8, "node"};
  kb_launch alone = {NULL, 0, 0, 1, "node"};
  kb_launch no_local = {"pmix", 5, -1, -1, "node"};
  char err[256] = "";
  ok(kb_launch_device(&l, -1, NULL, err, sizeof err) == 3,
     "under a launcher: the local rank's GPU");
  ok(kb_launch_device(&l, 1, NULL, err, sizeof err) == 1,
     "--device wins over the local rank");
  ok(kb_launch_device(&l, -1, "GPU-3f2a", err, sizeof err) == 0,
     "CUDA_VISIBLE_DEVICES naming one GPU: device 0, whatever the rank");
  ok(kb_launch_device(&l, -1, "0,1,2,3", err, sizeof err) == 3,
     "CUDA_VISIBLE_DEVICES naming four: the local rank among them");
  ok(kb_launch_device(&l, -1, "0,1", err, sizeof err) == -1
     && strstr(err, "local rank 3 has no GPU of its own"),
     "a local rank past the GPUs visible is an error: '%s'", err);
  ok(kb_launch_device(&l, -1, "", err, sizeof err) == 3,
     "an empty CUDA_VISIBLE_DEVICES names none: the local rank");
  ok(kb_launch_device(&alone, -1, "2,3", err, sizeof err) == 0,
     "without a launcher: device 0, as before");
  ok(kb_launch_device(&no_local, -1, NULL, err, sizeof err) == 0,
     "no local rank known: device 0");
}

static void paths(void)
{
  kb_launch l = {"slurm", 12, 0, 16, "gpu-node7"};
  char out[64], err[256] = "";
  ok(kb_launch_path(&l, "--json", "run/%h-%r.json", out, sizeof out, err,
                    sizeof err) == 1
     && strcmp(out, "run/gpu-node7-12.json") == 0,
     "%%h and %%r filled in, one %%r counted: '%s'", out);
  ok(kb_launch_path(&l, "--json", "plain.json", out, sizeof out, err,
                    sizeof err) == 0 && strcmp(out, "plain.json") == 0,
     "a name without %% is kept as it is");
  ok(kb_launch_path(&l, "--csv", "100%%-%r-%r", out, sizeof out, err,
                    sizeof err) == 2 && strcmp(out, "100%-12-12") == 0,
     "%%%% is one %%, and every %%r is counted: '%s'", out);
  ok(kb_launch_path(&l, "--csv", "a%x.csv", out, sizeof out, err,
                    sizeof err) == -1
     && strstr(err, "--csv 'a%x.csv': unknown %x"),
     "any other %% is an error: '%s'", err);
  ok(kb_launch_path(&l, "--csv", "a%", out, sizeof out, err, sizeof err)
     == -1, "a %% at the end is an error: '%s'", err);
  ok(kb_launch_path(&l, "--samples", "%h%h%h%h%h%h%h%h", out, sizeof out,
                    err, sizeof err) == -1 && strstr(err, "too long"),
     "a name too long for the buffer is an error, not cut: '%s'", err);
}

int main(void)
{
  detection();
  devices();
  paths();
  return tap_done();
}
