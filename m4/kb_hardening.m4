# KB_CHECK_RELRO
# --------------
# Full RELRO and immediate binding for the kbench binary, which is also
# the worker that loads plugins (docs/security.md): every symbol is bound
# at start, and ld.so then makes the whole RELRO range, the GOT included,
# read-only, so that no PLT slot can be rewritten with a plain store.
# Only where the linker accepts the flags: GNU ld ignores an unknown -z
# option with a warning, hence --fatal-warnings in the check.
# Sets HARDEN_LDFLAGS.
AC_DEFUN([KB_CHECK_RELRO], [
kb_relro_flags="-Wl,-z,relro,-z,now"
AC_MSG_CHECKING([whether the linker accepts $kb_relro_flags])
kb_save_LDFLAGS=$LDFLAGS
LDFLAGS="$LDFLAGS $kb_relro_flags -Wl,--fatal-warnings"
AC_LINK_IFELSE([AC_LANG_PROGRAM([], [])],
  [kb_relro=yes; HARDEN_LDFLAGS=$kb_relro_flags], [kb_relro=no; HARDEN_LDFLAGS=])
LDFLAGS=$kb_save_LDFLAGS
AC_MSG_RESULT([$kb_relro])
AC_SUBST([HARDEN_LDFLAGS])
])

# KB_CHECK_SECCOMP
# ----------------
# libseccomp seals the worker before a plugin's code first runs
# (runner/worker/seal.c).  Optional: without it the worker is sealed by
# mseal(2) alone where the kernel has it, and configure says so.
# --with-seccomp requires it, --without-seccomp leaves it out.
# Defines KBENCH_HAVE_SECCOMP, sets SECCOMP_CFLAGS and SECCOMP_LIBS.
AC_DEFUN([KB_CHECK_SECCOMP], [
AC_ARG_WITH([seccomp],
  [AS_HELP_STRING([--without-seccomp],
    [build without libseccomp: the worker then refuses no system call, and
     only mseal(2) (Linux 6.10 or later) keeps a plugin from rewriting it])],
  [], [with_seccomp=check])
kb_have_seccomp=no
AS_IF([test "x$with_seccomp" != xno], [
  PKG_CHECK_MODULES([SECCOMP], [libseccomp >= 2.5], [kb_have_seccomp=yes], [
    AS_IF([test "x$with_seccomp" = xyes],
      [AC_MSG_ERROR([--with-seccomp: libseccomp >= 2.5 not found ($SECCOMP_PKG_ERRORS).
Install it (Debian: apt-get install libseccomp-dev, which ./autogen.sh does as root).])])
    AC_MSG_WARN([libseccomp >= 2.5 not found: the worker will refuse no system call.
A plugin may then make the runner's code and read-only data writable
(mprotect) wherever the kernel has no mseal(2) (before Linux 6.10).
Install libseccomp-dev (./autogen.sh does as root), or configure
--without-seccomp to say that this is meant.])
  ])
])
AS_IF([test $kb_have_seccomp = yes],
  [AC_DEFINE([KBENCH_HAVE_SECCOMP], [1], [Define when libseccomp seals the worker])])
])
