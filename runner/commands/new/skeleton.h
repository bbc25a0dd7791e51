/*
** The files `kbench new` writes: a plugin with the kit that builds and
** verifies as written, for the CPU or for CUDA, with a Makefile on
** `pkg-config kbench` and a CMakeLists.txt on find_package(kbench).
*/
#ifndef KB_SKELETON_H
#define KB_SKELETON_H

typedef struct kb_skeleton_file {
  const char *name;        /* in the plugin's folder; @NAME@ is its name */
  const char *text;        /* @NAME@ where the plugin's name goes */
} kb_skeleton_file;

/* The files of a CUDA (cuda nonzero) or a host plugin, ending with a
** {NULL, NULL}. */
const kb_skeleton_file *kb_skeleton(int cuda);

/* The other marks in the files' texts, and what replaces them (a text
** that may hold @NAME@): the parts of run that --sync (a wait for the
** result, and KBENCH_VARIANT_SYNCS: CUDA only) and --timer (a preparation
** before the timed region) add, and what --inout changes (out += x + y,
** out declared in-out), or what stands without them. */
typedef struct kb_skeleton_mark {
  const char *mark;
  const char *text;
} kb_skeleton_mark;
#define KB_SKELETON_MARKS 12
void kb_skeleton_marks(int sync, int timer, int inout,
                       kb_skeleton_mark *marks);

#endif
