/* Upgrading a bank file of format 2 or 3 (boards as text) to this format, in place: the rows,
 * each board turned into its key (key.c), go to the pending table of a new file beside it with
 * the old file's tasks and meta; the new file is finished (rows sorted in, as rh_bank_finish
 * does) and renamed over the old one. The old file is only read: a failure leaves it as it
 * was. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "open.h"

/* SQL key_of(board): the key of a board of database notation in the handle's bank. */
static void key_of(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const rh_bank *b = sqlite3_user_data(ctx);
    const char *board = (const char *)sqlite3_value_text(argv[0]);
    char id[RH_PUZZLE_ID_MAX + 1];
    int64_t key;
    int walls;
    if (board && rh_puzzle_id_encode(id, board, (size_t)sqlite3_value_bytes(argv[0])) == RH_OK &&
        rh__bank_key_of(&b->keys, id, strlen(id), &key, &walls) == RH_OK) {
        sqlite3_result_int64(ctx, key);
    } else {
        char why[128];
        snprintf(why, sizeof why, "board '%.64s' is no puzzle a bank holds", board ? board : "");
        sqlite3_result_error(ctx, why, -1);
    }
}

/* The old tables' rows (format 2 names the rank column id; neither is read) and what else the
 * old file holds, into the new file attached as `new`. */
static const char copy_rows[] =
    "INSERT INTO new.pending(" RH__BANK_FIELDS ", walls, task)"
    " SELECT key_of(board), moves, slides, cluster_size, walls, NULL FROM main.puzzles"
    " UNION ALL SELECT key_of(board), moves, slides, cluster_size, walls, task FROM main.pending;"
    "INSERT INTO new.tasks SELECT * FROM main.tasks;"
    "INSERT INTO new.meta SELECT key, value FROM main.meta"
    " WHERE key NOT IN ('format', 'puzzles');";

/* Writes the new file at `to` from the old one open on b. */
static int convert(rh_bank *b, const char *to)
{
    int err = rh__bank_cover_query(b, "SELECT max(walls) FROM (SELECT max(walls) AS walls FROM"
                                      " puzzles UNION ALL SELECT max(walls) FROM pending)");
    if (!err)
        err = rh__bank_sql(b, sqlite3_create_function(b->db, "key_of", 1,
                                                      SQLITE_UTF8 | SQLITE_DETERMINISTIC, b, key_of,
                                                      NULL, NULL));
    if (!err) err = rh__bank_create_scratch(b, to);
    if (!err) err = rh__bank_attach(b, to, "mode=rw", "new");
    if (err) return err;
    err = rh__bank_exec(b, "PRAGMA new.journal_mode = OFF; PRAGMA new.synchronous = OFF; BEGIN");
    if (!err) err = rh__bank_exec(b, copy_rows);
    if (!err) err = rh__bank_exec(b, "COMMIT");
    if (err) rh__bank_rollback(b);
    rh__bank_detach(b, "new");
    return err;
}

/* Finishes the new file at `path`; two rows of one board are named as such. */
static int finish(const char *path, char *why)
{
    rh_bank *b;
    int err = rh_bank_open(&b, path, RH_BANK_WRITE, why);
    if (err) return err;
    err = rh_bank_finish(b);
    if (err && why) rh_bank_why(b, why, RH_BANK_WHY_MAX);
    const int closed = rh_bank_close(b);
    return err ? err : closed;
}

int rh_bank_upgrade(const char *path, int *upgraded, char *why)
{
    if (!upgraded) return RH_EARG;
    *upgraded = 0;
    rh_bank *b;
    int err = rh__bank_open(&b, path, RH_BANK_WRITE, 1, why);
    if (err) return err;
    char *to = malloc(strlen(path) + sizeof ".upgrading");
    if (!to) {
        rh_bank_close(b);
        return RH_ENOMEM;
    }
    sprintf(to, "%s.upgrading", path);
    pthread_mutex_lock(&b->lock);
    sqlite3_stmt *st = NULL;
    err = rh__bank_prepare(b, &st, "SELECT value FROM meta WHERE key = 'format'");
    const int rc = err ? SQLITE_ERROR : sqlite3_step(st);
    const int old = rc == SQLITE_ROW && sqlite3_column_int(st, 0) != RH_BANK_FORMAT;
    sqlite3_finalize(st);
    if (!err && old) err = convert(b, to);
    if (err && why) snprintf(why, RH_BANK_WHY_MAX, "%s", b->why);
    pthread_mutex_unlock(&b->lock);
    rh_bank_close(b);
    if (!err && old) err = finish(to, why);
    if (!err && old && rename(to, path) != 0) {
        err = RH_EIO;
        if (why) snprintf(why, RH_BANK_WHY_MAX, "cannot rename %s: %s", to, strerror(errno));
    }
    if (err || !old) remove(to);
    *upgraded = !err && old;
    free(to);
    return err;
}
