/* Earlier formats' bank files (bank_old_format.h): the schema of format 3 as its release wrote
 * it, format 2's names on top, and every row copied through the public reader. */
#include <sqlite3.h>
#include <stdio.h>

#include "bank_old_format.h"
#include "rushhour/bank.h"

static const char format_3[] =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE puzzles(rank INTEGER PRIMARY KEY, board TEXT NOT NULL, moves INTEGER NOT NULL,"
    " slides INTEGER, cluster_size INTEGER NOT NULL, vehicles INTEGER NOT NULL,"
    " walls INTEGER NOT NULL, hist BLOB NOT NULL);"
    "CREATE TABLE pending(board TEXT NOT NULL, moves INTEGER NOT NULL, slides INTEGER,"
    " cluster_size INTEGER NOT NULL, vehicles INTEGER NOT NULL, walls INTEGER NOT NULL,"
    " hist BLOB NOT NULL, task INTEGER);"
    "CREATE UNIQUE INDEX puzzles_board ON puzzles(board);"
    "CREATE TABLE by_slides(position INTEGER PRIMARY KEY, rank INTEGER NOT NULL);"
    "CREATE TABLE counts(metric TEXT NOT NULL, length INTEGER NOT NULL, walls INTEGER NOT NULL,"
    " first INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY(metric, length, walls))"
    " WITHOUT ROWID;"
    "CREATE TABLE tasks(task INTEGER PRIMARY KEY, configurations INTEGER NOT NULL,"
    " clusters INTEGER NOT NULL);";

static const char to_format_2[] = "DROP INDEX puzzles_board;"
                                  "ALTER TABLE puzzles RENAME COLUMN rank TO id;"
                                  "ALTER TABLE by_slides RENAME COLUMN rank TO id;"
                                  "ALTER TABLE by_slides RENAME COLUMN position TO rank;"
                                  "UPDATE puzzles SET board = replace(board, 'B', 'q')"
                                  " WHERE id = 1;";

static int copy_puzzle(void *ctx, const rh_bank_puzzle *p)
{
    sqlite3_stmt *st = ctx;
    sqlite3_bind_int64(st, 1, p->rank);
    sqlite3_bind_text(st, 2, p->board, -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 3, p->moves);
    if (p->slides >= 0)
        sqlite3_bind_int(st, 4, p->slides);
    else
        sqlite3_bind_null(st, 4);
    sqlite3_bind_int64(st, 5, (sqlite3_int64)p->cluster_size);
    sqlite3_bind_int(st, 6, p->vehicles);
    sqlite3_bind_int(st, 7, p->walls);
    const int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

static int copy_meta(void *ctx, const char *key, const char *value)
{
    sqlite3_stmt *st = ctx;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
    const int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

int bank_write_old_format(const char *from, const char *to, int format)
{
    rh_bank *b = NULL;
    sqlite3 *db = NULL;
    sqlite3_stmt *row = NULL, *meta = NULL;
    char sql[96];
    snprintf(sql, sizeof sql, "UPDATE meta SET value = '%d' WHERE key = 'format'", format);
    remove(to);
    int ok = (format == 2 || format == 3) && rh_bank_open(&b, from, RH_BANK_READ, NULL) == RH_OK &&
             sqlite3_open(to, &db) == SQLITE_OK &&
             sqlite3_exec(db, format_3, NULL, NULL, NULL) == SQLITE_OK &&
             sqlite3_prepare_v2(db, "INSERT INTO puzzles VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, x'00')",
                                -1, &row, NULL) == SQLITE_OK &&
             sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO meta VALUES(?1, ?2)", -1, &meta,
                                NULL) == SQLITE_OK &&
             rh_bank_each(b, copy_puzzle, row) == 0 && rh_bank_each_meta(b, copy_meta, meta) == 0 &&
             sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK &&
             (format == 3 || sqlite3_exec(db, to_format_2, NULL, NULL, NULL) == SQLITE_OK);
    sqlite3_finalize(row);
    sqlite3_finalize(meta);
    ok = sqlite3_close(db) == SQLITE_OK && ok;
    rh_bank_close(b);
    return ok ? 0 : -1;
}
