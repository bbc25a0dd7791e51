/*
** What the unit tests of files look at: how many files a folder holds,
** and a file's text.  Each test program includes this once.
*/
#ifndef KB_TEST_FILES_H
#define KB_TEST_FILES_H

#include <dirent.h>
#include <stdio.h>
#include <string.h>

/* The files in dir, less . and .. */
static int files_in(const char *dir)
{
  int n = 0;
  DIR *d = opendir(dir);
  struct dirent *e;
  while (d && (e = readdir(d)))
    n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
  if (d)
    closedir(d);
  return n;
}

/* path's text into buf (at most size - 1 bytes): its length, or -1 when
** there is no file. */
static long slurp(const char *path, char *buf, size_t size)
{
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  size_t n = fread(buf, 1, size - 1, f);
  fclose(f);
  buf[n] = '\0';
  return (long)n;
}

#endif
