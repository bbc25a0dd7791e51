/* The installed directories, moved with the binary (install_dir.h). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "util/install_dir.h"
#include "util/install_dirs.h"   /* made by make: KB_BINDIR, ... */

char *kb_exe_dir(char *buf, size_t len)
{
  if (len < 2)
    return NULL;
  ssize_t n = readlink("/proc/self/exe", buf, len - 1);
  if (n <= 0)
    return NULL;
  buf[n] = '\0';
  char *slash = strrchr(buf, '/');
  if (!slash)
    return NULL;
  if (slash == buf)
    slash++;                /* a binary in / */
  *slash = '\0';
  return buf;
}

int kb_in_build_tree(const char *exe_dir)
{
  return exe_dir && strcmp(exe_dir, KBENCH_BUILDDIR) == 0;
}

/* The length of the path component at p: up to the next slash. */
static size_t component(const char *p)
{
  size_t n = 0;
  while (p[n] && p[n] != '/')
    n++;
  return n;
}

static const char *skip_slashes(const char *p)
{
  while (*p == '/')
    p++;
  return p;
}

char *kb_relative_path(const char *from, const char *to, char *buf,
                       size_t len)
{
  const char *f = skip_slashes(from), *t = skip_slashes(to);
  /* The components both share. */
  for (;;) {
    size_t nf = component(f), nt = component(t);
    if (nf == 0 || nf != nt || strncmp(f, t, nf) != 0)
      break;
    f = skip_slashes(f + nf);
    t = skip_slashes(t + nt);
  }
  size_t used = 0;
  buf[0] = '\0';
  /* Up from what is left of from, down into what is left of to. */
  for (size_t n; (n = component(f)) > 0; f = skip_slashes(f + n))
    used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s..",
                             used ? "/" : "");
  if (*t)
    snprintf(buf + used, used < len ? len - used : 0, "%s%s",
             used ? "/" : "", t);
  else if (!used)
    snprintf(buf, len, ".");
  return buf;
}

static char *moved(const char *dir, const char *exe_dir, char *buf,
                   size_t len)
{
  if (!exe_dir || kb_in_build_tree(exe_dir)) {
    snprintf(buf, len, "%s", dir);
    return buf;
  }
  char rel[4096], base[4096];
  const char *r = kb_relative_path(KB_BINDIR, dir, rel, sizeof rel);
  snprintf(base, sizeof base, "%s", exe_dir);
  /* exe_dir has its links resolved, so each ".." takes off one part. */
  while (strncmp(r, "..", 2) == 0 && (r[2] == '/' || !r[2])) {
    char *slash = strrchr(base, '/');
    if (!slash)
      break;
    slash[slash == base] = '\0';     /* "/x" goes to "/", not "" */
    r += r[2] ? 3 : 2;
  }
  if (!*r || strcmp(r, ".") == 0)
    snprintf(buf, len, "%s", base);
  else
    snprintf(buf, len, "%s%s%s", base,
             base[strlen(base) - 1] == '/' ? "" : "/", r);
  return buf;
}

char *kb_plugindir(const char *exe_dir, char *buf, size_t len)
{
  return moved(KB_PLUGINDIR, exe_dir, buf, len);
}

char *kb_libexecdir(const char *exe_dir, char *buf, size_t len)
{
  return moved(KB_LIBEXECDIR, exe_dir, buf, len);
}
