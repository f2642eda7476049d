/* The puzzle bank (rushhour-bank): round trips, kept-only filtering, merging shards, picks,
 * the daily puzzle, export order, read-only handles, damaged and missing files. Banks are built
 * from real Jam puzzles in database notation (tests/support/bank_records.c). */
#include <criterion/criterion.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bank_records.h"
#include "scratch.h"

TestSuite(bank, .init = scratch_make, .fini = scratch_remove);

static rh_bank *open_read(const char *file)
{
    rh_bank *b = NULL;
    char why[RH_BANK_WHY_MAX];
    const int err = rh_bank_open(&b, file, RH_BANK_READ, why);
    cr_assert_eq(err, RH_OK, "open %s: %s", file, why);
    return b;
}

static rh_bank *build_all(const char *name)
{
    cr_assert_eq(bank_build_all(scratch_path(name)), RH_OK);
    return open_read(scratch_path(name));
}

typedef struct {
    rh_bank_puzzle *items;
    int count;
} puzzle_list;

static int collect(void *ctx, const rh_bank_puzzle *p)
{
    puzzle_list *l = ctx;
    l->items = realloc(l->items, sizeof *l->items * (size_t)(l->count + 1));
    cr_assert_not_null(l->items);
    l->items[l->count++] = *p;
    return 0;
}

static puzzle_list everything(rh_bank *b)
{
    puzzle_list l = {0};
    cr_assert_eq(rh_bank_each(b, collect, &l), RH_OK);
    return l;
}

static int find_record(const char *board)
{
    for (int i = 0; i < BANK_RECORDS; i++)
        if (bank_records[i].kept && strcmp(bank_records[i].board, board) == 0) return i;
    return -1;
}

/* Kept records matching a filter, counted from the table itself. */
static int expected_matches(rh_bank_filter f)
{
    int n = 0;
    for (int i = 0; i < BANK_KEPT; i++) {
        const bank_record *r = &bank_records[i];
        const int length = f.metric == RH_BANK_MOVES ? r->moves : r->slides;
        n += length >= 0 && length >= f.min_length && length <= f.max_length &&
             r->walls >= f.min_walls && r->walls <= f.max_walls;
    }
    return n;
}

Test(bank, round_trip_keeps_every_field_of_every_kept_record)
{
    rh_bank *b = build_all("all.sqlite");
    puzzle_list l = everything(b);
    cr_assert_eq(l.count, BANK_KEPT);
    int seen[BANK_RECORDS] = {0};
    for (int k = 0; k < l.count; k++) {
        const rh_bank_puzzle *p = &l.items[k];
        const int i = find_record(p->board);
        cr_assert_geq(i, 0, "unknown board %s", p->board);
        seen[i]++;
        rh_cluster c;
        bank_record_cluster(&c, i);
        cr_assert_eq(p->board_size, 6);
        cr_assert_eq(p->moves, c.moves);
        cr_assert_eq(p->slides, c.slides);
        cr_assert_eq(p->cluster_size, c.states);
        cr_assert_eq(p->vehicles, c.vehicles);
        cr_assert_eq(p->walls, c.walls);
    }
    for (int i = 0; i < BANK_KEPT; i++) cr_assert_eq(seen[i], 1, "record %d", i);
    free(l.items);
    rh_bank_close(b);
}

static int meta_value(void *ctx, const char *key, const char *value)
{
    if (strcmp(key, "total.clusters") == 0) *(long *)ctx = atol(value);
    return 0;
}

Test(bank, keeps_only_solvable_minimal_clusters_and_counts_all)
{
    rh_bank *b = build_all("all.sqlite");
    rh_bank_summary s;
    cr_assert_eq(rh_bank_stats(b, &s), RH_OK);
    cr_assert_eq(s.total, BANK_KEPT);
    cr_assert_eq(s.with_slides, 13);
    cr_assert_eq(s.by_walls[0], 13);
    cr_assert_eq(s.by_walls[1], 5);
    cr_assert_eq(s.by_walls[2], 2);
    cr_assert_eq(s.by_moves[8], 4);
    cr_assert_eq(s.by_moves[51], 1);
    cr_assert_eq(s.max_moves, 51);
    cr_assert_eq(s.max_slides, 82);
    long clusters = 0;
    cr_assert_eq(rh_bank_each_meta(b, meta_value, &clusters), RH_OK);
    cr_assert_eq(clusters, BANK_RECORDS);
    puzzle_list l = everything(b);
    for (int k = 0; k < l.count; k++)
        cr_assert_str_neq(l.items[k].board, bank_records[21].board, "a non-minimal was kept");
    free(l.items);
    rh_bank_close(b);
}

/* The summary of the rows whose walls are within lo..hi, counted from the rows themselves. */
static void summary_of_rows(const puzzle_list *l, int lo, int hi, rh_bank_summary *out)
{
    memset(out, 0, sizeof *out);
    out->board_size = 6;
    out->max_moves = out->max_slides = -1;
    for (int k = 0; k < l->count; k++) {
        const rh_bank_puzzle *p = &l->items[k];
        if (p->walls < lo || p->walls > hi) continue;
        out->total++;
        out->by_moves[p->moves]++;
        out->by_walls[p->walls]++;
        if (p->moves > out->max_moves) out->max_moves = p->moves;
        if (p->slides < 0) continue;
        out->with_slides++;
        out->by_slides[p->slides]++;
        if (p->slides > out->max_slides) out->max_slides = p->slides;
    }
}

/* Counts within walls bounds equal the rows that match; the filter's lengths are not read. */
Test(bank, stats_of_a_walls_range_count_the_rows_within_it)
{
    rh_bank *b = build_all("all.sqlite");
    puzzle_list l = everything(b);
    static rh_bank_summary got, want;
    const int bounds[][2] = {{0, 0}, {1, 1}, {0, 1}, {1, 2}, {2, 2}, {3, 64}, {2, 1}};
    const uint64_t totals[] = {13, 5, 18, 7, 2, 0, 0};
    for (size_t k = 0; k < sizeof bounds / sizeof *bounds; k++) {
        const int lo = bounds[k][0], hi = bounds[k][1];
        rh_bank_filter f = {RH_BANK_SLIDES, 40, 41, lo, hi};
        cr_assert_eq(rh_bank_stats_of(b, &f, &got), RH_OK);
        summary_of_rows(&l, lo, hi, &want);
        cr_assert_eq(got.total, totals[k], "walls %d-%d: %llu", lo, hi,
                     (unsigned long long)got.total);
        cr_assert_eq(memcmp(&got, &want, sizeof got), 0, "walls %d-%d", lo, hi);
    }
    const rh_bank_filter every = RH_BANK_FILTER_ALL;
    cr_assert_eq(rh_bank_stats_of(b, &every, &got), RH_OK);
    cr_assert_eq(rh_bank_stats(b, &want), RH_OK);
    cr_assert_eq(memcmp(&got, &want, sizeof got), 0, "rh_bank_stats takes every puzzle");
    cr_assert_eq(got.total, BANK_KEPT);
    cr_assert_eq(rh_bank_stats_of(b, NULL, &got), RH_EARG);
    free(l.items);
    rh_bank_close(b);
}

static void assert_same_bank(rh_bank *x, rh_bank *y)
{
    puzzle_list a = everything(x), b = everything(y);
    cr_assert_eq(a.count, b.count);
    for (int k = 0; k < a.count; k++)
        cr_assert_eq(memcmp(&a.items[k], &b.items[k], sizeof a.items[k]), 0, "row %d", k);
    static rh_bank_summary sa, sb;
    cr_assert_eq(rh_bank_stats(x, &sa), RH_OK);
    cr_assert_eq(rh_bank_stats(y, &sb), RH_OK);
    cr_assert_eq(memcmp(&sa, &sb, sizeof sa), 0);
    free(a.items);
    free(b.items);
}

/* Shards (in any order, and a writer continued after closing) merge into the single build. */
Test(bank, merged_shards_equal_the_single_build)
{
    rh_bank *single = build_all("single.sqlite");
    const int even[] = {20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0};
    const int odd[] = {1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21};
    cr_assert_eq(bank_build(scratch_path("odd.sqlite"), odd, 11), RH_OK);
    /* The even shard is left unfinished: merging sorts its pending rows in too. */
    rh_bank *w;
    cr_assert_eq(rh_bank_open(&w, scratch_path("even.sqlite"), RH_BANK_WRITE, NULL), RH_OK);
    rh_cluster c;
    for (int i = 0; i < 11; i++) {
        bank_record_cluster(&c, even[i]);
        cr_assert_eq(rh_bank_add(w, &c), RH_OK);
    }
    cr_assert_eq(rh_bank_close(w), RH_OK);
    cr_assert_eq(rh_bank_open(&w, scratch_path("merged.sqlite"), RH_BANK_WRITE, NULL), RH_OK);
    cr_assert_eq(rh_bank_merge_file(w, scratch_path("odd.sqlite")), RH_OK);
    cr_assert_eq(rh_bank_merge_file(w, scratch_path("even.sqlite")), RH_OK);
    cr_assert_eq(rh_bank_finish(w), RH_OK);
    cr_assert_eq(rh_bank_close(w), RH_OK);
    rh_bank *merged = open_read(scratch_path("merged.sqlite"));
    assert_same_bank(single, merged);
    long clusters = 0;
    cr_assert_eq(rh_bank_each_meta(merged, meta_value, &clusters), RH_OK);
    cr_assert_eq(clusters, BANK_RECORDS, "the shards' totals are summed");
    rh_bank_close(merged);
    rh_bank_close(single);
}

Test(bank, merging_a_shard_twice_keeps_one_copy)
{
    rh_bank *single = build_all("single.sqlite");
    rh_bank *w;
    cr_assert_eq(rh_bank_open(&w, scratch_path("twice.sqlite"), RH_BANK_WRITE, NULL), RH_OK);
    cr_assert_eq(rh_bank_merge_file(w, scratch_path("single.sqlite")), RH_OK);
    cr_assert_eq(rh_bank_merge_file(w, scratch_path("single.sqlite")), RH_OK);
    cr_assert_eq(rh_bank_finish(w), RH_OK);
    cr_assert_eq(rh_bank_close(w), RH_OK);
    rh_bank *twice = open_read(scratch_path("twice.sqlite"));
    assert_same_bank(single, twice);
    rh_bank_close(twice);
    rh_bank_close(single);
}

static int pick(rh_bank *b, rh_bank_filter f, uint64_t seed, int count, rh_bank_puzzle *out)
{
    int found = -1;
    cr_assert_eq(rh_bank_pick(b, &f, seed, out, count, &found), RH_OK);
    return found;
}

Test(bank, picks_respect_lengths_walls_and_metric)
{
    rh_bank *b = build_all("all.sqlite");
    static rh_bank_puzzle out[RH_BANK_PICK_MAX];
    const rh_bank_filter filters[] = {
        {RH_BANK_MOVES, 8, 14, 0, 64},   {RH_BANK_MOVES, 12, 25, 1, 1},
        {RH_BANK_MOVES, 0, 100, 2, 2},   {RH_BANK_SLIDES, 20, 50, 0, 64},
        {RH_BANK_SLIDES, 0, 1000, 1, 2}, {RH_BANK_MOVES, 51, 51, 0, 0},
    };
    for (size_t k = 0; k < sizeof filters / sizeof *filters; k++) {
        const rh_bank_filter f = filters[k];
        for (uint64_t seed = 0; seed < 20; seed++) {
            const int n = pick(b, f, seed, 3, out);
            const int expect = expected_matches(f);
            cr_assert_eq(n, expect < 3 ? expect : 3, "filter %zu", k);
            for (int i = 0; i < n; i++) {
                const int length = f.metric == RH_BANK_MOVES ? out[i].moves : out[i].slides;
                cr_assert(length >= f.min_length && length <= f.max_length, "filter %zu", k);
                cr_assert(out[i].walls >= f.min_walls && out[i].walls <= f.max_walls);
                if (!i) continue;
                const int before = f.metric == RH_BANK_MOVES ? out[i - 1].moves : out[i - 1].slides;
                cr_assert_geq(before, length, "hardest first in the metric");
                for (int j = 0; j < i; j++) cr_assert_neq(out[j].rank, out[i].rank, "distinct");
            }
        }
    }
    rh_bank_close(b);
}

Test(bank, picks_are_deterministic_per_seed_and_vary_across_seeds)
{
    rh_bank *b = build_all("all.sqlite");
    const rh_bank_filter f = RH_BANK_FILTER_ALL;
    rh_bank_puzzle first[4], again[4];
    int differs = 0;
    for (uint64_t seed = 0; seed < 10; seed++) {
        cr_assert_eq(pick(b, f, seed, 4, first), 4);
        cr_assert_eq(pick(b, f, seed, 4, again), 4);
        for (int i = 0; i < 4; i++) cr_assert_eq(first[i].rank, again[i].rank);
        rh_bank_puzzle other[4];
        cr_assert_eq(pick(b, f, seed + 1000, 4, other), 4);
        for (int i = 0; i < 4; i++) differs += other[i].rank != first[i].rank;
    }
    cr_assert_gt(differs, 0);
    rh_bank_close(b);
}

Test(bank, picks_return_fewer_when_fewer_exist_and_nothing_for_an_empty_range)
{
    rh_bank *b = build_all("all.sqlite");
    static rh_bank_puzzle out[RH_BANK_PICK_MAX];
    const rh_bank_filter hard = {RH_BANK_MOVES, 48, 60, 0, 64};
    cr_assert_eq(pick(b, hard, 7, 10, out), 3);
    cr_assert_eq(out[0].moves, 51);
    cr_assert_eq(out[1].moves, 50);
    cr_assert_eq(out[2].moves, 48);
    cr_assert_eq(pick(b, (rh_bank_filter){RH_BANK_MOVES, 0, 100, 0, 64}, 1, RH_BANK_PICK_MAX, out),
                 BANK_KEPT);
    cr_assert_eq(pick(b, (rh_bank_filter){RH_BANK_MOVES, 30, 47, 0, 64}, 1, 5, out), 0);
    cr_assert_eq(pick(b, (rh_bank_filter){RH_BANK_MOVES, 50, 51, 1, 2}, 1, 5, out), 0);
    cr_assert_eq(pick(b, (rh_bank_filter){RH_BANK_SLIDES, 0, 100, 1, 2}, 1, 5, out), 0);
    cr_assert_eq(pick(b, hard, 1, 0, out), 0);
    int found;
    cr_assert_eq(rh_bank_pick(b, &hard, 1, out, RH_BANK_PICK_MAX + 1, &found), RH_EARG);
    rh_bank_close(b);
}

Test(bank, daily_is_stable_for_a_date_and_walks_all_puzzles_before_repeating)
{
    rh_bank *b = build_all("all.sqlite");
    int64_t day;
    cr_assert_eq(rh_bank_day_parse("2026-11-23", &day), RH_OK);
    cr_assert_eq(day, 20780);
    const rh_bank_filter f = RH_BANK_FILTER_ALL;
    rh_bank_puzzle p, q;
    int found;
    cr_assert_eq(rh_bank_daily(b, &f, day, &p, &found), RH_OK);
    cr_assert_eq(found, 1);
    cr_assert_eq(rh_bank_daily(b, &f, day, &q, &found), RH_OK);
    cr_assert_eq(p.rank, q.rank);
    cr_assert_str_eq(p.id, q.id);
    int shown[BANK_KEPT + 1] = {0};
    for (int64_t d = day; d < day + BANK_KEPT; d++) {
        cr_assert_eq(rh_bank_daily(b, &f, d, &p, &found), RH_OK);
        cr_assert_eq(shown[p.rank]++, 0, "day %lld repeats puzzle %lld", (long long)d,
                     (long long)p.rank);
    }
    const rh_bank_filter none = {RH_BANK_MOVES, 30, 40, 0, 64};
    cr_assert_eq(rh_bank_daily(b, &none, day, &p, &found), RH_OK);
    cr_assert_eq(found, 0);
    rh_bank_close(b);
}

Test(bank, day_parse_follows_the_calendar)
{
    int64_t day;
    cr_assert_eq(rh_bank_day_parse("1970-01-01", &day), RH_OK);
    cr_assert_eq(day, 0);
    cr_assert_eq(rh_bank_day_parse("1969-12-31", &day), RH_OK);
    cr_assert_eq(day, -1);
    cr_assert_eq(rh_bank_day_parse("2000-03-01", &day), RH_OK);
    cr_assert_eq(day, 11017);
    cr_assert_eq(rh_bank_day_parse("2024-02-29", &day), RH_OK);
    cr_assert_eq(rh_bank_day_parse("2023-02-29", &day), RH_EARG);
    cr_assert_eq(rh_bank_day_parse("2026-1-01", &day), RH_EARG);
    cr_assert_eq(rh_bank_day_parse("2026-13-01", &day), RH_EARG);
    cr_assert_eq(rh_bank_day_parse("2026-11-23x", &day), RH_EARG);
}

Test(bank, walls_parse_reads_a_count_or_a_range)
{
    int lo = -1, hi = -1;
    cr_assert_eq(rh_bank_walls_parse("3", &lo, &hi), RH_OK);
    cr_assert(lo == 3 && hi == 3, "%d-%d", lo, hi);
    cr_assert_eq(rh_bank_walls_parse("0-64", &lo, &hi), RH_OK);
    cr_assert(lo == 0 && hi == 64, "%d-%d", lo, hi);
    cr_assert_eq(rh_bank_walls_parse("2-2", &lo, &hi), RH_OK);
    cr_assert(lo == 2 && hi == 2, "%d-%d", lo, hi);
    const char *bad[] = {"",     "-",     "1-", "-1", "2-1", "65", "0-65",
                         "1--2", "1-2-3", "+1", " 1", "1 ",  "a",  "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        lo = hi = -1;
        cr_expect_eq(rh_bank_walls_parse(bad[i], &lo, &hi), RH_EARG, "'%s'", bad[i]);
        cr_expect(lo == -1 && hi == -1, "'%s' stored %d-%d", bad[i], lo, hi);
    }
    cr_expect_eq(rh_bank_walls_parse(NULL, &lo, &hi), RH_EARG);
}

Test(bank, export_order_is_hardest_first)
{
    rh_bank *b = build_all("all.sqlite");
    puzzle_list l = everything(b);
    cr_assert_eq(l.count, BANK_KEPT);
    for (int k = 0; k < l.count; k++) {
        cr_assert_eq(l.items[k].rank, k + 1);
        if (k) {
            cr_assert_geq(l.items[k - 1].moves, l.items[k].moves);
            if (l.items[k - 1].moves == l.items[k].moves)
                cr_assert_leq(l.items[k - 1].walls, l.items[k].walls);
        }
    }
    cr_assert_eq(l.items[0].moves, 51);
    free(l.items);
    rh_bank_close(b);
}

Test(bank, a_read_only_handle_refuses_writes)
{
    rh_bank *b = build_all("all.sqlite");
    rh_cluster c;
    bank_record_cluster(&c, 0);
    cr_assert_eq(rh_bank_add(b, &c), RH_EARG);
    cr_assert_eq(rh_bank_set_meta(b, "walls", "0-2"), RH_EARG);
    cr_assert_eq(rh_bank_merge_file(b, scratch_path("all.sqlite")), RH_EARG);
    cr_assert_eq(rh_bank_finish(b), RH_EARG);
    char why[RH_BANK_WHY_MAX];
    rh_bank_why(b, why, sizeof why);
    cr_assert(strstr(why, "read-only"), "%s", why);
    rh_bank_summary s;
    cr_assert_eq(rh_bank_stats(b, &s), RH_OK);
    cr_assert_eq(s.total, BANK_KEPT);
    rh_bank_close(b);
}

Test(bank, invalid_records_are_refused)
{
    rh_bank *w;
    cr_assert_eq(rh_bank_open(&w, scratch_path("w.sqlite"), RH_BANK_WRITE, NULL), RH_OK);
    rh_cluster c;
    bank_record_cluster(&c, 0);
    c.hardest[35] = '\0';
    cr_assert_eq(rh_bank_add(w, &c), RH_EARG);
    bank_record_cluster(&c, 0);
    c.hardest[3] = 'o';
    cr_assert_eq(rh_bank_add(w, &c), RH_EARG);
    bank_record_cluster(&c, 0);
    c.walls++;
    cr_assert_eq(rh_bank_add(w, &c), RH_EARG, "walls the board does not have");
    bank_record_cluster(&c, 0);
    memset(c.hardest, '.', 36);
    memcpy(c.hardest, "AA", 2);
    c.walls = 0;
    cr_assert_eq(rh_bank_add(w, &c), RH_EARG, "a primary out of the exit row");
    bank_record_cluster(&c, 0);
    cr_assert_eq(rh_bank_add(w, &c), RH_OK);
    c.board_size = 5;
    memcpy(c.hardest, "BB...CD..E.CDAAE.CD..E..F", 26);
    c.hardest[25] = '\0';
    cr_assert_eq(rh_bank_add(w, &c), RH_EARG, "a 5x5 record in a 6x6 bank");
    cr_assert_eq(rh_bank_set_meta(w, "format", "2"), RH_EARG);
    cr_assert_eq(rh_bank_close(w), RH_OK);
}

static int is_total(void *ctx, const char *key, const char *value)
{
    (void)ctx;
    (void)value;
    return strncmp(key, "total.", 6) == 0;
}

/* A loader's rows are kept as a writer's are, but count as no cluster: no total appears. */
Test(bank, a_loader_keeps_rows_and_counts_no_cluster)
{
    rh_bank *w;
    cr_assert_eq(rh_bank_open(&w, scratch_path("l.sqlite"), RH_BANK_LOAD, NULL), RH_OK);
    rh_cluster c;
    for (int i = 0; i < BANK_RECORDS; i++) {
        bank_record_cluster(&c, i);
        cr_assert_eq(rh_bank_add(w, &c), RH_OK);
    }
    cr_assert_eq(rh_bank_finish(w), RH_OK);
    cr_assert_eq(rh_bank_close(w), RH_OK);
    rh_bank *b = open_read(scratch_path("l.sqlite"));
    rh_bank_summary s;
    cr_assert_eq(rh_bank_stats(b, &s), RH_OK);
    cr_assert_eq(s.total, BANK_KEPT);
    cr_assert_eq(rh_bank_each_meta(b, is_total, NULL), RH_OK, "a total was counted");
    rh_bank_close(b);
}

#define THREADS 4
#define PICKS 3000

static int64_t expected_ids[PICKS][3]; /* written before the threads start */

typedef struct {
    rh_bank *bank;
    int mismatches;
} pick_job;

static void *pick_many(void *arg)
{
    pick_job *job = arg;
    const rh_bank_filter f = {RH_BANK_MOVES, 8, 25, 0, 64};
    for (int i = 0; i < PICKS; i++) {
        rh_bank_puzzle out[3];
        int found = 0;
        if (rh_bank_pick(job->bank, &f, (uint64_t)i, out, 3, &found) != RH_OK || found != 3)
            job->mismatches++;
        else
            for (int k = 0; k < 3; k++) job->mismatches += out[k].rank != expected_ids[i][k];
    }
    return NULL;
}

/* One read-only handle shared by threads gives each the answers it gives one thread. */
Test(bank, a_shared_handle_answers_threads_as_it_answers_one)
{
    rh_bank *b = build_all("all.sqlite");
    pick_job jobs[THREADS];
    const rh_bank_filter f = {RH_BANK_MOVES, 8, 25, 0, 64};
    for (int i = 0; i < PICKS; i++) {
        rh_bank_puzzle out[3];
        cr_assert_eq(pick(b, f, (uint64_t)i, 3, out), 3);
        for (int k = 0; k < 3; k++) expected_ids[i][k] = out[k].rank;
    }
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) {
        jobs[t] = (pick_job){b, 0};
        cr_assert_eq(pthread_create(&threads[t], NULL, pick_many, &jobs[t]), 0);
    }
    for (int t = 0; t < THREADS; t++) {
        pthread_join(threads[t], NULL);
        cr_assert_eq(jobs[t].mismatches, 0, "thread %d", t);
    }
    rh_bank_close(b);
}

static void write_bytes(const char *file, const char *text)
{
    FILE *f = fopen(file, "wb");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
}

static void assert_open_fails(const char *file, rh_bank_mode mode, int expected)
{
    rh_bank *b = (rh_bank *)1;
    char why[RH_BANK_WHY_MAX] = "";
    cr_assert_eq(rh_bank_open(&b, file, mode, why), expected, "%s: %s", file, why);
    cr_assert_null(b);
    cr_assert_neq(why[0], '\0');
}

Test(bank, missing_damaged_foreign_and_unfinished_files_are_errors)
{
    assert_open_fails(scratch_path("missing.sqlite"), RH_BANK_READ, RH_EIO);
    write_bytes(scratch_path("garbage.sqlite"),
                "this is not a database, it is text long enough to tell");
    assert_open_fails(scratch_path("garbage.sqlite"), RH_BANK_READ, RH_ECORRUPT);
    assert_open_fails(scratch_path("garbage.sqlite"), RH_BANK_WRITE, RH_ECORRUPT);
    sqlite3 *db;
    cr_assert_eq(sqlite3_open(scratch_path("foreign.sqlite"), &db), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(db, "CREATE TABLE t(x)", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    assert_open_fails(scratch_path("foreign.sqlite"), RH_BANK_READ, RH_ECORRUPT);
    assert_open_fails(scratch_path("foreign.sqlite"), RH_BANK_WRITE, RH_ECORRUPT);
    rh_bank *w;
    cr_assert_eq(rh_bank_open(&w, scratch_path("unfinished.sqlite"), RH_BANK_WRITE, NULL), RH_OK);
    rh_cluster c;
    bank_record_cluster(&c, 0);
    cr_assert_eq(rh_bank_add(w, &c), RH_OK);
    cr_assert_eq(rh_bank_merge_file(w, scratch_path("missing.sqlite")), RH_EIO);
    cr_assert_eq(rh_bank_merge_file(w, scratch_path("garbage.sqlite")), RH_ECORRUPT);
    cr_assert_eq(rh_bank_merge_file(w, scratch_path("foreign.sqlite")), RH_ECORRUPT);
    cr_assert_eq(rh_bank_close(w), RH_OK);
    assert_open_fails(scratch_path("unfinished.sqlite"), RH_BANK_READ, RH_ECORRUPT);
    cr_assert_eq(access(scratch_path("missing.sqlite"), F_OK), -1, "a reader never creates a file");
}
