/* The configurations of one task, buffered and ordered so that every cluster is explored
 * from its canonical configuration only (batch.c). */
#ifndef RH_ENUMERATE_BATCH_H
#define RH_ENUMERATE_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "state.h"
#include "buffers.h"

/* A configuration of a task, with what it is sorted by: its columns' shapes, its key. */
typedef struct {
    uint64_t columns, h, v;
    rh__estate s;
} rh__econfig;

/* A task's configurations, within `limit` bytes of the run's memory. */
typedef struct {
    rh__econfig *configs;
    bool *met; /* per config: a state of a cluster explored already */
    size_t count, allocated;
    size_t limit, used;
    rh__ememory *memory;
} rh__ebatch;

void rh__ebatch_init(rh__ebatch *b, rh__ememory *memory, size_t limit);
void rh__ebatch_free(rh__ebatch *b);

/* Takes the batch's first room from the run's memory, before its thread starts: a batch that
 * must grow while the others' clusters hold the memory empties itself and then has room
 * again, but an empty one that never had any would fail the run. False when the memory
 * cannot give it. */
bool rh__ebatch_reserve(rh__ebatch *b);
/* Adds a configuration; false when the limit or the run's memory leaves no room. */
bool rh__ebatch_add(rh__ebatch *b, const rh__egeom *g, const rh__estate *s, uint64_t columns);
/* Orders the configurations: each cluster's canonical one before its others. */
void rh__ebatch_sort(rh__ebatch *b);
/* The index after the last configuration of the shape of configs[i]. */
size_t rh__ebatch_shape_end(const rh__ebatch *b, size_t i);
/* Marks met the configurations among from+1 .. to-1 (configs[from]'s shape) that are blocked
 * states of w, explored from configs[from]. */
void rh__ebatch_meet(rh__ebatch *b, const rh__ework *w, size_t from, size_t to);

#endif
