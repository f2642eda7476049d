/* The cluster-table cache: tables chained in buckets by the hash of their shape and listed by
 * kind, newest first, under one reader-writer lock; see table_cache.h.
 *
 * The locking rule: lookups (a hint's walk included: microseconds) share the lock, so the HTTP
 * threads never wait on each other; inserting, evicting and pinning take it alone, and the lock
 * prefers writers, so that a steady stream of lookups cannot keep a writer (the main thread's
 * pin, and with it SIGTERM) waiting. A hit only sets its table's flag (an atomic, under the
 * shared lock); eviction reads the flags from the old end of a kind's list, giving a flagged
 * table a second chance (a promotion, for a hand-out or an analysis). Tables evicted are freed
 * after unlocking. The idle-priority builder takes no lock: it pushes its finished table on a
 * lock-free stack, which the next caller at normal priority empties (settle). Claims have a
 * mutex of their own, so a claim never waits on a lookup. Builds run under no lock at all. */
#define _GNU_SOURCE /* pthread_rwlockattr_setkind_np */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "lru.h"
#include "metrics.h"
#include "rushhour/clock.h"
#include "table_cache.h"

#define BUCKETS 4096
#define RECENT_SLOTS 4096
#define RECENT_TIME_BITS 20 /* seconds, modulo 12 days */

typedef struct entry {
    struct entry *chain; /* the bucket's next; a list of victims' next */
    rhd_lru_link lru;    /* in its kind's list */
    uint64_t shape_hash;
    rh_table *table;
    size_t bytes;
    rhd_table_kind kind;
    bool failed;     /* the build ran out of a budget (not cancelled): no table */
    atomic_bool hit; /* a lookup answered from it since eviction last passed it */
} entry;

/* A table the builder finished, waiting to be kept. */
typedef struct arrival {
    struct arrival *next;
    entry *e;
    rh_puzzle puzzle;
} arrival;

typedef struct {
    rhd_lru lru; /* its tables, the most recently used first */
    size_t bytes;
} kind_list;

struct rhd_tables {
    pthread_rwlock_t lock;
    entry *buckets[BUCKETS];
    kind_list kinds[RHD_TABLE_KINDS];
    size_t max_bytes, bytes;
    _Atomic(arrival *) arrivals;
    pthread_mutex_t claims;
    uint64_t building[RHD_TABLE_CLAIMS_MAX]; /* shape hashes of the builds claimed */
    int builds;
    /* Keys asked lately, and shapes whose build failed lately: a hash above RECENT_TIME_BITS,
     * the second it was noted below. */
    atomic_uint_fast64_t recent[RECENT_SLOTS], failed[RECENT_SLOTS];
};

size_t rhd_tables_share(size_t max_bytes, rhd_table_kind kind)
{
    static const size_t eighths[RHD_TABLE_KINDS] = {8, 3, 3, 2};
    return max_bytes / 8 * eighths[kind] + max_bytes % 8 * eighths[kind] / 8;
}

rhd_tables *rhd_tables_new(size_t max_bytes)
{
    if (!max_bytes) return NULL;
    rhd_tables *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->max_bytes = max_bytes;
    pthread_rwlockattr_t attr;
    pthread_rwlockattr_init(&attr);
    pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
    pthread_rwlock_init(&c->lock, &attr);
    pthread_rwlockattr_destroy(&attr);
    pthread_mutex_init(&c->claims, NULL);
    return c;
}

static void entry_free(entry *e)
{
    if (e) rh_table_free(e->table);
    free(e);
}

void rhd_tables_free(rhd_tables *c)
{
    if (!c) return;
    for (int b = 0; b < BUCKETS; b++)
        for (entry *e = c->buckets[b], *next; e; e = next) {
            next = e->chain;
            rhd_metrics_table(RHD_TABLE_FREED, e->bytes);
            entry_free(e);
        }
    for (arrival *a = atomic_load(&c->arrivals), *next; a; a = next) {
        next = a->next;
        entry_free(a->e);
        free(a);
    }
    pthread_mutex_destroy(&c->claims);
    pthread_rwlock_destroy(&c->lock);
    free(c);
}

/* Writes the canonical form of `p` to `form`, computed once for every table a lookup tries, and
 * returns the hash of its shape, which files the tables. */
static uint64_t canonical_hash(rh_table_canonical *form, const rh_puzzle *p)
{
    rh_table_canonicalize(form, p);
    return rhd_hash_bytes(form->shape, form->shape_len);
}

static uint64_t shape_hash(const rh_puzzle *p)
{
    rh_table_canonical form;
    return canonical_hash(&form, p);
}

/* Whether hash `h` was noted in `slots` within the last `window_s` seconds; notes it when not
 * and `note`. Lock-free; two hashes may share a slot (the older is forgotten). */
static bool noted_lately(atomic_uint_fast64_t *slots, uint64_t h, unsigned window_s, bool note)
{
    const uint64_t time_mask = (UINT64_C(1) << RECENT_TIME_BITS) - 1;
    const uint64_t now = (uint64_t)rh_clock_us() / 1000000 & time_mask;
    atomic_uint_fast64_t *slot = &slots[h % RECENT_SLOTS];
    const uint64_t seen = atomic_load_explicit(slot, memory_order_relaxed);
    if ((seen & ~time_mask) == (h & ~time_mask) &&
        ((now - (seen & time_mask)) & time_mask) < window_s)
        return true;
    if (note) atomic_store_explicit(slot, (h & ~time_mask) | now, memory_order_relaxed);
    return false;
}

bool rhd_tables_recently_asked(rhd_tables *c, const char *key, size_t len)
{
    return c && noted_lately(c->recent, rhd_hash_bytes(key, len), RHD_TABLE_RECENT_S, true);
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

static void hit(entry *e)
{
    if (!atomic_load_explicit(&e->hit, memory_order_relaxed))
        atomic_store_explicit(&e->hit, true, memory_order_relaxed);
}

/* The kinds' lists, under the exclusive lock. */
static void list_push(rhd_tables *c, entry *e, rhd_table_kind kind)
{
    kind_list *l = &c->kinds[kind];
    e->kind = kind;
    rhd_lru_push(&l->lru, &e->lru);
    l->bytes += e->bytes;
}

static void list_remove(rhd_tables *c, entry *e)
{
    kind_list *l = &c->kinds[e->kind];
    rhd_lru_remove(&l->lru, &e->lru);
    l->bytes -= e->bytes;
}

/* The least recently used table of `kind`, or NULL. */
static entry *oldest(const rhd_tables *c, rhd_table_kind kind)
{
    rhd_lru_link *l = c->kinds[kind].lru.oldest;
    return l ? (entry *)((char *)l - offsetof(entry, lru)) : NULL;
}

static void move_to(rhd_tables *c, entry *e, rhd_table_kind kind)
{
    list_remove(c, e);
    list_push(c, e, kind);
}

/* The previous day's table, if any, becomes a hand-out. */
static void unpin(rhd_tables *c)
{
    entry *day = oldest(c, RHD_TABLE_DAY);
    if (day) move_to(c, day, RHD_TABLE_HANDOUT);
}

static void pin(rhd_tables *c, entry *e)
{
    unpin(c);
    move_to(c, e, RHD_TABLE_DAY);
}

/* Evicts the least recently used table of `kind` (not the day's) onto *victims (freed by the
 * caller after unlocking); a flagged table on the way is moved instead, to the newest end of
 * the played ones (a promotion, unless it was one already). Returns false when `kind` ran out of
 * tables first; under the exclusive lock. */
static bool evict_one(rhd_tables *c, rhd_table_kind kind, entry **victims)
{
    for (entry *e; (e = oldest(c, kind));) {
        if (atomic_exchange_explicit(&e->hit, false, memory_order_relaxed)) {
            move_to(c, e, RHD_TABLE_PLAYED);
            continue;
        }
        list_remove(c, e);
        entry **link = bucket_of(c, e->shape_hash);
        while (*link != e) link = &(*link)->chain;
        *link = e->chain;
        c->bytes -= e->bytes;
        e->chain = *victims;
        *victims = e;
        return true;
    }
    return false;
}

/* The kind to evict from to make room for a table of `kind`: a kind over its share first, then
 * `kind`'s own tables, and only for the day's table, anyone's; -1 when none may give way. */
static int victim_kind(const rhd_tables *c, rhd_table_kind kind)
{
    for (int k = RHD_TABLE_KINDS - 1; k > RHD_TABLE_DAY; k--)
        if (oldest(c, k) && c->kinds[k].bytes > rhd_tables_share(c->max_bytes, k)) return k;
    if (kind != RHD_TABLE_DAY) return oldest(c, kind) ? (int)kind : -1;
    for (int k = RHD_TABLE_KINDS - 1; k > RHD_TABLE_DAY; k--)
        if (oldest(c, k)) return k;
    return -1;
}

/* Makes room for `e` as `kind` and files it; false (nothing filed, but tables may be evicted)
 * when no room can be made. Under the exclusive lock. */
static bool file(rhd_tables *c, entry *e, rhd_table_kind kind, entry **victims)
{
    const size_t day = c->kinds[RHD_TABLE_DAY].bytes;
    const size_t share = rhd_tables_share(c->max_bytes, kind);
    if (e->bytes > RHD_TABLE_MAX_BYTES || e->bytes > share ||
        (kind != RHD_TABLE_DAY && day + e->bytes > c->max_bytes))
        return false;
    if (kind == RHD_TABLE_DAY) unpin(c);
    /* Analyses never exceed their quota, even with room to spare. */
    while (kind == RHD_TABLE_ANALYZED && c->kinds[kind].bytes + e->bytes > share)
        if (!evict_one(c, kind, victims)) return false;
    while (c->bytes + e->bytes > c->max_bytes) {
        const int k = victim_kind(c, kind);
        if (k < 0) return false;
        evict_one(c, (rhd_table_kind)k, victims);
    }
    entry **b = bucket_of(c, e->shape_hash);
    e->chain = *b;
    *b = e;
    c->bytes += e->bytes;
    list_push(c, e, kind);
    return true;
}

/* Ends the claim of shape hash `h`. */
static void end_claim(rhd_tables *c, uint64_t h)
{
    pthread_mutex_lock(&c->claims);
    for (int k = 0; k < c->builds; k++)
        if (c->building[k] == h) {
            c->building[k] = c->building[--c->builds];
            break;
        }
    pthread_mutex_unlock(&c->claims);
}

/* Keeps the table of `e`, built for the claimed `p`, as `kind` (table_cache.h), then ends the
 * claim; takes `e`. Returns whether the cluster is held as asked. */
static bool keep(rhd_tables *c, const rh_puzzle *p, entry *e, rhd_table_kind kind)
{
    bool kept = false, held_as_asked = false;
    entry *victims = NULL;
    rh_table_canonical form;
    const uint64_t h = canonical_hash(&form, p);
    if (e && e->table) {
        pthread_rwlock_wrlock(&c->lock);
        /* A claim checks for a holder before claiming, not atomically with it: check again. */
        entry *held = holding(c, p, &form, h);
        if (held) {
            if (kind == RHD_TABLE_DAY && held->kind != RHD_TABLE_DAY) pin(c, held);
            held_as_asked = true;
        } else {
            kept = held_as_asked = file(c, e, kind, &victims);
        }
        pthread_rwlock_unlock(&c->lock);
    }
    /* Too big for its kind, or stopped by a budget: not tried again for a while. */
    if (e && (e->failed ||
              (e->table && (e->bytes > RHD_TABLE_MAX_BYTES ||
                            (!held_as_asked && e->bytes > rhd_tables_share(c->max_bytes, kind))))))
        noted_lately(c->failed, h, 0, true);
    if (kept) {
        rhd_metrics_table(RHD_TABLE_BUILD_KEPT, e->bytes);
    } else {
        rhd_metrics_table(RHD_TABLE_BUILD_DROPPED, 0);
        entry_free(e);
    }
    for (entry *v = victims, *next; v; v = next) {
        next = v->chain;
        rhd_metrics_table(RHD_TABLE_EVICTED, v->bytes);
        entry_free(v);
    }
    end_claim(c, h);
    return held_as_asked;
}

/* Keeps the tables the builder handed in; called at normal priority by every entry point. */
static void settle(rhd_tables *c)
{
    if (!atomic_load_explicit(&c->arrivals, memory_order_relaxed)) return;
    arrival *a = atomic_exchange_explicit(&c->arrivals, NULL, memory_order_acquire);
    while (a) {
        arrival *next = a->next;
        keep(c, &a->puzzle, a->e, a->e->kind);
        free(a);
        a = next;
    }
}

/* Answers `p` (settling first) from the first table of its shape whose `probe` gives other
 * than `absent`, which counts as that table's hit; counts a hit or a miss. */
typedef int (*probe_fn)(const rh_table *t, const rh_puzzle *p, const rh_table_canonical *form,
                        void *arg);
static int lookup(rhd_tables *c, const rh_puzzle *p, int absent, probe_fn probe, void *arg)
{
    settle(c);
    rh_table_canonical form;
    const uint64_t h = canonical_hash(&form, p);
    int rc = absent;
    pthread_rwlock_rdlock(&c->lock);
    for (entry *e = *bucket_of(c, h); e && rc == absent; e = e->chain)
        if (e->shape_hash == h && (rc = probe(e->table, p, &form, arg)) != absent) hit(e);
    pthread_rwlock_unlock(&c->lock);
    rhd_metrics_table(rc != absent ? RHD_TABLE_LOOKUP_HIT : RHD_TABLE_LOOKUP_MISS, 0);
    return rc;
}

typedef struct {
    rh_result *out;
    rh_metric metric;
    rh_algorithm algorithm;
} solve_args;

static int probe_solve(const rh_table *t, const rh_puzzle *p, const rh_table_canonical *form,
                       void *arg)
{
    const solve_args *a = arg;
    return rh_table_solve_canonical(a->out, t, p, form, a->metric, a->algorithm);
}

int rhd_tables_solve(rhd_tables *c, rh_result *out, const rh_puzzle *p, rh_metric metric,
                     rh_algorithm algorithm)
{
    solve_args a = {out, metric, algorithm};
    return c ? lookup(c, p, RH_ENOTFOUND, probe_solve, &a) : RH_ENOTFOUND;
}

static int probe_distance(const rh_table *t, const rh_puzzle *p, const rh_table_canonical *form,
                          void *arg)
{
    return rh_table_distance_canonical(t, p, form, *(const rh_metric *)arg);
}

int rhd_tables_distance(rhd_tables *c, const rh_puzzle *p, rh_metric metric)
{
    return c ? lookup(c, p, RH_TABLE_ABSENT, probe_distance, &metric) : RH_TABLE_ABSENT;
}

/* The kind of the table holding `p` (settling first), or -1; its canonical form and shape hash
 * into *form and *h. */
static int held_kind(rhd_tables *c, const rh_puzzle *p, rh_table_canonical *form, uint64_t *h)
{
    settle(c);
    *h = canonical_hash(form, p);
    pthread_rwlock_rdlock(&c->lock);
    const entry *e = holding(c, p, form, *h);
    const int kind = e ? (int)e->kind : -1;
    pthread_rwlock_unlock(&c->lock);
    return kind;
}

bool rhd_tables_claim(rhd_tables *c, const rh_puzzle *p)
{
    if (!c) return false;
    rh_table_canonical form;
    uint64_t h;
    if (held_kind(c, p, &form, &h) >= 0) return false;
    if (noted_lately(c->failed, h, RHD_TABLE_FAILED_S, false)) {
        rhd_metrics_build_refused(RHD_BUILD_REFUSED_FAILED);
        return false;
    }
    pthread_mutex_lock(&c->claims);
    bool granted = c->builds < RHD_TABLE_CLAIMS_MAX;
    for (int k = 0; granted && k < c->builds; k++) granted = c->building[k] != h;
    if (granted) c->building[c->builds++] = h;
    pthread_mutex_unlock(&c->claims);
    return granted;
}

void rhd_tables_unclaim(rhd_tables *c, const rh_puzzle *p)
{
    if (c) end_claim(c, shape_hash(p));
}

/* A new entry holding the table of `p` built within `limits`; NULL when out of memory, and an
 * entry without a table when the build failed. */
static entry *build_entry(const rh_puzzle *p, const rh_limits *limits, rhd_table_kind kind)
{
    entry *e = calloc(1, sizeof *e);
    rh_limit limit = RH_LIMIT_NONE;
    if (e && rh_table_build(&e->table, &limit, NULL, p, limits) == RH_OK && e->table) {
        e->shape_hash = shape_hash(p);
        e->bytes = rh_table_bytes(e->table);
    }
    if (e) {
        e->kind = kind;
        e->failed = !e->table && limit != RH_LIMIT_CANCELLED;
    }
    return e;
}

bool rhd_tables_build(rhd_tables *c, const rh_puzzle *p, const rh_limits *limits,
                      rhd_table_kind kind)
{
    if (!c) return false;
    settle(c);
    return keep(c, p, build_entry(p, limits, kind), kind);
}

void rhd_tables_build_idle(rhd_tables *c, const rh_puzzle *p, const rh_limits *limits,
                           rhd_table_kind kind)
{
    if (!c) return;
    entry *e = build_entry(p, limits, kind);
    arrival *a = e && e->table ? malloc(sizeof *a) : NULL;
    if (!a) { /* nothing to keep: the claim ends here, which takes only the claims' mutex */
        keep(c, p, e, kind);
        return;
    }
    a->e = e;
    a->puzzle = *p;
    a->next = atomic_load_explicit(&c->arrivals, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&c->arrivals, &a->next, a, memory_order_release,
                                                  memory_order_relaxed)) {
    }
}

bool rhd_tables_pin(rhd_tables *c, const rh_puzzle *p)
{
    if (!c) return false;
    rh_table_canonical form;
    uint64_t h;
    const int kind = held_kind(c, p, &form, &h);
    if (kind < 0 || kind == RHD_TABLE_DAY) return kind == RHD_TABLE_DAY;
    pthread_rwlock_wrlock(&c->lock);
    entry *e = holding(c, p, &form, h);
    if (e && e->kind != RHD_TABLE_DAY) pin(c, e);
    pthread_rwlock_unlock(&c->lock);
    return e != NULL;
}
