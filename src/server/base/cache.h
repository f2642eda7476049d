/* A bounded LRU cache of solve answers. An optimal answer (or a proof of unsolvability) never
 * changes, and game front ends ask for the same levels again and again: a hit is answered on
 * the HTTP thread in microseconds, without a search. Sharded, so threads rarely wait on each
 * other; every entry's memory counts against the byte limit. */
#ifndef RHD_CACHE_H
#define RHD_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "rushhour/rushhour.h"

typedef struct rhd_cache rhd_cache;

/* A cache holding at most `max_bytes` of keys and answers; NULL when max_bytes is 0 (every
 * function below accepts a NULL cache as "no cache") or when out of memory. */
rhd_cache *rhd_cache_new(size_t max_bytes);
void rhd_cache_free(rhd_cache *c);

#define RHD_CACHE_KEY_MAX (16 + RH_VEHICLES_MAX * (RH_ID_MAX + 5) + RH_WALLS_MAX * 2)

/* Writes the canonical key of a request into `out` (RHD_CACHE_KEY_MAX bytes) and returns its
 * length: the puzzle as parsed (whatever form it came in) and what changes the answer. */
size_t rhd_cache_key(char *out, const rh_puzzle *p, rh_algorithm algorithm, rh_metric metric,
                     bool boards);

/* A malloc'd copy of the answer stored under `key` (its length in *len), or NULL. */
char *rhd_cache_get(rhd_cache *c, const char *key, size_t key_len, size_t *len);

/* Stores `answer` under `key`, evicting the least recently used entries to stay in bounds. */
void rhd_cache_put(rhd_cache *c, const char *key, size_t key_len, const char *answer, size_t len);

#endif
