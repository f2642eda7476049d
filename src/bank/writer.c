/* Writing a bank: kept clusters go to the pending table in large transactions (one reused
 * insert statement), their boards in normal form; rh_bank_finish writes all rows sorted hardest
 * first into a new file with its ranges, and puts it in the old one's place. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "hist.h"
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

/* A kept record must describe a puzzle the bank can serve as is; its board in normal form
 * goes to `board` (RH_ENUM_CELLS_MAX + 1 bytes). */
static int check_kept(rh_bank *b, const rh_cluster *c, char *board)
{
    const int n = c->board_size, cells = n * n;
    if (n < 4 || n > 8 || strnlen(c->hardest, sizeof c->hardest) != (size_t)cells)
        return rh__bank_fail(b, RH_EARG, "board '%.64s' is not %dx%d", c->hardest, n, n);
    for (int i = 0; i < cells; i++) {
        const char ch = c->hardest[i];
        if (ch != '.' && ch != 'x' && (ch < 'A' || ch > 'Z'))
            return rh__bank_fail(b, RH_EARG, "board '%s': '%c' is no database notation", c->hardest,
                                 ch);
    }
    char id[RH_PUZZLE_ID_MAX + 1];
    if (rh_puzzle_id_encode(id, c->hardest, (size_t)cells) != RH_OK ||
        rh_puzzle_id_decode(board, id, strlen(id)) != RH_OK)
        return rh__bank_fail(b, RH_EARG, "board '%s' is no puzzle (no id)", c->hardest);
    if (c->moves >= RH_ENUM_DEPTH_MAX || c->slides < -1 || c->vehicles < 1 || c->walls < 0 ||
        c->walls > cells)
        return rh__bank_fail(b, RH_EARG, "board '%s': impossible counts", c->hardest);
    uint64_t sum = 0;
    for (int d = 0; d <= c->moves; d++) sum += c->hist[d];
    if (sum != c->states || c->hist[0] != c->goal_states)
        return rh__bank_fail(b, RH_EARG, "board '%s': the histogram does not add up", c->hardest);
    return RH_OK;
}

int rh_bank_add(rh_bank *b, const rh_cluster *c)
{
    if (!b || !c) return RH_EARG;
    pthread_mutex_lock(&b->lock);
    int err = rh__bank_writable(b);
    if (!err && !b->checkpoint && !b->loading) {
        b->clusters_unsaved++;
        b->solvable_unsaved += c->moves >= 0;
    }
    if (err || c->moves < 0 || !c->minimal) goto out;
    char board[RH_ENUM_CELLS_MAX + 1];
    err = check_kept(b, c, board);
    if (!err) err = rh__bank_begin(b);
    if (!err) err = rh__bank_board_size(b, c->board_size);
    if (!err)
        err = rh__bank_prepare(b, &b->insert,
                               "INSERT INTO pending(" RH__BANK_FIELDS ", task)"
                               " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    if (err) goto out;
    unsigned char hist[RH_ENUM_DEPTH_MAX * 10];
    const int hist_len = rh__bank_hist_encode(hist, c->hist, c->moves + 1);
    sqlite3_stmt *st = b->insert;
    sqlite3_bind_text(st, 1, board, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 2, c->moves);
    if (c->slides >= 0)
        sqlite3_bind_int(st, 3, c->slides);
    else
        sqlite3_bind_null(st, 3);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)c->states);
    sqlite3_bind_int(st, 5, c->vehicles);
    sqlite3_bind_int(st, 6, c->walls);
    sqlite3_bind_blob(st, 7, hist, hist_len, SQLITE_STATIC);
    if (b->checkpoint) sqlite3_bind_int64(st, 8, (sqlite3_int64)c->task);
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
    sqlite3_stmt *st = NULL;
    if (!err)
        err = rh__bank_prepare(b, &st,
                               "INSERT INTO meta VALUES(?1, ?2) ON CONFLICT(key) DO UPDATE"
                               " SET value = excluded.value");
    if (!err) {
        sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
        err = rh__bank_sql(b, sqlite3_step(st));
    }
    sqlite3_finalize(st);
    pthread_mutex_unlock(&b->lock);
    return err;
}

/* Finishing writes a new file, "PATH.sorting", and renames it over PATH: the rows are written
 * once, sorted, with no journal (the scratch file is discarded on failure) and no VACUUM,
 * while PATH stays whole until the rename. Every row (stored and pending) is renumbered
 * hardest first; ties are broken by every column so that the same rows give the same file
 * whatever order they arrived in. Rowids follow the SELECT's order; reconnecting (db.c) checks
 * that every range came out contiguous. */
static const char sort_rows[] =
    "INSERT INTO sorted.puzzles(" RH__BANK_FIELDS ") SELECT " RH__BANK_FIELDS " FROM main.puzzles"
    " UNION ALL SELECT " RH__BANK_FIELDS " FROM main.pending WHERE " RH__BANK_FINISHED_MAIN
    " ORDER BY moves DESC, walls, board, slides, cluster_size, vehicles, hist;"
    "INSERT INTO sorted.tasks SELECT * FROM main.tasks;";

/* Exact duplicates (a shard merged twice) are neighbours once sorted. Far cheaper than a
 * DISTINCT over all rows, which costs 8x the sort. */
static const char drop_duplicates[] =
    "DELETE FROM sorted.puzzles WHERE rank IN (SELECT b.rank FROM sorted.puzzles a"
    " JOIN sorted.puzzles b ON b.rank = a.rank + 1 WHERE a.board = b.board AND a.moves = b.moves"
    " AND a.slides IS b.slides AND a.cluster_size = b.cluster_size"
    " AND a.vehicles = b.vehicles AND a.walls = b.walls AND a.hist = b.hist)";

/* Closes the gaps duplicates left (rare: the rows go round once more). */
static const char renumber[] = "INSERT INTO sorted.pending(" RH__BANK_FIELDS
                               ") SELECT " RH__BANK_FIELDS " FROM sorted.puzzles ORDER BY rank;"
                               "DELETE FROM sorted.puzzles;"
                               "INSERT INTO sorted.puzzles(" RH__BANK_FIELDS
                               ") SELECT " RH__BANK_FIELDS " FROM sorted.pending ORDER BY rowid;"
                               "DELETE FROM sorted.pending;";

static const char index_rows[] =
    "CREATE UNIQUE INDEX sorted.puzzles_board ON puzzles(board);"
    "INSERT INTO sorted.by_slides(rank) SELECT rank FROM sorted.puzzles WHERE slides IS NOT NULL"
    " ORDER BY slides DESC, walls, rank;"
    "INSERT INTO sorted.counts SELECT 'moves', moves, walls, min(rank), count(*)"
    " FROM sorted.puzzles GROUP BY moves, walls;"
    "INSERT INTO sorted.counts SELECT 'slides', p.slides, p.walls, min(s.position), count(*)"
    " FROM sorted.by_slides s JOIN sorted.puzzles p USING (rank) GROUP BY p.slides, p.walls;"
    "INSERT INTO sorted.meta SELECT key, value FROM main.meta WHERE key <> 'format';"
    "INSERT INTO sorted.meta VALUES('puzzles', (SELECT count(*) FROM sorted.puzzles))"
    " ON CONFLICT(key) DO UPDATE SET value = excluded.value;";

static int sort_into(rh_bank *b, const char *scratch)
{
    int err = rh__bank_create_scratch(b, scratch);
    if (!err) err = rh__bank_attach(b, scratch, "mode=rw", "sorted");
    if (err) return err;
    /* The board index is built once the rows are in (index_rows), not row by row. */
    err = rh__bank_exec(b, "PRAGMA sorted.journal_mode = OFF; PRAGMA sorted.synchronous = OFF;"
                           "PRAGMA sorted.cache_size = -32768; BEGIN;"
                           "DROP INDEX sorted.puzzles_board");
    if (!err) err = rh__bank_exec(b, sort_rows);
    if (!err) err = rh__bank_exec(b, drop_duplicates);
    if (!err && sqlite3_changes(b->db)) err = rh__bank_exec(b, renumber);
    if (!err) err = rh__bank_exec(b, index_rows);
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
