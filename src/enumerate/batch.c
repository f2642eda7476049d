/* The configurations of one task, held until its walk ends and then taken in an order where
 * every cluster shows its canonical configuration first: by the columns' shapes (with the
 * task's lanes, a cluster's shape), then by key. A cluster explored from its first
 * configuration is known whole, so its other blocked states are marked met here and never
 * explored again: none of the task's searches then meets a smaller key and gives up. */
#include <stdlib.h>

#include "batch.h"
#include "state.h"
#include "buffers.h"

#define BATCH_MIN 64u

void rh__ebatch_init(rh__ebatch *b, rh__ememory *memory, size_t limit)
{
    *b = (rh__ebatch){.memory = memory, .limit = limit};
}

void rh__ebatch_free(rh__ebatch *b)
{
    void *const arrays[] = {b->configs, b->met};
    rh__ework_memory_free(b->memory, b->used, arrays, sizeof arrays / sizeof arrays[0]);
    rh__ebatch_init(b, b->memory, b->limit);
}

/* Room for twice the configurations (BATCH_MIN at first), within the batch's limit and the
 * run's memory. */
static bool grow(rh__ebatch *b)
{
    const size_t have = b->allocated, want = have ? 2 * have : BATCH_MIN;
    if (want * (sizeof *b->configs + sizeof *b->met) > b->limit ||
        !rh__ework_memory_grow(b->memory, &b->used, &b->configs, sizeof *b->configs, have, want) ||
        !rh__ework_memory_grow(b->memory, &b->used, &b->met, sizeof *b->met, have, want))
        return false;
    b->allocated = want;
    return true;
}

bool rh__ebatch_reserve(rh__ebatch *b)
{
    return b->allocated || grow(b);
}

bool rh__ebatch_add(rh__ebatch *b, const rh__egeom *g, const rh__estate *s, uint64_t columns)
{
    if (b->count == b->allocated && !grow(b)) return false;
    rh__econfig *c = &b->configs[b->count];
    c->columns = columns;
    c->h = rh__es_h(s);
    c->v = rh__es_v(g, s);
    c->s = *s;
    b->met[b->count++] = false;
    return true;
}

/* Order of shape, then key. Within a task they name one configuration: the task fixes each
 * row's pieces in order and the shape each column's, so the masks place every piece. */
static int compare(const rh__econfig *a, const rh__econfig *b)
{
    if (a->columns != b->columns) return a->columns < b->columns ? -1 : 1;
    if (a->h != b->h) return a->h < b->h ? -1 : 1;
    if (a->v != b->v) return a->v < b->v ? -1 : 1;
    return 0;
}

static int compare_any(const void *a, const void *b)
{
    return compare(a, b);
}

void rh__ebatch_sort(rh__ebatch *b)
{
    if (b->count > 1) qsort(b->configs, b->count, sizeof *b->configs, compare_any);
}

size_t rh__ebatch_shape_end(const rh__ebatch *b, size_t i)
{
    size_t j = i + 1;
    while (j < b->count && b->configs[j].columns == b->configs[i].columns) j++;
    return j;
}

void rh__ebatch_meet(rh__ebatch *b, const rh__ework *w, size_t from, size_t to)
{
    const rh__egeom *g = w->g;
    for (uint32_t i = 1; i < w->count; i++) {
        const rh__estate *s = &w->states[i];
        if (!rh__es_blocked(g, s, rh__es_free(g, s, 0))) continue;
        const rh__econfig want = {
            .columns = b->configs[from].columns, .h = rh__es_h(s), .v = rh__es_v(g, s)};
        size_t lo = from, hi = to; /* configs[lo] < want <= configs[hi] */
        while (hi - lo > 1) {
            const size_t mid = lo + (hi - lo) / 2;
            if (compare(&b->configs[mid], &want) < 0)
                lo = mid;
            else
                hi = mid;
        }
        if (hi < to && compare(&b->configs[hi], &want) == 0) b->met[hi] = true;
    }
}
