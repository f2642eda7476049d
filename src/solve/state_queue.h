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
    uint16_t *tags; /* beside each key: the move that reached it (rh__via_encode) */
    size_t cap, head, len;
    int kw;
} rh__queue;

void rh__queue_init(rh__queue *q, int kw);
void rh__queue_free(rh__queue *q, rh__budget *b);
bool rh__queue_grow(rh__queue *q, rh__budget *b);

/* Appends a key and its tag; false when the budget refuses the memory. */
static inline bool rh__queue_push(rh__queue *q, rh__budget *b, const uint64_t *key, uint16_t tag,
                                  int kw)
{
    if (q->len == q->cap && !rh__queue_grow(q, b)) return false;
    size_t at = (q->head + q->len) & (q->cap - 1);
    memcpy(q->keys + at * (size_t)kw, key, sizeof(uint64_t) * (size_t)kw);
    q->tags[at] = tag;
    q->len++;
    return true;
}

static inline uint16_t rh__queue_pop_front(rh__queue *q, uint64_t *key, int kw)
{
    const size_t at = q->head;
    memcpy(key, q->keys + at * (size_t)kw, sizeof(uint64_t) * (size_t)kw);
    q->head = (q->head + 1) & (q->cap - 1);
    q->len--;
    return q->tags[at];
}

static inline uint16_t rh__queue_pop_back(rh__queue *q, uint64_t *key, int kw)
{
    q->len--;
    size_t at = (q->head + q->len) & (q->cap - 1);
    memcpy(key, q->keys + at * (size_t)kw, sizeof(uint64_t) * (size_t)kw);
    return q->tags[at];
}

#endif
