/* The worker's seal (seal.h). */

#define _GNU_SOURCE            /* REG_RAX, MAP_FIXED_NOREPLACE, O_PATH */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "config.h"
#ifdef __linux__
#  include <linux/audit.h>
#  include <linux/filter.h>
#  include <linux/seccomp.h>
#endif
#ifdef KBENCH_HAVE_SECCOMP
#  include <seccomp.h>
#endif

#include "process/protocol.h"
#include "process/refusal.h"
#include "worker/bpf_rules.h"
#include "worker/landlock.h"
#include "worker/landlock_restrict.h"
#include "worker/others.h"
#include "worker/seal.h"
#include "worker/terminal.h"

/* Newer than the C library's headers on Debian 12: the same number on
** every architecture. */
#ifndef SYS_mseal
#  define SYS_mseal 462
#endif

/* --- the runner's ranges ------------------------------------------------ */

/* A mapping the runner's code or constant data lives in: a file's (its
** code, read-only data, RELRO and the gaps between them), not writable,
** or the vDSO.  Devices, memfds and deleted files are someone's buffers. */
static int is_runners(const char *perms, const char *path)
{
  if (perms[1] == 'w')
    return 0;
  /* The vDSO's code, and the kernel's clock data it reads ([vvar], and
  ** [vvar_vclock] since Linux 6.13): a copy moved over them would be a
  ** clock of the plugin's. */
  if (strcmp(path, "[vdso]") == 0 || strncmp(path, "[vvar", 5) == 0)
    return 1;
  size_t n = strlen(path);
  return path[0] == '/' && strncmp(path, "/dev/", 5) != 0
         && strncmp(path, "/memfd:", 7) != 0
         && !(n > 10 && strcmp(path + n - 10, " (deleted)") == 0);
}

/* The next mapping of the runner's in a /proc/self/maps listing: 1 with
** its range and its path's place in line, 0 at the end. */
static int next_runners(FILE *maps, char *line, size_t len, uintptr_t *lo,
                        uintptr_t *hi, const char **path)
{
  while (fgets(line, (int)len, maps)) {
    char perms[8] = "";
    int at = 0;
    line[strcspn(line, "\n")] = '\0';
    if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " %7s %*s %*s %*s %n", lo, hi,
               perms, &at) >= 3 && at > 0 && is_runners(perms, line + at)) {
      *path = line + at;
      return 1;
    }
  }
  return 0;
}

int kb_seal_ranges(kb_seal *s, FILE *maps)
{
  char line[4096 + 128];
  const char *path;
  uintptr_t lo, hi;
  int rc = 0;
  s->n_ranges = 0;
  while (next_runners(maps, line, sizeof line, &lo, &hi, &path)) {
    kb_seal_range *last = s->n_ranges ? &s->ranges[s->n_ranges - 1] : NULL;
    if (last && last->hi == lo)
      last->hi = hi;
    else if (s->n_ranges < KB_SEAL_MAX_RANGES)
      s->ranges[s->n_ranges++] = (kb_seal_range){lo, hi};
    else
      rc = -1;
  }
  return rc;
}

static void add_note(kb_seal *s, const char *what)
{
  size_t used = strlen(s->note);
  snprintf(s->note + used, sizeof s->note - used, "%s%s", used ? "; " : "",
           what);
}

/* --- mseal -------------------------------------------------------------- */

/* Each mapping of the runner's, one call each: a range may cross mappings
** that mseal takes whole. */
static void seal_mappings(kb_seal *s)
{
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[4096 + 128], why[160];
  const char *path;
  uintptr_t lo, hi;
  if (!maps)
    return;
  while (next_runners(maps, line, sizeof line, &lo, &hi, &path)) {
    if (syscall(SYS_mseal, lo, hi - lo, 0) == 0) {
      s->sealed++;
    } else if (errno == ENOSYS) {
      add_note(s, "no mseal(2): the kernel is older than Linux 6.10");
      break;
    } else if (s->sealed == 0) {
      snprintf(why, sizeof why, "mseal(2) of %.100s failed: %s", path,
               strerror(errno));
      add_note(s, why);
      break;
    }
  }
  fclose(maps);
}

/* --- Landlock: /proc shut for writing ----------------------------------- */

#ifdef KB_HAVE_LANDLOCK
/* Writing stays allowed beneath every entry of / but /proc; cross-folder
** renames (REFER, which Landlock's first version always refuses, hence
** version 2 at least) likewise. */
static void shut_proc(kb_seal *s)
{
  long abi = kb_landlock_abi();
  if (abi < 2) {
    add_note(s, abi < 0 ? "no Landlock (Linux 5.19 or later, enabled): "
             "/proc/self/mem stays writable" : "Landlock is older than its "
             "second version: /proc/self/mem stays writable");
    return;
  }
  const uint64_t dir_rights = LANDLOCK_ACCESS_FS_WRITE_FILE
                              | LANDLOCK_ACCESS_FS_REFER;
  int ruleset = kb_landlock_ruleset(dir_rights, 0);
  DIR *root = opendir("/");
  if (ruleset < 0 || !root) {
    add_note(s, "cannot make a Landlock ruleset: /proc/self/mem stays "
             "writable");
    if (ruleset >= 0)
      close(ruleset);
    if (root)
      closedir(root);
    return;
  }
  struct dirent *e;
  while ((e = readdir(root)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0
        || strcmp(e->d_name, "proc") == 0)
      continue;
    int fd = openat(dirfd(root), e->d_name, O_PATH | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
      continue;
    /* A rule refused leaves that entry unwritable: safe. */
    if (fstat(fd, &st) == 0 && (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode)))
      kb_landlock_allow(ruleset, fd, S_ISDIR(st.st_mode)
                        ? dir_rights : LANDLOCK_ACCESS_FS_WRITE_FILE);
    close(fd);
  }
  closedir(root);
  if (kb_landlock_restrict(ruleset) == 0)
    s->landlocked = 1;
  else
    add_note(s, "Landlock refused its ruleset: /proc/self/mem stays "
             "writable");
}
#else
static void shut_proc(kb_seal *s)
{
  add_note(s, "built without Landlock's header: /proc/self/mem stays "
           "writable");
}
#endif

/* --- seccomp ------------------------------------------------------------ */

#if defined(KBENCH_HAVE_SECCOMP) && (defined(__x86_64__) || defined(__aarch64__))

#  if defined(__x86_64__)
#    define KB_AUDIT_ARCH AUDIT_ARCH_X86_64
#    define KB_ARG(uc, i) ((uint64_t)(uc)->uc_mcontext.gregs[(int[]){      \
       REG_RDI, REG_RSI, REG_RDX, REG_R10, REG_R8, REG_R9}[i]])
#    define KB_SET_RETURN(uc, v) ((uc)->uc_mcontext.gregs[REG_RAX] = (v))
#  else
#    define KB_AUDIT_ARCH AUDIT_ARCH_AARCH64
#    define KB_ARG(uc, i) ((uint64_t)(uc)->uc_mcontext.regs[i])
#    define KB_SET_RETURN(uc, v) ((uc)->uc_mcontext.regs[0] = (v))
#  endif

/* The largest page of the architectures the filter is built for. */
#  define KB_PAGE_MAX 65536

/* Where the SIGSYS handler tells a refusal: the worker's reports, with
** the token of the order being answered.  A signal handler has nothing
** but globals to reach; these are set once, before the filters exist,
** on a page of their own that is then made read-only and sealed
** (seal_refusal), so that no plugin silences the handler (a descriptor
** of -1) or points it elsewhere. */
static union {
  struct {
    int fd;
    const volatile uint64_t *token;
  } to;
  unsigned char page[KB_PAGE_MAX];
} refusal __attribute__((aligned(KB_PAGE_MAX)));

/* A refused call: fail it with EPERM and tell the supervisor, with
** write(2) alone (a pipe takes a frame this small whole, unmixed with
** another thread's). */
static void on_sigsys(int sig, siginfo_t *si, void *ctx)
{
  (void)sig;
  ucontext_t *uc = ctx;
  int saved = errno;
  uint64_t payload[8] = {*refusal.to.token, (uint64_t)si->si_syscall};
  uint32_t header[2] = {(uint32_t)sizeof payload, KB_MSG_REFUSED};
  for (int i = 0; i < 6; i++)
    payload[2 + i] = KB_ARG(uc, i);
  unsigned char frame[sizeof header + sizeof payload];
  memcpy(frame, header, sizeof header);
  memcpy(frame + sizeof header, payload, sizeof payload);
  if (write(refusal.to.fd, frame, sizeof frame) < 0) {
    /* Nothing to do: the case's result tells the rest. */
  }
  KB_SET_RETURN(uc, -EPERM);
  errno = saved;
}

/* A pid argument equal to v: its low 32 bits, as pid_t is an int that
** the caller's register may not extend. */
#  define KB_PID(i, v) SCMP_CMP((i), SCMP_CMP_MASKED_EQ, 0xffffffffu,      \
                                (uint32_t)(v))

/* No signal reaches the supervisor (the worker's parent, whose group is
** pgid) from the worker or anything it starts: kill of it, its group or
** every process (-1), the same through a thread's calls, a queued signal,
** a pidfd (one of /proc/PID is one too: all are refused), SIGIO sent to
** it (F_SETOWN, and F_SETOWN_EX, whose owner is behind a pointer), and a
** child joining its group, where kill(0, ...) would reach it. */
static int signal_rules(scmp_filter_ctx ctx)
{
  pid_t sup = getppid(), pgid = getpgid(sup);
  const int32_t targets[] = {sup, -1, -pgid};
  int rc = 0;
  for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
    rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(kill), 1,
                           KB_PID(0, targets[i]));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(tkill), 1,
                         KB_PID(0, sup));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(tgkill), 1,
                         KB_PID(0, sup));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(rt_sigqueueinfo), 1,
                         KB_PID(0, sup));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(rt_tgsigqueueinfo), 1,
                         KB_PID(0, sup));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(pidfd_open), 1,
                         KB_PID(0, sup));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(pidfd_send_signal), 0);
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(fcntl), 2,
                         SCMP_A1(SCMP_CMP_EQ, F_SETOWN), KB_PID(2, sup));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(fcntl), 2,
                         SCMP_A1(SCMP_CMP_EQ, F_SETOWN), KB_PID(2, -pgid));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(fcntl), 1,
                         SCMP_A1(SCMP_CMP_EQ, F_SETOWN_EX));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(setpgid), 1,
                         KB_PID(1, pgid));
  return rc;
}

/* The general rules, through libseccomp. */
static int general_filter(void)
{
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
  if (!ctx)
    return -1;
  const uint64_t wx = PROT_WRITE | PROT_EXEC;
  int rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(mprotect), 1,
                         SCMP_A2(SCMP_CMP_MASKED_EQ, wx, wx));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(pkey_mprotect), 1,
                         SCMP_A2(SCMP_CMP_MASKED_EQ, wx, wx));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(mmap), 1,
                         SCMP_A2(SCMP_CMP_MASKED_EQ, wx, wx));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(rt_sigaction), 2,
                         SCMP_A0(SCMP_CMP_EQ, SIGSYS),
                         SCMP_A1(SCMP_CMP_NE, 0));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(process_vm_writev), 0);
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(pidfd_getfd), 0);
  rc |= signal_rules(ctx);
#  ifndef __SANITIZE_ADDRESS__
  /* LeakSanitizer stops the threads with ptrace at exit: a sanitized
  ** build keeps it. */
  rc |= seccomp_rule_add(ctx, SCMP_ACT_TRAP, SCMP_SYS(ptrace), 0);
#  endif
  if (rc == 0)
    rc = seccomp_load(ctx);
  seccomp_release(ctx);
  return rc ? -1 : 0;
}

/*
** The address rules, as a classic BPF program of kbench's own: libseccomp
** compares an argument once per rule, and a range needs two comparisons.
** Per call, the condition (when the call has one: prot has PROT_WRITE,
** flags have MAP_FIXED or MREMAP_FIXED), then each range: the argument's
** high word equal to the range's, its low word within [lo, last].
*/
typedef struct bpf_prog {
  struct sock_filter ins[BPF_MAXINSNS];
  size_t n;
  int full;
} bpf_prog;

static void emit(bpf_prog *p, uint16_t code, uint8_t jt, uint8_t jf,
                 uint32_t k)
{
  if (p->n >= BPF_MAXINSNS) {
    p->full = 1;
    return;
  }
  p->ins[p->n++] = (struct sock_filter)BPF_JUMP(code, k, jt, jf);
}

#  define ARG_LO(i) (offsetof(struct seccomp_data, args) + 8 * (i))
#  define ARG_HI(i) (ARG_LO(i) + 4)

/* One call's block: refused (SIGSYS) when cond_arg has one of the mask's
** bits (mask 0: always) and addr_arg lies in one of the ranges. */
static void emit_block(bpf_prog *p, const kb_seal *s, int addr_arg,
                       int cond_arg, uint32_t mask)
{
  if (mask) {
    emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_LO(cond_arg));
    emit(p, BPF_JMP | BPF_JSET | BPF_K, 1, 0, mask);
    emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
  }
  for (size_t r = 0; r < s->n_ranges; r++) {
    uint64_t lo = s->ranges[r].lo, last = s->ranges[r].hi - 1;
    /* One piece per 4 GiB the range touches: each compares low words. */
    while (lo <= last) {
      uint64_t piece_last = (lo | 0xffffffffu) < last ? (lo | 0xffffffffu)
                                                      : last;
      emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_HI(addr_arg));
      emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 4, (uint32_t)(lo >> 32));
      emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_LO(addr_arg));
      emit(p, BPF_JMP | BPF_JGE | BPF_K, 0, 2, (uint32_t)lo);
      emit(p, BPF_JMP | BPF_JGT | BPF_K, 1, 0, (uint32_t)piece_last);
      emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_TRAP);
      if (piece_last == last)
        break;
      lo = piece_last + 1;
    }
  }
  emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
}

/* madvise's advice that drops a page's contents: a private file page
** (a relocated RELRO page, say) then reads the file's unrelocated bytes
** again, and mseal(2) does not refuse it for a mapping of a file. */
static const uint32_t discards[] = {
  4,                       /* MADV_DONTNEED */
  8,                       /* MADV_FREE */
  9,                       /* MADV_REMOVE */
  24,                      /* MADV_DONTNEED_LOCKED */
  100,                     /* MADV_HWPOISON */
  102,                     /* MADV_GUARD_INSTALL (its removal leaves the
                              file's bytes) */
};

/*
** madvise's block: refused when its advice drops contents and
** [addr, addr + len) meets a range, wherever it starts (a range from
** below the runner's reaches in as well).  The end, a 64-bit sum, is
** worked out in 32-bit halves into the scratch words: M[0] its low word,
** M[1] its high word (M[2] a spare, M[3] the carry).
*/
static void emit_discard_block(bpf_prog *p, const kb_seal *s)
{
  enum { n_discards = sizeof discards / sizeof discards[0] };
  emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_LO(2));
  for (uint8_t i = 0; i < n_discards; i++)
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, (uint8_t)(n_discards - i), 0,
         discards[i]);
  emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
  emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_LO(1));
  emit(p, BPF_ST, 0, 0, 2);
  emit(p, BPF_LD | BPF_IMM, 0, 0, 0);
  emit(p, BPF_ST, 0, 0, 3);
  emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_LO(0));
  emit(p, BPF_LDX | BPF_MEM, 0, 0, 2);
  emit(p, BPF_ALU | BPF_ADD | BPF_X, 0, 0, 0);
  emit(p, BPF_ST, 0, 0, 0);
  emit(p, BPF_JMP | BPF_JGE | BPF_X, 2, 0, 0);   /* no carry */
  emit(p, BPF_LD | BPF_IMM, 0, 0, 1);
  emit(p, BPF_ST, 0, 0, 3);
  emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_HI(1));
  emit(p, BPF_ST, 0, 0, 2);
  emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_HI(0));
  emit(p, BPF_LDX | BPF_MEM, 0, 0, 2);
  emit(p, BPF_ALU | BPF_ADD | BPF_X, 0, 0, 0);
  emit(p, BPF_LDX | BPF_MEM, 0, 0, 3);
  emit(p, BPF_ALU | BPF_ADD | BPF_X, 0, 0, 0);
  emit(p, BPF_ST, 0, 0, 1);
  /* Per range [lo, hi): addr < hi and end > lo, each compared high word
  ** first; 11 instructions, the jumps counted to the next range's. */
  for (size_t r = 0; r < s->n_ranges; r++) {
    uint64_t lo = s->ranges[r].lo, hi = s->ranges[r].hi;
    emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_HI(0));
    emit(p, BPF_JMP | BPF_JGT | BPF_K, 9, 0, (uint32_t)(hi >> 32));
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 2, (uint32_t)(hi >> 32));
    emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, ARG_LO(0));
    emit(p, BPF_JMP | BPF_JGE | BPF_K, 6, 0, (uint32_t)hi);
    emit(p, BPF_LD | BPF_MEM, 0, 0, 1);
    emit(p, BPF_JMP | BPF_JGT | BPF_K, 3, 0, (uint32_t)(lo >> 32));
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 3, (uint32_t)(lo >> 32));
    emit(p, BPF_LD | BPF_MEM, 0, 0, 0);
    emit(p, BPF_JMP | BPF_JGT | BPF_K, 0, 1, (uint32_t)lo);
    emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_TRAP);
  }
  emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
}

static int address_filter(const kb_seal *s)
{
  /* addr_arg -1: madvise's block (emit_discard_block). */
  static const struct { int nr, addr_arg, cond_arg; uint32_t mask; } calls[] = {
    {SYS_mprotect, 0, 2, PROT_WRITE},
    {SYS_pkey_mprotect, 0, 2, PROT_WRITE},
    {SYS_mmap, 0, 3, MAP_FIXED},
    {SYS_munmap, 0, 0, 0},
    {SYS_mremap, 0, 0, 0},
    {SYS_mremap, 4, 3, MREMAP_FIXED},
    {SYS_madvise, -1, 0, 0},
  };
  enum { n_calls = sizeof calls / sizeof calls[0] };
  bpf_prog *p = calloc(1, sizeof *p);
  if (!p)
    return -1;
  /* Another architecture's calls (x32 included) are libseccomp's filter's
  ** to kill. */
  emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, offsetof(struct seccomp_data, arch));
  emit(p, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, KB_AUDIT_ARCH);
  emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
  emit(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, offsetof(struct seccomp_data, nr));
  /* The dispatch: a compare and a jump per call, then ALLOW.  mremap has
  ** two rules (its old address; its new one, with MREMAP_FIXED): one
  ** entry, its first block falling through into the second. */
  size_t jumps[n_calls];
  for (size_t i = 0; i < n_calls; i++) {
    if (i && calls[i].nr == calls[i - 1].nr)
      continue;
    emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, (uint32_t)calls[i].nr);
    jumps[i] = p->n;
    emit(p, BPF_JMP | BPF_JA, 0, 0, 0);
  }
  emit(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
  for (size_t i = 0; i < n_calls; i++) {
    if (i && calls[i].nr == calls[i - 1].nr) {
      /* The first block's final ALLOW gives way to this block. */
      p->n--;
    } else {
      p->ins[jumps[i]].k = (uint32_t)(p->n - jumps[i] - 1);
    }
    if (calls[i].addr_arg < 0)
      emit_discard_block(p, s);
    else
      emit_block(p, s, calls[i].addr_arg, calls[i].cond_arg, calls[i].mask);
  }
  int rc = -1;
  if (!p->full) {
    struct sock_fprog prog = {(unsigned short)p->n, p->ins};
    rc = (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                      SECCOMP_FILTER_FLAG_TSYNC, &prog) == 0 ? 0 : -1;
  }
  free(p);
  return rc;
}

/* The handler's page made read-only, sealed where mseal is, and one of
** the runner's ranges for the address filter: the handler's page, where
** mseal is missing, is kept from mprotect by the filter alone. */
static void seal_refusal(kb_seal *s, int report_fd,
                         const volatile uint64_t *token)
{
  uintptr_t lo = (uintptr_t)&refusal, hi = lo + sizeof refusal;
  refusal.to.fd = report_fd;
  refusal.to.token = token;
  if (mprotect(&refusal, sizeof refusal, PROT_READ)) {
    add_note(s, "cannot make the SIGSYS handler's page read-only");
    return;
  }
  syscall(SYS_mseal, lo, sizeof refusal, 0);
  if (s->n_ranges < KB_SEAL_MAX_RANGES)
    s->ranges[s->n_ranges++] = (kb_seal_range){lo, hi};
  else
    add_note(s, "more ranges than the address filter holds");
}

static void filter(kb_seal *s, int report_fd,
                   const volatile uint64_t *token, int contain)
{
  seal_refusal(s, report_fd, token);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_sigsys;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGSYS, &sa, NULL)
      || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) {
    add_note(s, "cannot install the SIGSYS handler: no seccomp filter");
    return;
  }
  if (general_filter()) {
    add_note(s, "libseccomp could not load its filter");
    return;
  }
  if (address_filter(s)) {
    add_note(s, "the kernel refused the address filter: the runner's "
             "ranges are kept by mseal(2) alone");
    return;
  }
  /* Contained only (process/contain.h): what the worker may do to other
  ** processes and to terminals. */
  kb_bpf_rule rules[KB_BPF_MAX_RULES];
  size_t n = 0;
  if (contain) {
    n = kb_others_rules(rules, KB_BPF_MAX_RULES);
    n += kb_terminal_rules(rules + n, KB_BPF_MAX_RULES - n);
  }
  if (n && kb_bpf_rules_load(rules, n)) {
    add_note(s, "the kernel refused the filter of calls aimed at other "
             "processes and terminals");
    return;
  }
  s->filtered = 1;
}
#else
static void filter(kb_seal *s, int report_fd,
                   const volatile uint64_t *token, int contain)
{
  (void)report_fd;
  (void)token;
  (void)contain;
#  ifdef KBENCH_HAVE_SECCOMP
  add_note(s, "no seccomp filter on this architecture");
#  else
  add_note(s, "built without libseccomp: no system call is refused");
#  endif
}
#endif

void kb_seal_layers(const kb_seal *s, char *buf, size_t len)
{
  const char *names[3];
  size_t n = 0, used = 0;
  if (s->sealed)
    names[n++] = "mseal";
  if (s->landlocked)
    names[n++] = "Landlock";
  if (s->filtered)
    names[n++] = "seccomp";
  snprintf(buf, len, "%s", n ? "" : "none");
  for (size_t i = 0; i < n && used < len; i++) {
    int w = snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
                     names[i]);
    used += w > 0 ? (size_t)w : 0;
  }
}

void kb_seal_worker(kb_seal *s, int report_fd,
                    const volatile uint64_t *token, int contain)
{
  memset(s, 0, sizeof *s);
  const char *env = getenv("KBENCH_SEAL");
  if (env && strcmp(env, "off") == 0) {
    add_note(s, "not sealed: KBENCH_SEAL=off");
    return;
  }
  FILE *maps = fopen("/proc/self/maps", "r");
  if (!maps) {
    add_note(s, "cannot read /proc/self/maps: not sealed");
    return;
  }
  if (kb_seal_ranges(s, maps))
    add_note(s, "more ranges than the address filter holds");
  fclose(maps);
  seal_mappings(s);
  shut_proc(s);
  /* Contained only: Landlock's signal scope (others.h). */
  char scope[256] = "";
  if (contain)
    kb_others_scope(scope, sizeof scope);
  if (scope[0])
    add_note(s, scope);
  filter(s, report_fd, token, contain);
}
