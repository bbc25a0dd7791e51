# KB_ENABLE_SANITIZERS
# --------------------
# --enable-sanitizers: build every C object and link every program and
# module with AddressSanitizer and UndefinedBehaviorSanitizer.
#
# The flags go into CFLAGS and LDFLAGS rather than AM_CFLAGS: Makefile
# fragments set their own per-target flags, which would silently drop
# AM_* ones, and a target added later must not escape the sanitizers.
# nvcc never sees CFLAGS, so CUDA objects stay uninstrumented; their
# modules are still linked by $CC with LDFLAGS, which pulls in the
# sanitizer runtimes, and so still link with -Wl,-z,defs and load into a
# sanitized kbench.  Call it after the other checks, so that they do not
# run sanitized.
# Sets SANITIZER_FLAGS and the automake conditional KB_SANITIZERS.
AC_DEFUN([KB_ENABLE_SANITIZERS], [
AC_ARG_ENABLE([sanitizers],
  [AS_HELP_STRING([--enable-sanitizers],
    [build the runner, its tests and the C plugins with ASan and UBSan])],
  [], [enable_sanitizers=no])

kb_sanitizers=no
SANITIZER_FLAGS=
AS_IF([test "x$enable_sanitizers" != xno], [
  kb_san_flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g"
  AC_MSG_CHECKING([whether $CC builds with $kb_san_flags])
  kb_save_CFLAGS=$CFLAGS; kb_save_LDFLAGS=$LDFLAGS
  CFLAGS="$CFLAGS $kb_san_flags"; LDFLAGS="$LDFLAGS $kb_san_flags"
  AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <stdlib.h>]],
                                  [[free(malloc(1));]])],
    [kb_sanitizers=yes], [CFLAGS=$kb_save_CFLAGS; LDFLAGS=$kb_save_LDFLAGS])
  AC_MSG_RESULT([$kb_sanitizers])
  AS_IF([test $kb_sanitizers = no],
    [AC_MSG_ERROR([--enable-sanitizers: $CC cannot build with $kb_san_flags (on Debian, gcc needs libasan8 and libubsan1)])])
  SANITIZER_FLAGS=$kb_san_flags
])
AC_SUBST([SANITIZER_FLAGS])
AM_CONDITIONAL([KB_SANITIZERS], [test $kb_sanitizers = yes])
])
