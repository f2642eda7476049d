/* Growing and freeing state deques. */
#include "state_queue.h"

#define INITIAL_CAP 64

void rh_queue_init(rh_queue *q, int kw)
{
    *q = (rh_queue){.kw = kw};
}

void rh_queue_free(rh_queue *q, rh_budget *b)
{
    rh_budget_free(b, q->keys, q->cap * sizeof(uint64_t) * (size_t)q->kw);
    *q = (rh_queue){.kw = q->kw};
}

bool rh_queue_grow(rh_queue *q, rh_budget *b)
{
    const size_t kw = (size_t)q->kw, cap = q->cap ? q->cap * 2 : INITIAL_CAP;
    uint64_t *keys = rh_budget_calloc(b, cap * sizeof(uint64_t) * kw);
    if (!keys) return false;
    /* Unwrap the ring into the new array, oldest first. */
    for (size_t i = 0; i < q->len; i++)
        memcpy(keys + i * kw, q->keys + ((q->head + i) & (q->cap - 1)) * kw,
               sizeof(uint64_t) * kw);
    rh_budget_free(b, q->keys, q->cap * sizeof(uint64_t) * kw);
    q->keys = keys;
    q->cap = cap;
    q->head = 0;
    return true;
}
