/* The cluster-table cache on its own (src/server/base/table_cache.c): hits and misses, the kinds'
 * shares (an analysis flood evicts no other kind's table, a hand-out that answered a lookup is
 * promoted, the day's table is never evicted), a cluster kept once, builds handed in from idle
 * priority, claims that keep one build per shape and a bounded number at once, builds a budget
 * stops, and the day's table following the UTC day's turn (table_prefetch.c). */
#include <criterion/criterion.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "metrics.h"
#include "rushhour/clock.h"
#include "table_cache.h"
#include "table_prefetch.h"

static rh_puzzle *board(const char *text)
{
    rh_puzzle *p = malloc(sizeof *p);
    rh_diags *d = malloc(sizeof *d);
    cr_assert(p && d);
    rh_diags_init(d);
    cr_assert_eq(rh_parse_board(p, d, text, strlen(text), "board"), RH_OK, "%s", text);
    free(d);
    return p;
}

/* Three wall-free 6x6 puzzles of three clusters (the bank's), and their table sizes. */
static const char *const boards[3] = {"BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.",
                                      "BCDDEEBC...FBAA.GFHHIIGF.JJJKK...LLL",
                                      ".........B.CAA.B.C.DDBEE.FGGH..F..H."};

static size_t table_bytes(const rh_puzzle *p)
{
    rh_table *t = NULL;
    cr_assert_eq(rh_table_build(&t, NULL, NULL, p, NULL), RH_OK);
    cr_assert_not_null(t);
    const size_t n = rh_table_bytes(t);
    rh_table_free(t);
    return n;
}

/* Held, by a lookup: the table is flagged as answering one (a played position). */
static bool held(rhd_tables *c, const rh_puzzle *p)
{
    return rhd_tables_distance(c, p, RH_METRIC_MOVES) != RH_TABLE_ABSENT;
}

/* Held, asked without a lookup (a claim is refused only while a table holds the cluster, as
 * no other build is claimed here). */
static bool held_quietly(rhd_tables *c, const rh_puzzle *p)
{
    if (!rhd_tables_claim(c, p)) return true;
    rhd_tables_unclaim(c, p);
    return false;
}

/* Tiny clusters of one size: a 6x6 board with the target alone in row 2 and two walls, the
 * k-th pair of the 30 cells outside that row (435 pairs, each a shape of its own). */
static rh_puzzle *tiny(int k)
{
    char text[37];
    memset(text, '.', 36);
    text[36] = '\0';
    text[12] = text[13] = 'A';
    int a = 0, b = 1;
    for (int n = 0; n < k; n++)
        if (++b == 30) b = ++a + 1;
    cr_assert_lt(a, 29, "only 435 pairs");
    text[a < 12 ? a : a + 6] = 'x';
    text[b < 12 ? b : b + 6] = 'x';
    return board(text);
}

static void keep_as(rhd_tables *c, const rh_puzzle *p, rhd_table_kind kind)
{
    cr_assert(rhd_tables_claim(c, p));
    cr_assert(rhd_tables_build(c, p, NULL, kind));
}

/* The metrics as rendered now (each test runs in a process of its own); valid until the next
 * call. */
static const char *metrics_now(void)
{
    static char *text;
    free(text);
    text = rhd_metrics_render("test");
    cr_assert_not_null(text);
    return text;
}

/* The tables held, from the metrics. */
static double tables_held(void)
{
    const char *line = strstr(metrics_now(), "\nrushhourd_tables ");
    cr_assert_not_null(line);
    return strtod(line + strlen("\nrushhourd_tables "), NULL);
}

Test(tables, answers_what_it_holds_and_nothing_else)
{
    rhd_tables *c = rhd_tables_new(64u << 20);
    rh_puzzle *p = board(boards[0]), *q = board(boards[1]);
    rh_result res;
    cr_assert_eq(rhd_tables_solve(c, &res, p, RH_METRIC_MOVES, RH_ALGO_BFS), RH_ENOTFOUND);
    cr_assert(rhd_tables_claim(c, p));
    cr_assert(rhd_tables_build(c, p, NULL, RHD_TABLE_HANDOUT));
    cr_assert_eq(rhd_tables_distance(c, p, RH_METRIC_MOVES), 51);
    cr_assert_eq(rhd_tables_solve(c, &res, p, RH_METRIC_MOVES, RH_ALGO_ASTAR), RH_OK);
    cr_assert_eq(res.move_count, 51);
    cr_assert_eq(res.algorithm, RH_ALGO_ASTAR, "the algorithm asked");
    rh_result_free(&res);
    cr_assert(!held(c, q), "another cluster");
    cr_assert(!rhd_tables_claim(c, p), "a held cluster is not built again");
    rhd_tables_free(c);
    cr_assert_null(rhd_tables_new(0), "0 bytes: no cache");
    cr_assert_eq(rhd_tables_distance(NULL, p, RH_METRIC_MOVES), RH_TABLE_ABSENT);
    free(p);
    free(q);
}

/* A cache of 16 tiny tables: shares of 6 (played), 6 (hand-outs) and 4 (analyses). */
static rhd_tables *sixteen_tiny(void)
{
    rh_puzzle *p = tiny(0);
    const size_t t = table_bytes(p);
    free(p);
    p = tiny(434);
    cr_assert_eq(table_bytes(p), t, "the tiny tables differ in size");
    free(p);
    rhd_tables *c = rhd_tables_new(16 * t);
    cr_assert_eq(rhd_tables_share(16 * t, RHD_TABLE_ANALYZED), 4 * t);
    return c;
}

Test(tables, analyses_stay_in_their_quota_and_evict_no_other_kind)
{
    rhd_tables *c = sixteen_tiny();
    rh_puzzle *p[40];
    for (int k = 0; k < 40; k++) p[k] = tiny(k);
    for (int k = 0; k < 6; k++) keep_as(c, p[k], RHD_TABLE_HANDOUT);
    for (int k = 6; k < 40; k++) keep_as(c, p[k], RHD_TABLE_ANALYZED); /* room for 10 more */
    for (int k = 0; k < 6; k++) cr_assert(held_quietly(c, p[k]), "hand-out %d was evicted", k);
    for (int k = 6; k < 36; k++) cr_assert(!held_quietly(c, p[k]), "analysis %d beyond 4", k);
    for (int k = 36; k < 40; k++) cr_assert(held_quietly(c, p[k]), "analysis %d", k);
    rhd_tables_free(c);
    for (int k = 0; k < 40; k++) free(p[k]);
}

Test(tables, a_hand_out_that_answered_a_lookup_is_promoted)
{
    rhd_tables *c = sixteen_tiny();
    rh_puzzle *p[40];
    for (int k = 0; k < 40; k++) p[k] = tiny(k);
    keep_as(c, p[0], RHD_TABLE_HANDOUT);
    keep_as(c, p[1], RHD_TABLE_HANDOUT);
    cr_assert(held(c, p[0])); /* played */
    for (int k = 2; k < 40; k++) keep_as(c, p[k], RHD_TABLE_HANDOUT);
    cr_assert(held_quietly(c, p[0]), "the played table was evicted");
    cr_assert(!held_quietly(c, p[1]), "the oldest hand-out made room");
    cr_assert(held_quietly(c, p[39]));
    /* Analyses never take a played table's place, whatever their number. */
    for (int k = 40; k < 80; k++) {
        rh_puzzle *a = tiny(k);
        keep_as(c, a, RHD_TABLE_ANALYZED);
        free(a);
    }
    cr_assert(held_quietly(c, p[0]));
    rhd_tables_free(c);
    for (int k = 0; k < 40; k++) free(p[k]);
}

Test(tables, the_day_s_table_is_never_evicted_until_another_day_s)
{
    rhd_tables *c = sixteen_tiny();
    rh_puzzle *p[40];
    for (int k = 0; k < 40; k++) p[k] = tiny(k);
    keep_as(c, p[0], RHD_TABLE_DAY);
    for (int k = 2; k < 40; k++) keep_as(c, p[k], RHD_TABLE_HANDOUT);
    cr_assert(held_quietly(c, p[0]), "the day's table was evicted");
    /* A new day's table, built or pinned, makes the old one a hand-out like any other. */
    keep_as(c, p[1], RHD_TABLE_DAY);
    for (int k = 2; k < 40; k++) keep_as(c, p[k], RHD_TABLE_HANDOUT);
    cr_assert(!held_quietly(c, p[0]), "yesterday's table stayed");
    cr_assert(held_quietly(c, p[1]));
    keep_as(c, p[0], RHD_TABLE_HANDOUT);
    cr_assert(rhd_tables_pin(c, p[0]));
    for (int k = 2; k < 40; k++) keep_as(c, p[k], RHD_TABLE_HANDOUT);
    cr_assert(held_quietly(c, p[0]) && !held_quietly(c, p[1]));
    cr_assert(!rhd_tables_pin(c, p[1]), "no table holds it");
    rhd_tables_free(c);
    for (int k = 0; k < 40; k++) free(p[k]);
}

Test(tables, a_cluster_is_kept_once_whichever_position_enters_it)
{
    rhd_tables *c = rhd_tables_new(64u << 20);
    rh_puzzle *p = board(boards[0]), *q = board(boards[0]);
    int moved = RH_EARG;
    for (int v = 0; v < q->vehicle_count && moved != RH_OK; v++)
        for (int d = -1; d <= 1 && moved != RH_OK; d += 2)
            moved = rh_puzzle_apply(q, (rh_move){v, d});
    cr_assert_eq(moved, RH_OK, "no vehicle moves");
    keep_as(c, p, RHD_TABLE_HANDOUT);
    /* As a build whose claim raced the first one's end: it finds the cluster held. */
    cr_assert(rhd_tables_build(c, q, NULL, RHD_TABLE_HANDOUT), "the cluster is held");
    cr_assert_eq(tables_held(), 1);
    /* The day's build of a held cluster pins the table held. */
    cr_assert(rhd_tables_build(c, q, NULL, RHD_TABLE_DAY));
    cr_assert_eq(tables_held(), 1);
    rhd_tables_free(c);
    free(p);
    free(q);
}

Test(tables, a_build_at_idle_priority_is_kept_by_the_next_call)
{
    rhd_tables *c = rhd_tables_new(64u << 20);
    rh_puzzle *p = board(boards[0]), *q = board(boards[1]);
    cr_assert(rhd_tables_claim(c, p));
    rhd_tables_build_idle(c, p, NULL, RHD_TABLE_HANDOUT);
    cr_assert_eq(tables_held(), 0, "kept without a lock by the builder");
    cr_assert(held(c, p));
    cr_assert_eq(tables_held(), 1);
    /* A cancelled build ends its claim at once. */
    atomic_int cancelled = 1;
    const rh_limits cancel = {.cancel = &cancelled};
    cr_assert(rhd_tables_claim(c, q));
    rhd_tables_build_idle(c, q, &cancel, RHD_TABLE_HANDOUT);
    cr_assert(!held(c, q));
    cr_assert(rhd_tables_claim(c, q), "the claim ended");
    rhd_tables_free(c);
    free(p);
    free(q);
}

/* Polls until `n` tables are held, the last built holding `p`: a hang guard of minutes (the
 * sanitizer builds are slow), never a verdict on speed. held_quietly alone cannot wait: a
 * claim is refused while the builder holds one too. */
static void await_tables(rhd_tables *c, const rh_puzzle *p, double n)
{
    for (int k = 0; k < 6000; k++) {
        held_quietly(c, p); /* keeps what the builder handed in */
        if (tables_held() >= n) break;
        const struct timespec pause = {0, 50 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    cr_assert_eq(tables_held(), n);
    cr_assert(held_quietly(c, p));
}

Test(tables, the_day_s_served_puzzle_is_pinned_across_the_day_s_turn)
{
    rh_bank *bank = NULL;
    cr_assert_eq(rh_bank_open(&bank, RH_SERVED_BANK, RH_BANK_READ, NULL), RH_OK);
    /* A budget of no build: the day's build skips it. */
    rhd_prefetch f = {.max_memory = 0};
    rhd_build_budget_init(&f.budget, 0, 0, 0);
    cr_assert_eq(rhd_pool_start(&f.builder, 1, RHD_TABLE_PREFETCH_QUEUE, false), 0);
    const int64_t day = 20500; /* 2026-02-16; any day serves */
    rh_bank_puzzle today, tomorrow;
    int found = 0;
    cr_assert_eq(rhd_bank_daily(bank, day, &today, &found), RH_OK);
    cr_assert(found);
    cr_assert_eq(rhd_bank_daily(bank, day + 1, &tomorrow, &found), RH_OK);
    cr_assert(found);
    cr_assert_eq(today.walls, 0, "the served day is wall-free");
    rh_puzzle *t = board(today.board), *u = board(tomorrow.board);
    const size_t bytes = table_bytes(t) + table_bytes(u);
    rhd_tables *c = rhd_tables_new(4 * bytes);
    rhd_tables_pin_day(c, &f, bank, day);
    await_tables(c, t, 1);
    rhd_tables_pin_day(c, &f, bank, day + 1); /* midnight, UTC */
    await_tables(c, u, 2);
    /* Yesterday's table is a hand-out now, evicted by hand-outs; today's stays. */
    for (int k = 0; k < 435 && held_quietly(c, t); k++) {
        rh_puzzle *p = tiny(k);
        keep_as(c, p, RHD_TABLE_HANDOUT);
        free(p);
    }
    cr_assert(!held_quietly(c, t), "yesterday's table is still pinned");
    cr_assert(held_quietly(c, u), "today's table was evicted");
    rhd_pool_drain(f.builder, 0);
    rhd_pool_stop(f.builder);
    rhd_build_budget_destroy(&f.budget);
    rhd_tables_free(c);
    rh_bank_close(bank);
    free(t);
    free(u);
}

Test(tables, hand_outs_are_built_within_the_budget)
{
    rhd_prefetch f = {.max_memory = 0};
    rhd_build_budget_init(&f.budget, 4, 60000, rh_clock_us()); /* one build at once */
    cr_assert_eq(rhd_pool_start(&f.builder, 1, RHD_TABLE_PREFETCH_QUEUE, false), 0);
    rhd_tables *c = rhd_tables_new(64u << 20);
    rh_puzzle *p = board(boards[0]), *q = board(boards[1]);
    rhd_tables_prefetch_board(c, &f, boards[0]);
    rhd_tables_prefetch_board(c, &f, boards[1]);
    cr_assert(strstr(metrics_now(), "rushhourd_table_builds_refused_total{reason=\"budget\"} 1"));
    await_tables(c, p, 1);
    cr_assert(!held_quietly(c, q), "built beyond the budget");
    /* Asked again at once: a hash, no claim, no token. */
    rhd_tables_prefetch_board(c, &f, boards[1]);
    cr_assert(strstr(metrics_now(), "rushhourd_table_builds_refused_total{reason=\"budget\"} 1"));
    rhd_pool_drain(f.builder, 0);
    rhd_pool_stop(f.builder);
    rhd_build_budget_destroy(&f.budget);
    rhd_tables_free(c);
    free(p);
    free(q);
}

Test(tables, claims_keep_one_build_per_shape)
{
    rhd_tables *c = rhd_tables_new(64u << 20);
    rh_puzzle *p = board(boards[0]), *q = board(boards[1]), *r = board(boards[2]);
    rh_puzzle *same_shape = board(boards[0]);
    cr_assert(rhd_tables_claim(c, p));
    cr_assert(!rhd_tables_claim(c, same_shape), "its shape is being built");
    cr_assert(rhd_tables_claim(c, q));
    cr_assert(!rhd_tables_claim(c, q), "its shape is being built");
    rhd_tables_unclaim(c, q);
    cr_assert(rhd_tables_claim(c, q), "the claim ended");
    cr_assert(rhd_tables_claim(c, r));
    /* A build a budget stops keeps nothing and ends its claim; its shape is not claimed again
     * for a while, whichever position asks. */
    const rh_limits tiny_budget = {.max_nodes = 10};
    cr_assert(!rhd_tables_build(c, p, &tiny_budget, RHD_TABLE_HANDOUT));
    cr_assert(!held(c, p));
    cr_assert(!rhd_tables_claim(c, same_shape), "a failed shape is claimed again at once");
    cr_assert(
        strstr(metrics_now(), "rushhourd_table_builds_refused_total{reason=\"failed_lately\"} 1"));
    /* A cancelled one (a drain) is no failure. */
    atomic_int cancelled = 1;
    const rh_limits cancel = {.cancel = &cancelled};
    cr_assert(!rhd_tables_build(c, q, &cancel, RHD_TABLE_HANDOUT));
    cr_assert(rhd_tables_claim(c, q), "the claim ended");
    rhd_tables_free(c);
    free(p);
    free(q);
    free(r);
    free(same_shape);
}

Test(tables, a_table_over_the_cache_is_not_kept)
{
    rh_puzzle *p = board(boards[0]);
    rhd_tables *c = rhd_tables_new(table_bytes(p) - 1);
    cr_assert(rhd_tables_claim(c, p));
    cr_assert(!rhd_tables_build(c, p, NULL, RHD_TABLE_DAY));
    cr_assert(!rhd_tables_claim(c, p), "a table too big is built again at once");
    cr_assert(!held(c, p));
    rhd_tables_free(c);
    free(p);
}

Test(tables, the_recent_filter_remembers_a_key_it_was_asked)
{
    rhd_tables *c = rhd_tables_new(1u << 20);
    const char *a = "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.",
               *b = ".........B.CAA.B.C.DDBEE.FGGH..F..H.";
    cr_assert(!rhd_tables_recently_asked(c, a, strlen(a)), "never asked");
    cr_assert(rhd_tables_recently_asked(c, a, strlen(a)), "asked a moment ago");
    cr_assert(!rhd_tables_recently_asked(c, b, strlen(b)), "another key");
    cr_assert(rhd_tables_recently_asked(c, a, strlen(a)));
    cr_assert(!rhd_tables_recently_asked(NULL, a, strlen(a)), "no cache: nothing remembered");
    rhd_tables_free(c);
}
