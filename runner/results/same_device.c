/*
** The one rule for "the same device" (reader.h), kept apart from the
** reader so that it needs no JSON library: kbench fleet, the pooling of a
** file's entries and tune's cache all decide with it.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/reader.h"

void kb_res_device_key(const kb_res_device *d, char *buf, size_t len)
{
  if (d->host)
    snprintf(buf, len, "host");
  else if (d->uuid && *d->uuid)
    snprintf(buf, len, "uuid %s", d->uuid);
  else if (d->pci_bus_id && *d->pci_bus_id)
    snprintf(buf, len, "pci %s", d->pci_bus_id);
  else if (d->known && d->ordinal >= 0)
    snprintf(buf, len, "ordinal %d", d->ordinal);
  else
    buf[0] = '\0';
}

static int both(const char *a, const char *b)
{
  return a && *a && b && *b;
}

int kb_res_same_device(const kb_res_device *a, const kb_res_device *b)
{
  if (a->host || b->host)
    return a->host && b->host;
  if (both(a->uuid, b->uuid))
    return strcmp(a->uuid, b->uuid) == 0;
  if (both(a->pci_bus_id, b->pci_bus_id))
    return strcmp(a->pci_bus_id, b->pci_bus_id) == 0;
  return a->ordinal == b->ordinal;
}

void kb_res_device_free(kb_res_device *d)
{
  free(d->name);
  free(d->uuid);
  free(d->pci_bus_id);
  memset(d, 0, sizeof *d);
}
