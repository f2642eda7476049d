/* Upgrading a bank file of format 2 (ids were row numbers) to this format, in place and in one
 * transaction: every board rewritten in normal form (an id names exactly one row), the unique
 * board index built, the format bumped; the tables of format 2 are renamed to this format's
 * names (ranks). */
#include <stdio.h>
#include <string.h>

#include "db.h"
#include "open.h"

/* Rewrites the boards of `table` that are not in normal form; a board with no id fails. */
static int normalise(rh_bank *b, const char *table)
{
    char sql[96];
    snprintf(sql, sizeof sql, "SELECT rowid, board FROM %s", table);
    sqlite3_stmt *rows = NULL, *update = NULL;
    int err = rh__bank_prepare(b, &rows, sql);
    snprintf(sql, sizeof sql, "UPDATE %s SET board = ?2 WHERE rowid = ?1", table);
    if (!err) err = rh__bank_prepare(b, &update, sql);
    int rc = SQLITE_DONE;
    while (!err && (rc = sqlite3_step(rows)) == SQLITE_ROW) {
        const char *board = (const char *)sqlite3_column_text(rows, 1);
        char id[RH_PUZZLE_ID_MAX + 1], normal[RH_PUZZLE_ID_CELLS_MAX + 1];
        if (!board || rh_puzzle_id_encode(id, board, (size_t)sqlite3_column_bytes(rows, 1)) ||
            rh_puzzle_id_decode(normal, id, strlen(id))) {
            err = rh__bank_fail(b, RH_ECORRUPT, "%s row %lld: board '%.64s' is no puzzle", table,
                                (long long)sqlite3_column_int64(rows, 0), board ? board : "");
        } else if (strcmp(board, normal) != 0) {
            sqlite3_bind_int64(update, 1, sqlite3_column_int64(rows, 0));
            sqlite3_bind_text(update, 2, normal, -1, SQLITE_TRANSIENT);
            err = rh__bank_sql(b, sqlite3_step(update));
            sqlite3_reset(update);
        }
    }
    if (!err) err = rh__bank_sql(b, rc);
    sqlite3_finalize(rows);
    sqlite3_finalize(update);
    return err;
}

static const char rename_tables[] = "ALTER TABLE puzzles RENAME COLUMN id TO rank;"
                                    "ALTER TABLE by_slides RENAME COLUMN rank TO position;"
                                    "ALTER TABLE by_slides RENAME COLUMN id TO rank;";

static int upgrade(rh_bank *b, int *upgraded)
{
    sqlite3_stmt *st = NULL;
    int err = rh__bank_prepare(b, &st, "SELECT value FROM meta WHERE key = 'format'");
    const int rc = err ? SQLITE_ERROR : sqlite3_step(st);
    const int format = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    sqlite3_finalize(st);
    if (err || format == RH_BANK_FORMAT) return err;
    err = rh__bank_exec(b, "BEGIN");
    if (!err) err = rh__bank_exec(b, rename_tables);
    if (!err) err = normalise(b, "puzzles");
    if (!err) err = normalise(b, "pending");
    if (!err) {
        err = rh__bank_exec(b, "CREATE UNIQUE INDEX puzzles_board ON puzzles(board)");
        if (err)
            err = rh__bank_fail(b, RH_ECORRUPT, "two puzzles share a board (%s): rebuild the bank",
                                b->why);
    }
    char bump[64];
    snprintf(bump, sizeof bump, "UPDATE meta SET value = '%d' WHERE key = 'format'",
             RH_BANK_FORMAT);
    if (!err) err = rh__bank_exec(b, bump);
    if (!err) err = rh__bank_exec(b, "COMMIT");
    if (err) rh__bank_rollback(b);
    *upgraded = !err;
    return err;
}

int rh_bank_upgrade(const char *path, int *upgraded, char *why)
{
    if (!upgraded) return RH_EARG;
    *upgraded = 0;
    rh_bank *b;
    int err = rh__bank_open(&b, path, RH_BANK_WRITE, 1, why);
    if (err) return err;
    pthread_mutex_lock(&b->lock);
    err = upgrade(b, upgraded);
    if (err && why) snprintf(why, RH_BANK_WHY_MAX, "%s", b->why);
    pthread_mutex_unlock(&b->lock);
    const int closed = rh_bank_close(b);
    return err ? err : closed;
}
