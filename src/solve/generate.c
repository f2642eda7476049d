/* rh_generate: hill climbing over whole components. A random board's component is analysed
 * and its hardest position kept; that position is then changed locally (a vehicle removed,
 * added or replaced) and the change kept when the new component's hardest position is no
 * easier. A climb that stops improving starts again from a new random board. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "rushhour/clock.h"
#include "rushhour/analyze.h"
#include "rushhour/error.h"
#include "budget.h"
#include "rushhour/random.h"
#include "rushhour/generate.h"

/* Non-improving changes a climb tries before it starts again from a new random board. */
#define STALE_LIMIT 300

/* Expansions one analysis may take (both passes count, so about 30,000 states). Hard puzzles
 * live in small components (Jam 40's has 4,780 states, the 93-slide puzzle's 24,132), so a
 * larger component, common on sparse boards, is passed over: the climb moves faster through
 * smaller ones. Measured on 10 seeds, 35 moves: worst case 30 s with this cap, 58 s with
 * 400,000. */
#define ANALYSIS_NODES_MAX 60000u

/* Vehicle ids other than the target's "X", in the order they are handed out. */
static const char other_ids[] = "ABCDEFGHIJKLMNOPQRSTUVWYZabcdefghijklmnopqrstuvwxyz0123456789";
#define GENERATED_VEHICLES_MAX ((int)sizeof other_ids) /* the target plus one per id */

/* Uniform in 0..n-1 (n >= 1), by multiply-shift: no modulo bias worth the name for small n. */
static int random_below(uint64_t *state, int n)
{
    return (int)(((rh_random_next(state) >> 32) * (uint64_t)n) >> 32);
}

static int exit_row_of(const rh_generate_options *g)
{
    return g->exit_row >= 0 ? g->exit_row : (g->board_size - 1) / 2;
}

int *rh_generate_int_option(rh_generate_options *g, const char *name)
{
    static const struct {
        const char *name;
        size_t offset;
    } fields[] = {
        {"board_size", offsetof(rh_generate_options, board_size)},
        {"exit_row", offsetof(rh_generate_options, exit_row)},
        {"min_vehicles", offsetof(rh_generate_options, min_vehicles)},
        {"max_vehicles", offsetof(rh_generate_options, max_vehicles)},
        {"walls", offsetof(rh_generate_options, walls)},
        {"min_moves", offsetof(rh_generate_options, min_moves)},
        {"max_moves", offsetof(rh_generate_options, max_moves)},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (strcmp(name, fields[i].name) == 0) return (int *)((char *)g + fields[i].offset);
    return NULL;
}

int rh_generate_check(rh_diags *d, const rh_generate_options *g)
{
    const int before = d->count + d->dropped;
    const int n = g->board_size;
    if (n < RH_BOARD_MIN || n > RH_BOARD_MAX) {
        rh_diags_add(d, "board_size", "must be an integer from %d to %d", RH_BOARD_MIN,
                     RH_BOARD_MAX);
        return RH_EINVALID; /* every other bound depends on it */
    }
    if (g->exit_row < -1 || g->exit_row >= n)
        rh_diags_add(d, "exit_row", "must be a row of the board, 0 to %d", n - 1);
    /* Walls stay off the exit row, and a quarter of the board stays free: vehicles need room
     * to slide, and random packing rarely fills more. */
    const int cells = n * n, room = cells * 3 / 4;
    if (g->walls < 0 || g->walls > cells - n)
        rh_diags_add(d, "walls",
                     "must be from 0 to %d on a %dx%d board (walls stay off the exit row)",
                     cells - n, n, n);
    const int wall_cells = g->walls > 0 && g->walls <= cells - n ? g->walls : 0;
    const int most = (room - wall_cells) / 2 < GENERATED_VEHICLES_MAX ? (room - wall_cells) / 2
                                                                      : GENERATED_VEHICLES_MAX;
    if (g->min_vehicles < 1 || g->min_vehicles > most)
        rh_diags_add(d, "min_vehicles",
                     "must be from 1 to %d: at most three quarters of a %dx%d board with %d walls "
                     "can hold vehicles of length 2",
                     most, n, n, wall_cells);
    if (g->max_vehicles < g->min_vehicles || g->max_vehicles > GENERATED_VEHICLES_MAX)
        rh_diags_add(d, "max_vehicles", "must be from min_vehicles (%d) to %d", g->min_vehicles,
                     GENERATED_VEHICLES_MAX);
    if ((unsigned)g->metric > RH_METRIC_SLIDES)
        rh_diags_add(d, "metric", "must be moves or slides");
    if (g->min_moves < 1)
        rh_diags_add(d, "min_moves", "must be at least 1: a puzzle needs a move");
    else if (n == 6 && g->walls == 0 && g->metric == RH_METRIC_MOVES &&
             g->min_moves > RH_GENERATE_MAX_MOVES_6X6)
        rh_diags_add(d, "min_moves",
                     "no 6x6 puzzle without walls needs more than %d moves (an exhaustive "
                     "enumeration found none harder)",
                     RH_GENERATE_MAX_MOVES_6X6);
    if (g->max_moves != 0 && g->max_moves < g->min_moves)
        rh_diags_add(d, "max_moves", "must be 0 (no bound) or at least min_moves (%d)",
                     g->min_moves);
    return d->count + d->dropped == before ? RH_OK : RH_EINVALID;
}

/* The board's cells, true where a vehicle or a wall is. */
static void fill_cells(bool *cells, const rh_puzzle *p)
{
    const int n = p->board_size;
    memset(cells, 0, (size_t)(n * n) * sizeof *cells);
    for (int k = 0; k < p->wall_count; k++) cells[p->walls[k].row * n + p->walls[k].col] = true;
    for (int i = 0; i < p->vehicle_count; i++) {
        const rh_vehicle *v = &p->vehicles[i];
        for (int c = 0; c < v->length; c++)
            cells[(v->row + (v->orientation ? c : 0)) * n + v->col + (v->orientation ? 0 : c)] =
                true;
    }
}

/* A place for a vehicle of `length`, uniform among every place that fits, as
 * (orientation * n + row) * n + col; -1 when none fits. Horizontal vehicles stay off the exit
 * row: there they could only block the target for good or never matter. */
static int random_place(const rh_puzzle *p, const bool *cells, int length, uint64_t *rng)
{
    const int n = p->board_size;
    int fits = 0, chosen = -1;
    for (int o = 0; o < 2; o++)
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                if ((o ? r : c) + length > n || (!o && r == p->exit_row)) continue;
                bool free_run = true;
                for (int k = 0; free_run && k < length; k++)
                    free_run = !cells[(r + (o ? k : 0)) * n + c + (o ? 0 : k)];
                /* Reservoir sampling: uniform over the places without listing them. */
                if (free_run && random_below(rng, ++fits) == 0) chosen = (o * n + r) * n + c;
            }
    return chosen;
}

/* Adds one vehicle at a random free place. Classic sets hold about three cars for each truck;
 * boards under 4 have room for cars only, and a car is tried when no truck fits. Returns false
 * when nothing fits. */
static bool add_random_vehicle(rh_puzzle *p, uint64_t *rng)
{
    const int n = p->board_size;
    bool cells[RH_BOARD_MAX * RH_BOARD_MAX];
    fill_cells(cells, p);
    int length = n > 3 && random_below(rng, 4) == 0 ? 3 : 2;
    int place = random_place(p, cells, length, rng);
    if (place < 0 && length == 3) place = random_place(p, cells, length = 2, rng);
    if (place < 0) return false;
    p->vehicles[p->vehicle_count++] =
        (rh_vehicle){.row = place / n % n,
                     .col = place % n,
                     .length = length,
                     .orientation = place >= n * n ? RH_VERTICAL : RH_HORIZONTAL};
    return true;
}

static void remove_vehicle(rh_puzzle *p, int i)
{
    p->vehicles[i] = p->vehicles[--p->vehicle_count];
}

/* A new random board: the target on the exit row, then walls off it, then vehicles. Returns
 * false when the vehicles did not all fit. */
static bool random_board(rh_puzzle *p, const rh_generate_options *g, uint64_t *rng)
{
    const int n = g->board_size;
    memset(p, 0, sizeof *p);
    p->board_size = n;
    p->exit_row = exit_row_of(g);
    p->vehicle_count = 1;
    p->vehicles[0] = (rh_vehicle){.id = "X",
                                  .row = p->exit_row,
                                  .col = random_below(rng, n - 1),
                                  .length = 2,
                                  .orientation = RH_HORIZONTAL};
    bool cells[RH_BOARD_MAX * RH_BOARD_MAX];
    fill_cells(cells, p);
    while (p->wall_count < g->walls) {
        const int cell = random_below(rng, n * n);
        if (cells[cell] || cell / n == p->exit_row) continue;
        cells[cell] = true;
        p->walls[p->wall_count++] = (rh_cell){cell / n, cell % n};
    }
    const int count = g->min_vehicles + random_below(rng, g->max_vehicles - g->min_vehicles + 1);
    while (p->vehicle_count < count)
        if (!add_random_vehicle(p, rng)) return false;
    return true;
}

/* One local change within the vehicle-count range: remove, add or replace a vehicle other
 * than the target. Returns false when the drawn change was impossible. */
static bool change_locally(rh_puzzle *p, const rh_generate_options *g, uint64_t *rng)
{
    const int others = p->vehicle_count - 1;
    switch (random_below(rng, 3)) {
    case 0:
        if (p->vehicle_count <= g->min_vehicles || others == 0) return false;
        remove_vehicle(p, 1 + random_below(rng, others));
        return true;
    case 1: return p->vehicle_count < g->max_vehicles && add_random_vehicle(p, rng);
    default:
        if (others == 0) return false;
        remove_vehicle(p, 1 + random_below(rng, others));
        return add_random_vehicle(p, rng);
    }
}

/* Names the vehicles: the target "X" first, then the others in reading order of their
 * top-left cells, "A", "B", ... */
static int reading_order(const void *a, const void *b)
{
    const rh_vehicle *x = a, *y = b;
    return x->row != y->row ? x->row - y->row : x->col - y->col;
}

static void name_vehicles(rh_puzzle *p)
{
    qsort(p->vehicles + 1, (size_t)p->vehicle_count - 1, sizeof p->vehicles[0], reading_order);
    strcpy(p->vehicles[0].id, "X");
    p->target = 0;
    for (int i = 1; i < p->vehicle_count; i++) {
        p->vehicles[i].id[0] = other_ids[i - 1];
        p->vehicles[i].id[1] = '\0';
    }
}

/* The run's metric, limits and totals, shared by every analysis. */
typedef struct {
    rh_metric metric;   /* what distances count */
    rh_limits each;     /* the caller's limits, max_nodes lowered to what is left */
    uint64_t max_nodes; /* the caller's, 0 = unlimited */
    rh_generated *out;
} run;

static void add_stats(rh_stats *sum, const rh_stats *one)
{
    sum->nodes_expanded += one->nodes_expanded;
    sum->nodes_generated += one->nodes_generated;
    if (one->states_stored > sum->states_stored) sum->states_stored = one->states_stored;
    if (one->peak_memory > sum->peak_memory) sum->peak_memory = one->peak_memory;
}

/* Analyses the component of `p`: its hardest position in `hardest` and that position's
 * distance in `score` (-1 when no position is solvable or the component is too big for one
 * analysis or its memory budget). Returns false when the run must stop (a run-wide budget is
 * spent), with the reason in run->out->limit; RH_ENOMEM in `err`. */
static bool analyse(run *R, const rh_puzzle *p, rh_puzzle *hardest, int *score, int *err)
{
    rh_generated *out = R->out;
    *score = -1; /* also when the run stops before analysing: the caller compares it */
    uint64_t left = UINT64_MAX;
    if (R->max_nodes) {
        if (out->stats.nodes_expanded >= R->max_nodes) {
            out->limit = RH_LIMIT_NODES;
            return false;
        }
        left = R->max_nodes - out->stats.nodes_expanded;
    }
    const bool run_wide = left <= ANALYSIS_NODES_MAX; /* running out then ends the run */
    R->each.max_nodes = run_wide ? left : ANALYSIS_NODES_MAX;
    rh_analysis a;
    *err = rh_analyze(&a, p, R->metric, &R->each);
    if (*err != RH_OK) return false;
    out->candidates++;
    add_stats(&out->stats, &a.stats);
    bool go_on = true;
    if (a.status == RH_SOLVED) {
        *score = a.max_distance;
        *hardest = a.hardest;
    } else if (a.limit != RH_LIMIT_MEMORY && (a.limit != RH_LIMIT_NODES || run_wide)) {
        out->limit = a.limit;
        go_on = false;
    }
    rh_analysis_free(&a);
    return go_on;
}

/* Moves `p`, whose optimal length is `length`, along an optimal solution until `want` remain.
 * Every step of an optimal solution shortens it by its own length, a single slide included,
 * so the last move may be cut short in the slides metric. The search keeps the run's deadline,
 * cancel flag and memory cap: when one stops it, `p` is left as it was and *limit says which
 * (the component was analysed whole, so the search cannot end unsolvable). Returns RH_OK or
 * RH_ENOMEM. */
static int walk_to(rh_puzzle *p, int length, int want, const run *R, rh_limit *limit)
{
    rh_search_options opt = {.algorithm = RH_ALGO_ASTAR, .metric = R->metric, .limits = R->each};
    opt.limits.max_nodes = 0;
    rh_result r;
    const int err = rh_solve(&r, p, &opt);
    if (err != RH_OK) return err;
    *limit = r.status == RH_SOLVED ? RH_LIMIT_NONE : r.limit;
    for (int k = 0; r.status == RH_SOLVED && length > want && k < r.move_count; k++) {
        rh_move m = r.moves[k];
        const int cost = R->metric == RH_METRIC_SLIDES ? abs(m.delta) : 1;
        if (cost > length - want) m.delta = m.delta > 0 ? length - want : want - length;
        rh_puzzle_apply(p, m);
        length -= cost < length - want ? cost : length - want;
    }
    rh_result_free(&r);
    return RH_OK;
}

int rh_generate(rh_generated *out, const rh_generate_options *g, const rh_limits *limits)
{
    if (!out || !g) return RH_EARG;
    rh_diags d;
    rh_diags_init(&d);
    if (rh_generate_check(&d, g) != RH_OK) return RH_EINVALID;
    const rh_limits none = RH_LIMITS_INIT;
    if (!limits) limits = &none;
    const uint64_t t0 = rh_clock_us();
    *out = (rh_generated){.status = RH_LIMIT_REACHED, .metric = g->metric};
    run R = {.metric = g->metric, .each = *limits, .max_nodes = limits->max_nodes, .out = out};
    uint64_t rng = g->seed;
    rh_puzzle best = {0}, current, candidate, hardest;
    int best_score = -1, err = RH_OK;
    bool go_on = true;
    while (go_on && best_score < g->min_moves) {
        const rh_limit stop = rh__stop_reason(limits->cancel, limits->deadline_us);
        if (stop != RH_LIMIT_NONE) {
            out->limit = stop;
            break;
        }
        out->restarts++;
        int score;
        if (!random_board(&candidate, g, &rng)) continue;
        go_on = analyse(&R, &candidate, &current, &score, &err);
        if (!go_on || score < 0) continue;
        for (int stale = 0; go_on && stale < STALE_LIMIT && score < g->min_moves;) {
            if (score > best_score) {
                best = current;
                best_score = score;
            }
            candidate = current;
            if (!change_locally(&candidate, g, &rng)) {
                stale++; /* a board with nothing to change must not spin */
                continue;
            }
            int next;
            go_on = analyse(&R, &candidate, &hardest, &next, &err);
            stale = next > score ? 0 : stale + 1;
            if (go_on && next >= score) {
                current = hardest;
                score = next;
            }
        }
        if (score > best_score) {
            best = current;
            best_score = score;
        }
    }
    if (err == RH_OK && best_score > 0) {
        if (best_score >= g->min_moves) {
            out->status = RH_SOLVED;
            out->limit = RH_LIMIT_NONE;
        }
        if (g->max_moves && best_score > g->max_moves) {
            rh_limit stopped = RH_LIMIT_NONE;
            err = walk_to(&best, best_score, g->max_moves, &R, &stopped);
            if (stopped == RH_LIMIT_NONE) {
                best_score = g->max_moves;
            } else { /* the hardest found is answered as it is, not walked down */
                out->status = RH_LIMIT_REACHED;
                out->limit = stopped;
            }
        }
        name_vehicles(&best);
        out->puzzle = best;
        out->length = best_score;
    }
    out->stats.elapsed_us = rh_clock_us() - t0;
    return err;
}
