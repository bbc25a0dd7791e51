/* Who else used a case's GPU (worker/measure/neighbours.h), judged from what NVML
** listed and sampled, without a GPU: the judgement and its sentence. */
#include <stdio.h>
#include <string.h>

#include "worker/measure/neighbours.h"
#include "tap.h"

int main(void)
{
  kb_neighbours nb;
  const unsigned self = 100;

  /* Alone: only this process listed and sampled. */
  unsigned alone[] = {self};
  kb_nvml_use own[] = {{self, 98, 60}};
  ok(kb_neighbours_judge(alone, 1, own, 1, 1, self, &nb) == 0,
     "alone on the GPU: nobody disturbed, however busy kbench itself was");

  /* A stray copying memory, sampled busy. */
  unsigned two[] = {self, 4242};
  kb_nvml_use busy[] = {{self, 95, 40}, {4242, 0, 35}};
  ok(kb_neighbours_judge(two, 2, busy, 2, 1, self, &nb) == 1
     && nb.p[0].pid == 4242 && nb.p[0].sampled && nb.p[0].mem == 35,
     "another process sampled using memory disturbed, with its use");

  /* Listed but idle (a notebook holding a context): not a disturbance
  ** where NVML keeps per-process samples. */
  kb_nvml_use idle[] = {{self, 95, 40}, {4242, 0, 0}};
  ok(kb_neighbours_judge(two, 2, idle, 2, 1, self, &nb) == 0,
     "another process listed but sampled idle did not disturb");
  ok(kb_neighbours_judge(two, 2, own, 1, 1, self, &nb) == 0,
     "another process listed and never sampled did not disturb");

  /* No per-process samples here: a listed process is all kbench knows. */
  ok(kb_neighbours_judge(two, 2, NULL, 0, 0, self, &nb) == 1
     && nb.p[0].pid == 4242 && !nb.p[0].sampled,
     "without samples, another process listed at all disturbed");

  /* Sampled busy, gone by the end of the window: still a disturbance. */
  kb_nvml_use gone[] = {{7, 50, 0}};
  ok(kb_neighbours_judge(alone, 1, gone, 1, 1, self, &nb) == 1
     && nb.p[0].pid == 7 && nb.p[0].sm == 50,
     "a process sampled busy that exited before the end disturbed");

  /* The same pid listed at the start and the end counts once. */
  unsigned twice[] = {4242, self, 4242};
  ok(kb_neighbours_judge(twice, 3, NULL, 0, 0, self, &nb) == 1,
     "a process listed twice is one process");

  /* More than fit: counted up to the table's size, never past it. */
  unsigned many[KB_NEIGHBOURS_MAX + 5];
  for (unsigned i = 0; i < KB_NEIGHBOURS_MAX + 5; i++)
    many[i] = 1000 + i;
  ok(kb_neighbours_judge(many, KB_NEIGHBOURS_MAX + 5, NULL, 0, 0, self, &nb)
     == KB_NEIGHBOURS_MAX, "more processes than the table holds: it is "
     "full, not overrun");

  char text[512];
  kb_neighbours_judge(two, 2, busy, 2, 1, self, &nb);
  snprintf(nb.p[0].name, sizeof nb.p[0].name, "stray_copy");
  kb_neighbours_text(&nb, text, sizeof text);
  ok(strcmp(text, "pid 4242 (stray_copy) at SM 0%, memory 35%") == 0,
     "the sentence names the pid, the name and the use: %s", text);
  kb_neighbours_judge(two, 2, NULL, 0, 0, self, &nb);
  kb_neighbours_text(&nb, text, sizeof text);
  ok(strcmp(text, "pid 4242 (?) with a context on the GPU") == 0,
     "an unnamed process without samples: %s", text);

  /* A watch with no NVML watches nothing and never reports. */
  kb_watch w;
  kb_watch_open(&w, NULL, "no NVML (libnvidia-ml.so.1 not found)");
  kb_watch_begin(&w);
  ok(kb_watch_end(&w, &nb) == 0 && nb.n == 0
     && strstr(w.why, "libnvidia-ml") != NULL,
     "without NVML nothing is watched, and why is kept");
  ok(kb_watch_quiet(&w, 5) == 0, "and no wait for quiet is made");
  return tap_done();
}
