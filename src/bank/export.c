/* Reading a bank whole: every puzzle hardest first (for `rushhour bank export`), the meta
 * entries, and the counts per length and per wall count (from the ranges in memory), of every
 * puzzle or of those within a filter's walls. */
#include <string.h>

#include "db.h"
#include "query.h"

int rh_bank_each(rh_bank *b, int (*fn)(void *ctx, const rh_bank_puzzle *p), void *ctx)
{
    if (!b || !fn) return RH_EARG;
    pthread_mutex_lock(&b->lock);
    sqlite3_stmt *st = NULL;
    int err = rh__bank_prepare(b, &st, "SELECT " RH__BANK_COLUMNS " FROM puzzles ORDER BY rank");
    rh_bank_puzzle p;
    int rc = SQLITE_DONE;
    while (!err && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        err = rh__bank_read_row(b, st, &p);
        if (!err) err = fn(ctx, &p);
    }
    if (!err) err = rh__bank_sql(b, rc);
    sqlite3_finalize(st);
    pthread_mutex_unlock(&b->lock);
    return err;
}

int rh_bank_each_meta(rh_bank *b, int (*fn)(void *ctx, const char *key, const char *value),
                      void *ctx)
{
    if (!b || !fn) return RH_EARG;
    pthread_mutex_lock(&b->lock);
    sqlite3_stmt *st = NULL;
    int err = rh__bank_prepare(b, &st, "SELECT key, value FROM meta ORDER BY key");
    int rc = SQLITE_DONE;
    while (!err && (rc = sqlite3_step(st)) == SQLITE_ROW)
        err = fn(ctx, (const char *)sqlite3_column_text(st, 0),
                 (const char *)sqlite3_column_text(st, 1));
    if (!err) err = rh__bank_sql(b, rc);
    sqlite3_finalize(st);
    pthread_mutex_unlock(&b->lock);
    return err;
}

/* Adds range `r` to the summary's counts. */
static void count_range(rh_bank_summary *out, const rh__bank_range *r)
{
    if (r->metric == RH_BANK_MOVES) {
        out->total += r->n;
        out->by_moves[r->length] += r->n;
        out->by_walls[r->walls] += r->n;
        if (r->length > out->max_moves) out->max_moves = r->length;
    } else {
        out->with_slides += r->n;
        out->by_slides[r->length] += r->n;
        if (r->length > out->max_slides) out->max_slides = r->length;
    }
}

int rh_bank_stats_of(rh_bank *b, const rh_bank_filter *f, rh_bank_summary *out)
{
    if (!b || !f || !out) return RH_EARG;
    memset(out, 0, sizeof *out);
    out->max_moves = out->max_slides = -1;
    pthread_mutex_lock(&b->lock);
    out->board_size = b->board_size;
    int err = RH_OK;
    for (int i = 0; i < b->range_count && !err; i++) {
        const rh__bank_range *r = &b->ranges[i];
        if (r->length < 0 || r->length >= RH_BANK_LENGTH_MAX || r->walls < 0 ||
            r->walls > RH_ENUM_CELLS_MAX)
            err = rh__bank_fail(b, RH_ECORRUPT, "impossible range (length %d, walls %d)", r->length,
                                r->walls);
        else if (r->walls >= f->min_walls && r->walls <= f->max_walls)
            count_range(out, r);
    }
    pthread_mutex_unlock(&b->lock);
    return err;
}

int rh_bank_stats(rh_bank *b, rh_bank_summary *out)
{
    const rh_bank_filter all = RH_BANK_FILTER_ALL;
    return rh_bank_stats_of(b, &all, out);
}
