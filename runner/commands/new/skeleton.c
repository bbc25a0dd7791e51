/* The texts of the plugin skeletons that `kbench new` writes (skeleton.h). */
#include <stddef.h>

#include "commands/new/skeleton.h"

/* What both Makefiles end with: running the plugin, installing it where
** kbench looks, cleaning up. */
#define MAKEFILE_TAIL \
"check: @NAME@.so\n" \
"\t$(KBENCH) --plugin ./@NAME@.so\n" \
"\n" \
"install: @NAME@.so\n" \
"\tinstall -d $(DESTDIR)$(PLUGINDIR)\n" \
"\tinstall -m 755 @NAME@.so $(DESTDIR)$(PLUGINDIR)/\n" \
"\n" \
"clean:\n" \
"\trm -f @NAME@.so\n" \
"\n" \
".PHONY: all check install clean\n"

/* How both Makefiles stop when pkg-config cannot find kbench. */
#define MAKEFILE_PKG_CHECK \
"# Without kbench.pc every flag below comes out empty and the build fails\n" \
"# far from the cause (a recipe that starts with an empty $(NVCC) starts\n" \
"# with -O3, whose errors make ignores): stop here and say what to set.\n" \
"ifneq ($(MAKECMDGOALS),clean)\n" \
"ifneq ($(shell $(PKG_CONFIG) --exists kbench && echo found),found)\n" \
"$(error pkg-config cannot find kbench: set PKG_CONFIG_PATH to the folder that holds kbench.pc, lib/pkgconfig under the prefix kbench was installed to, or to kbench's build tree)\n" \
"endif\n" \
"endif\n"

/* How both CMakeLists.txt begin, after their first comment, and end. */
#define CMAKE_HEAD \
"#   cmake -S . -B build && cmake --build build\n" \
"#   kbench --plugin build/@NAME@.so\n" \
"cmake_minimum_required(VERSION 3.18)\n" \
"project(@NAME@ LANGUAGES C)\n" \
"\n" \
"find_package(kbench CONFIG REQUIRED)\n"
#define CMAKE_TAIL \
"\n" \
"# cmake --install puts it where the installed kbench looks.\n" \
"install(TARGETS @NAME@ DESTINATION \"${KBENCH_PLUGINDIR}\")\n"

/* How both sources end: the parameter n (its default and most), the
** variant (its summary and backend) and the entry point, written once so
** that the host's and the CUDA plugin's stay the same table; @FLAGS@ is
** --sync's. */
#define VARIANT_TAIL(dflt, max, summary, backend) \
"static const kbench_param params[] = {\n" \
"  {.name = \"n\", .help = \"floats\", .dflt = \"" dflt "\", .min = 1,\n" \
"   .max = " max "},\n" \
"};\n" \
"static const kbench_variant @NAME@_variant = {\n" \
"  .size = sizeof(kbench_variant),\n" \
"  .name = \"@NAME@\",\n" \
"  .summary = \"" summary "\",\n" \
"  .origin = \"kbench new\",\n" \
"  .backend = " backend ",\n" \
"  .params = params,\n" \
"  .n_params = KBENCH_COUNT(params),\n" \
"  .setup = setup,\n" \
"  .run = run,\n" \
"  .verify = verify,\n" \
"  .bytes_moved = bytes,\n" \
"  .teardown = teardown,\n" \
"@FLAGS@" \
"};\n" \
"KBENCH_PLUGIN(&@NAME@_variant)\n"

/* --- the host plugin ------------------------------------------------------ */

static const char host_source[] =
"/* @NAME@: @OP@ on n floats on the CPU, a kbench host plugin written\n"
"** with the kit (<kbench/kit.h>).  Written by `kbench new`: put your loop in\n"
"** run and what it must compute in setup's reference. */\n"
"#include <stdlib.h>\n"
"#include <kbench/kit.h>\n"
"\n"
"typedef struct { size_t n; float *x, *y, *out, *want; } @NAME@_state;\n"
"\n"
"/* Inputs from the runner's seeded generator, and the answer worked out\n"
"** here, apart from run, for verify to compare run's output with. */\n"
"static int setup(const kbench_host *h, void **state)\n"
"{\n"
"  @NAME@_state *s = calloc(1, sizeof *s);\n"
"  if (!(*state = s))\n"
"    return h->fail(h, KBENCH_ERROR, \"out of host memory\");\n"
"  s->n = (size_t)h->param(h, \"n\");\n"
"  size_t bytes = s->n * sizeof(float);  /* the runner's, freed after teardown */\n"
"  if (kbench_host_buffer(h, (void **)&s->x, bytes)\n"
"      || kbench_host_buffer(h, (void **)&s->y, bytes)\n"
"      || kbench_host_buffer(h, (void **)&s->out, bytes)\n"
"      || kbench_host_buffer(h, (void **)&s->want, bytes))\n"
"    return KBENCH_ERROR;\n"
"  kbench_fill_float(h, s->x, s->n);\n"
"  kbench_fill_float(h, s->y, s->n);\n"
"@HOST_REF@"
"@HOST_DECLARE@"
"}\n"
"\n"
"/* The work that is timed. */\n"
"static int run(const kbench_host *h, void *state)\n"
"{\n"
"  @NAME@_state *s = state;\n"
"@HOST_PREP@"
"  for (size_t i = 0; i < s->n; i++)\n"
"    s->out[i] @ASSIGN@ s->x[i] + s->y[i];\n"
"@STOP@"
"  return KBENCH_OK;\n"
"}\n"
"\n"
"static int verify(const kbench_host *h, void *state)\n"
"{\n"
"  @NAME@_state *s = state;\n"
"  return kbench_check_float(h, \"out\", s->out, s->want, s->n, 1e-6, 0);\n"
"}\n"
"\n"
"/* What one run moves, for the bandwidth kbench reports. */\n"
"static void bytes(const kbench_host *h, void *state, kbench_bytes *b)\n"
"{\n"
"  (void)h;\n"
"  b->read = @READS@ * ((@NAME@_state *)state)->n * sizeof(float);\n"
"  b->written = ((@NAME@_state *)state)->n * sizeof(float);\n"
"  b->memory = KBENCH_MEM_HOST;\n"
"}\n"
"\n"
"static void teardown(const kbench_host *h, void *state)\n"
"{\n"
"  (void)h;\n"
"  free(state);\n"
"}\n"
"\n"
VARIANT_TAIL("16M", "1 << 28", "@OP@ on the CPU",
             "KBENCH_BACKEND_HOST");

static const char host_makefile[] =
"# @NAME@.so, a kbench plugin, built against the installed kbench with\n"
"# nothing but pkg-config (PKG_CONFIG_PATH finds kbench.pc under another\n"
"# prefix, or a build tree's kbench-uninstalled.pc).  make check runs it\n"
"# through kbench.\n"
"PKG_CONFIG ?= pkg-config\n"
MAKEFILE_PKG_CHECK
"KBENCH    ?= kbench\n"
"CFLAGS    ?= -O2 -Wall -Wextra\n"
"CPPFLAGS  := $(shell $(PKG_CONFIG) --cflags kbench)\n"
"PLUGINDIR := $(shell $(PKG_CONFIG) --variable=plugindir kbench)\n"
"# The libraries the plugin calls (a BLAS: LIBS = -lopenblas -lm).  -z defs\n"
"# makes one left out fail this link, not kbench's load of the plugin.\n"
"LIBS      = -lm\n"
"\n"
"all: @NAME@.so\n"
"\n"
"@NAME@.so: @NAME@.c\n"
"\t$(CC) -std=c11 $(CFLAGS) -shared -fPIC -fvisibility=hidden $(CPPFLAGS) \\\n"
"\t  -Wl,-z,defs -o $@ $< $(LIBS)\n"
"\n"
MAKEFILE_TAIL;

static const char host_cmake[] =
"# @NAME@.so, a kbench plugin, built with the installed kbench's CMake\n"
"# package (CMAKE_PREFIX_PATH or kbench_DIR finds it under another prefix\n"
"# or in a build tree):\n"
CMAKE_HEAD
"kbench_add_plugin(NAME @NAME@ SOURCES @NAME@.c)\n"
"# The libraries it calls go here; kbench_add_plugin links with -z defs,\n"
"# so one left out fails this link, not kbench's load of the plugin:\n"
"#   find_package(BLAS REQUIRED)\n"
"#   target_link_libraries(@NAME@ PRIVATE BLAS::BLAS)\n"
CMAKE_TAIL;

/* --- the CUDA plugin ------------------------------------------------------ */

static const char cuda_source[] =
"/* @NAME@: @OP@ on n floats, a kbench CUDA plugin written with the\n"
"** kit (<kbench/kit.h>).  Written by `kbench new`: put your kernel in place\n"
"** of @NAME@_kernel and what it must compute in setup's reference. */\n"
"#include <stdlib.h>\n"
"#include <kbench/kit.h>\n"
"\n"
"typedef struct {\n"
"  size_t n;\n"
"  float *x, *y, *out;          /* device */\n"
"  float *hx, *hy, *want, *got; /* host, the runner's */\n"
"} @NAME@_state;\n"
"\n"
"/* One element per thread. */\n"
"__global__ void @NAME@_kernel(const float *x, const float *y, float *out,\n"
"                              size_t n)\n"
"{\n"
"  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;\n"
"  if (i < n)\n"
"    out[i] @ASSIGN@ x[i] + y[i];\n"
"}\n"
"\n"
"/* Inputs from the runner's seeded generator, uploaded; the answer worked\n"
"** out on the CPU, for verify to compare the kernel's output with. */\n"
"static int setup(const kbench_host *h, void **state)\n"
"{\n"
"  @NAME@_state *s = (@NAME@_state *)calloc(1, sizeof *s);\n"
"  if (!(*state = s))\n"
"    return h->fail(h, KBENCH_ERROR, \"out of host memory\");\n"
"  s->n = (size_t)h->param(h, \"n\");\n"
"  size_t bytes = s->n * sizeof(float);\n"
"  if (kbench_host_buffer(h, (void **)&s->hx, bytes)\n"
"      || kbench_host_buffer(h, (void **)&s->hy, bytes)\n"
"      || kbench_host_buffer(h, (void **)&s->want, bytes)\n"
"      || kbench_host_buffer(h, (void **)&s->got, bytes))\n"
"    return KBENCH_ERROR;\n"
"  kbench_fill_float(h, s->hx, s->n);\n"
"  kbench_fill_float(h, s->hy, s->n);\n"
"@CUDA_REF@"
"  int rc = kbench_device_upload(h, (void **)&s->x, s->hx, bytes);\n"
"  if (rc == KBENCH_OK)\n"
"    rc = kbench_device_upload(h, (void **)&s->y, s->hy, bytes);\n"
"@CUDA_DECLARE@"
"}\n"
"\n"
"/* The work that is timed: one launch on the runner's stream. */\n"
"static int run(const kbench_host *h, void *state)\n"
"{\n"
"  @NAME@_state *s = (@NAME@_state *)state;\n"
"@CUDA_PREP@"
"  @NAME@_kernel<<<kbench_blocks(s->n, 256), 256, 0, kbench_stream(h)>>>(\n"
"      s->x, s->y, s->out, s->n);\n"
"  KBENCH_LAUNCHED(h);\n"
"@SYNC@"
"@STOP@"
"  return KBENCH_OK;\n"
"}\n"
"\n"
"static int verify(const kbench_host *h, void *state)\n"
"{\n"
"  @NAME@_state *s = (@NAME@_state *)state;\n"
"  int rc = kbench_fetch(h, s->got, s->out, s->n * sizeof(float));\n"
"  return rc ? rc : kbench_check_float(h, \"out\", s->got, s->want, s->n, 1e-6, 0);\n"
"}\n"
"\n"
"/* What one run moves through device memory, for the bandwidth reported. */\n"
"static void bytes(const kbench_host *, void *state, kbench_bytes *b)\n"
"{\n"
"  b->read = @READS@ * ((@NAME@_state *)state)->n * sizeof(float);\n"
"  b->written = ((@NAME@_state *)state)->n * sizeof(float);\n"
"  b->memory = KBENCH_MEM_GLOBAL;\n"
"}\n"
"\n"
"static void teardown(const kbench_host *, void *state)\n"
"{\n"
"  @NAME@_state *s = (@NAME@_state *)state;\n"
"  cudaFree(s->x), cudaFree(s->y), cudaFree(s->out), free(s);\n"
"}\n"
"\n"
"/* 64M floats: 768 MB moved, far more than any GPU's L2. */\n"
VARIANT_TAIL("64M", "1 << 30", "@OP@", "KBENCH_BACKEND_CUDA");

static const char cuda_makefile[] =
"# @NAME@.so, a kbench plugin, built against the installed kbench with\n"
"# nothing but pkg-config (PKG_CONFIG_PATH finds kbench.pc under another\n"
"# prefix, or a build tree's kbench-uninstalled.pc): it gives nvcc, the\n"
"# GPU targets kbench was built for and how to link the CUDA runtime.\n"
"# make check runs it through kbench.\n"
"PKG_CONFIG ?= pkg-config\n"
MAKEFILE_PKG_CHECK
"KBENCH    ?= kbench\n"
"NVCC      := $(shell $(PKG_CONFIG) --variable=nvcc kbench)\n"
"GENCODE   := $(shell $(PKG_CONFIG) --variable=cuda_gencode kbench)\n"
"CPPFLAGS  := $(shell $(PKG_CONFIG) --cflags kbench) \\\n"
"             $(shell $(PKG_CONFIG) --variable=cuda_cppflags kbench)\n"
"CUDA_LIBS := $(shell $(PKG_CONFIG) --variable=nvcc_libs kbench)\n"
"PLUGINDIR := $(shell $(PKG_CONFIG) --variable=plugindir kbench)\n"
"# The libraries the plugin calls besides the CUDA runtime (cuBLAS:\n"
"# LIBS = -lcublas).  -z defs makes one left out fail this link, not\n"
"# kbench's load of the plugin.\n"
"LIBS      =\n"
"ifeq ($(NVCC)$(filter clean,$(MAKECMDGOALS)),)\n"
"$(error kbench.pc names no nvcc: this kbench was built without CUDA)\n"
"endif\n"
"\n"
"all: @NAME@.so\n"
"\n"
"@NAME@.so: @NAME@.cu\n"
"\t$(NVCC) $(GENCODE) -O3 -shared -Xcompiler=-fPIC,-fvisibility=hidden \\\n"
"\t  -Xlinker=-z,defs $(CPPFLAGS) -o $@ $< $(CUDA_LIBS) $(LIBS)\n"
"\n"
MAKEFILE_TAIL;

static const char cuda_cmake[] =
"# @NAME@.so, a kbench plugin, built with the installed kbench's CMake\n"
"# package (CMAKE_PREFIX_PATH or kbench_DIR finds it under another prefix\n"
"# or in a build tree) and the nvcc kbench was built with, unless\n"
"# CMAKE_CUDA_COMPILER says otherwise:\n"
CMAKE_HEAD
"if(NOT DEFINED CMAKE_CUDA_COMPILER AND EXISTS \"${KBENCH_NVCC}\")\n"
"  set(CMAKE_CUDA_COMPILER \"${KBENCH_NVCC}\")\n"
"endif()\n"
"enable_language(CUDA)\n"
"kbench_add_plugin(NAME @NAME@ SOURCES @NAME@.cu)\n"
"# The libraries it calls go here; kbench_add_plugin links with -z defs,\n"
"# so one left out fails this link, not kbench's load of the plugin:\n"
"#   find_package(CUDAToolkit REQUIRED)\n"
"#   target_link_libraries(@NAME@ PRIVATE CUDA::cublas)\n"
CMAKE_TAIL;

/* --- what --sync and --timer put in run (ABI 1.2) ------------------------ */

/* --timer: a preparation before the timed region, which begins after it. */
static const char host_prep[] =
"  /* Untimed preparation (a reset, a re-upload, a rewind): done before the\n"
"  ** timed region, so not timed.  What verify checks must be made inside\n"
"  ** the region: the runner verifies the outputs as timer_stop left them. */\n"
"  for (size_t i = 0; i < s->n; i++)\n"
"    s->out[i] = 0;\n"
"  if (h->timer_start(h) != KBENCH_OK)  /* the timed region begins */\n"
"    return KBENCH_ERROR;\n";
static const char cuda_prep[] =
"  /* Untimed preparation (a reset, a re-upload, a rewind): queued before\n"
"  ** the timed region, so not timed, but still ordered on the runner's\n"
"  ** stream and audited.  What verify checks must be made inside the\n"
"  ** region: the runner verifies the outputs as timer_stop left them. */\n"
"  KBENCH_CUDA(h, cudaMemsetAsync(s->out, 0, s->n * sizeof(float),\n"
"                                 kbench_stream(h)));\n"
"  if (h->timer_start(h) != KBENCH_OK)  /* the timed region begins */\n"
"    return KBENCH_ERROR;\n";
static const char timer_stop[] =
"  if (h->timer_stop(h) != KBENCH_OK)   /* and ends */\n"
"    return KBENCH_ERROR;\n";
/* --sync: a wait for the result, as library code returning to the host
** does; the variant declares it. */
static const char cuda_sync[] =
"  /* Wait for the result, as library code that returns a value to the\n"
"  ** host does (Thrust, cuBLAS): the variant declares KBENCH_VARIANT_SYNCS,\n"
"  ** so kbench times each run by itself and does not hold the stream. */\n"
"  KBENCH_CUDA(h, cudaStreamSynchronize(kbench_stream(h)));\n";
static const char sync_flags[] = "  .flags = KBENCH_VARIANT_SYNCS,\n";

/* --- out = x + y, or out += x + y with out declared in-out (ABI 1.4) ---- */

/* setup's reference, and its declaration of out: an output, which the
** runner poisons, or (--inout) a buffer run reads too, which it restores. */
static const char host_ref[] =
"  for (size_t i = 0; i < s->n; i++)  /* the reference, in double */\n"
"    s->want[i] = (float)((double)s->x[i] + (double)s->y[i]);\n";
static const char host_output[] =
"  /* Declared as the output: the runner poisons it before every checked run. */\n"
"  return h->output(h, s->out, bytes, KBENCH_MEM_HOST);\n";
static const char host_inout_ref[] =
"  kbench_fill_float(h, s->out, s->n);  /* what out holds before a run */\n"
"  for (size_t i = 0; i < s->n; i++)  /* the reference, in double */\n"
"    s->want[i] = (float)((double)s->out[i] + (double)s->x[i]\n"
"                         + (double)s->y[i]);\n";
static const char host_inout[] =
"  /* run reads out before it writes it (out += x + y): declared in-out,\n"
"  ** the runner puts back what out holds now before every checked run. */\n"
"  return h->inout(h, s->out, bytes, KBENCH_MEM_HOST);\n";
static const char cuda_ref[] =
"  for (size_t i = 0; i < s->n; i++)  /* the reference, in double */\n"
"    s->want[i] = (float)((double)s->hx[i] + (double)s->hy[i]);\n";
static const char cuda_output[] =
"  /* The output: the runner poisons it before every checked run. */\n"
"  return rc != KBENCH_OK ? rc : kbench_device_output(h, (void **)&s->out, bytes);\n";
/* got, verify's copy of out, stages out's first contents. */
static const char cuda_inout_ref[] =
"  kbench_fill_float(h, s->got, s->n);  /* what out holds before a run */\n"
"  for (size_t i = 0; i < s->n; i++)  /* the reference, in double */\n"
"    s->want[i] = (float)((double)s->got[i] + (double)s->hx[i]\n"
"                         + (double)s->hy[i]);\n";
static const char cuda_inout[] =
"  /* run reads out before it writes it (out += x + y): declared in-out,\n"
"  ** the runner puts back what is uploaded here before every checked run. */\n"
"  return rc != KBENCH_OK ? rc\n"
"                         : kbench_device_inout(h, (void **)&s->out, s->got, bytes);\n";

void kb_skeleton_marks(int sync, int timer, int inout,
                       kb_skeleton_mark *marks)
{
  marks[0] = (kb_skeleton_mark){"@HOST_PREP@", timer ? host_prep
                                                     : "  (void)h;\n"};
  marks[1] = (kb_skeleton_mark){"@CUDA_PREP@", timer ? cuda_prep : ""};
  marks[2] = (kb_skeleton_mark){"@STOP@", timer ? timer_stop : ""};
  marks[3] = (kb_skeleton_mark){"@SYNC@", sync ? cuda_sync : ""};
  marks[4] = (kb_skeleton_mark){"@FLAGS@", sync ? sync_flags : ""};
  marks[5] = (kb_skeleton_mark){"@OP@", inout ? "out += x + y"
                                              : "out = x + y"};
  marks[6] = (kb_skeleton_mark){"@ASSIGN@", inout ? "+=" : "="};
  marks[7] = (kb_skeleton_mark){"@READS@", inout ? "3" : "2"};
  marks[8] = (kb_skeleton_mark){"@HOST_REF@", inout ? host_inout_ref
                                                    : host_ref};
  marks[9] = (kb_skeleton_mark){"@HOST_DECLARE@", inout ? host_inout
                                                        : host_output};
  marks[10] = (kb_skeleton_mark){"@CUDA_REF@", inout ? cuda_inout_ref
                                                     : cuda_ref};
  marks[11] = (kb_skeleton_mark){"@CUDA_DECLARE@", inout ? cuda_inout
                                                         : cuda_output};
}

static const kb_skeleton_file host_files[] = {
  {"@NAME@.c", host_source},
  {"Makefile", host_makefile},
  {"CMakeLists.txt", host_cmake},
  {NULL, NULL},
};

static const kb_skeleton_file cuda_files[] = {
  {"@NAME@.cu", cuda_source},
  {"Makefile", cuda_makefile},
  {"CMakeLists.txt", cuda_cmake},
  {NULL, NULL},
};

const kb_skeleton_file *kb_skeleton(int cuda)
{
  return cuda ? cuda_files : host_files;
}
