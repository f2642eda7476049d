/* The clusters with walls, found from the wall-free ones. A wall is a cell no state may cover,
 * and a single-cell slide never jumps a cell: the states of a space with the walls W are the
 * wall-free states that leave W free, and its slides are the wall-free slides between two of
 * them. So each cluster with walls is a component of the states of one wall-free cluster that
 * leave its walls free, over the slides that cluster recorded: found by a walk of those lists,
 * with no move generated and no state looked up, in the task of the wall-free cluster, and
 * solved over the same lists (record.c). Taking away a cluster's single wall gives back the
 * wall-free cluster, whose distances say at once whether the wall matters. A cell no state of
 * the wall-free cluster covers (a spare cell) changes nothing as a wall but the key, the board
 * and minimality (taking it away again changes nothing): with such walls a cluster is reported
 * as found without them, with no walk.
 *
 * Which walls: those the space allows (rushhour/enumerate.h): at most n-1 cells of horizontal
 * pieces in a row, walls included, and walls in the primary row only left of the primary car,
 * which then never passes them. */
#include <stdlib.h>
#include <string.h>

#include "walls.h"
#include "notation.h"
#include "record.h"

void rh__ewalls_init(rh__ewalls *b, rh__ememory *memory)
{
    b->stamp = b->members = NULL;
    b->dist = NULL;
    b->allocated = 0;
    b->memory = memory;
    b->used = 0;
    rh__elanes_init(&b->lanes, memory);
}

void rh__ewalls_free(rh__ewalls *b)
{
    free(b->stamp);
    free(b->members);
    free(b->dist);
    atomic_fetch_sub(&b->memory->used, b->used);
    rh__elanes_free(&b->lanes);
    rh__ewalls_init(b, b->memory);
}

/* Room for `count` states. */
static bool reserve(rh__ewalls *b, uint32_t count)
{
    if (count <= b->allocated) return true;
    uint32_t n = b->allocated ? b->allocated : 256;
    while (n < count) n *= 2; /* count <= UINT32_MAX / 4 (rh__ework's bound) */
    if (!rh__ememory_grow(b->memory, &b->used, &b->stamp, sizeof *b->stamp, b->allocated, n) ||
        !rh__ememory_grow(b->memory, &b->used, &b->members, sizeof *b->members, b->allocated, n) ||
        !rh__ememory_grow(b->memory, &b->used, &b->dist, sizeof *b->dist, b->allocated, n))
        return false;
    b->allocated = n;
    return true;
}

typedef struct {
    rh__ework *w, *search;
    rh__ewalls *b;
    const rh__egeom *g;
    const rh__ewalls_spec *spec;
    uint64_t *found, skip;
    rh_cluster *out;
    uint64_t spare; /* the cells no state covers */
    uint64_t lanes; /* the single walls b->lanes holds */
    int vehicles;
    int room[RH_ENUM_SIZE_MAX]; /* by row: the walls it may still take */
    uint32_t stamp;             /* of the wall set at hand */
} derivation;

/* Reports the cluster in d->out, of `wall_count` walls and `configurations` blocked
 * configurations, if of a wanted size. */
static void report(derivation *d, int wall_count, uint64_t configurations)
{
    if (wall_count >= d->spec->walls_min && (*d->found)++ >= d->skip)
        d->spec->report(d->spec->ctx, d->out, configurations);
}

/* Reports the cluster in d->out (of `wall_count` walls) again with each set of more walls among
 * the spare cells `spare`, where the rows have room and the primary car, whose first cell is
 * `primary`, is right of them. Leaves d->out as it found it. */
static void extend(derivation *d, uint64_t spare, int wall_count, uint64_t primary,
                   uint64_t configurations)
{
    rh_cluster *out = d->out;
    if (wall_count >= d->spec->walls_max) return;
    const bool minimal = out->minimal;
    for (; spare; spare &= spare - 1) {
        const uint64_t bit = spare & -spare;
        const int c = __builtin_ctzll(spare), r = c / d->g->n;
        if (!d->room[r] || (bit & d->g->primary_row && bit > primary)) continue;
        out->canonical_h |= bit;
        out->walls = wall_count + 1;
        out->minimal = false;
        if (out->hardest[0]) out->hardest[c] = 'x'; /* a spare cell: free in every state */
        if (out->hardest_slides[0]) out->hardest_slides[c] = 'x';
        report(d, wall_count + 1, configurations);
        d->room[r]--;
        extend(d, spare & (spare - 1), wall_count + 1, primary, configurations);
        d->room[r]++;
        out->canonical_h &= ~bit;
        out->walls = wall_count;
        out->minimal = minimal;
        if (out->hardest[0]) out->hardest[c] = '.';
        if (out->hardest_slides[0]) out->hardest_slides[c] = '.';
    }
}

/* The member of `members` of smallest key among those at the largest distance `deepest` in
 * `dist` (by state, then lane; the lane at `at`). */
static uint32_t hardest_of(const derivation *d, const uint32_t *members, uint32_t count,
                           const uint16_t *dist, int at, int deepest)
{
    const rh__ework *w = d->w;
    const size_t stride = (size_t)d->b->lanes.lanes;
    uint32_t best = UINT32_MAX;
    uint64_t bh = 0, bv = 0;
    for (uint32_t j = 0; j < count; j++) {
        const uint32_t i = members[j];
        if (dist[i * stride + (size_t)at] != deepest) continue;
        const uint64_t h = rh__es_h(&w->states[i]), v = rh__es_v(d->g, &w->states[i]);
        if (best == UINT32_MAX || rh__key_less(h, v, bh, bv)) {
            best = i;
            bh = h;
            bv = v;
        }
    }
    return best;
}

/* Fills d->out's lengths, histogram and hardest states for the solvable cluster of `members`
 * with the single wall `walls` from the wall's lane, minimality aside (false). Returns its
 * hardest state in moves. */
static uint32_t from_lane(derivation *d, uint64_t walls, const uint32_t *members, uint32_t count)
{
    const rh__elanes *l = &d->b->lanes;
    const int at = l->index[__builtin_ctzll(walls)];
    const size_t stride = (size_t)l->lanes;
    rh_cluster *out = d->out;
    int moves = 0, slides = 0;
    memset(out->hist, 0, sizeof out->hist);
    for (uint32_t j = 0; j < count; j++) {
        const size_t cell = members[j] * stride + (size_t)at;
        const int m = l->moves[cell];
        if (m < RH_ENUM_DEPTH_MAX) out->hist[m]++;
        if (m > moves) moves = m;
        if (d->spec->slides && l->slides[cell] > slides) slides = l->slides[cell];
    }
    const uint32_t hardest = hardest_of(d, members, count, l->moves, at, moves);
    out->moves = moves;
    rh__enum_notation(d->g, walls, &d->w->states[hardest], out->hardest);
    out->slides = -1;
    out->hardest_slides[0] = '\0';
    if (d->spec->slides) {
        out->slides = slides;
        rh__enum_notation(d->g, walls,
                          &d->w->states[hardest_of(d, members, count, l->slides, at, slides)],
                          out->hardest_slides);
    }
    out->minimal = false;
    return hardest;
}

/* The component of state `seed` among the states that leave `walls` free, reported, and again
 * with spare walls. */
static rh__ecluster_result component(derivation *d, uint64_t walls, int wall_count, uint32_t seed)
{
    const rh__ework *w = d->w;
    const rh__egeom *g = d->g;
    uint32_t *stamp = d->b->stamp, *members = d->b->members, count = 0;
    uint64_t goals = 0, configurations = 0, bh = 0, bv = 0;
    stamp[seed] = d->stamp;
    members[count++] = seed;
    for (uint32_t q = 0; q < count; q++) {
        const uint32_t i = members[q];
        const rh__estate *s = &w->states[i];
        goals += rh__es_goal(g, s);
        if (rh__es_blocked(g, s, w->free[i] & ~walls)) {
            /* The minimum key is a blocked state's: any other slides left or up to a lower. */
            const uint64_t h = rh__es_h(s), v = rh__es_v(g, s);
            if (!configurations++ || rh__key_less(h, v, bh, bv)) {
                bh = h;
                bv = v;
            }
        }
        for (uint32_t e = w->edge_start[i]; e < w->edge_start[i + 1]; e++) {
            const uint32_t k = w->edges[e];
            if (stamp[k] != d->stamp) {
                stamp[k] = d->stamp;
                members[count++] = k;
            }
        }
    }
    rh_cluster *out = d->out;
    out->board_size = g->n;
    out->canonical_h = bh | walls;
    out->canonical_v = bv;
    out->states = count;
    out->goal_states = goals;
    out->vehicles = d->vehicles;
    out->walls = wall_count;
    /* A single wall's cluster reads its distances from the wall's lane. Unless its hardest
     * state is nearer the goal without the wall, that is its whole record: it is not minimal. */
    const bool laned = goals && wall_count == 1 && (walls & d->lanes);
    const uint32_t hardest = laned ? from_lane(d, walls, members, count) : 0;
    const rh__eview view = {d->b->dist, members, count, walls};
    if ((!laned || w->dist[hardest] < out->moves) &&
        rh__enum_record(d->w, d->search, g, &view, goals, d->spec->slides,
                        wall_count == 1 ? w->dist : NULL, out) == RH_EC_FULL)
        return RH_EC_FULL;
    report(d, wall_count, configurations);
    extend(d, d->spare, wall_count, w->states[seed].m[RH_ES_HCAR] & g->primary_row, configurations);
    return RH_EC_CLUSTER;
}

/* The clusters of the wall set `walls`: components of the states that leave it free and have
 * the primary car right of its walls in the primary row. The others are stamped at once, so
 * that no component takes them, and get distance 0, so that no slide enters them (record.h). */
static rh__ecluster_result components(derivation *d, uint64_t walls, int wall_count)
{
    const rh__ework *w = d->w;
    const uint64_t in_row = walls & d->g->primary_row;
    uint32_t *stamp = d->b->stamp;
    d->stamp++;
    for (uint32_t i = 0; i < w->count; i++)
        /* The primary's first cell is its row's only horizontal first cell: right of every
         * wall there when above their sum. */
        if ((w->free[i] & walls) != walls ||
            in_row >= (w->states[i].m[RH_ES_HCAR] & d->g->primary_row)) {
            stamp[i] = d->stamp;
            d->b->dist[i] = 0;
        }
    for (uint32_t i = 0; i < w->count; i++)
        if (stamp[i] != d->stamp && component(d, walls, wall_count, i) == RH_EC_FULL)
            return RH_EC_FULL;
    return RH_EC_CLUSTER;
}

/* Adds each cell of `cells` (some states cover each) in turn to the wall set `walls` (of
 * `wall_count`) where its row has room, takes the clusters of the sets of a wanted size or
 * that spare walls complete, and goes on with the cells after it. */
static rh__ecluster_result choose(derivation *d, uint64_t cells, uint64_t walls, int wall_count)
{
    for (; cells; cells &= cells - 1) {
        const int c = __builtin_ctzll(cells), r = c / d->g->n;
        if (!d->room[r]) continue;
        const uint64_t more = walls | UINT64_C(1) << c;
        d->room[r]--;
        rh__ecluster_result res = components(d, more, wall_count + 1);
        if (res == RH_EC_CLUSTER && wall_count + 1 < d->spec->walls_max)
            res = choose(d, cells & (cells - 1), more, wall_count + 1);
        d->room[r]++;
        if (res == RH_EC_FULL) return RH_EC_FULL;
    }
    return RH_EC_CLUSTER;
}

rh__ecluster_result rh__enum_walls(rh__ework *w, rh__ework *search, rh__ewalls *b,
                                   const rh__egeom *g, const rh__ewalls_spec *spec, uint64_t *found,
                                   uint64_t skip, rh_cluster *out)
{
    if (!reserve(b, w->count)) return RH_EC_FULL;
    memset(b->stamp, 0, sizeof *b->stamp * w->count);
    const rh__estate *s = &w->states[0];
    uint64_t cells = 0, spare = g->board, configurations = 0;
    for (uint32_t i = 0; i < w->count; i++) {
        cells |= w->free[i];
        spare &= w->free[i];
        configurations += rh__es_blocked(g, &w->states[i], w->free[i]);
    }
    derivation d = {.w = w,
                    .search = search,
                    .b = b,
                    .g = g,
                    .spec = spec,
                    .found = found,
                    .skip = skip,
                    .out = out,
                    .spare = spare,
                    .vehicles = __builtin_popcountll(s->m[0] | s->m[1] | s->m[2] | s->m[3])};
    const uint64_t h = rh__es_h(s);
    for (int r = 0; r < g->n; r++)
        d.room[r] = g->n - 1 - __builtin_popcountll(h & g->row0 << (r * g->n));
    /* out holds the wall-free cluster's record. */
    if (out->moves >= 0 && spec->walls_min <= 1)
        for (uint64_t m = cells & ~spare; m; m &= m - 1)
            if (d.room[__builtin_ctzll(m) / g->n]) d.lanes |= m & -m;
    /* Without room for the lanes, each cluster gets its own distances. */
    if (d.lanes && !rh__enum_lanes(w, g, &b->lanes, d.lanes, spec->slides)) d.lanes = 0;
    extend(&d, spare, 0, s->m[RH_ES_HCAR] & g->primary_row, configurations);
    return choose(&d, cells & ~spare, 0, 0);
}
