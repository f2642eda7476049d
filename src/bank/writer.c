/* Writing a bank: kept clusters go to the pending table in large transactions (one reused
 * insert statement), their boards as keys (key.c); rh_bank_finish writes all rows sorted
 * hardest first into a new file with its ranges and slide order, and puts it in the old one's
 * place. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "chunk.h"
#include "writer.h"

#define BATCH_ROWS 100000 /* rows per transaction: few journal syncs, bounded journal */

int rh__bank_board_size(rh_bank *b, int size)
{
    if (b->board_size == size) return RH_OK;
    if (b->board_size)
        return rh__bank_fail(b, RH_EARG, "board size %d in a bank of %d", size, b->board_size);
    char sql[64];
    snprintf(sql, sizeof sql, "INSERT INTO meta VALUES('board_size', '%d')", size);
    const int err = rh__bank_exec(b, sql);
    if (!err) b->board_size = size;
    return err;
}

/* A kept record must describe a puzzle the bank can serve as is: its key and walls to *key and
 * *walls. The bank's keys are made to cover its walls. */
static int check_kept(rh_bank *b, const rh_cluster *c, int64_t *key, int *walls)
{
    const int n = c->board_size, cells = n * n;
    if (n < RH_RANK_SIZE_MIN || n > RH_RANK_SIZE_MAX ||
        strnlen(c->hardest, sizeof c->hardest) != (size_t)cells)
        return rh__bank_fail(b, RH_EARG, "board '%.64s' is not %dx%d (banks hold %dx%d to %dx%d)",
                             c->hardest, n, n, RH_RANK_SIZE_MIN, RH_RANK_SIZE_MIN, RH_RANK_SIZE_MAX,
                             RH_RANK_SIZE_MAX);
    for (int i = 0; i < cells; i++) {
        const char ch = c->hardest[i];
        if (ch != '.' && ch != 'x' && (ch < 'A' || ch > 'Z'))
            return rh__bank_fail(b, RH_EARG, "board '%s': '%c' is no database notation", c->hardest,
                                 ch);
    }
    char id[RH_PUZZLE_ID_MAX + 1];
    if (rh_puzzle_id_encode(id, c->hardest, (size_t)cells) != RH_OK)
        return rh__bank_fail(b, RH_EARG, "board '%s' is no puzzle (no id)", c->hardest);
    if (c->moves >= RH_ENUM_DEPTH_MAX || c->slides < -1 || c->walls < 0 || c->walls > cells)
        return rh__bank_fail(b, RH_EARG, "board '%s': impossible counts", c->hardest);
    int err = rh__bank_board_size(b, n);
    if (!err) err = rh__bank_cover(b, c->walls);
    if (err) return err;
    if (rh__bank_key_of(&b->keys, id, strlen(id), key, walls) != RH_OK)
        return rh__bank_fail(b, RH_EARG, "board '%s': the primary is not in row %d", c->hardest,
                             RH__BANK_EXIT_ROW(n) + 1);
    if (*walls != c->walls)
        return rh__bank_fail(b, RH_EARG, "board '%s' has %d walls, not %d", c->hardest, *walls,
                             c->walls);
    return RH_OK;
}

int rh_bank_add(rh_bank *b, const rh_cluster *c)
{
    if (!b || !c) return RH_EARG;
    pthread_mutex_lock(&b->lock);
    int err = rh__bank_writable(b);
    if (!err && !b->loading) rh_enum_stats_add(&b->found, c);
    if (!err && !b->checkpoint && !b->loading) {
        b->clusters_unsaved++;
        b->solvable_unsaved += c->moves >= 0;
    }
    if (err || c->moves < 0 || !c->minimal) goto out;
    int64_t key = 0;
    int walls = 0;
    err = rh__bank_begin(b);
    if (!err) err = check_kept(b, c, &key, &walls);
    if (!err)
        err = rh__bank_prepare(b, &b->insert,
                               "INSERT INTO pending(" RH__BANK_FIELDS ", walls, task)"
                               " VALUES(?1, ?2, ?3, ?4, ?5, ?6)");
    if (err) goto out;
    sqlite3_stmt *st = b->insert;
    sqlite3_bind_int64(st, 1, key);
    sqlite3_bind_int(st, 2, c->moves);
    if (c->slides >= 0)
        sqlite3_bind_int(st, 3, c->slides);
    else
        sqlite3_bind_null(st, 3);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)c->states);
    sqlite3_bind_int(st, 5, walls);
    if (b->checkpoint) sqlite3_bind_int64(st, 6, (sqlite3_int64)c->task);
    err = rh__bank_sql(b, sqlite3_step(st));
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (!err && ++b->txn_rows >= BATCH_ROWS) err = rh__bank_commit(b);
out:
    pthread_mutex_unlock(&b->lock);
    return err;
}

int rh_bank_set_meta(rh_bank *b, const char *key, const char *value)
{
    if (!b || !key || !value) return RH_EARG;
    pthread_mutex_lock(&b->lock);
    int err = rh__bank_writable(b);
    if (!err && (!strcmp(key, "format") || !strcmp(key, "board_size") || !strcmp(key, "puzzles")))
        err = rh__bank_fail(b, RH_EARG, "meta '%s' belongs to the bank", key);
    if (!err)
        err = rh__bank_put_meta(b, " ON CONFLICT(key) DO UPDATE SET value = excluded.value", key,
                                value);
    pthread_mutex_unlock(&b->lock);
    return err;
}

/* Finishing writes a new file, "PATH.sorting", and renames it over PATH: the rows are written
 * once, sorted, with no journal (the scratch file is discarded on failure) and no VACUUM,
 * while PATH stays whole until the rename. Every row (stored and pending) is renumbered
 * hardest first, then by key (so by walls, then board); ties are broken by every column so that
 * the same rows give the same file whatever order they arrived in. Rowids follow the SELECT's
 * order; reconnecting (db.c) checks that every range came out contiguous. */
static const char sort_rows[] =
    "INSERT INTO sorted.puzzles(" RH__BANK_FIELDS ") SELECT " RH__BANK_FIELDS " FROM main.puzzles"
    " UNION ALL SELECT " RH__BANK_FIELDS " FROM main.pending WHERE " RH__BANK_FINISHED_MAIN
    " ORDER BY moves DESC, key, slides, cluster_size;"
    "INSERT INTO sorted.tasks SELECT * FROM main.tasks;";

/* Exact duplicates (a shard merged twice) are neighbours once sorted. Far cheaper than a
 * DISTINCT over all rows, which costs 8x the sort. */
static const char drop_duplicates[] =
    "DELETE FROM sorted.puzzles WHERE rank IN (SELECT b.rank FROM sorted.puzzles a"
    " JOIN sorted.puzzles b ON b.rank = a.rank + 1 WHERE a.key = b.key AND a.moves = b.moves"
    " AND a.slides IS b.slides AND a.cluster_size = b.cluster_size)";

/* Closes the gaps duplicates left (rare: the rows go round once more). */
static const char renumber[] =
    "INSERT INTO sorted.pending(" RH__BANK_FIELDS ", walls) SELECT " RH__BANK_FIELDS
    ", 0 FROM sorted.puzzles ORDER BY rank;"
    "DELETE FROM sorted.puzzles;"
    "INSERT INTO sorted.puzzles(" RH__BANK_FIELDS ") SELECT " RH__BANK_FIELDS
    " FROM sorted.pending ORDER BY rowid;"
    "DELETE FROM sorted.pending;";

static const char index_rows[] =
    "CREATE UNIQUE INDEX sorted.puzzles_key ON puzzles(key);"
    "INSERT INTO sorted.counts SELECT 'moves', moves, walls_of(key), min(rank), count(*)"
    " FROM sorted.puzzles GROUP BY moves, walls_of(key);"
    "INSERT INTO sorted.meta SELECT key, value FROM main.meta WHERE key <> 'format';"
    "INSERT INTO sorted.meta VALUES('puzzles', (SELECT count(*) FROM sorted.puzzles))"
    " ON CONFLICT(key) DO UPDATE SET value = excluded.value;";

/* The slide order (slides descending, then walls, then rank) into by_slides, 64 positions a
 * row, and its ranges into counts. */
static int index_slides(rh_bank *b)
{
    sqlite3_stmt *rows = NULL, *chunk = NULL, *range = NULL;
    int err = rh__bank_prepare(b, &rows,
                               "SELECT rank, slides, walls_of(key) FROM sorted.puzzles"
                               " WHERE slides IS NOT NULL ORDER BY slides DESC, 3, rank");
    if (!err) err = rh__bank_prepare(b, &chunk, "INSERT INTO sorted.by_slides VALUES(?1, ?2)");
    if (!err)
        err = rh__bank_prepare(b, &range,
                               "INSERT INTO sorted.counts VALUES('slides', ?1, ?2, ?3,"
                               " ?4 - ?3)");
    int64_t ranks[RH__BANK_CHUNK], next = 1, first = 1;
    int n = 0, rc = SQLITE_DONE, slides = -1, walls = -1;
    unsigned char blob[RH__BANK_CHUNK_BYTES];
    for (;;) {
        rc = err ? SQLITE_ERROR : sqlite3_step(rows);
        const int row = rc == SQLITE_ROW;
        const int s = row ? sqlite3_column_int(rows, 1) : -1,
                  w = row ? sqlite3_column_int(rows, 2) : -1;
        if (!err && (s != slides || w != walls) && next > first) {
            sqlite3_bind_int(range, 1, slides);
            sqlite3_bind_int(range, 2, walls);
            sqlite3_bind_int64(range, 3, first);
            sqlite3_bind_int64(range, 4, next);
            err = rh__bank_sql(b, sqlite3_step(range));
            sqlite3_reset(range);
            first = next;
        }
        slides = s;
        walls = w;
        if (row) ranks[n++] = sqlite3_column_int64(rows, 0), next++;
        if (!err && (n == RH__BANK_CHUNK || (!row && n))) {
            sqlite3_bind_int64(chunk, 1, (next - 1 - n) / RH__BANK_CHUNK);
            sqlite3_bind_blob(chunk, 2, blob, rh__bank_chunk_encode(blob, ranks, n), SQLITE_STATIC);
            err = rh__bank_sql(b, sqlite3_step(chunk));
            sqlite3_reset(chunk);
            n = 0;
        }
        if (err || !row) break;
    }
    if (!err) err = rh__bank_sql(b, rc);
    sqlite3_finalize(rows);
    sqlite3_finalize(chunk);
    sqlite3_finalize(range);
    return err;
}

/* After the key index refused a key twice: names a board with two records. */
static int shared_board(rh_bank *b)
{
    sqlite3_stmt *st = NULL;
    int err = rh__bank_prepare(b, &st,
                               "SELECT key FROM sorted.puzzles GROUP BY key HAVING count(*) > 1"
                               " LIMIT 1");
    char id[RH_PUZZLE_ID_MAX + 1] = "";
    if (!err && sqlite3_step(st) == SQLITE_ROW)
        rh__bank_id_of(&b->keys, sqlite3_column_int64(st, 0), id);
    sqlite3_finalize(st);
    return err ? err : rh__bank_fail(b, RH_ECORRUPT, "two records of one board: %s", id);
}

static int sort_into(rh_bank *b, const char *scratch)
{
    /* walls_of must name every key that goes in. */
    int err = rh__bank_cover_query(b, "SELECT max(walls) FROM pending");
    if (!err) err = rh__bank_create_scratch(b, scratch);
    if (!err) err = rh__bank_attach(b, scratch, "mode=rw", "sorted");
    if (err) return err;
    /* The key index is built once the rows are in (index_rows), not row by row. */
    err = rh__bank_exec(b, "PRAGMA sorted.journal_mode = OFF; PRAGMA sorted.synchronous = OFF;"
                           "PRAGMA sorted.cache_size = -32768; BEGIN;"
                           "DROP INDEX sorted.puzzles_key");
    if (!err) err = rh__bank_exec(b, sort_rows);
    if (!err) err = rh__bank_exec(b, drop_duplicates);
    if (!err && sqlite3_changes(b->db)) err = rh__bank_exec(b, renumber);
    if (!err) {
        err = rh__bank_exec(b, index_rows);
        if (err && sqlite3_extended_errcode(b->db) == SQLITE_CONSTRAINT_UNIQUE)
            err = shared_board(b);
    }
    if (!err) err = index_slides(b);
    if (!err) err = rh__bank_exec(b, "COMMIT");
    if (err) rh__bank_rollback(b);
    rh__bank_detach(b, "sorted");
    return err;
}

int rh_bank_finish(rh_bank *b)
{
    if (!b) return RH_EARG;
    pthread_mutex_lock(&b->lock);
    char *scratch = malloc(strlen(b->path) + sizeof ".sorting");
    int err = rh__bank_writable(b);
    if (!err && !scratch) err = rh__bank_fail(b, RH_ENOMEM, "out of memory");
    if (!err) err = rh__bank_commit(b);
    /* scratch is not NULL once err is clear (rh__bank_fail returns the code it is given), which
     * gcc's analyzer cannot see from this file: the test says it again. */
    if (!err && scratch) {
        sprintf(scratch, "%s.sorting", b->path);
        err = sort_into(b, scratch);
        if (!err) {
            rh__bank_disconnect(b);
            if (rename(scratch, b->path) != 0)
                err = rh__bank_fail(b, RH_EIO, "cannot rename %s: %s", scratch, strerror(errno));
            const int reopened = rh__bank_connect(b);
            if (!err) err = reopened;
        }
    }
    if (err && scratch) remove(scratch);
    free(scratch);
    pthread_mutex_unlock(&b->lock);
    return err;
}
