# KB_CHECK_CUDA
# -------------
# Find the CUDA toolkit for building GPU plugins.
#   --with-cuda=DIR        toolkit root (default /usr/local/cuda)
#   --without-cuda         build the runner and host plugins only
#   --with-cuda-arch=LIST  comma-separated SM numbers (default 90); each gets
#                          machine code, and the last one also keeps PTX so
#                          that newer GPUs can JIT it.
# Sets NVCC, CUDA_CPPFLAGS, CUDA_LDFLAGS, CUDA_LIBS, CUDA_GENCODE, defines
# KBENCH_HAVE_CUDA and the automake conditional HAVE_CUDA.  Only cudart is
# linked: never libcuda, which needs a driver that CI machines lack.
AC_DEFUN([KB_CHECK_CUDA], [
AC_ARG_WITH([cuda],
  [AS_HELP_STRING([--with-cuda=DIR], [CUDA toolkit root @<:@/usr/local/cuda@:>@])],
  [], [with_cuda=check])
AC_ARG_WITH([cuda-arch],
  [AS_HELP_STRING([--with-cuda-arch=LIST], [SM versions to build for, e.g. 90,100 @<:@90@:>@])],
  [], [with_cuda_arch=90])

kb_have_cuda=no
AS_CASE([$with_cuda],
  [no], [],
  [yes|check], [kb_cuda_dir=/usr/local/cuda],
  [kb_cuda_dir=$with_cuda])

AS_IF([test "x$with_cuda" != xno], [
  AC_PATH_PROG([NVCC], [nvcc], [], [$kb_cuda_dir/bin])
  kb_cuda_libdir=$kb_cuda_dir/lib64
  AS_IF([test -d "$kb_cuda_libdir"], [], [kb_cuda_libdir=$kb_cuda_dir/lib])
  kb_save_CPPFLAGS=$CPPFLAGS; kb_save_LDFLAGS=$LDFLAGS
  CPPFLAGS="$CPPFLAGS -I$kb_cuda_dir/include"
  LDFLAGS="$LDFLAGS -L$kb_cuda_libdir"
  AS_IF([test -n "$NVCC"], [
    AC_CHECK_HEADER([cuda_runtime_api.h],
      [AC_CHECK_LIB([cudart], [cudaGetDeviceCount], [kb_have_cuda=yes])])
  ])
  CPPFLAGS=$kb_save_CPPFLAGS; LDFLAGS=$kb_save_LDFLAGS
  AS_IF([test $kb_have_cuda = no && test "x$with_cuda" != xcheck],
    [AC_MSG_ERROR([CUDA toolkit not usable under $kb_cuda_dir (need bin/nvcc, include/cuda_runtime_api.h and libcudart)])])
  AS_IF([test $kb_have_cuda = no],
    [AC_MSG_WARN([no CUDA toolkit in $kb_cuda_dir: building host plugins only])])
])

AS_IF([test $kb_have_cuda = yes], [
  CUDA_CPPFLAGS="-I$kb_cuda_dir/include"
  CUDA_LDFLAGS="-L$kb_cuda_libdir -R$kb_cuda_libdir"
  CUDA_LIBS="-lcudart"
  CUDA_LIBS_PC="-L$kb_cuda_libdir -Xlinker=-rpath=$kb_cuda_libdir -lcudart"
  CUDA_GENCODE=
  kb_last=
  for kb_sm in `echo "$with_cuda_arch" | tr ',' ' '`; do
    AS_CASE([$kb_sm], [*[[!0-9a-z]]*|""],
      [AC_MSG_ERROR([bad --with-cuda-arch entry '$kb_sm': expected e.g. 90 or 90a])])
    CUDA_GENCODE="$CUDA_GENCODE -gencode=arch=compute_$kb_sm,code=sm_$kb_sm"
    kb_last=$kb_sm
  done
  AS_IF([test -z "$kb_last"], [AC_MSG_ERROR([--with-cuda-arch is empty])])
  CUDA_GENCODE="$CUDA_GENCODE -gencode=arch=compute_$kb_last,code=compute_$kb_last"
  CUDA_GENCODE=`echo $CUDA_GENCODE`
  AC_DEFINE([KBENCH_HAVE_CUDA], [1], [Define when built with the CUDA runtime])
], [NVCC=])

AC_SUBST([NVCC])
AC_SUBST([CUDA_CPPFLAGS])
AC_SUBST([CUDA_LDFLAGS])
AC_SUBST([CUDA_LIBS])
AC_SUBST([CUDA_GENCODE])
AC_SUBST([CUDA_LIBS_PC])
AM_CONDITIONAL([HAVE_CUDA], [test $kb_have_cuda = yes])
])
