/*
** The entries of a results file, pooled by name and device into the cases
** kbench compare and kbench fleet judge: repetitions' samples joined, the
** worst verdict kept (model/verdict.h), in the order names first appear.
** Apart from the reading (file_read.c), so it needs no JSON library.
*/
#ifndef KB_POOLING_H
#define KB_POOLING_H

#include <stddef.h>

#include "results/reader.h"

/* Pool es[0..n) into run->cases; the entries' arrays move into the
** cases.  0, or -1 out of memory. */
int kb_res_pool(kb_res_entry *es, size_t n, kb_res_run *run);
void kb_res_case_free(kb_res_case *c);

#endif
