/* The puzzle generator: every puzzle it answers is valid, within the requested vehicle, wall
 * and difficulty ranges, and as hard as it says by an independent BFS; the same seed gives the
 * same puzzle; impossible requests are refused by field; budgets stop it. */
#include <criterion/criterion.h>
#include <string.h>

#include "rushhour/clock.h"
#include "reference.h"

static rh_generate_options options(int min_moves, int max_moves, uint64_t seed)
{
    rh_generate_options g = RH_GENERATE_OPTIONS_INIT;
    g.min_moves = min_moves;
    g.max_moves = max_moves;
    g.seed = seed;
    return g;
}

/* Generates under a generous node budget (so a failing generator fails, not hangs), checks the
 * puzzle against the request, and returns it. */
static rh_puzzle generate_checked(const rh_generate_options *g)
{
    rh_limits limits = RH_LIMITS_INIT;
    limits.max_nodes = 500u * 1000 * 1000;
    rh_generated out;
    cr_assert_eq(rh_generate(&out, g, &limits), RH_OK);
    cr_assert_eq(out.status, RH_SOLVED, "seed %llu: %s (%s)", (unsigned long long)g->seed,
                 rh_status_name(out.status), rh_limit_name(out.limit));
    const rh_puzzle *p = &out.puzzle;
    rh_diags d;
    rh_diags_init(&d);
    cr_assert_eq(rh_puzzle_check(&d, p, NULL, "X"), RH_OK, "%s: %s", d.items[0].field,
                 d.items[0].message);
    cr_expect_eq(p->board_size, g->board_size);
    cr_expect_eq(p->exit_row, g->exit_row >= 0 ? g->exit_row : (g->board_size - 1) / 2);
    cr_expect_str_eq(p->vehicles[p->target].id, "X");
    cr_expect(p->vehicle_count >= g->min_vehicles && p->vehicle_count <= g->max_vehicles,
              "%d vehicles, asked %d..%d", p->vehicle_count, g->min_vehicles, g->max_vehicles);
    cr_expect_eq(p->wall_count, g->walls);
    for (int k = 0; k < p->wall_count; k++)
        cr_expect_neq(p->walls[k].row, p->exit_row, "a wall on the exit row");
    cr_expect_geq(out.length, g->min_moves);
    if (g->max_moves) cr_expect_leq(out.length, g->max_moves);
    cr_expect_geq(out.candidates, 1);

    /* An independent search agrees on the length. */
    rh_search_options bfs = RH_SEARCH_OPTIONS_INIT;
    bfs.metric = g->metric;
    rh_result r;
    cr_assert_eq(rh_solve(&r, p, &bfs), RH_OK);
    cr_assert_eq(r.status, RH_SOLVED);
    const int length = g->metric == RH_METRIC_MOVES ? r.move_count : r.slide_count;
    cr_expect_eq(length, out.length, "seed %llu: BFS solves it in %d, the generator said %d",
                 (unsigned long long)g->seed, length, out.length);
    rh_result_free(&r);
    return out.puzzle;
}

Test(generate, meets_the_difficulty_and_the_rules)
{
    for (uint64_t seed = 1; seed <= 4; seed++) {
        const rh_generate_options g = options(16, 0, seed);
        generate_checked(&g);
    }
}

Test(generate, reaches_thirty_moves)
{
    const rh_generate_options g = options(30, 0, 3);
    generate_checked(&g);
}

/* A range narrower than what the climb finds: the answer is walked down to fit. */
Test(generate, exact_difficulty_by_moves_and_by_slides)
{
    for (uint64_t seed = 1; seed <= 3; seed++) {
        const rh_generate_options g = options(15, 15, seed);
        generate_checked(&g);
    }
    rh_generate_options s = options(25, 25, 7);
    s.metric = RH_METRIC_SLIDES;
    generate_checked(&s);
}

Test(generate, walls_vehicle_ranges_and_other_boards)
{
    rh_generate_options g = options(12, 0, 5);
    g.walls = 3;
    g.min_vehicles = g.max_vehicles = 9;
    generate_checked(&g);

    rh_generate_options big = options(15, 0, 11);
    big.board_size = 7;
    big.exit_row = 3;
    big.min_vehicles = 16; /* dense: sparse 7x7 components are mostly too big to climb */
    big.max_vehicles = 18;
    generate_checked(&big);

    rh_generate_options small = options(3, 0, 2);
    small.board_size = 4;
    small.min_vehicles = 2;
    small.max_vehicles = 5;
    generate_checked(&small);
}

Test(generate, same_seed_same_puzzle)
{
    const rh_generate_options g = options(18, 0, 42);
    const rh_puzzle a = generate_checked(&g), b = generate_checked(&g);
    char ra[RH_BOARD_MAX * (RH_BOARD_MAX + 1)], rb[sizeof ra];
    rh_puzzle_render(ra, &a);
    rh_puzzle_render(rb, &b);
    cr_expect_eq(memcmp(ra, rb, (size_t)(a.board_size * (a.board_size + 1))), 0);

    const rh_generate_options other = options(18, 0, 43);
    const rh_puzzle c = generate_checked(&other);
    rh_puzzle_render(rb, &c);
    cr_expect_neq(memcmp(ra, rb, (size_t)(a.board_size * (a.board_size + 1))), 0,
                  "seeds 42 and 43 gave the same board");
}

/* Each impossible request is refused on its own field, every problem at once. */
Test(generate, impossible_requests_are_refused_by_field)
{
    static const struct {
        const char *field;
        rh_generate_options g;
    } cases[] = {
        {"board_size", {2, -1, 10, 14, 0, 20, 0, RH_METRIC_MOVES, 1}},
        {"board_size", {17, -1, 10, 14, 0, 20, 0, RH_METRIC_MOVES, 1}},
        {"exit_row", {6, 6, 10, 14, 0, 20, 0, RH_METRIC_MOVES, 1}},
        {"min_vehicles", {6, -1, 0, 14, 0, 20, 0, RH_METRIC_MOVES, 1}},
        {"min_vehicles", {6, -1, 14, 14, 0, 20, 0, RH_METRIC_MOVES, 1}},
        {"max_vehicles", {6, -1, 10, 9, 0, 20, 0, RH_METRIC_MOVES, 1}},
        {"walls", {6, -1, 2, 4, 31, 20, 0, RH_METRIC_MOVES, 1}},
        {"min_moves", {6, -1, 10, 14, 0, 0, 0, RH_METRIC_MOVES, 1}},
        {"min_moves", {6, -1, 10, 14, 0, 52, 0, RH_METRIC_MOVES, 1}},
        {"max_moves", {6, -1, 10, 14, 0, 20, 19, RH_METRIC_MOVES, 1}},
        {"metric", {6, -1, 10, 14, 0, 20, 0, (rh_metric)7, 1}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rh_diags d;
        rh_diags_init(&d);
        cr_expect_eq(rh_generate_check(&d, &cases[i].g), RH_EINVALID, "case %zu", i);
        cr_assert_geq(d.count, 1, "case %zu: no diagnostic", i);
        cr_expect_str_eq(d.items[0].field, cases[i].field, "case %zu", i);
        rh_generated out;
        cr_expect_eq(rh_generate(&out, &cases[i].g, NULL), RH_EINVALID, "case %zu", i);
    }
    /* 52 moves is refused only where the bound is proved: 6x6, no walls, moves. */
    rh_generate_options slides = options(52, 0, 1);
    slides.metric = RH_METRIC_SLIDES;
    rh_diags d;
    rh_diags_init(&d);
    cr_expect_eq(rh_generate_check(&d, &slides), RH_OK);
    rh_generate_options everything = {2, 6, 0, -1, -1, 0, -3, (rh_metric)9, 0};
    rh_diags_init(&d);
    rh_generate_check(&d, &everything);
    cr_expect_eq(d.count, 1, "board_size decides every other bound: it alone is reported");
    everything.board_size = 6;
    rh_diags_init(&d);
    rh_generate_check(&d, &everything);
    cr_expect_eq(d.count, 7, "every problem at once: %d", d.count);
}

/* No puzzle on a 3x3 board with only the target needs two moves: the budget ends the run, and
 * the climb, which cannot change such a board, does not spin. */
Test(generate, budgets_end_an_impossible_run, .timeout = 60)
{
    rh_generate_options g = options(2, 0, 1);
    g.board_size = 3;
    g.exit_row = 1;
    g.min_vehicles = g.max_vehicles = 1;
    rh_limits limits = RH_LIMITS_INIT;
    limits.max_nodes = 20000;
    rh_generated out;
    cr_assert_eq(rh_generate(&out, &g, &limits), RH_OK);
    cr_expect_eq(out.status, RH_LIMIT_REACHED);
    cr_expect_eq(out.limit, RH_LIMIT_NODES);
    cr_expect_eq(out.length, 1, "the best found is still answered");
    cr_expect_leq(out.stats.nodes_expanded, limits.max_nodes);

    limits = (rh_limits)RH_LIMITS_INIT;
    limits.deadline_us = rh_clock_us() + 100 * 1000;
    cr_assert_eq(rh_generate(&out, &g, &limits), RH_OK);
    cr_expect_eq(out.limit, RH_LIMIT_TIME);

    atomic_int cancel = 1;
    limits = (rh_limits)RH_LIMITS_INIT;
    limits.cancel = &cancel;
    cr_assert_eq(rh_generate(&out, &g, &limits), RH_OK);
    cr_expect_eq(out.limit, RH_LIMIT_CANCELLED);
    cr_expect_eq(out.length, 0, "cancelled before anything was analysed");
}

/* The search that walks the climb's puzzle down to max_moves keeps the run's budgets, and one
 * that stops it ends the run with that limit (it was "out of memory", an error): seed 2 finds a
 * 12-move puzzle whose analyses fit in 46,000 bytes but whose A* walk does not. */
Test(generate, a_budget_that_stops_the_walk_down_is_a_limit)
{
    const rh_generate_options g = options(10, 10, 2);
    rh_limits limits = RH_LIMITS_INIT;
    limits.max_memory = 46000;
    rh_generated out;
    cr_assert_eq(rh_generate(&out, &g, &limits), RH_OK);
    cr_expect_eq(out.status, RH_LIMIT_REACHED);
    cr_expect_eq(out.limit, RH_LIMIT_MEMORY, "limit %s", rh_limit_name(out.limit));
    cr_expect_gt(out.length, g.max_moves, "the hardest found, not walked down: %d", out.length);
    rh_result r;
    const rh_search_options bfs = RH_SEARCH_OPTIONS_INIT;
    cr_assert_eq(rh_solve(&r, &out.puzzle, &bfs), RH_OK);
    cr_expect_eq(r.move_count, out.length, "its length is its own");
    rh_result_free(&r);
}

/* The generated puzzle, written as JSON and parsed back, is the same puzzle. */
Test(generate, report_round_trips)
{
    const rh_generate_options g = options(10, 0, 9);
    const rh_puzzle p = generate_checked(&g);
    cJSON *doc = rh_report_puzzle(&p);
    cr_assert_not_null(doc);
    rh_puzzle back;
    rh_diags d;
    rh_diags_init(&d);
    cr_assert_eq(rh_parse_cjson(&back, &d, doc, NULL), RH_OK);
    cJSON_Delete(doc);
    char a[RH_BOARD_MAX * (RH_BOARD_MAX + 1)], b[sizeof a];
    rh_puzzle_render(a, &p);
    rh_puzzle_render(b, &back);
    cr_expect_eq(memcmp(a, b, (size_t)(p.board_size * (p.board_size + 1))), 0);
    cr_expect_eq(back.exit_row, p.exit_row);
    cr_expect_str_eq(back.vehicles[back.target].id, "X");
}
