/* A growable deque of packed states: the BFS frontier (FIFO) and the A* buckets (LIFO).
 * Memory is charged to the search's budget. */
#ifndef RH_STATE_QUEUE_H
#define RH_STATE_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "budget.h"

typedef struct {
    uint64_t *keys; /* cap entries of kw words, a ring */
    uint16_t *tags; /* beside each key: the move that reached it (rh_via_encode) */
    size_t cap, head, len;
    int kw;
} rh_queue;

void rh_queue_init(rh_queue *q, int kw);
void rh_queue_free(rh_queue *q, rh_budget *b);
bool rh_queue_grow(rh_queue *q, rh_budget *b);

/* Appends a key and its tag; false when the budget refuses the memory. */
static inline bool rh_queue_push(rh_queue *q, rh_budget *b, const uint64_t *key, uint16_t tag,
                                 int kw)
{
    if (q->len == q->cap && !rh_queue_grow(q, b)) return false;
    size_t at = (q->head + q->len) & (q->cap - 1);
    memcpy(q->keys + at * (size_t)kw, key, sizeof(uint64_t) * (size_t)kw);
    q->tags[at] = tag;
    q->len++;
    return true;
}

static inline uint16_t rh_queue_pop_front(rh_queue *q, uint64_t *key, int kw)
{
    const size_t at = q->head;
    memcpy(key, q->keys + at * (size_t)kw, sizeof(uint64_t) * (size_t)kw);
    q->head = (q->head + 1) & (q->cap - 1);
    q->len--;
    return q->tags[at];
}

static inline uint16_t rh_queue_pop_back(rh_queue *q, uint64_t *key, int kw)
{
    q->len--;
    size_t at = (q->head + q->len) & (q->cap - 1);
    memcpy(key, q->keys + at * (size_t)kw, sizeof(uint64_t) * (size_t)kw);
    return q->tags[at];
}

#endif
