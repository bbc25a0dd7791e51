/*
** Where an installed kbench finds what was installed beside it (its
** plugins, its Python scripts): the directories configure chose, moved
** with the binary.  They are compiled in as make knew them last
** (util/install_dirs.h, remade when --prefix or --libdir changes), and
** read relative to the running binary: a kbench copied with its tree to
** another prefix, or staged under make install DESTDIR=, finds its own
** plugins and never those of another install at the old prefix.
*/
#ifndef KB_INSTALL_DIR_H
#define KB_INSTALL_DIR_H

#include <stddef.h>

/* The directory of the running binary (/proc/self/exe, links resolved),
** into buf: buf, or NULL when it cannot be read. */
char *kb_exe_dir(char *buf, size_t len);

/* Whether exe_dir (kb_exe_dir's, may be NULL) is the build tree's top,
** where a kbench that was built but not installed runs. */
int kb_in_build_tree(const char *exe_dir);

/* One of the installed directories, as seen from a binary in exe_dir:
** exe_dir followed by the way from the configured bindir to that
** directory ("../lib/kbench/plugins").  When exe_dir is NULL or the build
** tree, the configured directory itself: the one --help names before an
** install.  Into buf, which it returns. */
char *kb_plugindir(const char *exe_dir, char *buf, size_t len);
char *kb_libexecdir(const char *exe_dir, char *buf, size_t len);

/* The way from directory from to directory to, both absolute and without
** "." or ".." parts, as a relative path ("." when the same); into buf. */
char *kb_relative_path(const char *from, const char *to, char *buf,
                       size_t len);

#endif
