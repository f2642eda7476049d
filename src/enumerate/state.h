/* The enumerator's state and its moves, shared by its files: boards up to 8x8 as 64-bit
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

#include <stdbool.h>
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

/* Fills the geometry of an n x n board (defined in space.c, beside the walk). */
void rh__espace_geometry(rh__egeom *g, int n);

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

/* The cells of `free` (the free cells of `s`) into which a vehicle of `s` could slide left or
 * up: the cell just before a vehicle's first cell. */
static inline uint64_t rh__es_into(const rh__egeom *g, const rh__estate *s, uint64_t free)
{
    const uint64_t h = s->m[RH_ES_HCAR] | s->m[RH_ES_HTRUCK];
    const uint64_t v = s->m[RH_ES_VCAR] | s->m[RH_ES_VTRUCK];
    return ((h & g->not_first) >> 1 | v >> g->n) & free;
}

/* Whether no vehicle of `s`, whose free cells are `free`, can slide left or up: a blocked
 * configuration, the only kind that can be a cluster's minimum-key state. */
static inline bool rh__es_blocked(const rh__egeom *g, const rh__estate *s, uint64_t free)
{
    return !rh__es_into(g, s, free);
}

/* Key order: H (walls included) first, then V. */
static inline bool rh__es_key_less(uint64_t h1, uint64_t v1, uint64_t h2, uint64_t v2)
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

#endif
