/*
** A seccomp filter from a list of rules, each a system call and one of its
** arguments compared with a value, the first that matches deciding: for
** the worker's rules on what it may do outside itself (terminal.c,
** others.c), which need "this pid, else that" and libseccomp has no
** order among its rules.  A call no rule matches is allowed; so is every
** call of another architecture (libseccomp's filter kills those).
*/
#ifndef KB_BPF_RULES_H
#define KB_BPF_RULES_H

#include <stddef.h>
#include <stdint.h>

typedef struct kb_bpf_rule {
  int nr;                  /* the system call */
  int arg;                 /* its argument compared, 0 to 5; -1: none,
                              the rule matches every call of nr */
  uint64_t value;          /* ...equal to this, under mask */
  uint64_t mask;           /* 0xffffffff: its low 32 bits (an int or a
                              pid); ~0: all 64 (a pointer) */
  uint32_t action;         /* SECCOMP_RET_ALLOW, _TRAP, _ERRNO | errno */
} kb_bpf_rule;

/* At most this many rules in one list, and 36 of one call in a row (a
** jump over them is 8 bits). */
#define KB_BPF_MAX_RULES 128

/* Load rules as a filter on every thread of the process (the seal's
** SIGSYS handler must be in place for a _TRAP): 0, or -1 where the kernel
** or the architecture has none. */
int kb_bpf_rules_load(const kb_bpf_rule *rules, size_t n);

#endif
