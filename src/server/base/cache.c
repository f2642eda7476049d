/* The answer cache: shards of chained hash tables, each with its own LRU list and lock. */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "hash.h"
#include "lru.h"

#define SHARDS 16
#define BUCKETS 1024 /* per shard; chains stay short at the sizes the byte limit allows */

typedef struct entry {
    struct entry *chain;
    rhd_lru_link lru; /* in its shard's list */
    uint64_t hash;
    size_t key_len, len;
    char data[]; /* the key, then the answer */
} entry;

typedef struct {
    pthread_mutex_t lock;
    entry *buckets[BUCKETS];
    rhd_lru lru; /* its entries, the most recently used first */
    size_t bytes;
} shard;

struct rhd_cache {
    size_t shard_bytes;
    shard shards[SHARDS];
};

static entry *entry_of(rhd_lru_link *l)
{
    return (entry *)((char *)l - offsetof(entry, lru));
}

rhd_cache *rhd_cache_new(size_t max_bytes)
{
    if (!max_bytes) return NULL;
    rhd_cache *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->shard_bytes = max_bytes / SHARDS;
    for (int i = 0; i < SHARDS; i++) pthread_mutex_init(&c->shards[i].lock, NULL);
    return c;
}

void rhd_cache_free(rhd_cache *c)
{
    if (!c) return;
    for (int i = 0; i < SHARDS; i++) {
        for (rhd_lru_link *l = c->shards[i].lru.newest, *next; l; l = next) {
            next = l->older;
            free(entry_of(l));
        }
        pthread_mutex_destroy(&c->shards[i].lock);
    }
    free(c);
}

size_t rhd_cache_key(char *out, const rh_puzzle *p, rh_algorithm algorithm, rh_metric metric,
                     bool boards)
{
    size_t n = 0;
    out[n++] = (char)algorithm;
    out[n++] = (char)metric;
    out[n++] = (char)boards;
    out[n++] = (char)p->board_size;
    out[n++] = (char)p->exit_row;
    out[n++] = (char)p->target;
    out[n++] = (char)p->vehicle_count;
    for (int i = 0; i < p->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        const size_t id = strlen(v->id);
        memcpy(out + n, v->id, id + 1); /* NUL-terminated, so ids cannot run together */
        n += id + 1;
        out[n++] = (char)v->row;
        out[n++] = (char)v->col;
        out[n++] = (char)v->length;
        out[n++] = (char)v->orientation;
    }
    out[n++] = (char)(p->wall_count & 0xFF);
    out[n++] = (char)(p->wall_count >> 8);
    for (int k = 0; k < p->wall_count; k++) {
        out[n++] = (char)p->walls[k].row;
        out[n++] = (char)p->walls[k].col;
    }
    return n;
}

static shard *shard_of(rhd_cache *c, uint64_t h)
{
    return &c->shards[h >> 60];
}

static entry **slot_of(shard *s, uint64_t h)
{
    return &s->buckets[h % BUCKETS];
}

static entry *find(shard *s, uint64_t h, const char *key, size_t key_len)
{
    for (entry *e = *slot_of(s, h); e; e = e->chain)
        if (e->hash == h && e->key_len == key_len && memcmp(e->data, key, key_len) == 0) return e;
    return NULL;
}

static void evict(shard *s, entry *e)
{
    rhd_lru_remove(&s->lru, &e->lru);
    entry **p = slot_of(s, e->hash);
    while (*p != e) p = &(*p)->chain;
    *p = e->chain;
    s->bytes -= sizeof *e + e->key_len + e->len;
    free(e);
}

char *rhd_cache_get(rhd_cache *c, const char *key, size_t key_len, size_t *len)
{
    if (!c) return NULL;
    const uint64_t h = rhd_hash_bytes(key, key_len);
    shard *s = shard_of(c, h);
    pthread_mutex_lock(&s->lock);
    entry *e = find(s, h, key, key_len);
    char *copy = e ? malloc(e->len + 1) : NULL;
    if (copy) {
        memcpy(copy, e->data + e->key_len, e->len);
        copy[e->len] = '\0';
        *len = e->len;
        rhd_lru_remove(&s->lru, &e->lru);
        rhd_lru_push(&s->lru, &e->lru);
    }
    pthread_mutex_unlock(&s->lock);
    return copy;
}

void rhd_cache_put(rhd_cache *c, const char *key, size_t key_len, const char *answer, size_t len)
{
    if (!c) return;
    const size_t bytes = sizeof(entry) + key_len + len;
    if (bytes > c->shard_bytes) return; /* would evict everything for one answer */
    entry *e = malloc(bytes);
    if (!e) return;
    const uint64_t h = rhd_hash_bytes(key, key_len);
    e->hash = h;
    e->key_len = key_len;
    e->len = len;
    memcpy(e->data, key, key_len);
    memcpy(e->data + key_len, answer, len);
    shard *s = shard_of(c, h);
    pthread_mutex_lock(&s->lock);
    entry *old = find(s, h, key, key_len);
    if (old) evict(s, old);
    while (s->lru.oldest && s->bytes + bytes > c->shard_bytes) evict(s, entry_of(s->lru.oldest));
    e->chain = *slot_of(s, h);
    *slot_of(s, h) = e;
    rhd_lru_push(&s->lru, &e->lru);
    s->bytes += bytes;
    pthread_mutex_unlock(&s->lock);
}
