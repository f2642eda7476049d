/* Merging a shard file into a writer: its puzzles join the pending rows (rh_bank_finish sorts
 * them in), its totals are summed, its maxima raise the writer's, and its other meta entries
 * are kept when the shards agree. An unfinished shard gives the rows of its finished tasks,
 * which its totals count; its tasks stay its own (every shard numbers the same tasks). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "writer.h"

static const char copy_rows[] =
    "INSERT INTO main.pending(" RH__BANK_FIELDS ", walls) SELECT " RH__BANK_FIELDS
    ", walls_of(key) FROM shard.puzzles UNION ALL SELECT " RH__BANK_FIELDS
    ", walls FROM shard.pending WHERE " RH__BANK_FINISHED_SHARD ";"
    "INSERT INTO main.meta SELECT key, value FROM shard.meta WHERE substr(key, 1, 6) = 'total.'"
    " ON CONFLICT(key) DO UPDATE"
    " SET value = CAST(CAST(value AS INTEGER) + CAST(excluded.value AS INTEGER) AS TEXT);"
    "INSERT INTO main.meta SELECT key, value FROM shard.meta WHERE substr(key, 1, 4) = "
    "'max.'" RH__BANK_RAISE_MAX ";"
    "INSERT INTO main.meta SELECT key, value FROM shard.meta WHERE substr(key, 1, 6) <> 'total.'"
    " AND substr(key, 1, 4) <> 'max.' AND key NOT IN ('format', 'board_size', 'puzzles')"
    " ON CONFLICT(key) DO UPDATE"
    " SET value = CASE WHEN value = excluded.value THEN value ELSE 'mixed' END;";

/* The shard must be a bank of this format and of the writer's board size. */
static int check_shard(rh_bank *b, const char *path)
{
    sqlite3_stmt *st = NULL;
    int err = rh__bank_prepare(b, &st,
                               "SELECT (SELECT value FROM shard.meta WHERE key = 'format'),"
                               " (SELECT value FROM shard.meta WHERE key = 'board_size')");
    const int rc = err ? SQLITE_ERROR : sqlite3_step(st);
    const int format = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    const int size = rc == SQLITE_ROW ? sqlite3_column_int(st, 1) : 0;
    sqlite3_finalize(st);
    if (!err && rc == SQLITE_ROW && RH__BANK_UPGRADABLE(format))
        return rh__bank_fail(b, RH_ECORRUPT,
                             "%s is a bank of format %d: upgrade it in place with"
                             " `rushhour bank upgrade %s` first",
                             path, format, path);
    if (err || rc != SQLITE_ROW || format != RH_BANK_FORMAT)
        return rh__bank_fail(b, err == RH_ENOMEM ? err : RH_ECORRUPT, "%s is not a puzzle bank",
                             path);
    err = size ? rh__bank_board_size(b, size) : RH_OK;
    /* walls_of must name the shard's keys (its keys are ours: the same board, the same key). */
    if (!err && size)
        err = rh__bank_cover_query(b, "SELECT max(walls) FROM (SELECT max(walls) AS walls FROM"
                                      " shard.counts UNION ALL SELECT max(walls) FROM"
                                      " shard.pending)");
    return err;
}

int rh_bank_merge_file(rh_bank *b, const char *path)
{
    if (!b || !path) return RH_EARG;
    pthread_mutex_lock(&b->lock);
    const int board_size = b->board_size;
    int err = rh__bank_writable(b);
    if (!err) err = rh__bank_commit(b); /* ATTACH needs no open transaction */
    if (!err) err = rh__bank_attach(b, path, "mode=ro", "shard");
    const int attached = !err;
    if (!err) err = rh__bank_begin(b);
    if (!err) err = check_shard(b, path);
    if (!err) err = rh__bank_exec(b, copy_rows);
    if (!err) err = rh__bank_commit(b);
    if (err && b->in_txn) {
        rh__bank_rollback(b);
        b->board_size = board_size;
    }
    if (attached) rh__bank_detach(b, "shard");
    pthread_mutex_unlock(&b->lock);
    return err;
}
