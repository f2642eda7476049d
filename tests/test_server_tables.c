/* The cluster-table cache on its own (src/server/table_cache.c): hits and misses, least
 * recently used eviction by bytes, pinned tables kept, claims that keep one build per shape and
 * a bounded number at once, and builds a budget stops. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "table_cache.h"

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

static bool held(rhd_tables *c, const rh_puzzle *p)
{
    return rhd_tables_distance(c, p, RH_METRIC_MOVES) != RH_TABLE_ABSENT;
}

Test(tables, answers_what_it_holds_and_nothing_else)
{
    rhd_tables *c = rhd_tables_new(64u << 20);
    rh_puzzle *p = board(boards[0]), *q = board(boards[1]);
    rh_result res;
    cr_assert_eq(rhd_tables_solve(c, &res, p, RH_METRIC_MOVES, RH_ALGO_BFS), RH_ENOTFOUND);
    cr_assert(rhd_tables_claim(c, p));
    cr_assert(rhd_tables_build(c, p, NULL, false));
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

Test(tables, evicts_the_least_recently_used_and_never_the_pinned)
{
    rh_puzzle *p[3];
    size_t bytes[3];
    for (int k = 0; k < 3; k++) bytes[k] = table_bytes(p[k] = board(boards[k]));
    /* Room for the two largest, not for all three. */
    size_t room = bytes[0] + bytes[1] + bytes[2];
    size_t least = bytes[0] < bytes[1] ? bytes[0] : bytes[1];
    least = least < bytes[2] ? least : bytes[2];
    room -= least;
    rhd_tables *c = rhd_tables_new(room);
    for (int k = 0; k < 2; k++) {
        cr_assert(rhd_tables_claim(c, p[k]));
        cr_assert(rhd_tables_build(c, p[k], NULL, k == 0));
    }
    cr_assert(held(c, p[1])); /* p[1] is now the most recent, but p[0] is pinned */
    cr_assert(rhd_tables_claim(c, p[2]));
    cr_assert(rhd_tables_build(c, p[2], NULL, false));
    cr_assert(held(c, p[0]), "the pinned table stays");
    cr_assert(!held(c, p[1]), "the unpinned one made room");
    cr_assert(held(c, p[2]));
    /* Pinning another unpins the first: it is the one evicted next. */
    cr_assert(rhd_tables_pin(c, p[2]));
    cr_assert(rhd_tables_claim(c, p[1]));
    cr_assert(rhd_tables_build(c, p[1], NULL, false));
    cr_assert(!held(c, p[0]));
    cr_assert(held(c, p[1]) && held(c, p[2]));
    cr_assert(!rhd_tables_pin(c, p[0]), "no table holds it");
    rhd_tables_free(c);
    for (int k = 0; k < 3; k++) free(p[k]);
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
    /* A build a budget stops keeps nothing and ends its claim. */
    const rh_limits tiny = {.max_nodes = 10};
    cr_assert(!rhd_tables_build(c, p, &tiny, false));
    cr_assert(!held(c, p));
    cr_assert(rhd_tables_claim(c, p), "the claim ended");
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
    cr_assert(!rhd_tables_build(c, p, NULL, false));
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
