/* A plugin library's trust domain (trust.h). */

#define _GNU_SOURCE            /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/install_dir.h"
#include "util/sha256.h"
#include "plan/trust.h"

/* The file names of the libraries kbench ships, "reduce_vec4.so", ...:
** made from plugin_LTLIBRARIES at build time (runner/plan/local.mk). */
static const char *const shipped[] = {
#include "plan/shipped.h"
  NULL
};

static int is_shipped(const char *base)
{
  for (size_t i = 0; shipped[i]; i++)
    if (strcmp(shipped[i], base) == 0)
      return 1;
  return 0;
}

/* Whether dir (a real path) is one of kbench's own plugin folders: the
** installed plugindir (util/install_dir.h: where the running kbench finds
** its own), or a family's .libs in the build tree.  The manifest of that
** place's hashes (KB_CATALOGUE_MANIFEST) into manifest. */
static int is_own_dir(const char *dir, char *manifest, size_t len)
{
  char real[PATH_MAX], tree[PATH_MAX], exe[PATH_MAX], plugins[PATH_MAX];
  if (realpath(kb_plugindir(kb_exe_dir(exe, sizeof exe), plugins,
                            sizeof plugins), real)
      && strcmp(real, dir) == 0) {
    snprintf(manifest, len, "%s/" KB_CATALOGUE_MANIFEST, real);
    return 1;
  }
  if (!realpath(KBENCH_BUILDDIR, tree))
    return 0;
  size_t n = strlen(tree);
  const char *rest = dir + n;
  if (strncmp(dir, tree, n) != 0 || strncmp(rest, "/plugins/", 9) != 0)
    return 0;
  const char *family = rest + 9, *slash = strchr(family, '/');
  snprintf(manifest, len, "%s/plugins/" KB_CATALOGUE_MANIFEST, tree);
  return slash && slash > family && strcmp(slash, "/.libs") == 0;
}

/* The digest recorded for the library named base in manifest (lines of
** sha256sum: 64 hex digits, two spaces, the name): 0, or -1. */
static int recorded(const char *manifest, const char *base,
                    char hex[KB_SHA256_HEX])
{
  char line[PATH_MAX + 80];
  int found = -1;
  FILE *f = fopen(manifest, "re");
  while (f && found && fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = '\0';
    if (strlen(line) > 66 && line[64] == ' ' && line[65] == ' '
        && strcmp(line + 66, base) == 0) {
      memcpy(hex, line, 64);
      hex[64] = '\0';
      found = 0;
    }
  }
  if (f)
    fclose(f);
  return found;
}

static int same_file(const struct stat *a, const struct stat *b)
{
  return a->st_dev == b->st_dev && a->st_ino == b->st_ino
         && a->st_size == b->st_size
         && a->st_mtim.tv_sec == b->st_mtim.tv_sec
         && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* Whether the library at real (named base) has the digest manifest
** records for it; why not in why.  judged: the last judgement, read when
** it was of this file as it is, replaced otherwise.  fd: the library
** opened (kb_trust_open), read through it; -1: read by the path real
** (kb_trust_domain, as before the containment). */
static int matches(kb_trust_judged *judged, int fd, const char *real,
                   const char *base, const char *manifest, char *why,
                   size_t len)
{
  struct stat st;
  if ((fd >= 0 ? fstat(fd, &st) : stat(real, &st)) == 0
      && strcmp(judged->path, real) == 0
      && same_file(&st, &judged->st)) {
    snprintf(why, len, "%s", judged->why);
    return judged->ok;
  }
  char want[KB_SHA256_HEX], got[KB_SHA256_HEX];
  int ok = 0;
  if (recorded(manifest, base, want))
    snprintf(why, len, "%s is named as kbench's own but %s records no "
             "digest of it: it runs as a third party", real, manifest);
  else if (fd >= 0 ? kb_sha256_fd(fd, got) : kb_sha256_file(real, got))
    snprintf(why, len, "%s cannot be read (%s): it runs as a third party",
             real, strerror(errno));
  else if (strcmp(want, got) != 0)
    snprintf(why, len, "%s is named as kbench's own but its content is "
             "not what was built or installed (SHA-256 %.16s..., %s records "
             "%.16s...): it runs as a third party", real, got, manifest,
             want);
  else
    ok = 1;
  if (ok)
    why[0] = '\0';
  snprintf(judged->path, sizeof judged->path, "%s", real);
  judged->st = st;
  judged->ok = ok;
  snprintf(judged->why, sizeof judged->why, "%s", why);
  return ok;
}

/* The domain of the library whose real path is real (fd: it opened, or
** -1), into domain; why as kb_trust_domain's. */
static void judge(kb_trust_judged *judged, int fd, char *real, char *domain,
                  size_t len, char *why, size_t why_len)
{
  char manifest[PATH_MAX + 32];
  char *slash = strrchr(real, '/');
  if (slash && slash > real) {
    *slash = '\0';
    int own = is_shipped(slash + 1) && is_own_dir(real, manifest,
                                                 sizeof manifest);
    *slash = '/';
    if (own && matches(judged, fd, real, slash + 1, manifest, why,
                       why_len)) {
      snprintf(domain, len, "%s", "");
      return;
    }
  }
  snprintf(domain, len, "%s", real);
}

void kb_trust_domain(kb_trust_judged *judged, const char *path,
                     char *domain, size_t len, char *why, size_t why_len)
{
  char real[PATH_MAX];
  why[0] = '\0';
  if (!realpath(path, real)) {
    snprintf(domain, len, "%s", path);
    return;
  }
  judge(judged, -1, real, domain, len, why, why_len);
}

int kb_trust_open(kb_trust_judged *judged, const char *path,
                  char *domain, size_t len, char *why, size_t why_len)
{
  char real[PATH_MAX], link[64];
  why[0] = '\0';
  /* The file judged is the one opened: its place from the descriptor, not
  ** from the path again, which may name another by now. */
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = fd < 0 ? -1 : readlink(link, real, sizeof real - 1);
  if (n <= 0 || (size_t)n >= sizeof real - 1 || real[0] != '/') {
    snprintf(domain, len, "%s", path);
    return fd;
  }
  real[n] = '\0';
  judge(judged, fd, real, domain, len, why, why_len);
  return fd;
}
