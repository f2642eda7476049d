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
 * With the single walls' lanes, the clusters of two walls come from lanes too, a lane a pair,
 * the pairs of as many first walls as a pass holds (pairs.c), and are reported in the order of
 * a walk a pair; when those passes do not fit the budget, the pairs are walked one by one. Taking
 * one of two walls away is looked up in the lane of the other (minimality), and searched only where
 * both walls matter.
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
    rh__epairs_init(&b->pairs, memory);
}

void rh__ewalls_free(rh__ewalls *b)
{
    void *const arrays[] = {b->stamp, b->members, b->dist};
    rh__ework_memory_free(b->memory, b->used, arrays, sizeof arrays / sizeof arrays[0]);
    rh__elanes_free(&b->lanes);
    rh__epairs_free(&b->pairs);
    rh__ewalls_init(b, b->memory);
}

/* Room for `count` states. */
static bool reserve(rh__ewalls *b, uint32_t count)
{
    if (count <= b->allocated) return true;
    uint32_t n = b->allocated ? b->allocated : 256;
    while (n < count) n *= 2; /* count <= UINT32_MAX / 4 (rh__ework's bound) */
    if (!rh__ework_memory_grow(b->memory, &b->used, &b->stamp, sizeof *b->stamp, b->allocated, n) ||
        !rh__ework_memory_grow(b->memory, &b->used, &b->members, sizeof *b->members, b->allocated,
                               n) ||
        !rh__ework_memory_grow(b->memory, &b->used, &b->dist, sizeof *b->dist, b->allocated, n))
        return false;
    b->allocated = n;
    return true;
}

typedef struct {
    rh__ework *w, *search;
    rh__ewalls *b;
    const rh__egeom *g;
    const rh__ewalls_spec *spec;
    rh_cluster *out;
    uint64_t spare; /* the cells no state covers */
    int vehicles;
    int room[RH_ENUM_SIZE_MAX];       /* by row: the walls it may still take */
    uint32_t stamp;                   /* of the wall set at hand */
    uint64_t walked;                  /* the single walls whose distances d->b->lanes holds */
    int8_t single[RH_ENUM_CELLS_MAX]; /* by walked wall: its lane in d->b->lanes */
    int pairing;                      /* d->b->pairs: 0 not reserved yet, 1 reserved, -1 refused */
    bool paired;                      /* d->b->pairs holds the pairs of the first wall at hand */
    uint64_t batch;                   /* the first walls whose pairs d->b->pairs holds */
    /* By first wall of the batch: its second walls, and its first pair's index there. */
    uint64_t seconds[RH_ENUM_CELLS_MAX];
    int8_t pair_at[RH_ENUM_CELLS_MAX];
} derivation;

/* Reports the cluster in d->out, of the walls `walls` and `configurations` blocked
 * configurations, if of a wanted size. */
static void report(derivation *d, uint64_t walls, uint64_t configurations)
{
    if (__builtin_popcountll(walls) >= d->spec->walls_min)
        d->spec->report(d->spec->ctx, d->out, walls, configurations);
}

/* Reports the cluster in d->out (of the walls `walls`) again with each set of more walls among
 * the spare cells `spare`, where the rows have room and the primary car, whose first cell is
 * `primary`, is right of them. Leaves d->out as it found it. */
static void extend(derivation *d, uint64_t spare, uint64_t walls, uint64_t primary,
                   uint64_t configurations)
{
    rh_cluster *out = d->out;
    const int wall_count = __builtin_popcountll(walls);
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
        report(d, walls | bit, configurations);
        d->room[r]--;
        extend(d, spare & (spare - 1), walls | bit, primary, configurations);
        d->room[r]++;
        out->canonical_h &= ~bit;
        out->walls = wall_count;
        out->minimal = minimal;
        if (out->hardest[0]) out->hardest[c] = '.';
        if (out->hardest_slides[0]) out->hardest_slides[c] = '.';
    }
}

/* The component of state `seed` among the states that leave `walls` free (exclude() has
 * stamped the others), into d->b->members, and what the record takes from the walk. */
static uint32_t gather(derivation *d, uint64_t walls, uint32_t seed, uint64_t *goals,
                       uint64_t *configurations)
{
    const rh__ework *w = d->w;
    const rh__egeom *g = d->g;
    uint32_t *stamp = d->b->stamp, *members = d->b->members, count = 0;
    uint64_t bh = 0, bv = 0;
    *goals = *configurations = 0;
    stamp[seed] = d->stamp;
    members[count++] = seed;
    for (uint32_t q = 0; q < count; q++) {
        const uint32_t i = members[q];
        const rh__estate *s = &w->states[i];
        *goals += rh__es_goal(g, s);
        if (rh__es_blocked(g, s, w->free[i] & ~walls)) {
            /* The minimum key is a blocked state's: any other slides left or up to a lower. */
            const uint64_t h = rh__es_h(s), v = rh__es_v(g, s);
            if (!(*configurations)++ || rh__es_key_less(h, v, bh, bv)) {
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
    out->goal_states = *goals;
    out->vehicles = d->vehicles;
    return count;
}

/* What the clusters of fewer walls tell of the walls `walls` (of `wall_count`): taking one
 * wall away leaves the wall-free cluster (w->dist); taking either of two away leaves the
 * other's single wall, whose lane holds its distances if walked. Nothing of three or more. */
static rh__efewer fewer(const derivation *d, uint64_t walls, int wall_count)
{
    rh__efewer f = {{NULL, NULL}, 1};
    if (wall_count == 1) {
        f.dist[0] = d->w->dist;
    } else if (wall_count == 2 && (walls & d->walked) == walls) {
        const rh__elanes *l = &d->b->lanes;
        const int low = __builtin_ctzll(walls), high = 63 - __builtin_clzll(walls);
        f.dist[0] = l->moves + d->single[high];
        f.dist[1] = l->moves + d->single[low];
        f.stride = (size_t)l->lanes;
    }
    return f;
}

/* Reports the cluster in d->out, of the walls `walls`, first state `seed` and `configurations`
 * blocked configurations, and again with spare walls. */
static void publish(derivation *d, uint64_t walls, uint32_t seed, uint64_t configurations)
{
    report(d, walls, configurations);
    extend(d, d->spare, walls, d->w->states[seed].m[RH_ES_HCAR] & d->g->primary_row,
           configurations);
}

/* The component of state `seed` among the states that leave `walls` free, recorded and
 * reported, and again with spare walls. */
static rh__ecluster_result component(derivation *d, uint64_t walls, int wall_count, uint32_t seed)
{
    uint64_t goals, configurations;
    const uint32_t count = gather(d, walls, seed, &goals, &configurations);
    d->out->walls = wall_count;
    const rh__eview view = {d->b->dist, d->b->members, count, walls, true};
    const rh__efewer known = fewer(d, walls, wall_count);
    if (rh__erecord_make(d->w, d->search, d->g, &view, goals, d->spec->slides, &known, d->out) ==
        RH_EC_FULL)
        return RH_EC_FULL;
    publish(d, walls, seed, configurations);
    return RH_EC_CLUSTER;
}

/* Stamps, for the wall set `walls`, the states out of the space: those that cover a wall or
 * have the primary car left of one in its row. No component takes them, and their distance 0
 * stops every slide into them (record.h). */
static void exclude(derivation *d, uint64_t walls)
{
    const rh__ework *w = d->w;
    const uint64_t in_row = walls & d->g->primary_row;
    d->stamp++;
    for (uint32_t i = 0; i < w->count; i++)
        /* The primary's first cell is its row's only horizontal first cell: right of every
         * wall there when above their sum. */
        if ((w->free[i] & walls) != walls ||
            in_row >= (w->states[i].m[RH_ES_HCAR] & d->g->primary_row)) {
            d->b->stamp[i] = d->stamp;
            d->b->dist[i] = 0;
        }
}

/* The clusters of the wall set `walls`, of `wall_count` walls. */
static rh__ecluster_result components(derivation *d, uint64_t walls, int wall_count)
{
    exclude(d, walls);
    for (uint32_t i = 0; i < d->w->count; i++)
        if (d->b->stamp[i] != d->stamp && component(d, walls, wall_count, i) == RH_EC_FULL)
            return RH_EC_FULL;
    return RH_EC_CLUSTER;
}

/* Fills d->out with the record a lane's tally gives the cluster of `walls` (none, or one),
 * minimality aside (false). */
static void from_tally(derivation *d, uint64_t walls, const rh__elane_cluster *t)
{
    rh_cluster *out = d->out;
    out->board_size = d->g->n;
    out->canonical_h = t->h | walls;
    out->canonical_v = t->v;
    out->states = t->states;
    out->goal_states = t->goals;
    out->vehicles = d->vehicles;
    out->walls = __builtin_popcountll(walls);
    out->moves = t->moves.distance;
    out->slides = t->moves.distance >= 0 ? t->slides.distance : -1;
    out->minimal = false;
    out->hardest[0] = out->hardest_slides[0] = '\0';
    if (t->moves.distance < 0) return;
    const size_t hist = rh__elane_hist_length(t); /* a kept pair's holds no more */
    memcpy(out->hist, t->hist, sizeof *out->hist * hist);
    memset(out->hist + hist, 0, sizeof *out->hist * (RH_ENUM_DEPTH_MAX - hist));
    rh__enotation_write(d->g, walls, &d->w->states[t->moves.state], out->hardest);
    if (d->spec->slides)
        rh__enotation_write(d->g, walls, &d->w->states[t->slides.state], out->hardest_slides);
}

/* The distances in moves of lane `p` of `l`, copied to d->b->dist: the view of a cluster of
 * that lane. */
static uint16_t *lane(derivation *d, const rh__elanes *l, int p)
{
    const uint16_t *column = l->moves + p;
    for (uint32_t i = 0; i < d->w->count; i++) d->b->dist[i] = column[(size_t)i * (size_t)l->lanes];
    return d->b->dist;
}

/* A cluster of a lane (rh__elane_found_fn), recorded from its tally: the wall-free cluster
 * itself in the lane of no wall, minimality searched; or a cluster of the single wall of lane
 * `p`, not minimal unless its hardest state is nearer the goal without the wall: then its
 * minimality is searched over the lane's distances (a state that covers the wall is out of
 * the view, and no other cluster of the lane is reached from this one). Each is reported, and
 * again with spare walls. */
static bool single(void *ctx, int p, const rh__elane_cluster *t)
{
    derivation *d = ctx;
    const rh__ework *w = d->w;
    const uint64_t wall = d->b->lanes.wall[p];
    const uint64_t primary = w->states[t->seed].m[RH_ES_HCAR] & d->g->primary_row;
    from_tally(d, wall, t);
    const rh__efewer known = fewer(d, wall, wall != 0);
    /* Tested here too, not only by rh__erecord_minimality: the lane's column is copied only for a
     * wall that matters. */
    if (t->moves.distance >= 0 && rh__efewer_matter(&known, t->moves.state, t->moves.distance)) {
        const rh__eview view = {wall ? lane(d, &d->b->lanes, p) : w->dist, NULL, w->count, wall,
                                true};
        if (rh__erecord_minimality(d->w, d->search, d->g, &view, t->moves.state, &known, d->out) ==
            RH_EC_FULL)
            return false;
    }
    /* The walk counted the wall-free cluster's configurations. */
    report(d, wall, wall ? t->configurations : 0);
    extend(d, d->spare, wall, primary, t->configurations);
    return true;
}

/* Judges a cluster of two walls as found (rh__epair_judge_fn): minimal only if taking either
 * wall away brings its hardest state nearer (the single walls' lanes say), and then if the
 * search over its own lane's distances says so. */
static int judge(void *ctx, uint64_t walls, int p, const rh__elane_cluster *t)
{
    derivation *d = ctx;
    const int moves = t->moves.distance;
    const rh__efewer known = fewer(d, walls, 2);
    if (moves < 0 || !rh__efewer_matter(&known, t->moves.state, moves)) return 0;
    const rh__eview view = {lane(d, &d->b->pairs.lanes, p), NULL, d->w->count, walls, true};
    d->out->moves = moves;
    if (rh__erecord_minimality(d->w, d->search, d->g, &view, t->moves.state, &known, d->out) ==
        RH_EC_FULL)
        return -1;
    return d->out->minimal;
}

/* The cells of `cells` whose rows have room for a wall. */
static uint64_t roomy(const derivation *d, uint64_t cells)
{
    uint64_t with = 0;
    for (uint64_t m = cells; m; m &= m - 1)
        if (d->room[__builtin_ctzll(m) / d->g->n]) with |= m & -m;
    return with;
}

/* The clusters of the pairs of the first wall on the lowest cell of `cells` and of as many
 * first walls after it (cells of `cells` with room) as a pass takes, each with every second
 * wall after it where the rows have room then, found at once into d->b->pairs (d->batch). False
 * when they do not fit: then the pairs' buffers go back to the budget, and this wall-free
 * cluster's pairs are walked one by one. */
static bool pairs(derivation *d, uint64_t cells)
{
    rh__epairs *p = &d->b->pairs;
    const bool distances = d->walked != 0;
    if (!d->pairing) { /* as many pairs as the budget holds, up to a pass's */
        const int singles = __builtin_popcountll(d->walked & d->g->board);
        const int most = singles * (singles - 1) / 2;
        d->pairing = rh__epairs_reserve(p, d->w->count + 1,
                                        !distances                 ? 0
                                        : most < RH_ENUM_CELLS_MAX ? most
                                                                   : RH_ENUM_CELLS_MAX)
                         ? 1
                         : -1;
    }
    uint64_t walls[RH_ENUM_CELLS_MAX];
    int count = 0;
    d->batch = 0;
    for (; cells; cells &= cells - 1) {
        const int c = __builtin_ctzll(cells), r = c / d->g->n;
        if (!d->room[r]) continue;
        d->room[r]--;
        const uint64_t seconds = roomy(d, cells & (cells - 1)), first = UINT64_C(1) << c;
        d->room[r]++;
        const int n = __builtin_popcountll(seconds);
        if (d->batch && count + n > RH_ENUM_CELLS_MAX) break;
        d->batch |= first;
        d->seconds[c] = seconds;
        d->pair_at[c] = (int8_t)count;
        for (uint64_t m = seconds; m; m &= m - 1) walls[count++] = first | (m & -m);
    }
    if (d->pairing > 0 &&
        rh__epairs_find(p, d->w, d->g, walls, count, distances, d->spec->slides, judge, d))
        return true;
    rh__epairs_free(p);
    d->pairing = -1;
    d->batch = 0;
    return false;
}

/* Records and reports the kept clusters of the pair of walls `walls` of the batch, and again
 * with spare walls. */
static void kept(derivation *d, uint64_t walls)
{
    const rh__epairs *p = &d->b->pairs;
    const int first = __builtin_ctzll(walls);
    const uint64_t second = walls & (walls - 1);
    const int q = d->pair_at[first] + __builtin_popcountll(d->seconds[first] & (second - 1));
    for (uint32_t i = p->head[q]; i != RH_EPAIRS_END; i = p->found[i].next) {
        const rh__elane_cluster *t = &p->found[i].tally;
        from_tally(d, walls, t);
        d->out->minimal = p->found[i].minimal;
        publish(d, walls, t->seed, t->configurations);
    }
}

/* Adds each cell of `cells` (some states cover each) in turn to the wall set `walls` (of
 * `wall_count`) where its row has room, takes the clusters of the sets of `least` walls or more
 * (the lanes took those of fewer: then a first wall's pairs are found at once, if they fit),
 * and goes on with the cells after it. */
static rh__ecluster_result choose(derivation *d, uint64_t cells, uint64_t walls, int wall_count,
                                  int least)
{
    rh__ecluster_result res = RH_EC_CLUSTER;
    for (; cells && res == RH_EC_CLUSTER; cells &= cells - 1) {
        const int c = __builtin_ctzll(cells), r = c / d->g->n;
        if (!d->room[r]) continue;
        const uint64_t more = walls | UINT64_C(1) << c, after = cells & (cells - 1);
        if (least == 2 && wall_count == 0 && d->spec->walls_max >= 2)
            d->paired = d->pairing >= 0 && ((d->batch >> c & 1) || pairs(d, cells));
        d->room[r]--;
        if (wall_count == 1 && d->paired)
            kept(d, more);
        else if (wall_count + 1 >= least)
            res = components(d, more, wall_count + 1);
        if (res == RH_EC_CLUSTER && wall_count + 1 < d->spec->walls_max)
            res = choose(d, after, more, wall_count + 1, least);
        d->room[r]++;
    }
    return res;
}

/* rh__ewalls_find once d is set: `cells` the cells some state leaves free, `configurations` the
 * wall-free cluster's. */
static rh__ecluster_result derive(derivation *d, uint64_t cells, uint64_t configurations,
                                  bool alone)
{
    rh__ework *w = d->w;
    rh__ewalls *b = d->b;
    const rh__egeom *g = d->g;
    const rh__ewalls_spec *spec = d->spec;
    rh_cluster *out = d->out;
    const rh__estate *s = &w->states[0];
    uint64_t lanes = roomy(d, cells & ~d->spare);
    const bool solvable = out->goal_states > 0;
    /* The wall-free cluster's own record: from a lane of no wall when the single walls leave
     * one (its distances then copied to w->dist, where the single walls look them up), else
     * from its own passes. A cluster that did not fit (in the lanes, or in the searches beside
     * them) is run again alone, and then takes no lanes: every cluster with walls is walked and
     * solved on its own, which needs little beyond the wall-free cluster. */
    bool whole = __builtin_popcountll(lanes) < RH_ENUM_CELLS_MAX;
    int count = __builtin_popcountll(lanes) + whole;
    if (alone || !rh__elanes_reserve(&b->lanes, w->count + 1, solvable ? count : 0)) {
        if (!alone) return RH_EC_FULL;
        rh__elanes_free(&b->lanes);
        lanes = 0;
        whole = false;
        count = 0;
    }
    if (!whole) {
        const rh__eview all = {w->dist, NULL, w->count, 0, true};
        if (rh__erecord_make(w, d->search, g, &all, out->goal_states, spec->slides, NULL, out) ==
            RH_EC_FULL)
            return RH_EC_FULL;
        report(d, 0, 0);
        extend(d, d->spare, 0, s->m[RH_ES_HCAR] & g->primary_row, configurations);
    }
    if (!count) return choose(d, cells & ~d->spare, 0, 0, 1);
    uint64_t walls[RH_ENUM_CELLS_MAX] = {0}; /* the single walls, then (whole) no wall */
    int n = 0;
    for (uint64_t m = lanes; m; m &= m - 1) {
        d->single[__builtin_ctzll(m)] = (int8_t)n;
        walls[n++] = m & -m;
    }
    if (!rh__elanes_open(w, g, &b->lanes, walls, count, solvable)) return RH_EC_FULL;
    if (solvable) rh__elanes_walk(w, g, &b->lanes, spec->slides);
    d->walked = solvable ? lanes : 0;
    if (solvable && whole)
        for (uint32_t i = 0; i < w->count; i++)
            w->dist[i] = b->lanes.moves[(size_t)i * (size_t)count + (size_t)n];
    if (!rh__elanes_clusters(w, g, &b->lanes, solvable, spec->slides, single, d)) return RH_EC_FULL;
    return choose(d, cells & ~d->spare, 0, 0, 2);
}

rh__ecluster_result rh__ewalls_find(rh__ework *w, rh__ework *search, rh__ewalls *b,
                                    const rh__egeom *g, const rh__ewalls_spec *spec, bool alone,
                                    rh_cluster *out)
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
                    .out = out,
                    .spare = spare,
                    .vehicles = __builtin_popcountll(s->m[0] | s->m[1] | s->m[2] | s->m[3])};
    const uint64_t h = rh__es_h(s);
    for (int r = 0; r < g->n; r++)
        d.room[r] = g->n - 1 - __builtin_popcountll(h & g->row0 << (r * g->n));
    return derive(&d, cells, configurations, alone);
}
