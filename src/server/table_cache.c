/* The cluster-table cache: tables chained in buckets by the hash of their shape, under one
 * reader-writer lock; see table_cache.h.
 *
 * The locking rule: lookups (a hint's walk included: microseconds) share the lock, so the HTTP
 * threads never wait on each other; inserting, evicting and pinning take it alone. Recency is
 * an atomic tick per table, written under the shared lock, so a hit needs no exclusive lock;
 * eviction scans for the oldest tick, as the tables are few (megabytes each). Claims have a
 * mutex of their own, so a claim never waits on a lookup. Builds run under no lock at all. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "rushhour/clock.h"
#include "table_cache.h"

#define BUCKETS 256
#define RECENT_SLOTS 4096
#define RECENT_TIME_BITS 20 /* seconds, modulo 12 days */

typedef struct entry {
    struct entry *chain;
    uint64_t shape_hash;
    rh_table *table;
    size_t bytes;
    atomic_uint_fast64_t used; /* the tick of its last hit */
    bool pinned;
} entry;

struct rhd_tables {
    pthread_rwlock_t lock;
    entry *buckets[BUCKETS];
    size_t max_bytes, bytes;
    atomic_uint_fast64_t tick;
    pthread_mutex_t claims;
    uint64_t building[RHD_TABLE_CLAIMS_MAX]; /* shape hashes of the builds claimed */
    int builds;
    /* Keys asked lately: the key's hash above RECENT_TIME_BITS, the second asked below. */
    atomic_uint_fast64_t recent[RECENT_SLOTS];
};

rhd_tables *rhd_tables_new(size_t max_bytes)
{
    if (!max_bytes) return NULL;
    rhd_tables *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->max_bytes = max_bytes;
    pthread_rwlock_init(&c->lock, NULL);
    pthread_mutex_init(&c->claims, NULL);
    return c;
}

static void drop(rhd_tables *c, entry *e)
{
    c->bytes -= e->bytes;
    rhd_metrics_tables_add(-1, -(int64_t)e->bytes);
    rh_table_free(e->table);
    free(e);
}

void rhd_tables_free(rhd_tables *c)
{
    if (!c) return;
    for (int b = 0; b < BUCKETS; b++)
        for (entry *e = c->buckets[b], *next; e; e = next) {
            next = e->chain;
            drop(c, e);
        }
    pthread_mutex_destroy(&c->claims);
    pthread_rwlock_destroy(&c->lock);
    free(c);
}

/* FNV-1a. */
static uint64_t hash_bytes(const uint8_t *s, size_t n)
{
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * UINT64_C(0x100000001B3);
    return h ^ (h >> 29);
}

/* Writes the canonical form of `p` to `form`, computed once for every table a lookup tries, and
 * returns the hash of its shape, which files the tables. */
static uint64_t canonical_hash(rh_table_canonical *form, const rh_puzzle *p)
{
    rh_table_canonicalize(form, p);
    return hash_bytes(form->shape, form->shape_len);
}

static uint64_t shape_hash(const rh_puzzle *p)
{
    rh_table_canonical form;
    return canonical_hash(&form, p);
}

bool rhd_tables_recently_asked(rhd_tables *c, const char *key, size_t len)
{
    if (!c) return false;
    const uint64_t h = hash_bytes((const uint8_t *)key, len);
    const uint64_t time_mask = (UINT64_C(1) << RECENT_TIME_BITS) - 1;
    const uint64_t now = (uint64_t)rh_clock_us() / 1000000 & time_mask;
    atomic_uint_fast64_t *slot = &c->recent[h % RECENT_SLOTS];
    const uint64_t seen = atomic_load_explicit(slot, memory_order_relaxed);
    if ((seen & ~time_mask) == (h & ~time_mask) &&
        ((now - (seen & time_mask)) & time_mask) < RHD_TABLE_RECENT_S)
        return true;
    atomic_store_explicit(slot, (h & ~time_mask) | now, memory_order_relaxed);
    return false;
}

static entry **bucket_of(rhd_tables *c, uint64_t h)
{
    return &c->buckets[h % BUCKETS];
}

/* The table holding `p`, of canonical form `form`, whose shape hashes to `h`, or NULL; under
 * either lock. */
static entry *holding(rhd_tables *c, const rh_puzzle *p, const rh_table_canonical *form, uint64_t h)
{
    for (entry *e = *bucket_of(c, h); e; e = e->chain)
        if (e->shape_hash == h &&
            rh_table_distance_canonical(e->table, p, form, RH_METRIC_MOVES) != RH_TABLE_ABSENT)
            return e;
    return NULL;
}

static void touch(rhd_tables *c, entry *e)
{
    atomic_store_explicit(&e->used, atomic_fetch_add(&c->tick, 1) + 1, memory_order_relaxed);
}

int rhd_tables_solve(rhd_tables *c, rh_result *out, const rh_puzzle *p, rh_metric metric,
                     rh_algorithm algorithm)
{
    if (!c) return RH_ENOTFOUND;
    rh_table_canonical form;
    const uint64_t h = canonical_hash(&form, p);
    int rc = RH_ENOTFOUND;
    pthread_rwlock_rdlock(&c->lock);
    for (entry *e = *bucket_of(c, h); e && rc == RH_ENOTFOUND; e = e->chain)
        if (e->shape_hash == h && (rc = rh_table_solve_canonical(out, e->table, p, &form, metric,
                                                                 algorithm)) != RH_ENOTFOUND)
            touch(c, e);
    pthread_rwlock_unlock(&c->lock);
    rhd_metrics_table_lookup(rc != RH_ENOTFOUND);
    return rc;
}

int rhd_tables_distance(rhd_tables *c, const rh_puzzle *p, rh_metric metric)
{
    if (!c) return RH_TABLE_ABSENT;
    rh_table_canonical form;
    const uint64_t h = canonical_hash(&form, p);
    int d = RH_TABLE_ABSENT;
    pthread_rwlock_rdlock(&c->lock);
    for (entry *e = *bucket_of(c, h); e && d == RH_TABLE_ABSENT; e = e->chain)
        if (e->shape_hash == h &&
            (d = rh_table_distance_canonical(e->table, p, &form, metric)) != RH_TABLE_ABSENT)
            touch(c, e);
    pthread_rwlock_unlock(&c->lock);
    rhd_metrics_table_lookup(d != RH_TABLE_ABSENT);
    return d;
}

bool rhd_tables_claim(rhd_tables *c, const rh_puzzle *p)
{
    if (!c) return false;
    rh_table_canonical form;
    const uint64_t h = canonical_hash(&form, p);
    pthread_rwlock_rdlock(&c->lock);
    const bool held = holding(c, p, &form, h) != NULL;
    pthread_rwlock_unlock(&c->lock);
    if (held) return false;
    pthread_mutex_lock(&c->claims);
    bool granted = c->builds < RHD_TABLE_CLAIMS_MAX;
    for (int k = 0; granted && k < c->builds; k++) granted = c->building[k] != h;
    if (granted) c->building[c->builds++] = h;
    pthread_mutex_unlock(&c->claims);
    return granted;
}

void rhd_tables_unclaim(rhd_tables *c, const rh_puzzle *p)
{
    if (!c) return;
    const uint64_t h = shape_hash(p);
    pthread_mutex_lock(&c->claims);
    for (int k = 0; k < c->builds; k++)
        if (c->building[k] == h) {
            c->building[k] = c->building[--c->builds];
            break;
        }
    pthread_mutex_unlock(&c->claims);
}

/* The unpinned table used least recently, or NULL; under the exclusive lock. */
static entry **oldest(rhd_tables *c)
{
    entry **best = NULL;
    uint64_t best_used = UINT64_MAX;
    for (int b = 0; b < BUCKETS; b++)
        for (entry **e = &c->buckets[b]; *e; e = &(*e)->chain) {
            const uint64_t used = atomic_load_explicit(&(*e)->used, memory_order_relaxed);
            if (!(*e)->pinned && used < best_used) {
                best = e;
                best_used = used;
            }
        }
    return best;
}

/* The bytes of the pinned tables; under either lock. */
static size_t pinned_bytes(rhd_tables *c)
{
    size_t n = 0;
    for (int b = 0; b < BUCKETS; b++)
        for (entry *e = c->buckets[b]; e; e = e->chain) n += e->pinned ? e->bytes : 0;
    return n;
}

/* Keeps `e`, evicting to make room, under the exclusive lock; false when no room can be made. */
static bool keep(rhd_tables *c, entry *e)
{
    if (e->bytes > RHD_TABLE_MAX_BYTES || pinned_bytes(c) + e->bytes > c->max_bytes) return false;
    while (c->bytes + e->bytes > c->max_bytes) {
        entry **victim = oldest(c);
        if (!victim) return false; /* not reached: the unpinned tables hold the excess */
        entry *v = *victim;
        *victim = v->chain;
        drop(c, v);
        rhd_metrics_table_evicted();
    }
    entry **b = bucket_of(c, e->shape_hash);
    e->chain = *b;
    *b = e;
    c->bytes += e->bytes;
    rhd_metrics_tables_add(1, (int64_t)e->bytes);
    touch(c, e);
    return true;
}

bool rhd_tables_build(rhd_tables *c, const rh_puzzle *p, const rh_limits *limits, bool pinned)
{
    if (!c) return false;
    entry *e = calloc(1, sizeof *e);
    rh_limit limit = RH_LIMIT_NONE;
    if (e && rh_table_build(&e->table, &limit, NULL, p, limits) == RH_OK && e->table) {
        e->shape_hash = shape_hash(p);
        e->bytes = rh_table_bytes(e->table);
        e->pinned = pinned;
    }
    bool kept = false;
    if (e && e->table) {
        pthread_rwlock_wrlock(&c->lock);
        kept = keep(c, e);
        pthread_rwlock_unlock(&c->lock);
    }
    rhd_metrics_table_built(kept);
    if (!kept) {
        if (e) rh_table_free(e->table);
        free(e);
    }
    rhd_tables_unclaim(c, p);
    return kept;
}

bool rhd_tables_pin(rhd_tables *c, const rh_puzzle *p)
{
    if (!c) return false;
    rh_table_canonical form;
    const uint64_t h = canonical_hash(&form, p);
    pthread_rwlock_wrlock(&c->lock);
    for (int b = 0; b < BUCKETS; b++)
        for (entry *e = c->buckets[b]; e; e = e->chain) e->pinned = false;
    entry *e = holding(c, p, &form, h);
    if (e) e->pinned = true;
    pthread_rwlock_unlock(&c->lock);
    return e != NULL;
}
