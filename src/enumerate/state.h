/* The enumerator's state representation, shared by its files: boards up to 8x8 as 64-bit
 * masks, cell (r, c) at bit r*N + c.
 *
 * A state is four masks of the first (top-left) cells of the vehicles: horizontal cars,
 * horizontal trucks, vertical cars, vertical trucks. Walls are a fifth mask, fixed for a
 * cluster, kept beside the state. From these the key's masks are a few shifts, a move is one
 * XOR of two bits in one mask, and all the moves of a state are found bit-parallel by
 * shifting the heads or tails of each kind of vehicle through the free cells. The primary car
 * is the only horizontal vehicle of its row, so it needs no mask of its own. */
#ifndef RH_ENUMERATE_STATE_H
#define RH_ENUMERATE_STATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rushhour/enumerate.h"

enum { RH_ES_HCAR, RH_ES_HTRUCK, RH_ES_VCAR, RH_ES_VTRUCK };

typedef struct {
    uint64_t m[4]; /* first cells, indexed by RH_ES_* */
} rh__estate;

/* The board's geometry. */
typedef struct {
    int n, row, cells;  /* size, primary row, n*n */
    uint64_t board;     /* every cell */
    uint64_t not_first; /* every cell but column 0's */
    uint64_t not_last;  /* every cell but column n-1's */
    uint64_t goal;      /* the primary's first cell when it is at the exit */
    uint64_t primary_row;
    uint64_t row0, column0; /* the cells of row 0, of column 0 */
    /* By a label's kind and direction (label & 7), how a free-cell mask is turned so that
     * the bit of the vehicle's first cell says whether it can slide once more that way. */
    uint64_t on_cells[8];
    uint8_t on_up[8], on_down[8];
    uint16_t label_step[8]; /* what rh__es_label_next adds, by label & 7 (modulo 2^16) */
} rh__egeom;

/* Upper bound of the successors of one state: 32 vehicles, two directions, n-2 distances. */
#define RH_ES_MOVES_MAX (32 * 2 * (RH_ENUM_SIZE_MAX - 2))

void rh__egeom_init(rh__egeom *g, int n);

static inline uint64_t rh__es_h(const rh__estate *s)
{
    const uint64_t c = s->m[RH_ES_HCAR], t = s->m[RH_ES_HTRUCK];
    return c | c << 1 | t | t << 1 | t << 2;
}

static inline uint64_t rh__es_v(const rh__egeom *g, const rh__estate *s)
{
    const uint64_t c = s->m[RH_ES_VCAR], t = s->m[RH_ES_VTRUCK];
    const int n = g->n;
    return c | c << n | t | t << n | t << 2 * n;
}

static inline bool rh__es_goal(const rh__egeom *g, const rh__estate *s)
{
    return (s->m[RH_ES_HCAR] & g->goal) != 0;
}

/* The cells no vehicle or wall takes. */
static inline uint64_t rh__es_free(const rh__egeom *g, const rh__estate *s, uint64_t walls)
{
    return g->board & ~(rh__es_h(s) | rh__es_v(g, s) | walls);
}

/* Key order: H (walls included) first, then V. */
static inline bool rh__key_less(uint64_t h1, uint64_t v1, uint64_t h2, uint64_t v2)
{
    return h1 < h2 || (h1 == h2 && v1 < v2);
}

/* A move's label: the mask it changes, its direction and the moved vehicle's new first cell.
 * The same vehicle's next slide the same way is the label of `rh__es_label_next`. */
#define RH_ES_FORWARD 4 /* the label bit of slides right or down */

static inline uint16_t rh__es_label(int k, bool forward, int first)
{
    return (uint16_t)(k | (forward ? RH_ES_FORWARD : 0) | first << 3);
}

/* Whether the vehicle that made the move `label` can slide on the same way, given the free
 * cells of the state the move led to. */
static inline bool rh__es_slides_on(const rh__egeom *g, uint64_t free, uint16_t label)
{
    const int way = label & 7;
    return ((free & g->on_cells[way]) << g->on_up[way] >> g->on_down[way] >> (label >> 3) & 1) != 0;
}

static inline uint16_t rh__es_label_next(const rh__egeom *g, uint16_t label)
{
    return (uint16_t)(label + g->label_step[label & 7]);
}

/* The single-cell slides of a state already known, by the first cells of the vehicles that
 * make them: forward (right or down), and back. */
enum { RH_ES_SKIP_FORWARD, RH_ES_SKIP_BACK };

/* Writes the successors of `s`, whose free cells are `free` (rh__es_free), into `out`
 * (RH_ES_MOVES_MAX places) and returns their count: single-cell slides when `unit`, else slides of
 * any distance; with `label`, each move's label there too; with `skip` (single-cell slides only),
 * not the slides it names. The moves forward (right or down) come first, *forward of them (when
 * `forward`). A mask's heads (last cells) shifted forward d times through free cells mark the
 * vehicles that can slide d forward; its first cells shifted backward, those that can slide d back.
 */
static inline __attribute__((always_inline)) int
rh__es_moves(const rh__egeom *g, const rh__estate *s, uint64_t free, bool unit,
             const uint64_t *skip, rh__estate *out, uint16_t *label, int *forward)
{
    const int reach = unit ? 1 : g->n - 2;
    int count = 0;
    for (int k = 0; k < 4; k++) {
        const uint64_t first = s->m[k];
        if (!first) continue;
        const int rest = k & 1 ? 2 : 1; /* cells after the first */
        const int step = k < 2 ? 1 : g->n;
        const uint64_t ahead = k < 2 ? free & g->not_first : free;
        uint64_t x = (skip ? first & ~skip[RH_ES_SKIP_FORWARD] : first) << rest * step;
        for (int d = 1; d <= reach && (x = x << step & ahead); d++)
            for (uint64_t b = x; b; b &= b - 1, count++) {
                const int from = __builtin_ctzll(b) - (d + rest) * step;
                out[count] = *s;
                out[count].m[k] ^= UINT64_C(1) << from | UINT64_C(1) << (from + d * step);
                if (label) label[count] = rh__es_label(k, true, from + d * step);
            }
    }
    if (forward) *forward = count;
    for (int k = 0; k < 4; k++) {
        const uint64_t first = s->m[k];
        if (!first) continue;
        const int step = k < 2 ? 1 : g->n;
        const uint64_t behind = k < 2 ? free & g->not_last : free;
        uint64_t x = skip ? first & ~skip[RH_ES_SKIP_BACK] : first;
        for (int d = 1; d <= reach && (x = x >> step & behind); d++)
            for (uint64_t b = x; b; b &= b - 1, count++) {
                const int to = __builtin_ctzll(b);
                out[count] = *s;
                out[count].m[k] ^= UINT64_C(1) << to | UINT64_C(1) << (to + d * step);
                if (label) label[count] = rh__es_label(k, false, to);
            }
    }
    return count;
}

/* The bytes of cluster buffers a run allows, shared by its threads, so that one large cluster
 * may take what the others do not hold. */
typedef struct {
    atomic_size_t used;
    size_t cap;
} rh__ememory;

/* Grows *array from `have` to `want` elements of `size` bytes within `m`, adding what it takes
 * to *used (its owner's share). */
bool rh__ememory_grow(rh__ememory *m, size_t *used, void *array, size_t size, size_t have,
                      size_t want);

/* Working memory of one thread: the states of the current search in discovery order, a hash
 * table of their keys and indices, every state's single-cell moves as one list of (index,
 * label) (edge_start[i] .. edge_start[i+1]), and per-state free cells, distances and a queue
 * for the second passes (free cells say where a chain of slides ends without a search). A state's
 * list holds first the moves back to states explored before it, then its own: exploration writes
 * the second part and leaves room for the first, which rh__enum_record fills in when it needs the
 * whole graph. Grows by doubling within the run's shared `memory`, so that a run's memory follows
 * its largest clusters. */
typedef struct {
    rh__estate *states;
    uint16_t *dist;
    uint32_t *queue;
    uint32_t *edge_start;
    uint64_t *free;  /* per state: its free cells */
    uint64_t *keys;  /* the table: rh__es_key per slot, 0 = empty */
    uint32_t *index; /* the table: the state's index per slot */
    uint32_t *edges;
    uint16_t *labels;
    uint64_t (*skip)[2]; /* per state: the slides to states explored before it (RH_ES_SKIP_*) */
    uint32_t count, allocated;
    uint32_t edge_count, edges_allocated; /* edge_count: the places the lists take */
    uint32_t mask;                        /* table size - 1 */
    uint32_t slots_allocated;
    /* The table holds the states from `dropped` on (and slots of earlier ones, which no
     * lookup matches); the states before `live_from` will never be looked up again, so the
     * next rebuild drops them. `limit`: the adds that fit before the slow path. */
    uint32_t live_from, dropped, limit;
    const rh__egeom *g;
    rh__ememory *memory;
    size_t used; /* bytes of this thread's, counted in memory->used */
} rh__ework;

#define RH_EWORK_FULL UINT32_MAX
/* A table holds at most one state for this many slots: linear probes stay short. */
#define RH_EWORK_LOAD 3

void rh__ework_init(rh__ework *w, const rh__egeom *g, rh__ememory *memory);
/* Frees every buffer and gives its bytes back to the run's memory. */
void rh__ework_free(rh__ework *w);
void rh__ework_reset(rh__ework *w);
/* Slow path of rh__ework_put below: make room (arrays, table) within the budget, then add. */
uint32_t rh__ework_add_grow(rh__ework *w, const rh__estate *s);
/* Slow path of rh__ework_edges_take below: room for `more` places within the budget. */
bool rh__ework_edges_grow(rh__ework *w, uint32_t more);

/* Boards up to this size have a one-to-one key (rh__es_key). */
#define RH_ES_EXACT_SIZE 6

/* A state's key in a search's table: the first cells of its horizontal vehicles, XOR those of
 * its vertical ones shifted up by n*n - 2. Within one search (a cluster, or what one start
 * reaches) it is one-to-one up to 6x6: rows and columns keep their vehicles in order, so
 * first cells alone place them; the two masks overlap in one bit, and a difference there
 * would change how many vehicles lie each way. Larger boards overflow the word: their key is a
 * hash, and a match is checked against the state. Never 0: the primary's first cell is in it,
 * below the overlap. */
static inline uint64_t rh__es_key(const rh__egeom *g, const rh__estate *s)
{
    const uint64_t h = s->m[RH_ES_HCAR] | s->m[RH_ES_HTRUCK];
    const uint64_t v = s->m[RH_ES_VCAR] | s->m[RH_ES_VTRUCK];
    if (g->n <= RH_ES_EXACT_SIZE) return h ^ v << (g->cells - 2);
    const uint64_t x =
        (h ^ h >> 29 ^ v * UINT64_C(0x9E3779B97F4A7C15)) * UINT64_C(0xBF58476D1CE4E5B9);
    return (x ^ x >> 31) | 1;
}

static inline bool rh__es_equal(const rh__estate *a, const rh__estate *b)
{
    return a->m[0] == b->m[0] && a->m[1] == b->m[1] && a->m[2] == b->m[2] && a->m[3] == b->m[3];
}

/* The hash of a key, whose low bits pick its home slot: two rounds of multiply and fold, as
 * its bits sit in a few places. */
static inline uint32_t rh__ework_hash(uint64_t key)
{
    uint64_t x = key * UINT64_C(0x9E3779B97F4A7C15);
    x ^= x >> 32;
    x *= UINT64_C(0xD6E8FEB86659FD93);
    return (uint32_t)(x >> 32);
}

/* Starts loading the home slot of a key of hash `hash`, for an add soon after. */
static inline void rh__ework_prefetch(const rh__ework *w, uint32_t hash)
{
    __builtin_prefetch(&w->keys[hash & w->mask]);
}

/* Adds `s`, of key `key` and hash `hash`, unless present. Returns its index, with *added set,
 * or RH_EWORK_FULL when the budget or the allocator refuses. Inline: it is the exploration's
 * inner loop. A probe reads the key array alone, and the index beside it on a match: neither
 * load waits on the other. */
static inline uint32_t rh__ework_put(rh__ework *w, const rh__estate *s, uint64_t key, uint32_t hash,
                                     bool *added)
{
    *added = true;
    if (!w->mask) return rh__ework_add_grow(w, s);
    uint32_t j = hash & w->mask;
    for (; w->keys[j]; j = (j + 1) & w->mask)
        if (w->keys[j] == key &&
            (w->g->n <= RH_ES_EXACT_SIZE || rh__es_equal(&w->states[w->index[j]], s))) {
            *added = false;
            return w->index[j];
        }
    if (w->count >= w->limit) return rh__ework_add_grow(w, s);
    w->states[w->count] = *s;
    w->keys[j] = key;
    w->index[j] = w->count;
    return w->count++;
}

static inline uint32_t rh__ework_add(rh__ework *w, const rh__estate *s, bool *added)
{
    const uint64_t key = rh__es_key(w->g, s);
    return rh__ework_put(w, s, key, rh__ework_hash(key), added);
}

/* Takes `more` places for the lists after the last; false when the budget refuses. */
static inline bool rh__ework_edges_take(rh__ework *w, uint32_t more)
{
    if (w->edges_allocated - w->edge_count < more && !rh__ework_edges_grow(w, more)) return false;
    w->edge_count += more;
    return true;
}

/* Outcome of examining one configuration. */
typedef enum { RH_EC_NOT_CANONICAL, RH_EC_CLUSTER, RH_EC_FULL } rh__ecluster_result;

/* Explores the cluster of the blocked configuration `start` (walls `walls`) into w, abandoning
 * it as soon as a state of smaller key appears. Counts its goal states in *goals. */
rh__ecluster_result rh__enum_explore(rh__ework *w, const rh__egeom *g, uint64_t walls,
                                     const rh__estate *start, uint64_t *goals);

/* Fills `out` (minimality included) for the cluster rh__enum_explore just explored whole from
 * `start`. Overwrites w's states: RH_EC_CLUSTER, or RH_EC_FULL. */
rh__ecluster_result rh__enum_record(rh__ework *w, const rh__egeom *g, uint64_t walls,
                                    const rh__estate *start, uint64_t goals, bool slides,
                                    rh_cluster *out);

/* A configuration of a task, with what it is sorted by: its columns' shapes, its key. */
typedef struct {
    uint64_t columns, h, v; /* h with the walls */
    rh__estate s;
} rh__econfig;

/* A task's configurations (batch.c), within `limit` bytes of the run's memory. */
typedef struct {
    rh__econfig *configs;
    bool *met; /* per config: a state of a cluster explored already */
    size_t count, allocated;
    size_t limit, used;
    rh__ememory *memory;
} rh__ebatch;

void rh__ebatch_init(rh__ebatch *b, rh__ememory *memory, size_t limit);
void rh__ebatch_free(rh__ebatch *b);
/* Adds a configuration; false when the limit or the run's memory leaves no room. */
bool rh__ebatch_add(rh__ebatch *b, const rh__egeom *g, const rh__estate *s, uint64_t walls,
                    uint64_t columns);
/* Orders the configurations: each cluster's canonical one before its others. */
void rh__ebatch_sort(rh__ebatch *b);
/* The index after the last configuration of the shape of configs[i]. */
size_t rh__ebatch_shape_end(const rh__ebatch *b, size_t i);
/* Marks met the configurations among from+1 .. to-1 (configs[from]'s shape) that are blocked
 * states of w, explored from configs[from] with `walls`. */
void rh__ebatch_meet(rh__ebatch *b, const rh__ework *w, uint64_t walls, size_t from, size_t to);

/* Whether removing any one non-primary piece of `s` (a solvable state at distance `moves`)
 * brings the distance below `moves`, knowing it of the vehicles whose first cells are in
 * `shortening`. Returns 1, 0, or -1 when the budget runs out. */
int rh__enum_minimal(rh__ework *w, const rh__egeom *g, uint64_t walls, const rh__estate *s,
                     int moves, uint64_t shortening);

/* The board notation of `s`: n*n characters and a NUL. */
void rh__enum_notation(const rh__egeom *g, uint64_t walls, const rh__estate *s, char *out);

/* A lane (row or column) as the walk fills it. A fixed lane's pieces are chosen by its task:
 * `count` lengths in order (1 is a wall), `next` of them placed, left[j] the cells of pieces j
 * onward. A free lane (a column between the first and the last) takes any vertical vehicles
 * within n-1 cells. */
typedef struct {
    bool fixed;
    uint8_t count, next;
    uint8_t cells; /* of its vehicles placed (a column's room; unused for a row) */
    uint8_t shape; /* their lengths in order, in base 3 (length - 1 per digit) */
    uint8_t item[RH_ENUM_SIZE_MAX], left[RH_ENUM_SIZE_MAX + 1];
} rh__elane;

/* The generator of blocked configurations, task by task (space.c says how); a
 * walker runs only the tasks it claims (in increasing order), so that several threads share
 * one walk. */
typedef struct {
    const rh__egeom *g;
    int walls_min, walls_max, vehicles_min, vehicles_max;
    /* The next task to claim, UINT64_MAX for none; NULL counts tasks without visiting. */
    uint64_t (*claim)(void *ctx);
    /* Gets each configuration with its columns' shapes, a byte each (rh__elane.shape): its
     * task's configurations of one cluster all have the same. */
    void (*visit)(void *ctx, const rh__estate *s, uint64_t walls, uint64_t columns);
    void *ctx;
    /* The walk's position. */
    uint64_t task, next;
    rh__estate s;
    uint64_t occ, walls;
    int vehicles, wall_count;
    rh__elane lane[2 * RH_ENUM_SIZE_MAX]; /* rows, then columns */
} rh__espace;

/* Walks the whole space. Returns the number of tasks. */
uint64_t rh__espace_walk(rh__espace *e);

#endif
