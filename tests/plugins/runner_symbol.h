/*
** For the test plugins: the address of one of the runner's own symbols,
** static ones included, found in the kbench binary's symbol table (the
** binary is not stripped in a build tree) and placed at its load address.
** A plugin written against kbench could do the same.  The caller defines
** _GNU_SOURCE before any include.
*/
#ifndef KB_TEST_RUNNER_SYMBOL_H
#define KB_TEST_RUNNER_SYMBOL_H

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The main program's load address: the first object dl_iterate_phdr
** gives. */
static int runner_first_object(struct dl_phdr_info *info, size_t size,
                               void *ctx)
{
  (void)size;
  *(uintptr_t *)ctx = info->dlpi_addr;
  return 1;
}

/* name's value in the binary's symbol table, or 0. */
static uintptr_t runner_symbol_value(const char *name)
{
  int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  off_t size = fd < 0 ? -1 : lseek(fd, 0, SEEK_END);
  const unsigned char *f = size > 0 ? mmap(NULL, (size_t)size, PROT_READ,
                                           MAP_PRIVATE, fd, 0) : MAP_FAILED;
  uintptr_t found = 0;
  if (fd >= 0)
    close(fd);
  if (f == MAP_FAILED)
    return 0;
  const ElfW(Ehdr) *eh = (const void *)f;
  const ElfW(Shdr) *sh = (const void *)(f + eh->e_shoff);
  for (int i = 0; i < eh->e_shnum && !found; i++) {
    if (sh[i].sh_type != SHT_SYMTAB)
      continue;
    const ElfW(Sym) *sym = (const void *)(f + sh[i].sh_offset);
    const char *str = (const char *)(f + sh[sh[i].sh_link].sh_offset);
    for (size_t k = 0; k < sh[i].sh_size / sizeof *sym; k++)
      if (strcmp(str + sym[k].st_name, name) == 0 && sym[k].st_value) {
        found = sym[k].st_value;
        break;
      }
  }
  munmap((void *)f, (size_t)size);
  return found;
}

/* Where the runner's symbol name lies in this process, or NULL. */
static void *runner_symbol(const char *name)
{
  uintptr_t base = 0, at = runner_symbol_value(name);
  if (!at)
    return NULL;
  dl_iterate_phdr(runner_first_object, &base);
  return (void *)(base + at);
}

#endif
