/* A seccomp filter from a list of rules (bpf_rules.h). */

#define _GNU_SOURCE            /* syscall */
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "worker/bpf_rules.h"
#ifdef __linux__
#  include <linux/audit.h>
#  include <linux/filter.h>
#  include <linux/seccomp.h>
#endif

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
#  if defined(__x86_64__)
#    define KB_AUDIT_ARCH AUDIT_ARCH_X86_64
#  else
#    define KB_AUDIT_ARCH AUDIT_ARCH_AARCH64
#  endif

#  define ARG_LO(i) (offsetof(struct seccomp_data, args) + 8 * (i))
#  define ARG_HI(i) (ARG_LO(i) + 4)
/* Each rule's instructions, and a group's check of nr before its rules:
** fixed counts, so that a rule that does not match jumps over the rest
** of itself by a known distance, and a call of another nr over the whole
** group.  A call no group is for costs two instructions a group. */
#  define PER_RULE 7
#  define PER_GROUP 2

int kb_bpf_rules_load(const kb_bpf_rule *rules, size_t n)
{
  struct sock_filter ins[3 + KB_BPF_MAX_RULES * (PER_GROUP + PER_RULE) + 1];
  size_t at = 0;
  if (n > KB_BPF_MAX_RULES)
    return -1;
  ins[at++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                                 offsetof(struct seccomp_data, arch));
  ins[at++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
                                           KB_AUDIT_ARCH, 1, 0);
  ins[at++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K,
                                           SECCOMP_RET_ALLOW);
  for (size_t r = 0; r < n; r++) {
    const kb_bpf_rule *u = &rules[r];
    if (r == 0 || rules[r - 1].nr != u->nr) {
      /* A group: the rules of one nr that follow each other. */
      size_t in_group = 1;
      while (r + in_group < n && rules[r + in_group].nr == u->nr)
        in_group++;
      if (in_group * PER_RULE > 255)
        return -1;
      ins[at++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                                     offsetof(struct seccomp_data, nr));
      ins[at++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
                                               (uint32_t)u->nr, 0,
                                               (uint8_t)(in_group * PER_RULE));
    }
    int arg = u->arg < 0 ? 0 : u->arg;
    uint64_t mask = u->arg < 0 ? 0 : u->mask, value = u->value & mask;
    /* Each half of the argument under its mask; a mismatch jumps to the
    ** next rule, PER_RULE - 1 - (its place) ahead. */
    ins[at++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                                             ARG_LO(arg));
    ins[at++] = (struct sock_filter)BPF_STMT(BPF_ALU | BPF_AND | BPF_K,
                                             (uint32_t)mask);
    ins[at++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
                                             (uint32_t)value, 0, 4);
    ins[at++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                                             ARG_HI(arg));
    ins[at++] = (struct sock_filter)BPF_STMT(BPF_ALU | BPF_AND | BPF_K,
                                             (uint32_t)(mask >> 32));
    ins[at++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
                                             (uint32_t)(value >> 32), 0, 1);
    ins[at++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, u->action);
  }
  ins[at++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K,
                                           SECCOMP_RET_ALLOW);
  struct sock_fprog prog = {(unsigned short)at, ins};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
    return -1;
  return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                 SECCOMP_FILTER_FLAG_TSYNC, &prog) == 0 ? 0 : -1;
}
#else
int kb_bpf_rules_load(const kb_bpf_rule *rules, size_t n)
{
  (void)rules;
  (void)n;
  return -1;
}
#endif
