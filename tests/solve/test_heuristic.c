/* Every state of the reference components, checked twice:
 * - the move generator's successors, in both metrics, against cell-by-cell sliding on a plain
 *   grid built from the puzzle;
 * - the A* lower bounds: zero at goals, consistent across every edge (so A* without re-opening
 *   stays exact), and never above the true distance to the nearest goal, which a multi-source
 *   BFS from the goals computes here. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "heuristic.h"
#include "layout.h"
#include "movegen.h"
#include "reference.h"
#include "state_table.h"

#define UNKNOWN UINT32_MAX

typedef struct {
    rh__layout L;
    rh__budget budget;
    rh__table table; /* slot of every state of the component */
    uint64_t *keys;  /* the states, in discovery order */
    uint32_t *index_of_slot;
    size_t count;
} component;

/* The successors of `key` as keys, into out (RH_MOVES_MAX entries); returns their count. */
static int successors(const component *c, const uint64_t *key, bool unit, uint64_t *out)
{
    rh__movegen g;
    uint16_t moves[RH_MOVES_MAX];
    rh__movegen_load(&c->L, key, &g, c->L.kw, false);
    const int n = rh__movegen_list(&c->L, &g, unit, false, -1, 0, moves, NULL);
    for (int k = 0; k < n; k++) {
        out[k] = key[0];
        rh__key_move(&c->L, &out[k], rh__via_vehicle(moves[k]), rh__via_delta(moves[k]));
    }
    return n;
}

static uint32_t index_of(const component *c, const uint64_t *key)
{
    const size_t slot = rh__table_find(&c->table, key);
    cr_assert_neq(slot, RH_SLOT_NONE, "a successor outside the component");
    return c->index_of_slot[slot];
}

/* Every state reachable from the puzzle's start (single-cell slides reach them all). */
static void explore(component *c, const rh_puzzle *p, size_t max_states)
{
    rh__budget_init(&c->budget, NULL);
    cr_assert(rh__layout_init(&c->L, p, &c->budget));
    cr_assert_eq(c->L.kw, 1, "the reference puzzles pack into one word");
    cr_assert_eq(rh__table_init(&c->table, &c->budget, 1, c->L.narrow, false, false), RH_OK);
    c->keys = malloc(max_states * sizeof *c->keys);
    cr_assert_not_null(c->keys);
    rh__layout_encode(&c->L, p, &c->keys[0]);
    bool added = false;
    rh__table_insert(&c->table, &c->keys[0], &added);
    c->count = 1;
    uint64_t next[RH_MOVES_MAX];
    for (size_t head = 0; head < c->count; head++) {
        const int n = successors(c, &c->keys[head], true, next);
        for (int k = 0; k < n; k++) {
            if (rh__table_insert(&c->table, &next[k], &added) == RH_SLOT_NONE || !added) continue;
            cr_assert_lt(c->count, max_states);
            c->keys[c->count++] = next[k];
        }
    }
    c->index_of_slot = malloc(c->table.cap * sizeof *c->index_of_slot);
    cr_assert_not_null(c->index_of_slot);
    for (size_t i = 0; i < c->count; i++)
        c->index_of_slot[rh__table_find(&c->table, &c->keys[i])] = (uint32_t)i;
}

static void release(component *c)
{
    free(c->keys);
    free(c->index_of_slot);
    rh__table_free(&c->table);
    rh__layout_free(&c->L, &c->budget);
}

static int bound(const component *c, const uint64_t *key, bool slides)
{
    rh__occupancy o;
    rh__layout_occupancy(&c->L, key, &o, c->L.kw, false);
    return rh__heuristic(&c->L, &o, slides);
}

/* Checks the bound of one metric on one component; returns the states checked. */
static size_t check_metric(const component *c, const char *name, bool slides)
{
    uint32_t *dist = malloc(c->count * sizeof *dist);
    uint32_t *queue = malloc(c->count * sizeof *queue);
    cr_assert(dist && queue);
    size_t tail = 0;
    for (size_t i = 0; i < c->count; i++) {
        const bool goal = rh__layout_is_goal(&c->L, &c->keys[i]);
        dist[i] = goal ? 0 : UNKNOWN;
        if (goal) queue[tail++] = (uint32_t)i;
    }
    /* Moves are reversible, so distances to the goals are a BFS outwards from all of them. */
    uint64_t next[RH_MOVES_MAX];
    for (size_t head = 0; head < tail; head++) {
        const uint32_t s = queue[head];
        const int n = successors(c, &c->keys[s], slides, next);
        for (int k = 0; k < n; k++) {
            const uint32_t j = index_of(c, &next[k]);
            if (dist[j] != UNKNOWN) continue;
            dist[j] = dist[s] + 1;
            queue[tail++] = j;
        }
    }
    for (size_t i = 0; i < c->count; i++) {
        const int h = bound(c, &c->keys[i], slides);
        if (dist[i] == 0) cr_assert_eq(h, 0, "%s: h = %d at a goal", name, h);
        if (h == RH_H_DEAD) {
            cr_assert_eq(dist[i], UNKNOWN, "%s: a state %u from the goal is called dead", name,
                         dist[i]);
            continue;
        }
        cr_assert_leq((uint32_t)h, dist[i], "%s (%s): h = %d above the distance %u", name,
                      slides ? "slides" : "moves", h, dist[i]);
        const int n = successors(c, &c->keys[i], slides, next);
        for (int k = 0; k < n; k++) {
            const int hn = bound(c, &next[k], slides);
            cr_assert(hn == RH_H_DEAD ? dist[i] == UNKNOWN : h <= hn + 1,
                      "%s (%s): inconsistent edge, h = %d then %d", name,
                      slides ? "slides" : "moves", h, hn);
        }
    }
    free(dist);
    free(queue);
    return c->count;
}

static int compare_keys(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The successors of `key` found by sliding each vehicle one cell at a time on a grid of
 * cells, up to one cell (`slides`) or as far as it goes; sorted, into out. */
static int slid_successors(const component *c, const rh_puzzle *p, uint64_t key, bool slides,
                           uint64_t *out)
{
    const int size = p->board_size;
    bool taken[RH_BOARD_MAX][RH_BOARD_MAX] = {{false}};
    for (int k = 0; k < p->wall_count; k++) taken[p->walls[k].row][p->walls[k].col] = true;
    int pos[RH_VEHICLES_MAX];
    for (int i = 0; i < p->vehicle_count; i++) {
        pos[i] = rh__layout_pos(&c->L, &key, i);
        const bool h = p->vehicles[i].orientation == RH_HORIZONTAL;
        const int line = h ? p->vehicles[i].row : p->vehicles[i].col;
        for (int k = 0; k < p->vehicles[i].length; k++)
            taken[h ? line : pos[i] + k][h ? pos[i] + k : line] = true;
    }
    int n = 0;
    for (int i = 0; i < p->vehicle_count; i++) {
        const bool h = p->vehicles[i].orientation == RH_HORIZONTAL;
        const int line = h ? p->vehicles[i].row : p->vehicles[i].col, len = p->vehicles[i].length;
        for (int dir = -1; dir <= 1; dir += 2) {
            for (int d = 1;; d++) {
                const int cell = dir > 0 ? pos[i] + len - 1 + d : pos[i] - d; /* entered */
                if (cell < 0 || cell >= size || taken[h ? line : cell][h ? cell : line]) break;
                out[n] = key;
                rh__key_move(&c->L, &out[n], i, dir * d);
                n++;
                if (slides) break;
            }
        }
    }
    qsort(out, (size_t)n, sizeof *out, compare_keys);
    return n;
}

static void check_moves(const component *c, const rh_puzzle *p, const char *name, bool slides)
{
    uint64_t got[RH_MOVES_MAX], want[RH_MOVES_MAX];
    for (size_t i = 0; i < c->count; i++) {
        const int n = successors(c, &c->keys[i], slides, got);
        qsort(got, (size_t)n, sizeof *got, compare_keys);
        const int m = slid_successors(c, p, c->keys[i], slides, want);
        cr_assert_eq(n, m, "%s (%s): %d successors, %d by sliding", name,
                     slides ? "slides" : "moves", n, m);
        cr_assert_arr_eq(got, want, sizeof(uint64_t) * (size_t)n, "%s: other successors", name);
    }
}

static void check_file(const char *file, size_t skip_above)
{
    rh_ref_set set;
    cr_assert_eq(rh_ref_load(&set, file), 0);
    size_t states = 0;
    for (int k = 0; k < set.count; k++) {
        const rh_ref *ref = &set.items[k];
        if (ref->reachable > skip_above) continue;
        component c;
        explore(&c, &ref->puzzle, ref->reachable + 1);
        cr_assert_eq(c.count, ref->reachable, "%s", ref->name);
        check_moves(&c, &ref->puzzle, ref->name, false);
        check_moves(&c, &ref->puzzle, ref->name, true);
        states += check_metric(&c, ref->name, false);
        check_metric(&c, ref->name, true);
        release(&c);
    }
    cr_assert_gt(states, 0);
    rh_ref_free(&set);
}

Test(heuristic, jam40_every_state)
{
    check_file("jam40.tsv", 100000);
}

Test(heuristic, classic_every_state)
{
    check_file("classic.jsonl", 100000);
}

Test(heuristic, random_every_state)
{
    check_file("random.jsonl", 100000);
}
