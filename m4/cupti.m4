# KB_CHECK_CUPTI
# --------------
# Find CUPTI (hardware counters and activity records) in the CUDA toolkit that
# KB_CHECK_CUDA found.  Call after KB_CHECK_CUDA.
#   --with-cupti=DIR   CUPTI root (include/ and lib64/ or lib/ under it), or
#                      the CUDA toolkit root; default: the CUDA toolkit
#   --without-cupti    build the no-CUPTI stub: --metrics says what to install
# Headers: $CUDA/include (= targets/<arch>/include) or $CUDA/extras/CUPTI/include.
# Library: $CUDA/targets/<arch>/lib, $CUDA/lib64 or $CUDA/extras/CUPTI/lib64.
# libcupti dlopen()s libnvperf_host.so by bare name from its own folder, so
# that folder goes on the rpath.  The glue is C++ (CUDA 13's
# cupti_profiler_host.h includes <string>), so this also needs a C++ compiler.
# Sets CUPTI_CPPFLAGS, CUPTI_LDFLAGS, CUPTI_LIBS, defines KBENCH_HAVE_CUPTI and
# the automake conditional HAVE_CUPTI.
AC_DEFUN([KB_CHECK_CUPTI], [
AC_REQUIRE([AC_PROG_CXX])
AC_ARG_WITH([cupti],
  [AS_HELP_STRING([--with-cupti=DIR], [CUPTI root, or the CUDA toolkit root @<:@the CUDA toolkit@:>@])],
  [], [with_cupti=check])

kb_have_cupti=no
AS_IF([test "x$with_cupti" != xno && test "x$kb_have_cuda" = xyes], [
  AS_CASE([$with_cupti], [yes|check], [kb_cupti_root=$kb_cuda_dir], [kb_cupti_root=$with_cupti])
  kb_arch=`uname -m | sed 's/aarch64/sbsa/'`
  kb_cupti_inc= kb_cupti_lib=
  for kb_d in "$kb_cupti_root/include" "$kb_cupti_root/extras/CUPTI/include" \
              "$kb_cupti_root/targets/$kb_arch-linux/include"; do
    AS_IF([test -f "$kb_d/cupti_range_profiler.h" && test -f "$kb_d/cupti_profiler_host.h"],
      [kb_cupti_inc=$kb_d; break])
  done
  for kb_d in "$kb_cupti_root/targets/$kb_arch-linux/lib" "$kb_cupti_root/lib64" \
              "$kb_cupti_root/extras/CUPTI/lib64" "$kb_cupti_root/lib"; do
    AS_IF([test -e "$kb_d/libcupti.so"], [kb_cupti_lib=$kb_d; break])
  done
  AS_IF([test -n "$kb_cupti_inc" && test -n "$kb_cupti_lib"], [
    # The real folder, so the rpath still holds when the cuda symlink moves.
    kb_cupti_lib=`cd "$kb_cupti_lib" && pwd -P`
    AC_LANG_PUSH([C++])
    kb_save_CPPFLAGS=$CPPFLAGS; kb_save_LIBS=$LIBS; kb_save_LDFLAGS=$LDFLAGS
    CPPFLAGS="$CPPFLAGS -I$kb_cuda_dir/include -I$kb_cupti_inc"
    LDFLAGS="$LDFLAGS -L$kb_cupti_lib"
    LIBS="-lcupti $LIBS"
    AC_MSG_CHECKING([whether CUPTI's range profiler links])
    AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <cupti_profiler_host.h>
#include <cupti_range_profiler.h>]],
      [[CUpti_RangeProfiler_Enable_Params p = {}; (void)p; return cuptiRangeProfilerEnable(0) == CUPTI_SUCCESS;]])],
      [kb_have_cupti=yes])
    AC_MSG_RESULT([$kb_have_cupti])
    CPPFLAGS=$kb_save_CPPFLAGS; LIBS=$kb_save_LIBS; LDFLAGS=$kb_save_LDFLAGS
    AC_LANG_POP([C++])
    AS_IF([test -e "$kb_cupti_lib/libnvperf_host.so"], [],
      [AC_MSG_WARN([no libnvperf_host.so beside libcupti in $kb_cupti_lib: the counters will fail at run time])])
  ])
  AS_IF([test $kb_have_cupti = no && test "x$with_cupti" != xcheck],
    [AC_MSG_ERROR([CUPTI not usable under $kb_cupti_root (need cupti_range_profiler.h, cupti_profiler_host.h and libcupti.so; CUDA 12.6 or newer)])])
  AS_IF([test $kb_have_cupti = no],
    [AC_MSG_WARN([no usable CUPTI under $kb_cupti_root: no hardware counters (--metrics says what to install)])])
])
AS_IF([test "x$with_cupti" != xno && test "x$with_cupti" != xcheck && test "x$kb_have_cuda" != xyes],
  [AC_MSG_ERROR([--with-cupti needs the CUDA toolkit (--with-cuda)])])

AS_IF([test $kb_have_cupti = yes], [
  CUPTI_CPPFLAGS="-I$kb_cupti_inc"
  CUPTI_LDFLAGS="-L$kb_cupti_lib -R$kb_cupti_lib"
  CUPTI_LIBS="-lcupti"
  AC_DEFINE([KBENCH_HAVE_CUPTI], [1], [Define when built with CUPTI (hardware counters, activity records)])
], [kb_cupti_lib=])
AC_SUBST([CUPTI_CPPFLAGS])
AC_SUBST([CUPTI_LDFLAGS])
AC_SUBST([CUPTI_LIBS])
AC_SUBST([CUPTI_LIBDIR], [$kb_cupti_lib])
AM_CONDITIONAL([HAVE_CUPTI], [test $kb_have_cupti = yes])
])
