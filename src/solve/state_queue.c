/* Growing and freeing state deques. */
#include "state_queue.h"

#define INITIAL_CAP 64

void rh__queue_init(rh__queue *q, int kw)
{
    *q = (rh__queue){.kw = kw};
}

void rh__queue_free(rh__queue *q, rh__budget *b)
{
    rh__budget_free(b, q->keys, q->cap * sizeof(uint64_t) * (size_t)q->kw);
    rh__budget_free(b, q->tags, q->cap * sizeof(uint16_t));
    *q = (rh__queue){.kw = q->kw};
}

bool rh__queue_grow(rh__queue *q, rh__budget *b)
{
    const size_t kw = (size_t)q->kw, cap = q->cap ? q->cap * 2 : INITIAL_CAP;
    uint64_t *keys = rh__budget_calloc(b, cap * sizeof(uint64_t) * kw);
    uint16_t *tags = keys ? rh__budget_calloc(b, cap * sizeof(uint16_t)) : NULL;
    if (!tags) {
        rh__budget_free(b, keys, keys ? cap * sizeof(uint64_t) * kw : 0);
        return false;
    }
    /* Unwrap the ring into the new arrays, oldest first. */
    for (size_t i = 0; i < q->len; i++) {
        const size_t from = (q->head + i) & (q->cap - 1);
        memcpy(keys + i * kw, q->keys + from * kw, sizeof(uint64_t) * kw);
        tags[i] = q->tags[from];
    }
    const size_t len = q->len;
    rh__queue_free(q, b);
    q->keys = keys;
    q->tags = tags;
    q->len = len;
    q->cap = cap;
    q->head = 0;
    return true;
}
