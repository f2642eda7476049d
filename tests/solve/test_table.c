/* Cluster tables against the search: for every state of several clusters, enumerated here by a
 * plain breadth-first walk over rh_puzzle_apply (no code of the library's explorer), the
 * table's distance equals rh_solve's optimal length in both metrics, and its solution replays
 * legally to the goal in exactly that many moves or slides. Then positions the table must not
 * know, renamed and reordered vehicles, the build's budgets, and damaged tables. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzle_text.h"
#include "rushhour/rushhour.h"
#include "search_internal.h"
#include "table_store.h"

#define README_51 "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM."

static int offset(const rh_vehicle *v)
{
    return v->orientation == RH_HORIZONTAL ? v->col : v->row;
}

/* A cluster as the test sees it: each state as its vehicles' offsets (`width` bytes), found
 * through an open-addressing set of state indices. */
typedef struct {
    rh_puzzle start;
    int width;
    unsigned char *offsets;
    size_t count, cap;
    uint32_t *set; /* state index + 1, 0 empty */
    size_t set_cap;
} cluster;

static size_t set_slot(const cluster *c, const unsigned char *state)
{
    uint64_t h = 1469598103934665603u;
    for (int i = 0; i < c->width; i++) h = (h ^ state[i]) * 1099511628211u;
    for (size_t s = h & (c->set_cap - 1);; s = (s + 1) & (c->set_cap - 1))
        if (!c->set[s] || !memcmp(c->offsets + (size_t)(c->set[s] - 1) * (size_t)c->width, state,
                                  (size_t)c->width))
            return s;
}

static bool cluster_has(const cluster *c, const rh_puzzle *p)
{
    unsigned char state[RH_VEHICLES_MAX];
    for (int i = 0; i < c->width; i++) state[i] = (unsigned char)offset(&p->vehicles[i]);
    return c->set[set_slot(c, state)] != 0;
}

static void cluster_add(cluster *c, const rh_puzzle *p)
{
    unsigned char state[RH_VEHICLES_MAX];
    for (int i = 0; i < c->width; i++) state[i] = (unsigned char)offset(&p->vehicles[i]);
    const size_t s = set_slot(c, state);
    if (c->set[s]) return;
    cr_assert_lt(c->count * 2, c->set_cap, "the test's set is too small");
    if (c->count == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 256;
        c->offsets = realloc(c->offsets, c->cap * (size_t)c->width);
        cr_assert_not_null(c->offsets);
    }
    memcpy(c->offsets + c->count * (size_t)c->width, state, (size_t)c->width);
    c->set[s] = (uint32_t)++c->count;
}

/* State k of the cluster as a puzzle. */
static void cluster_state(const cluster *c, size_t k, rh_puzzle *out)
{
    *out = c->start;
    for (int i = 0; i < c->width; i++) {
        rh_vehicle *v = &out->vehicles[i];
        *(v->orientation == RH_HORIZONTAL ? &v->col : &v->row) =
            c->offsets[k * (size_t)c->width + (size_t)i];
    }
}

/* Every position reachable from `p`, breadth first, trying every vehicle at every distance. */
static cluster explore(const rh_puzzle *p)
{
    cluster c = {.start = *p, .width = p->vehicle_count, .set_cap = 1u << 17};
    c.set = calloc(c.set_cap, sizeof *c.set);
    cr_assert_not_null(c.set);
    cluster_add(&c, p);
    rh_puzzle at;
    for (size_t k = 0; k < c.count; k++) {
        cluster_state(&c, k, &at);
        for (int i = 0; i < p->vehicle_count; i++)
            for (int delta = -p->board_size; delta <= p->board_size; delta++) {
                if (!delta || rh_puzzle_apply(&at, (rh_move){i, delta}) != RH_OK) continue;
                cluster_add(&c, &at);
                cr_assert_eq(rh_puzzle_apply(&at, (rh_move){i, -delta}), RH_OK);
            }
    }
    return c;
}

static void cluster_free(cluster *c)
{
    free(c->offsets);
    free(c->set);
}

static rh_table *build(const rh_puzzle *p)
{
    rh_table *t = NULL;
    rh_limit limit = RH_LIMIT_CANCELLED;
    cr_assert_eq(rh_table_build(&t, &limit, NULL, p, NULL), RH_OK);
    cr_assert_not_null(t);
    cr_assert_eq(limit, RH_LIMIT_NONE);
    return t;
}

/* The table's answer for `p` in `metric` agrees with `want` (the optimal length, -1 for none):
 * its distance, and a solution that replays on `p` to the goal in exactly that length. */
static void check_answer(const rh_table *t, const rh_puzzle *p, rh_metric metric, int want)
{
    cr_assert_eq(rh_table_distance(t, p, metric), want, "%s distance", rh_metric_name(metric));
    rh_result r;
    cr_assert_eq(rh_table_solve(&r, t, p, metric, RH_ALGO_ASTAR), RH_OK);
    cr_assert_eq(r.metric, metric);
    cr_assert_eq(r.algorithm, RH_ALGO_ASTAR);
    cr_assert_eq(r.optimal, 1);
    cr_assert_eq(r.stats.states_stored, rh_table_states(t));
    if (want < 0) {
        cr_assert_eq(r.status, RH_UNSOLVABLE);
        cr_assert_eq(r.move_count, 0);
        rh_result_free(&r);
        return;
    }
    cr_assert_eq(r.status, RH_SOLVED);
    cr_assert_eq(metric == RH_METRIC_MOVES ? r.move_count : r.slide_count, want);
    rh_puzzle at = *p;
    int slides = 0;
    for (int k = 0; k < r.move_count; k++) {
        if (k) cr_assert_neq(r.moves[k].vehicle, r.moves[k - 1].vehicle, "moves not merged");
        cr_assert_eq(rh_puzzle_apply(&at, r.moves[k]), RH_OK, "move %d of %d is illegal", k,
                     r.move_count);
        slides += abs(r.moves[k].delta);
    }
    cr_assert_eq(slides, r.slide_count);
    cr_assert(rh_puzzle_is_solved(&at), "the solution does not reach the goal");
    rh_result_free(&r);
}

/* Every state of the cluster of `p`, which has `states` states, against rh_solve (BFS). */
static void check_cluster(const rh_puzzle *p, size_t states)
{
    cluster c = explore(p);
    cr_assert_eq(c.count, states, "the test's walk found %zu states", c.count);
    rh_table *t = build(p);
    cr_assert_eq(rh_table_states(t), c.count);
    rh_puzzle at;
    for (size_t k = 0; k < c.count; k++) {
        cluster_state(&c, k, &at);
        for (int m = RH_METRIC_MOVES; m <= RH_METRIC_SLIDES; m++) {
            rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
            opt.metric = (rh_metric)m;
            rh_result r;
            cr_assert_eq(rh_solve(&r, &at, &opt), RH_OK);
            const int want = r.status == RH_UNSOLVABLE ? -1
                             : m == RH_METRIC_MOVES    ? r.move_count
                                                       : r.slide_count;
            cr_assert_neq(r.status, RH_LIMIT_REACHED);
            rh_result_free(&r);
            check_answer(t, &at, (rh_metric)m, want);
        }
    }
    rh_table_free(t);
    cluster_free(&c);
}

Test(table, every_state_of_the_51_move_cluster)
{
    const rh_puzzle p = board_puzzle(README_51);
    check_cluster(&p, 4780);
}

Test(table, every_state_of_a_cluster_with_walls)
{
    const rh_puzzle p = grid_puzzle(".A.BBB/.A.CC./.AXXDE/FG.#DE/FG#HHI/FJJKKI");
    cr_assert_eq(p.wall_count, 2);
    check_cluster(&p, 752);
}

Test(table, every_state_of_a_dead_cluster)
{
    const rh_puzzle p = grid_puzzle("FFF.BB/DDGEJJ/HHGEII/XXG.../..AAAC/.....C");
    rh_table *t = build(&p);
    cr_assert_eq(rh_table_distance(t, &p, RH_METRIC_MOVES), -1);
    cr_assert_eq(rh_table_distance(t, &p, RH_METRIC_SLIDES), -1);
    rh_table_free(t);
    check_cluster(&p, 161);
}

/* An 8x8 board: its keys take more than 31 bits, so the table stores whole words. */
Test(table, every_state_on_an_8x8_board)
{
    const rh_puzzle p =
        grid_puzzle("..L..FFE/XXLI..GE/PPLI..GE/MMAAAHH./.CCC.#O./NNNDDDO./QQBBKKJJ/.....#..");
    rh_table *t = build(&p);
    cr_assert_not(t->layout.narrow);
    rh_table_free(t);
    check_cluster(&p, 324);
}

/* A 16x16 board of walls around a 6x6 puzzle, its exit row open to the edge, with six cars
 * shut in by walls: seventeen vehicles of 4 bits, keys of two words. */
Test(table, every_state_with_two_word_keys)
{
    static const char *const small[] = {"..DA.J", "..DA.J", "BBDCCC", "XX.H..", "GGGHFF", "IIEE.."};
    char text[16 * 17];
    for (int r = 0; r < 16; r++) {
        char *row = text + r * 17;
        memset(row, '#', 16);
        row[16] = r == 15 ? '\0' : '/';
        if (r < 6) memcpy(row, small[r], 6);
        if (r == 3) memset(row + 6, '.', 10);
    }
    for (int k = 0; k < 4; k++)
        text[10 * 17 + 8 + 2 * k] = text[11 * 17 + 8 + 2 * k] = (char)('K' + k);
    text[14 * 17 + 1] = text[14 * 17 + 2] = 'O';
    text[14 * 17 + 5] = text[14 * 17 + 6] = 'P';
    const rh_puzzle p = grid_puzzle(text);
    cr_assert_eq(p.vehicle_count, 17);
    rh_table *t = build(&p);
    cr_assert_gt(t->layout.kw, 1);
    rh_table_free(t);
    check_cluster(&p, 206);
}

/* The 51-move puzzle with its vehicles listed backwards under other names. */
static void rename_reversed(rh_puzzle *out, const rh_puzzle *p)
{
    *out = *p;
    const int n = p->vehicle_count;
    for (int j = 0; j < n; j++) {
        out->vehicles[j] = p->vehicles[n - 1 - j];
        snprintf(out->vehicles[j].id, sizeof out->vehicles[j].id, "v%d", j);
    }
    out->target = n - 1 - p->target;
}

Test(table, renamed_and_reordered_vehicles)
{
    const rh_puzzle p = board_puzzle(README_51);
    cluster c = explore(&p);
    rh_table *t = build(&p);
    rh_puzzle at, renamed;
    uint8_t shape[RH_TABLE_SHAPE_MAX], other[RH_TABLE_SHAPE_MAX];
    size_t len;
    const uint8_t *own = rh_table_shape_of(t, &len);
    for (size_t k = 0; k < c.count; k++) {
        cluster_state(&c, k, &at);
        rename_reversed(&renamed, &at);
        cr_assert_eq(rh_table_shape(shape, &at), len);
        cr_assert_eq(rh_table_shape(other, &renamed), len);
        cr_assert_arr_eq(shape, own, len);
        cr_assert_arr_eq(other, own, len);
        for (int m = RH_METRIC_MOVES; m <= RH_METRIC_SLIDES; m++) {
            const int d = rh_table_distance(t, &at, (rh_metric)m);
            cr_assert_geq(d, 0);
            /* Replayed on the renamed puzzle: the moves name its own vehicles. */
            check_answer(t, &renamed, (rh_metric)m, d);
        }
    }
    rh_table_free(t);
    cluster_free(&c);
}

static void assert_absent(const rh_table *t, const rh_puzzle *p)
{
    cr_assert_eq(rh_table_distance(t, p, RH_METRIC_MOVES), RH_TABLE_ABSENT);
    cr_assert_eq(rh_table_distance(t, p, RH_METRIC_SLIDES), RH_TABLE_ABSENT);
    rh_result r;
    cr_assert_eq(rh_table_solve(&r, t, p, RH_METRIC_MOVES, RH_ALGO_BFS), RH_ENOTFOUND);
}

/* Whether vehicle i of `p`, now at its offset but before at `from`, passed a vehicle of its
 * line, axis and length: the canonical order lists the two the other way round. */
static bool passes_a_twin(const rh_puzzle *p, int i, int from)
{
    const rh_vehicle *v = &p->vehicles[i];
    const int line = v->orientation == RH_HORIZONTAL ? v->row : v->col;
    for (int j = 0; j < p->vehicle_count; j++) {
        const rh_vehicle *w = &p->vehicles[j];
        if (j == i || j == p->target || w->orientation != v->orientation ||
            w->length != v->length || (w->orientation == RH_HORIZONTAL ? w->row : w->col) != line)
            continue;
        if ((from < offset(w)) != (offset(v) < offset(w))) return true;
    }
    return false;
}

Test(table, positions_of_other_clusters_and_shapes_are_absent)
{
    const rh_puzzle p = board_puzzle(README_51);
    cluster c = explore(&p);
    rh_table *t = build(&p);
    /* The same shape, other clusters: a state of the cluster with one vehicle lifted to
     * another place of its line, which the walk never reached. */
    uint8_t own[RH_TABLE_SHAPE_MAX], shape[RH_TABLE_SHAPE_MAX];
    const size_t len = rh_table_shape(own, &p);
    uint64_t seed = 27;
    int found = 0, twins = 0;
    for (int tries = 0; tries < 100000 && found < 20; tries++) {
        rh_puzzle q;
        cluster_state(&c, rh_random_next(&seed) % c.count, &q);
        const int i = (int)(rh_random_next(&seed) % (uint64_t)q.vehicle_count);
        rh_vehicle *v = &q.vehicles[i];
        const int from = offset(v);
        const int to = (int)(rh_random_next(&seed) % (uint64_t)(q.board_size - v->length + 1));
        *(v->orientation == RH_HORIZONTAL ? &v->col : &v->row) = to;
        rh_diags d;
        rh_diags_init(&d);
        if (rh_puzzle_check(&d, &q, NULL, NULL) != RH_OK || cluster_has(&c, &q) ||
            rh_table_shape(shape, &q) != len || memcmp(shape, own, len))
            continue;
        if (passes_a_twin(&q, i, from)) {
            /* Two vehicles alike on one line changed places: a state of the cluster, named
             * otherwise, which the table knows. */
            rh_search_options opt = RH_SEARCH_OPTIONS_INIT;
            rh_result r;
            cr_assert_eq(rh_solve(&r, &q, &opt), RH_OK);
            cr_assert_eq(r.status, RH_SOLVED);
            check_answer(t, &q, RH_METRIC_MOVES, r.move_count);
            rh_result_free(&r);
            twins++;
            continue;
        }
        assert_absent(t, &q);
        found++;
    }
    cr_assert_gt(twins, 0);
    /* The cluster is packed tight: few lifts keep the shape and leave it (5 with this seed). */
    cr_assert_geq(found, 5, "found %d", found);
    /* Other shapes: one vehicle more (row 4's two free cells), one wall more. */
    rh_puzzle more = p;
    more.vehicles[more.vehicle_count++] =
        (rh_vehicle){.id = "Z", .row = 4, .col = 0, .length = 2, .orientation = RH_HORIZONTAL};
    rh_puzzle walled = p;
    walled.walls[walled.wall_count++] = (rh_cell){0, 5};
    rh_diags d;
    rh_diags_init(&d);
    cr_assert_eq(rh_puzzle_check(&d, &more, NULL, NULL), RH_OK);
    cr_assert_eq(rh_puzzle_check(&d, &walled, NULL, NULL), RH_OK);
    assert_absent(t, &more);
    assert_absent(t, &walled);
    rh_result r;
    cr_assert_eq(rh_table_solve(&r, t, &p, (rh_metric)2, RH_ALGO_BFS), RH_EARG);
    rh_table_free(t);
    cluster_free(&c);
}

/* As a cache looks a position up: its canonical form computed once, then tried in each table
 * of its shape. Here two tables of one shape, the car on either side of a wall: only the one
 * holding the position answers, as the plain calls do. */
Test(table, one_canonical_form_tried_in_tables_of_one_shape)
{
    const rh_puzzle stuck = grid_puzzle("....../....../xx#.../....../....../......");
    const rh_puzzle past = grid_puzzle("....../....../..#xx./....../....../......");
    rh_table *tables[2] = {build(&stuck), build(&past)};
    rh_table_canonical form;
    rh_table_canonicalize(&form, &past);
    size_t len;
    const uint8_t *shape = rh_table_shape_of(tables[0], &len);
    cr_assert_eq(form.shape_len, len);
    cr_assert_arr_eq(form.shape, shape, len, "one shape");
    cr_assert_eq(rh_table_distance_canonical(tables[0], &past, &form, RH_METRIC_MOVES),
                 RH_TABLE_ABSENT);
    cr_assert_eq(rh_table_distance_canonical(tables[1], &past, &form, RH_METRIC_MOVES), 1);
    rh_result r;
    cr_assert_eq(
        rh_table_solve_canonical(&r, tables[0], &past, &form, RH_METRIC_MOVES, RH_ALGO_BFS),
        RH_ENOTFOUND);
    cr_assert_eq(
        rh_table_solve_canonical(&r, tables[1], &past, &form, RH_METRIC_MOVES, RH_ALGO_BFS), RH_OK);
    cr_assert_eq(r.status, RH_SOLVED);
    cr_assert_eq(r.move_count, 1);
    cr_assert_eq(r.moves[0].delta, 1);
    rh_result_free(&r);
    rh_table_canonicalize(&form, &stuck);
    cr_assert_eq(rh_table_distance_canonical(tables[0], &stuck, &form, RH_METRIC_MOVES), -1);
    cr_assert_eq(rh_table_distance_canonical(tables[1], &stuck, &form, RH_METRIC_MOVES),
                 RH_TABLE_ABSENT);
    rh_table_free(tables[0]);
    rh_table_free(tables[1]);
}

static void assert_refused(const rh_puzzle *p, const rh_limits *limits, rh_limit want)
{
    rh_table *t = (rh_table *)p; /* any non-NULL value, to see it cleared */
    rh_limit limit = RH_LIMIT_NONE;
    cr_assert_eq(rh_table_build(&t, &limit, NULL, p, limits), RH_OK);
    cr_assert_null(t);
    cr_assert_eq(limit, want, "limit %s", rh_limit_name(limit));
}

Test(table, budgets)
{
    const rh_puzzle p = board_puzzle(README_51);
    rh_table *t = NULL;
    rh_stats st;
    cr_assert_eq(rh_table_build(&t, NULL, &st, &p, NULL), RH_OK);
    const uint64_t states = rh_table_states(t);
    cr_assert_eq(states, 4780);
    cr_assert_eq(st.states_stored, states);
    /* Explored once, then every state's next move in each metric. */
    cr_assert_geq(st.nodes_expanded, 3 * states);
    /* 32-bit keys, four 16-bit answers and a directory of a bucket per two to four states. */
    const size_t bytes = rh_table_bytes(t);
    cr_assert_geq(bytes, sizeof(rh_table) + 12 * states);
    cr_assert_leq(bytes, sizeof(rh_table) + 14 * states + 4);
    /* The finished table counts against max_memory. */
    cr_assert_geq(st.peak_memory, bytes);
    rh_table_free(t);

    rh_limits limits = RH_LIMITS_INIT;
    limits.max_nodes = 10;
    assert_refused(&p, &limits, RH_LIMIT_NODES);
    limits = (rh_limits)RH_LIMITS_INIT;
    limits.max_memory = 4096;
    assert_refused(&p, &limits, RH_LIMIT_MEMORY);
    limits.max_memory = st.peak_memory - 1;
    assert_refused(&p, &limits, RH_LIMIT_MEMORY);
    limits.max_memory = st.peak_memory;
    cr_assert_eq(rh_table_build(&t, NULL, NULL, &p, &limits), RH_OK);
    cr_assert_not_null(t);
    rh_table_free(t);
    atomic_int cancel = 1;
    limits = (rh_limits)RH_LIMITS_INIT;
    limits.cancel = &cancel;
    assert_refused(&p, &limits, RH_LIMIT_CANCELLED);
}

/* The largest wall-free 6x6 cluster's table is built within 16 MiB, the table included. */
Test(table, the_largest_6x6_cluster_within_16_mib)
{
    const rh_puzzle p = board_puzzle("BB.C...D.CEEFDAAGHFII.GH..JKK.LLJ...");
    rh_limits limits = RH_LIMITS_INIT;
    limits.max_memory = (size_t)16 << 20;
    rh_table *t = NULL;
    rh_stats st;
    cr_assert_eq(rh_table_build(&t, NULL, &st, &p, &limits), RH_OK);
    cr_assert_not_null(t, "the build needed more than 16 MiB");
    cr_assert_eq(rh_table_states(t), 541934);
    cr_assert_leq(st.peak_memory, limits.max_memory);
    cr_assert_eq(rh_table_distance(t, &p, RH_METRIC_MOVES), 15);
    cr_assert_eq(rh_table_distance(t, &p, RH_METRIC_SLIDES), 27);
    rh_table_free(t);
}

/* The index in `t` of position `p`'s state, found as the library finds it. */
static size_t state_of(const rh_table *t, const rh_puzzle *p)
{
    rh_table_canonical form;
    rh_table_canonicalize(&form, p);
    rh_puzzle canonical = *p;
    for (int c = 0; c < p->vehicle_count; c++) canonical.vehicles[c] = p->vehicles[form.order[c]];
    uint64_t key[RH_KEY_WORDS_MAX];
    rh__layout_encode(&t->layout, &canonical, key);
    const size_t at = rh__table_lookup(t, key);
    cr_assert_neq(at, RH_SLOT_NONE);
    return at;
}

static void assert_walk_breaks(const rh_table *t, const rh_puzzle *p, rh_metric metric)
{
    rh_result r;
    cr_assert_eq(rh_table_solve(&r, t, p, metric, RH_ALGO_BFS), RH_ENOTFOUND);
}

/* A damaged table, its entries or keys patched here, stops the walk of a solution: no read out
 * of bounds (the ASan build tells), no move it cannot make. */
Test(table, a_walk_stops_at_a_move_that_names_no_vehicle)
{
    const rh_puzzle p = board_puzzle(README_51);
    rh_table *t = build(&p);
    rh__table_entry *e = &t->entries[state_of(t, &p)];
    for (int m = RH_METRIC_MOVES; m <= RH_METRIC_SLIDES; m++) {
        /* What a state past a saturated distance holds. */
        e->next[m] = RH_VIA_START;
        assert_walk_breaks(t, &p, (rh_metric)m);
    }
    rh_table_free(t);
}

Test(table, a_walk_stops_at_a_move_it_cannot_make)
{
    const rh_puzzle p = grid_puzzle("....../....../xx.A../...A../....../......");
    rh_table *t = build(&p);
    rh__table_entry *e = &t->entries[state_of(t, &p)];
    cr_assert_eq(e->distance[RH_METRIC_MOVES], 2);
    /* The target straight out, through A, to a goal state the table holds. */
    e->distance[RH_METRIC_MOVES] = 1;
    e->next[RH_METRIC_MOVES] = rh__via_encode(0, 4);
    assert_walk_breaks(t, &p, RH_METRIC_MOVES);
    /* Off the board, which would carry into the next vehicle's digit of the key. */
    e->next[RH_METRIC_MOVES] = rh__via_encode(0, 5);
    assert_walk_breaks(t, &p, RH_METRIC_MOVES);
    rh_table_free(t);
}

Test(table, a_walk_stops_where_the_distances_do_not_fall_by_one)
{
    const rh_puzzle p = board_puzzle(README_51);
    rh_table *t = build(&p);
    rh__table_entry *e = &t->entries[state_of(t, &p)];
    cr_assert_eq(e->distance[RH_METRIC_MOVES], 51);
    e->distance[RH_METRIC_MOVES] = 52;
    assert_walk_breaks(t, &p, RH_METRIC_MOVES);
    e->distance[RH_METRIC_MOVES] = 50;
    assert_walk_breaks(t, &p, RH_METRIC_MOVES);
    rh_table_free(t);
}

Test(table, a_walk_stops_at_a_state_the_table_lacks)
{
    const rh_puzzle p = board_puzzle(README_51);
    rh_table *t = build(&p);
    rh_result r;
    cr_assert_eq(rh_table_solve(&r, t, &p, RH_METRIC_SLIDES, RH_ALGO_BFS), RH_OK);
    rh_puzzle next = p;
    cr_assert_eq(
        rh_puzzle_apply(&next, (rh_move){r.moves[0].vehicle, r.moves[0].delta > 0 ? 1 : -1}),
        RH_OK);
    rh_result_free(&r);
    cr_assert(t->layout.narrow);
    /* No key of a narrow table has bit 31. */
    ((uint32_t *)t->keys)[state_of(t, &next)] = UINT32_MAX;
    assert_walk_breaks(t, &p, RH_METRIC_SLIDES);
    rh_table_free(t);
}

/* rh__component_distances gives every state as far as RH_UNREACHED - 1 or farther that depth, so
 * a table holding it would store a wrong distance and a missing move: the build refuses it. */
Test(table, a_saturated_distance_is_not_kept)
{
    cr_assert(rh__table_distance_kept(0));
    cr_assert(rh__table_distance_kept(RH_UNREACHED - 2));
    cr_assert(rh__table_distance_kept(RH_UNREACHED));
    cr_assert_not(rh__table_distance_kept(RH_UNREACHED - 1));
}
