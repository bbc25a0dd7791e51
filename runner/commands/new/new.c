/* kbench new: write a plugin skeleton into ./NAME/ (new.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands/new/new.h"
#include "commands/new/skeleton.h"
#include "model/verdict.h"

/* A name is a variant's name, a file's and C symbols' prefix: keep it
** short enough for all three. */
#define KB_NEW_NAME_MAX 64

static const char new_usage[] =
"Usage: kbench new NAME [--host|--cuda] [--sync] [--timer] [--inout]\n"
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
"      --sync     run waits for its result, as library code returning to\n"
"                 the host does, and declares KBENCH_VARIANT_SYNCS (CUDA)\n"
"      --timer    run clears its output first, untimed, and times the\n"
"                 rest in a region (timer_start, timer_stop)\n"
"      --inout    run reads its output too (out += x + y), and setup\n"
"                 declares it in-out, so kbench restores it before each\n"
"                 checked run instead of poisoning it (h->inout)\n"
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

/* text into f with each of the marks replaced by its text, itself filled
** (a mark's text may hold others, @NAME@ among them).  0, or -1. */
static int put_filled(FILE *f, const char *text, const kb_skeleton_mark *marks,
                      size_t n)
{
  for (const char *at; (at = strchr(text, '@')); ) {
    const kb_skeleton_mark *m = NULL;
    for (size_t k = 0; k < n && !m; k++)
      if (strncmp(at, marks[k].mark, strlen(marks[k].mark)) == 0)
        m = &marks[k];
    size_t upto = (size_t)(at - text) + (m ? 0 : 1);
    if (fwrite(text, 1, upto, f) != upto
        || (m && put_filled(f, m->text, marks, n) != 0))
      return -1;
    text = at + (m ? strlen(m->mark) : 1);
  }
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
static int write_skeleton(const char *name, const kb_skeleton_file *files,
                          int sync, int timer, int inout)
{
  char path[2 * KB_NEW_NAME_MAX + 32];
  kb_skeleton_mark marks[KB_SKELETON_MARKS + 1];
  kb_skeleton_marks(sync, timer, inout, marks);
  marks[KB_SKELETON_MARKS] = (kb_skeleton_mark){"@NAME@", name};
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
    int bad = !f || put_filled(f, files[i].text, marks,
                               KB_SKELETON_MARKS + 1) != 0;
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
  int cuda = 1, sync = 0, timer = 0, inout = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(new_usage, stdout);
      return KB_EXIT_OK;
    } else if (strcmp(a, "--host") == 0) {
      cuda = 0;
    } else if (strcmp(a, "--cuda") == 0) {
      cuda = 1;
    } else if (strcmp(a, "--sync") == 0) {
      sync = 1;
    } else if (strcmp(a, "--timer") == 0) {
      timer = 1;
    } else if (strcmp(a, "--inout") == 0) {
      inout = 1;
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
  if (sync && !cuda) {
    fprintf(stderr, "kbench new: --sync is for a CUDA plugin (a host "
            "plugin's run is synchronous already)\n"
            "Try 'kbench new --help'.\n");
    return KB_EXIT_USAGE;
  }
  if (timer && inout) {
    fprintf(stderr, "kbench new: --timer clears the output before each "
            "run, and an --inout run reads what the last one left there: "
            "choose one\n"
            "Try 'kbench new --help'.\n");
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
  return write_skeleton(name, kb_skeleton(cuda), sync, timer, inout);
}
