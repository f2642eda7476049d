/* The answer cache (cache.c): round trips, least-recently-used eviction within the byte
 * limit, and keys that depend on the puzzle and the answer-changing options only. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "rushhour/json.h"

/* The answer cache: round trips, least-recently-used eviction within the byte limit, and
 * keys that depend on the puzzle and the answer-changing options only. */

static void put_text(rhd_cache *c, const char *key, const char *answer)
{
    rhd_cache_put(c, key, strlen(key), answer, strlen(answer));
}

static bool has(rhd_cache *c, const char *key)
{
    size_t len;
    char *got = rhd_cache_get(c, key, strlen(key), &len);
    free(got);
    return got != NULL;
}

Test(cache, round_trip_and_replace)
{
    rhd_cache *c = rhd_cache_new(1 << 20);
    cr_assert_not_null(c);
    put_text(c, "k1", "answer one");
    size_t len = 0;
    char *got = rhd_cache_get(c, "k1", 2, &len);
    cr_assert_not_null(got);
    cr_assert_eq(len, 10);
    cr_assert_str_eq(got, "answer one");
    free(got);
    put_text(c, "k1", "answer two");
    got = rhd_cache_get(c, "k1", 2, &len);
    cr_assert_str_eq(got, "answer two");
    free(got);
    cr_assert(!has(c, "k2"));
    cr_assert(!has(c, "k"), "a prefix of a key is another key");
    rhd_cache_free(c);
}

Test(cache, evicts_least_recently_used_within_bounds)
{
    /* 16 shards of 64 KiB: 1 KiB answers, 200 of them, cannot all stay. */
    rhd_cache *c = rhd_cache_new(16 * 64 * 1024);
    char answer[1024];
    memset(answer, 'a', sizeof answer - 1);
    answer[sizeof answer - 1] = '\0';
    char key[32];
    put_text(c, "keep", answer);
    int kept = 0;
    for (int i = 0; i < 2000; i++) {
        snprintf(key, sizeof key, "key%d", i);
        put_text(c, key, answer);
        if (!has(c, "keep")) break; /* looking "keep" up makes it the most recent again */
        kept++;
    }
    cr_assert_eq(kept, 2000, "a key in constant use was evicted after %d puts", kept);
    int present = 0;
    for (int i = 0; i < 2000; i++) {
        snprintf(key, sizeof key, "key%d", i);
        present += has(c, key);
    }
    cr_assert_lt(present, 1024, "%d answers of 1 KiB in a 1 MiB cache", present);
    cr_assert_gt(present, 500, "only %d answers kept", present);
    snprintf(key, sizeof key, "key%d", 1999);
    cr_assert(has(c, key), "the newest answer is present");
    rhd_cache_free(c);
}

Test(cache, off_and_oversize)
{
    cr_assert_null(rhd_cache_new(0));
    put_text(NULL, "k", "v"); /* no cache: nothing happens */
    cr_assert(!has(NULL, "k"));
    rhd_cache *c = rhd_cache_new(16 * 1024);
    char big[4096];
    memset(big, 'b', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    put_text(c, "big", big); /* larger than a shard: not stored */
    cr_assert(!has(c, "big"));
    rhd_cache_free(c);
}

Test(cache, keys_follow_the_puzzle_and_the_options)
{
    rh_puzzle a, b;
    rh_diags d;
    rh_diags_init(&d);
    const char grid[] = "bb...g/a..c.g/axxc.g/a..c../e...ff/e.ddd.";
    const char json[] =
        "{\"grid\": [\"bb...g\",\"a..c.g\",\"axxc.g\",\"a..c..\",\"e...ff\",\"e.ddd.\"]}";
    cr_assert_eq(rh_parse_text(&a, &d, grid, strlen(grid)), RH_OK);
    cr_assert_eq(rh_parse_text(&b, &d, json, strlen(json)), RH_OK);
    static char ka[RHD_CACHE_KEY_MAX], kb[RHD_CACHE_KEY_MAX];
    size_t na = rhd_cache_key(ka, &a, RH_ALGO_BFS, RH_METRIC_MOVES, false);
    size_t nb = rhd_cache_key(kb, &b, RH_ALGO_BFS, RH_METRIC_MOVES, false);
    cr_assert(na == nb && memcmp(ka, kb, na) == 0, "one puzzle in two forms, two keys");
    nb = rhd_cache_key(kb, &b, RH_ALGO_BFS, RH_METRIC_SLIDES, false);
    cr_assert(na != nb || memcmp(ka, kb, na) != 0, "another metric, the same key");
    nb = rhd_cache_key(kb, &b, RH_ALGO_ASTAR, RH_METRIC_MOVES, false);
    cr_assert(na != nb || memcmp(ka, kb, na) != 0, "another algorithm, the same key");
    nb = rhd_cache_key(kb, &b, RH_ALGO_BFS, RH_METRIC_MOVES, true);
    cr_assert(na != nb || memcmp(ka, kb, na) != 0, "boards or not, the same key");
    b.vehicles[1].col = 1; /* a moved by one: another position */
    nb = rhd_cache_key(kb, &b, RH_ALGO_BFS, RH_METRIC_MOVES, false);
    cr_assert(na != nb || memcmp(ka, kb, na) != 0, "another position, the same key");
}
