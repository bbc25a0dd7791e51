/*
** The loader trusts nothing in a library until it has checked it, in the
** order that keeps every read safe: the entry symbol, then the ABI major
** (before any other field), then the structure sizes, then each variant's
** required fields and declared parameters.  Like fio's engine loader, it
** names the first thing that is missing.
**
** Each variant and parameter is copied, as far as the plugin's recorded
** size goes (down to its last whole field), into a zeroed structure of
** this runner's size: a plugin built against an older minor simply has
** the newer fields zero, and the rest of the runner never touches the
** plugin's own structures.  fuzz/fuzz_abi.c fuzzes the sizes.
*/
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/params.h"
#include "worker/plugin/load_error.h"
#include "worker/plugin/loader.h"
#include "worker/plugin/variant_flags.h"

/* The smallest structures ABI 1.0 defines: later minors only append. */
#define KB_LIBRARY_V1_SIZE (offsetof(kbench_library, variant) + sizeof(void *))
#define KB_VARIANT_V1_SIZE \
  (offsetof(kbench_variant, teardown) + sizeof(void (*)(void)))
#define KB_PARAM_V1_SIZE (offsetof(kbench_param, flags) + sizeof(uint32_t))
#define KB_FIELD_END(type, field) \
  (offsetof(type, field) + sizeof ((type *)0)->field)

/* Where each field a minor appended ends, in order: a recorded size is
** read down to the last whole field it holds, never part of one (a size
** that ends inside a pointer would copy part of it). */
static const size_t variant_ends[] = {
  KB_VARIANT_V1_SIZE, KB_FIELD_END(kbench_variant, work),
  KB_FIELD_END(kbench_variant, flags)};
static const size_t param_ends[] = {
  KB_PARAM_V1_SIZE, KB_FIELD_END(kbench_param, choices),
  KB_FIELD_END(kbench_param, n_choices)};

static size_t whole_fields(size_t recorded, const size_t *ends, size_t n)
{
  size_t have = 0;
  for (size_t i = 0; i < n && ends[i] <= recorded; i++)
    have = ends[i];
  return have;
}

/* An enumerated parameter's choices: present, well named, unique. */
static int check_choices(const kbench_variant *v, const kbench_param *prm,
                         char *err, size_t errlen)
{
  if (prm->n_choices > KB_MAX_CHOICES || !prm->choices) {
    snprintf(err, errlen, "variant %s: parameter %s declares %u choices "
             "but %s", v->name, prm->name, prm->n_choices, prm->choices
             ? "at most 1024 are allowed" : "choices is NULL");
    return -1;
  }
  for (uint32_t c = 0; c < prm->n_choices; c++) {
    if (!kb_param_name_ok(prm->choices[c])) {
      snprintf(err, errlen, "variant %s: parameter %s: choice %u has a "
               "missing or malformed name (want " KB_NAME_RULE ")", v->name,
               prm->name, c);
      return -1;
    }
    for (uint32_t d = 0; d < c; d++)
      if (strcmp(prm->choices[d], prm->choices[c]) == 0) {
        snprintf(err, errlen, "variant %s: parameter %s: choice %s "
                 "declared twice", v->name, prm->name, prm->choices[c]);
        return -1;
      }
  }
  return 0;
}

/* Check the copy of a variant; its parameters are copied already. */
static int check_variant(const kb_plugin *p, const kbench_variant *v,
                         uint32_t index, char *err, size_t errlen)
{
  if (!kb_param_name_ok(v->name)) {
    kb_variant_name_error(index, v->name, err, errlen);
    return -1;
  }
  const char *missing = !v->setup ? "setup" : !v->run ? "run"
      : !v->verify ? "verify" : !v->bytes_moved ? "bytes_moved"
      : !v->teardown ? "teardown" : NULL;
  if (missing) {
    snprintf(err, errlen, "variant %s: required callback %s is NULL",
             v->name, missing);
    return -1;
  }
  if (v->backend != KBENCH_BACKEND_HOST && v->backend != KBENCH_BACKEND_CUDA) {
    snprintf(err, errlen, "variant %s: unknown backend %d", v->name,
             v->backend);
    return -1;
  }
  if (kb_variant_flags_check(v, p->lib->abi_minor, err, errlen))
    return -1;
  for (uint32_t i = 0; i < v->n_params; i++) {
    const kbench_param *prm = kb_variant_param(p, v, i);
    char why[256];
    kb_values vals;
    if (!kb_param_name_ok(prm->name)) {
      kb_param_name_error(v->name, i, prm->name, err, errlen);
      return -1;
    }
    for (uint32_t j = 0; j < i; j++)
      if (strcmp(kb_variant_param(p, v, j)->name, prm->name) == 0) {
        snprintf(err, errlen, "variant %s: parameter %s declared twice",
                 v->name, prm->name);
        return -1;
      }
    if (prm->n_choices && check_choices(v, prm, err, errlen))
      return -1;
    if (!prm->dflt || kb_param_parse(prm, prm->dflt, &vals, why,
                                     sizeof why)) {
      snprintf(err, errlen, "variant %s: parameter %s has a bad default: %s",
               v->name, prm->name, prm->dflt ? why : "NULL");
      return -1;
    }
    for (size_t k = 0; k < vals.n; k++)
      if (kb_param_check(prm, vals.v[k], why, sizeof why)) {
        snprintf(err, errlen, "variant %s: default %s", v->name, why);
        kb_values_free(&vals);
        return -1;
      }
    kb_values_free(&vals);
  }
  return 0;
}

/*
** Copy the n variants and their parameters into runner-owned structures.
** What is read of the plugin's: a variant's size first (ABI 1.0 has it),
** then at most that many bytes; each parameter at the library's stride,
** at most param_size bytes of it.
*/
static int copy_variants(kb_plugin *p, size_t n, char *err, size_t errlen)
{
  const kbench_library *lib = p->lib;
  size_t total = 0;
  p->variants = calloc(n, sizeof *p->variants);
  p->copies = calloc(n, sizeof *p->copies);
  if (!p->variants || !p->copies) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    const kbench_variant *v = lib->variant((uint32_t)i);
    if (v->size < KB_VARIANT_V1_SIZE) {
      snprintf(err, errlen, "variant %zu: size %u is smaller than ABI "
               "1.0's %zu", i, v->size, (size_t)KB_VARIANT_V1_SIZE);
      return -1;
    }
    memcpy(&p->copies[i], v, whole_fields(v->size, variant_ends, 3));
    p->variants[i] = &p->copies[i];
    const char *name = kb_param_name_ok(v->name) ? v->name : "?";
    if (v->n_params > KB_MAX_PARAMS || (v->n_params && !v->params)) {
      snprintf(err, errlen, v->n_params > KB_MAX_PARAMS
               ? "variant %s: %u parameters, more than the 64 allowed"
               : "variant %s: %u parameters declared but params is NULL",
               name, v->n_params);
      return -1;
    }
    total += v->n_params;
  }
  if (total && !(p->params = calloc(total, sizeof *p->params))) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  kbench_param *next = p->params;
  for (size_t i = 0; i < n; i++) {
    kbench_variant *v = &p->copies[i];
    if (!v->n_params) {      /* next may be NULL: no arithmetic on it */
      v->params = NULL;
      continue;
    }
    for (uint32_t k = 0; k < v->n_params; k++)
      memcpy(&next[k], (const char *)v->params + (size_t)k * lib->param_size,
             whole_fields(lib->param_size, param_ends, 3));
    v->params = next;
    next += v->n_params;
  }
  return 0;
}

static int check_library(kb_plugin *p, char *err, size_t errlen)
{
  const kbench_library *lib = p->lib;
  if (lib->abi_major != KBENCH_ABI_MAJOR) {
    snprintf(err, errlen, "built for kbench ABI %u.%u, but this runner "
             "speaks ABI %d.%d: rebuild the plugin against this kbench",
             lib->abi_major, lib->abi_minor, KBENCH_ABI_MAJOR,
             KBENCH_ABI_MINOR);
    return -1;
  }
  if (lib->abi_minor > KBENCH_ABI_MINOR) {
    snprintf(err, errlen, "built for kbench ABI %u.%u, newer than this "
             "runner's %d.%d: upgrade kbench", lib->abi_major,
             lib->abi_minor, KBENCH_ABI_MAJOR, KBENCH_ABI_MINOR);
    return -1;
  }
  if (lib->size < KB_LIBRARY_V1_SIZE || lib->param_size < KB_PARAM_V1_SIZE
      || lib->variant_size < KB_VARIANT_V1_SIZE) {
    snprintf(err, errlen, "structure sizes (library %u, variant %u, param "
             "%u) are smaller than ABI 1.0 defines", lib->size,
             lib->variant_size, lib->param_size);
    return -1;
  }
  if (!lib->variant) {
    snprintf(err, errlen, "the variant enumerator is NULL");
    return -1;
  }
  size_t n = 0;
  while (n < KB_MAX_VARIANTS && lib->variant((uint32_t)n))
    n++;
  if (n == 0 || n == KB_MAX_VARIANTS) {
    snprintf(err, errlen, n ? "more than %d variants: the enumerator never "
             "returns NULL" : "the library holds no variant", KB_MAX_VARIANTS);
    return -1;
  }
  if (copy_variants(p, n, err, errlen))
    return -1;
  for (size_t i = 0; i < n; i++) {
    if (check_variant(p, p->variants[i], (uint32_t)i, err, errlen))
      return -1;
    for (size_t j = 0; j < i; j++)
      if (strcmp(p->variants[j]->name, p->variants[i]->name) == 0) {
        snprintf(err, errlen, "variant name %s used twice",
                 p->variants[i]->name);
        return -1;
      }
  }
  p->n_variants = n;
  return 0;
}

/* A library that failed its checks never ran a callback: close it. */
static int load_failed(kb_plugin *p)
{
  if (p->handle)
    dlclose(p->handle);
  p->handle = NULL;
  kb_plugin_unload(p);
  return -1;
}

int kb_plugin_load(kb_plugin *p, const char *path, char *err, size_t errlen)
{
  memset(p, 0, sizeof *p);
  p->path = strdup(path);
  if (!p->path) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  /* RTLD_LOCAL: two plugins may define the same kernel names. */
  p->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!p->handle) {
    kb_dlopen_error(path, dlerror(), err, errlen);
    return load_failed(p);
  }
  kbench_library_fn entry;
  *(void **)&entry = dlsym(p->handle, KBENCH_ENTRY_SYMBOL);
  if (!entry) {
    snprintf(err, errlen, "not a kbench plugin: no symbol %s",
             KBENCH_ENTRY_SYMBOL);
    return load_failed(p);
  }
  p->lib = entry();
  if (!p->lib) {
    snprintf(err, errlen, "%s() returned NULL", KBENCH_ENTRY_SYMBOL);
    return load_failed(p);
  }
  if (check_library(p, err, errlen)) {
    return load_failed(p);
  }
  return 0;
}

int kb_plugin_adopt(kb_plugin *p, const kbench_library *lib, char *err,
                    size_t errlen)
{
  memset(p, 0, sizeof *p);
  p->lib = lib;
  if (check_library(p, err, errlen)) {
    kb_plugin_unload(p);
    return -1;
  }
  return 0;
}

void kb_plugin_unload(kb_plugin *p)
{
  /* Plugins that link cudart must stay mapped until exit: cudart's own
  ** teardown runs from atexit handlers that point into the module. */
  free(p->variants);
  free(p->copies);
  free(p->params);
  free(p->path);
  memset(p, 0, sizeof *p);
}
