/* kbench new: write a plugin skeleton into ./NAME/ (new.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "author/new.h"
#include "author/skeleton.h"
#include "core/verdict.h"

/* A name is a variant's name, a file's and C symbols' prefix: keep it
** short enough for all three. */
#define KB_NEW_NAME_MAX 64

static const char new_usage[] =
"Usage: kbench new NAME [--host|--cuda]\n"
"Write a plugin skeleton into the new folder ./NAME/: the source, with a\n"
"kernel (or, for --host, a loop) computing out = x + y on random floats\n"
"from kbench's generator and a CPU reference that verify checks it\n"
"against; a Makefile on `pkg-config kbench`; and a CMakeLists.txt using\n"
"find_package(kbench CONFIG) and kbench_add_plugin().  It builds and\n"
"verifies as written: cd NAME && make && kbench --plugin ./NAME.so\n"
"\n"
"NAME names the folder, the file and the variant: a C identifier (letters,\n"
"digits and '_', not starting with a digit).\n"
"\n"
"      --cuda     a CUDA plugin, NAME.cu (the default)\n"
"      --host     a plugin that runs on the CPU, NAME.c\n"
"  -h, --help     display this help and exit\n"
"\n"
"Exit status: 0 written; 1 a file could not be written (nothing is left\n"
"behind); 2 usage error, a NAME that is not a C identifier or that exists\n"
"already (nothing is written).\n";

static int is_identifier(const char *s)
{
  size_t n = strlen(s);
  if (n == 0 || n > KB_NEW_NAME_MAX || (s[0] >= '0' && s[0] <= '9'))
    return 0;
  return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                   "0123456789_") == n;
}

/* text with every @NAME@ replaced by name, into f.  0, or -1. */
static int put_filled(FILE *f, const char *text, const char *name)
{
  static const char mark[] = "@NAME@";
  for (const char *at; (at = strstr(text, mark)); text = at + sizeof mark - 1)
    if (fwrite(text, 1, (size_t)(at - text), f) != (size_t)(at - text)
        || fputs(name, f) < 0)
      return -1;
  return fputs(text, f) < 0 ? -1 : 0;
}

/* The file's path in dir, its @NAME@ filled in. */
static void file_path(char *buf, size_t len, const char *dir,
                      const kb_skeleton_file *file)
{
  const char *mark = strstr(file->name, "@NAME@");
  if (mark)
    snprintf(buf, len, "%s/%.*s%s%s", dir, (int)(mark - file->name),
             file->name, dir, mark + 6);
  else
    snprintf(buf, len, "%s/%s", dir, file->name);
}

/* Write the skeleton's files into the new folder name; on a failure, say
** why and remove what was written. */
static int write_skeleton(const char *name, const kb_skeleton_file *files)
{
  char path[2 * KB_NEW_NAME_MAX + 32];
  if (mkdir(name, 0777) != 0) {
    fprintf(stderr, "kbench new: cannot create %s/: %s\n", name,
            strerror(errno));
    return 1;
  }
  size_t i;
  for (i = 0; files[i].name; i++) {
    file_path(path, sizeof path, name, &files[i]);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    int bad = !f || put_filled(f, files[i].text, name) != 0;
    if (f)
      bad |= fclose(f) != 0;
    else if (fd >= 0)
      close(fd);
    if (bad) {
      fprintf(stderr, "kbench new: cannot write %s: %s\n", path,
              strerror(errno));
      for (size_t j = 0; j <= i; j++) {
        file_path(path, sizeof path, name, &files[j]);
        unlink(path);
      }
      rmdir(name);
      return 1;
    }
  }
  printf("kbench new: wrote");
  for (i = 0; files[i].name; i++) {
    file_path(path, sizeof path, name, &files[i]);
    printf(" %s", path);
  }
  printf("\nBuild it and run it through kbench:\n"
         "  cd %s && make && kbench --plugin ./%s.so\n"
         "or with CMake:\n"
         "  cmake -S %s -B %s/build && cmake --build %s/build && "
         "kbench --plugin %s/build/%s.so\n",
         name, name, name, name, name, name, name);
  return 0;
}

int kb_new_main(int argc, char **argv)
{
  const char *name = NULL;
  int cuda = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(new_usage, stdout);
      return KB_EXIT_OK;
    } else if (strcmp(a, "--host") == 0) {
      cuda = 0;
    } else if (strcmp(a, "--cuda") == 0) {
      cuda = 1;
    } else if (a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "kbench new: unknown option '%s'\n"
              "Try 'kbench new --help'.\n", a);
      return KB_EXIT_USAGE;
    } else if (name) {
      fprintf(stderr, "kbench new: one NAME only ('%s', then '%s')\n"
              "Try 'kbench new --help'.\n", name, a);
      return KB_EXIT_USAGE;
    } else {
      name = a;
    }
  }
  if (!name) {
    fprintf(stderr, "kbench new: which NAME?\nTry 'kbench new --help'.\n");
    return KB_EXIT_USAGE;
  }
  if (!is_identifier(name)) {
    fprintf(stderr, "kbench new: '%s' is not a C identifier of at most %d "
            "characters (letters, digits and '_', not starting with a "
            "digit): it names the variant, its file and its C symbols\n",
            name, KB_NEW_NAME_MAX);
    return KB_EXIT_USAGE;
  }
  struct stat st;
  if (lstat(name, &st) == 0) {
    fprintf(stderr, "kbench new: %s already exists: nothing written (choose "
            "another NAME, or move it away)\n", name);
    return KB_EXIT_USAGE;
  }
  return write_skeleton(name, kb_skeleton(cuda));
}
