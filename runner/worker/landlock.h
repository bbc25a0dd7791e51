/*
** Landlock's system calls for the worker's layers that use it (seal.c's
** /proc, confine.c's writes): KB_HAVE_LANDLOCK where the kernel's header
** is new enough (its second version, for REFER), the calls' numbers where
** the C library does not name them (the same on every architecture).
*/
#ifndef KB_LANDLOCK_H
#define KB_LANDLOCK_H

#ifdef __linux__
#  include <linux/landlock.h>
#  include <sys/syscall.h>
#endif

#if defined(__linux__) && defined(LANDLOCK_ACCESS_FS_REFER)
#  define KB_HAVE_LANDLOCK 1
#  ifndef SYS_landlock_create_ruleset
#    define SYS_landlock_create_ruleset 444
#    define SYS_landlock_add_rule 445
#    define SYS_landlock_restrict_self 446
#  endif
#endif

#ifdef __linux__
#  include <stdint.h>
/* The ruleset's attributes as of Landlock's sixth version (Linux 6.12),
** which adds scopes; the C library's headers may not declare them. */
struct kb_landlock_scoped_attr {
  uint64_t handled_access_fs;
  uint64_t handled_access_net;
  uint64_t scoped;
};
/* No signal to a process outside the domain. */
#  define KB_LANDLOCK_SCOPE_SIGNAL (1ULL << 1)
#  define KB_LANDLOCK_ABI_SCOPE 6
#endif

#endif
