/* A recency list: a doubly linked list from newest to oldest, threaded through its members, each
 * of which holds an rhd_lru_link (its entry is found back with offsetof). The answer cache keeps
 * one per shard, the table cache one per kind. It has no lock: its owner's lock guards it. */
#ifndef RHD_LRU_H
#define RHD_LRU_H

typedef struct rhd_lru_link {
    struct rhd_lru_link *newer, *older;
} rhd_lru_link;

typedef struct {
    rhd_lru_link *newest, *oldest; /* NULL both when empty */
} rhd_lru;

/* Puts `l`, in no list, at the newest end of `list`. */
void rhd_lru_push(rhd_lru *list, rhd_lru_link *l);

/* Takes `l` out of `list`, which holds it. */
void rhd_lru_remove(rhd_lru *list, rhd_lru_link *l);

#endif
