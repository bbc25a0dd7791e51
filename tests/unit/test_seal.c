/*
** The worker's seal (worker/seal.h): which mappings are the runner's, and,
** in a child that seals itself, what it then refuses and how it says so.
** Each layer is checked where the kernel and the build have it, and
** skipped with the reason where not.
*/
#define _GNU_SOURCE            /* fmemopen, MAP_ANONYMOUS */
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "process/protocol.h"
#include "process/refusal.h"
#include "worker/seal.h"
#include "tap.h"

static const char listing[] =
  "555555554000-555555556000 r--p 00000000 08:01 42 /usr/bin/kbench\n"
  "555555556000-55555555a000 r-xp 00002000 08:01 42 /usr/bin/kbench\n"
  "55555555a000-55555555c000 r--p 00006000 08:01 42 /usr/bin/kbench\n"
  "55555555c000-55555555d000 rw-p 00008000 08:01 42 /usr/bin/kbench\n"
  "55555555d000-55555557e000 rw-p 00000000 00:00 0 [heap]\n"
  "7ffff7d00000-7ffff7d02000 r--p 00000000 08:01 7 /usr/lib/libc.so.6\n"
  "7ffff7d02000-7ffff7e00000 r-xp 00002000 08:01 7 /usr/lib/libc.so.6\n"
  "7ffff7e00000-7ffff7e01000 ---p 00100000 08:01 7 /usr/lib/libc.so.6\n"
  "7ffff7e01000-7ffff7e02000 rw-p 00101000 08:01 7 /usr/lib/libc.so.6\n"
  "7ffff7e10000-7ffff7e20000 rw-s 00000000 00:05 9 /dev/nvidia0\n"
  "7ffff7e20000-7ffff7e21000 r--s 00000000 00:05 9 /dev/nvidiactl\n"
  "7ffff7e30000-7ffff7e31000 r-xp 00000000 00:01 3 /memfd:jit (deleted)\n"
  "7ffff7e40000-7ffff7e41000 r--p 00000000 08:01 8 /tmp/gone.so (deleted)\n"
  "7ffff7e50000-7ffff7e51000 r--p 00000000 00:00 0 \n"
  "7ffff7fbd000-7ffff7fc1000 r--p 00000000 00:00 0 [vvar]\n"
  "7ffff7fc1000-7ffff7fc3000 r-xp 00000000 00:00 0 [vdso]\n"
  "7ffffffde000-7ffffffff000 rw-p 00000000 00:00 0 [stack]\n";

/* The order the child answers: its REFUSED frames carry this first. */
#define TOKEN 0x5ea1ed0f7e57c0deu
static volatile uint64_t token = TOKEN;

/* The child's end: seal, then try what the seal refuses, writing on
** result what each call returned (its errno, 0 when it succeeded). */
/* The first mapping named name in /proc/self/maps, or 0. */
static uintptr_t mapping(const char *name)
{
  char line[512];
  uintptr_t lo = 0, found = 0;
  FILE *maps = fopen("/proc/self/maps", "r");
  while (maps && !found && fgets(line, sizeof line, maps))
    if (strstr(line, name) && sscanf(line, "%" SCNxPTR, &lo) == 1)
      found = lo;
  if (maps)
    fclose(maps);
  return found;
}

#define N_TRIES 11

static void child(int reports, int result)
{
  kb_seal s;
  uintptr_t vvar = mapping("[vvar]");
  kb_seal_worker(&s, reports, &token, 0);   /* as uncontained */
  int errs[N_TRIES];
  for (int i = 0; i < N_TRIES; i++)
    errs[i] = -1;
  long page = sysconf(_SC_PAGESIZE);
  /* 1. This program's read-only data made writable (its code would stop
  ** the child where nothing refuses it). */
  uintptr_t rodata = (uintptr_t)listing & ~(uintptr_t)(page - 1);
  errs[0] = mprotect((void *)rodata, (size_t)page, PROT_READ | PROT_WRITE)
            ? errno : 0;
  /* 2. Fresh memory made writable and executable. */
  void *anon = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  errs[1] = anon == MAP_FAILED ? -1
            : mprotect(anon, (size_t)page, PROT_READ | PROT_WRITE | PROT_EXEC)
              ? errno : 0;
  /* 3. /proc/self/mem opened for writing. */
  int fd = open("/proc/self/mem", O_RDWR);
  errs[2] = fd < 0 ? errno : 0;
  /* 4. Fresh memory made writable again: allowed. */
  errs[3] = anon == MAP_FAILED ? -1
            : mprotect(anon, (size_t)page, PROT_READ | PROT_WRITE) ? errno : 0;
  /* 5. Its read-only data unmapped, 6. mapped over. */
  errs[4] = munmap((void *)rodata, (size_t)page) ? errno : 0;
  errs[5] = mmap((void *)rodata, (size_t)page, PROT_READ,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED
            ? errno : 0;
  /* 7. Its read-only data's pages dropped (they would read the file's
  ** bytes again), 8. likewise from a page below the runner's first range,
  ** 9. a page moved over the vDSO's clock data, 10. fresh memory's pages
  ** dropped: allowed. */
  errs[6] = madvise((void *)rodata, (size_t)page, MADV_DONTNEED) ? errno : 0;
  uintptr_t first = s.n_ranges ? s.ranges[0].lo : rodata;
  errs[7] = madvise((void *)(first - (uintptr_t)page), 2 * (size_t)page,
                    MADV_DONTNEED) && errno == EPERM ? EPERM : 0;
  void *copy = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  errs[8] = !vvar || copy == MAP_FAILED ? -1
            : mremap(copy, (size_t)page, (size_t)page,
                     MREMAP_MAYMOVE | MREMAP_FIXED, (void *)vvar) == MAP_FAILED
              ? errno : 0;
  errs[9] = anon == MAP_FAILED ? -1
            : madvise(anon, (size_t)page, MADV_DONTNEED) ? errno : 0;
  /* 11. A signal to the parent, the supervisor (0: none is sent). */
  errs[10] = kill(getppid(), 0) ? errno : 0;
  int said[3] = {s.filtered, s.sealed > 0, s.landlocked};
  if (write(result, errs, sizeof errs) < 0 || write(result, said, sizeof said) < 0
      || write(result, s.note, sizeof s.note) < 0)
    _exit(2);
  _exit(0);
}

int main(void)
{
  /* The runner's ranges from a listing: files' mappings that are not
  ** writable, and the vDSO; adjacent ones merged. */
  kb_seal s;
  memset(&s, 0, sizeof s);
  FILE *f = fmemopen((void *)listing, sizeof listing - 1, "r");
  ok(f && kb_seal_ranges(&s, f) == 0, "a maps listing is read");
  if (f)
    fclose(f);
  ok(s.n_ranges == 3, "three ranges: kbench's, libc's and the vDSO (%zu)",
     s.n_ranges);
  ok(s.ranges[0].lo == 0x555555554000u && s.ranges[0].hi == 0x55555555c000u,
     "kbench's code, read-only data and RELRO merged, its data left out");
  ok(s.ranges[1].lo == 0x7ffff7d00000u && s.ranges[1].hi == 0x7ffff7e01000u,
     "libc's, its ---p gap included");
  ok(s.ranges[2].lo == 0x7ffff7fbd000u && s.ranges[2].hi == 0x7ffff7fc3000u,
     "the vDSO and its clock data ([vvar]); no device, memfd, deleted "
     "file, anonymous, heap or stack");

  /* A child seals itself and tries. */
  int reports[2], result[2];
  if (pipe(reports) || pipe(result))
    return 1;
  pid_t pid = fork();
  if (pid == 0) {
    close(reports[0]);
    close(result[0]);
    child(reports[1], result[1]);
  }
  close(reports[1]);
  close(result[1]);
  int errs[N_TRIES], said[3] = {0, 0, 0}, status = 0;
  char note[sizeof s.note] = "";
  int got = read(result[0], errs, sizeof errs) == sizeof errs
            && read(result[0], said, sizeof said) == sizeof said
            && read(result[0], note, sizeof note) == sizeof note;
  ok(got, "the sealed child reports: %s", note[0] ? note
                                                  : "(nothing lacking)");
  waitpid(pid, &status, 0);
  ok(WIFEXITED(status) && WEXITSTATUS(status) == 0, "and exits normally");
  if (said[0] || said[1]) {
    ok(errs[0] == EPERM, "its own read-only data is not made writable "
       "(errno %d)", errs[0]);
    ok(errs[4] == EPERM && errs[5] == EPERM, "nor unmapped, nor mapped over "
       "(errno %d, %d)", errs[4], errs[5]);
  } else {
    ok(1, "# SKIP neither seccomp nor mseal here: %s", note);
    ok(1, "# SKIP neither seccomp nor mseal here: %s", note);
  }
  if (said[0])
    ok(errs[1] == EPERM, "memory is not made writable and executable "
       "(errno %d)", errs[1]);
  else
    ok(1, "# SKIP no seccomp filter here: %s", note);
  if (said[2])
    ok(errs[2] == EACCES, "/proc/self/mem does not open for writing "
       "(errno %d)", errs[2]);
  else
    ok(1, "# SKIP no Landlock here: %s", note);
  ok(errs[3] == 0, "fresh memory is still made writable (errno %d)", errs[3]);
  if (said[0]) {
    ok(errs[6] == EPERM, "its read-only data's pages are not dropped "
       "(errno %d)", errs[6]);
    ok(errs[7] == EPERM, "nor from a page below the runner's (errno %d)",
       errs[7]);
    ok(errs[8] == EPERM, "no page is moved over [vvar] (errno %d)", errs[8]);
    ok(errs[10] == EPERM, "no signal goes to the parent (errno %d)",
       errs[10]);
  } else {
    for (int i = 0; i < 4; i++)
      ok(1, "# SKIP no seccomp filter here: %s", note);
  }
  ok(errs[9] == 0, "fresh memory's pages are still dropped (errno %d)",
     errs[9]);

  /* What the SIGSYS handler wrote: a REFUSED frame per refused call. */
  kb_inbox in = {0};
  uint32_t type;
  kb_rbuf payload;
  int frames = 0, named = 0, tokens = 0;
  char text[KB_MESSAGE_LEN];
  while (kb_inbox_wait(&in, reports[0], &type, &payload) == 1) {
    kb_refusal r;
    uint64_t order = kb_get_u64(&payload);
    if (type != KB_MSG_REFUSED || kb_refusal_get(&payload, &r))
      continue;
    frames++;
    tokens += order == TOKEN;
    kb_refusal_text(&r, text, sizeof text);
    if (frames == 1)
      named = strstr(text, "the plugin tried to make the runner's memory "
                           "writable: mprotect(0x") != NULL;
  }
  kb_inbox_free(&in);
  if (said[0]) {
    ok(frames == 8, "eight REFUSED frames, one per refused call (%d)",
       frames);
    ok(named, "the first names the call and its address");
    ok(tokens == frames, "each begins with the order's token (%d of %d)",
       tokens, frames);
  } else {
    ok(1, "# SKIP no seccomp filter here");
    ok(1, "# SKIP no seccomp filter here");
    ok(1, "# SKIP no seccomp filter here");
  }
  return tap_done();
}
