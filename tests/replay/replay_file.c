/* A results file taken back to a run's devices, plan and results
** (replay_file.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "results/entry.h"
#include "results/json_read.h"
#include "replay_file.h"

static int stub_setup(const kbench_host *h, void **s)
{
  (void)h;
  (void)s;
  return 0;
}

/* Only the ABI and the sizes are read of a plugin's library here. */
static const kbench_library replay_lib = {
  .abi_major = KBENCH_ABI_MAJOR, .abi_minor = KBENCH_ABI_MINOR,
  .size = sizeof(kbench_library), .variant_size = sizeof(kbench_variant),
  .param_size = sizeof(kbench_param),
};

static double number(json_object *obj, const char *key)
{
  json_object *v = kb_jget(obj, key);
  return v && (json_object_is_type(v, json_type_double)
               || json_object_is_type(v, json_type_int))
         ? json_object_get_double(v) : 0;
}

static void copy_string(char *dst, size_t len, json_object *obj,
                        const char *key)
{
  const char *s = kb_jget_string(obj, key);
  snprintf(dst, len, "%s", s ? s : "");
}

/* A device of the context, as its worker reported it when it opened. */
static void device_of(json_object *d, kb_run_device *out)
{
  kb_device_report *r = &out->report;
  memset(out, 0, sizeof *out);
  out->ordinal = (int)number(d, "ordinal");
  r->dev.size = sizeof r->dev;
  copy_string(r->dev.name, sizeof r->dev.name, d, "name");
  out->opened = r->dev.name[0] != '\0';   /* a host run's has no name */
  r->dev.ordinal = out->ordinal;
  r->dev.sm_count = (int)number(d, "sm_count");
  r->dev.l2_bytes = (size_t)number(d, "l2_bytes");
  r->dev.peak_gbps = number(d, "peak_gbps");
  const char *cc = kb_jget_string(d, "compute_capability");
  if (!cc || sscanf(cc, "%d.%d", &r->dev.cc_major, &r->dev.cc_minor) != 2)
    r->dev.cc_major = r->dev.cc_minor = 0;
  r->floor_s = kb_jget(d, "launch_floor_s") ? number(d, "launch_floor_s")
                                            : -1;
  r->copy_gbps = number(d, "copy_peak_gbps");
  copy_string(r->uuid, sizeof r->uuid, d, "uuid");
  copy_string(r->pci_bus_id, sizeof r->pci_bus_id, d, "pci_bus_id");
  copy_string(r->clocks, sizeof r->clocks, d, "clock_lock");
}

/* The context's devices (context.kbench.devices, else its device), or
** one that never opened: a host run's, or Google Benchmark's. */
static void devices_of(replay_file *f)
{
  json_object *kbench = kb_jget(kb_jget(f->entries.root, "context"),
                                "kbench");
  json_object *list = kb_jget(kbench, "devices");
  size_t n = json_object_is_type(list, json_type_array)
             ? json_object_array_length(list) : 0;
  f->n_devices = 0;
  for (size_t i = 0; i < n && i < REPLAY_DEVICES_MAX; i++)
    device_of(json_object_array_get_idx(list, i),
              &f->devices[f->n_devices++]);
  if (!f->n_devices && json_object_is_type(kb_jget(kbench, "device"),
                                           json_type_object))
    device_of(kb_jget(kbench, "device"), &f->devices[f->n_devices++]);
  if (!f->n_devices)
    f->devices[f->n_devices++] = (kb_run_device){.ordinal = 0};
  f->mode = kb_jget_string(kbench, "mode");
  f->time = kb_jget_string(kbench, "time");
}

/* c rebuilt from an entry's name, "variant/n:64M/threads:256", with its
** backend; pc its plan case. */
static void case_of(replay_case *c, kb_plan_case *pc, const char *name,
                    const char *backend)
{
  memset(c, 0, sizeof *c);
  snprintf(c->text, sizeof c->text, "%s", name);
  char *part = strchr(c->text, '/');
  uint32_t n = 0;
  while (part && n < REPLAY_PARAMS_MAX) {
    *part++ = '\0';
    char *value = strchr(part, ':');
    char *next = strchr(part, '/');
    if (!value || (next && value > next))
      break;
    *value++ = '\0';
    c->choices[n] = value;
    c->params[n] = (kbench_param){.name = part, .help = "", .dflt = value,
                                  .choices = &c->choices[n], .n_choices = 1};
    n++;
    part = next;
  }
  c->variant = (kbench_variant){
    .size = sizeof c->variant, .name = c->text, .summary = "",
    .origin = "replay", .params = c->params, .n_params = n,
    .backend = backend && strcmp(backend, "cuda") == 0
               ? KBENCH_BACKEND_CUDA : KBENCH_BACKEND_HOST,
    .setup = stub_setup,
  };
  c->list[0] = &c->variant;
  c->plugin = (kb_plugin){.path = "replay", .lib = &replay_lib,
                          .variants = c->list, .n_variants = 1};
  pc->plugin = &c->plugin;
  pc->variant = &c->variant;
  pc->values = c->values;
  kb_case_text(pc->label, sizeof pc->label, &c->plugin, &c->variant,
               c->values, KB_CASE_WORDS, NULL);
}

/* The plan case of an entry's name, made the first time it is seen. */
static const kb_plan_case *case_named(replay_file *f, const kb_entry *e)
{
  char name[1024];
  for (size_t i = 0; i < f->plan.n; i++) {
    const kb_plan_case *pc = &f->plan.cases[i];
    kb_case_name(name, sizeof name, pc->plugin, pc->variant, pc->values);
    if (strcmp(name, e->name) == 0)
      return pc;
  }
  kb_plan_case *pc = &f->plan.cases[f->plan.n];
  case_of(&f->cases[f->plan.n++], pc, e->name, e->backend);
  return pc;
}

static size_t lane_of(const replay_file *f, const kb_entry *e)
{
  for (size_t i = 0; e->device.ordinal >= 0 && i < f->n_devices; i++)
    if (f->devices[i].ordinal == e->device.ordinal)
      return i;
  return 0;
}

int replay_file_read(const char *path, replay_file *f, char *err,
                     size_t len)
{
  memset(f, 0, sizeof *f);
  if (kb_entries_read(path, &f->entries, err, len))
    return -1;
  size_t n = f->entries.n;
  f->cases = calloc(n ? n : 1, sizeof *f->cases);
  f->plan.cases = calloc(n ? n : 1, sizeof *f->plan.cases);
  f->e = calloc(n ? n : 1, sizeof *f->e);
  if (!f->cases || !f->plan.cases || !f->e) {
    snprintf(err, len, "out of memory");
    replay_file_free(f);
    return -1;
  }
  devices_of(f);
  for (size_t i = 0; i < n; i++) {
    const kb_entry *e = &f->entries.e[i];
    replay_entry *r = &f->e[f->n];
    unsigned char given[KB_FIELDS] = {0};
    if (kb_entry_read(e->obj, f->entries.format, &r->res, given)) {
      snprintf(err, len, "%s: out of memory", path);
      replay_file_free(f);
      return -1;
    }
    f->n++;
    if (!given[KB_FIELD_verdict]) {   /* Google Benchmark's: as read */
      r->res.verdict = e->verdict;
      snprintf(r->res.message, sizeof r->res.message, "%s", e->message);
    }
    r->pc = case_named(f, e);
    r->lane = lane_of(f, e);
    r->rep = (size_t)number(e->obj, "repetition_index");
  }
  return 0;
}

void replay_file_free(replay_file *f)
{
  for (size_t i = 0; i < f->n; i++)
    kb_result_free(&f->e[i].res);
  free(f->e);
  free(f->plan.cases);
  free(f->cases);
  kb_entries_free(&f->entries);
  memset(f, 0, sizeof *f);
}
