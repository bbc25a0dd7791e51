/*
** The adversary (issue 45), for the test plugins: rewrite a
** symbol's GOT slot in every loaded object but the caller's own
** (dl_iterate_phdr, then each object's relocations, PLT and others),
** mprotect first, then one pointer store.  Under kbench's seal the
** mprotect of the runner's RELRO is refused and the store faults.  C and
** C++ (nvcc) alike; the caller defines _GNU_SOURCE before any include.
*/
#ifndef KB_TEST_GOT_REWRITE_H
#define KB_TEST_GOT_REWRITE_H

#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef struct got_target {
  const char *symbol;      /* "clock_gettime" */
  void *replacement;
  const char *skip;        /* an object whose name holds this is left
                              too (the caller's own always is) */
} got_target;

/* A dynamic entry's address: ld.so relocates most in place, the vDSO's
** are offsets. */
static uintptr_t got_dyn_addr(const struct dl_phdr_info *info, ElfW(Addr) v)
{
  return v >= info->dlpi_addr ? (uintptr_t)v : (uintptr_t)(v + info->dlpi_addr);
}

static void got_rewrite_slots(const struct dl_phdr_info *info,
                              const ElfW(Rela) *rel, size_t bytes,
                              const ElfW(Sym) *symtab, const char *strtab,
                              const got_target *t)
{
  long page = sysconf(_SC_PAGESIZE);
  for (size_t i = 0; rel && i < bytes / sizeof *rel; i++) {
    const ElfW(Sym) *sym = &symtab[ELF64_R_SYM(rel[i].r_info)];
    if (strcmp(strtab + sym->st_name, t->symbol) != 0)
      continue;
    void **slot = (void **)(info->dlpi_addr + rel[i].r_offset);
    uintptr_t lo = (uintptr_t)slot & ~(uintptr_t)(page - 1);
    mprotect((void *)lo, (uintptr_t)(slot + 1) - lo,
             PROT_READ | PROT_WRITE);      /* refused under the seal */
    *slot = t->replacement;
  }
}

/* Whether the object holds this code: the caller's own, whatever its
** name (a plugin loaded through a descriptor is named /proc/self/fd/N). */
static int got_is_self(const struct dl_phdr_info *info)
{
  uintptr_t here = (uintptr_t)&got_is_self;
  for (int p = 0; p < info->dlpi_phnum; p++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[p];
    uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && here >= lo && here < lo + ph->p_memsz)
      return 1;
  }
  return 0;
}

static int got_each_object(struct dl_phdr_info *info, size_t size, void *ctx)
{
  const got_target *t = (const got_target *)ctx;
  (void)size;
  if (got_is_self(info)
      || (info->dlpi_name && t->skip && strstr(info->dlpi_name, t->skip)))
    return 0;
  for (int p = 0; p < info->dlpi_phnum; p++) {
    if (info->dlpi_phdr[p].p_type != PT_DYNAMIC)
      continue;
    const ElfW(Dyn) *d = (const ElfW(Dyn) *)(info->dlpi_addr
                                             + info->dlpi_phdr[p].p_vaddr);
    const ElfW(Sym) *symtab = NULL;
    const char *strtab = NULL;
    const ElfW(Rela) *jmprel = NULL, *rela = NULL;
    size_t jmpsz = 0, relasz = 0;
    for (; d->d_tag != DT_NULL; d++) {
      uintptr_t a = got_dyn_addr(info, d->d_un.d_ptr);
      switch (d->d_tag) {
      case DT_SYMTAB: symtab = (const ElfW(Sym) *)a; break;
      case DT_STRTAB: strtab = (const char *)a; break;
      case DT_JMPREL: jmprel = (const ElfW(Rela) *)a; break;
      case DT_PLTRELSZ: jmpsz = d->d_un.d_val; break;
      case DT_RELA: rela = (const ElfW(Rela) *)a; break;
      case DT_RELASZ: relasz = d->d_un.d_val; break;
      }
    }
    if (symtab && strtab) {
      got_rewrite_slots(info, jmprel, jmpsz, symtab, strtab, t);
      got_rewrite_slots(info, rela, relasz, symtab, strtab, t);
    }
  }
  return 0;
}

static void got_rewrite(const char *symbol, void *replacement,
                        const char *skip)
{
  got_target t = {symbol, replacement, skip};
  dl_iterate_phdr(got_each_object, &t);
}

#endif
