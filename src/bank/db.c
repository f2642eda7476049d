/* The bottom of the bank (db.h says what it holds and the order of the files above it): the
 * schema, connecting and the format check, the ranges kept in memory, attached files, the
 * handle's transaction, and the error plumbing every other file of the bank uses. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "rushhour/clock.h"

/* puzzles: ranks are the hardest-first order (rh_bank_finish renumbers); a board is stored as
 * its key (key.c) under a unique index, so an id lookup is one probe of puzzles_key; pending:
 * rows added since, in arrival order, with their wall count (which says how far the keys must
 * reach) and their enumeration task in checkpoint mode; by_slides: the slide order's ranks, 64
 * positions a row (writer.c); counts: one row per range; tasks: the finished enumeration
 * tasks. */
static const char schema[] =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE puzzles(rank INTEGER PRIMARY KEY, key INTEGER NOT NULL, moves INTEGER NOT NULL,"
    " slides INTEGER, cluster_size INTEGER NOT NULL);"
    "CREATE TABLE pending(key INTEGER NOT NULL, walls INTEGER NOT NULL, moves INTEGER NOT NULL,"
    " slides INTEGER, cluster_size INTEGER NOT NULL, task INTEGER);"
    "CREATE UNIQUE INDEX puzzles_key ON puzzles(key);"
    "CREATE TABLE by_slides(chunk INTEGER PRIMARY KEY, ranks BLOB NOT NULL);"
    "CREATE TABLE counts(metric TEXT NOT NULL, length INTEGER NOT NULL, walls INTEGER NOT NULL,"
    " first INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY(metric, length, walls))"
    " WITHOUT ROWID;"
    "CREATE TABLE tasks(task INTEGER PRIMARY KEY, configurations INTEGER NOT NULL,"
    " clusters INTEGER NOT NULL);"
    "INSERT INTO meta VALUES('format', '4');";

int rh__bank_fail(rh_bank *b, int err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->why, sizeof b->why, fmt, ap);
    va_end(ap);
    return err;
}

int rh__bank_sql(rh_bank *b, int rc)
{
    if (rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE) return RH_OK;
    const int err = (rc & 0xff) == SQLITE_NOMEM                                     ? RH_ENOMEM
                    : (rc & 0xff) == SQLITE_CORRUPT || (rc & 0xff) == SQLITE_NOTADB ? RH_ECORRUPT
                                                                                    : RH_EIO;
    return rh__bank_fail(b, err, "sqlite: %s", b->db ? sqlite3_errmsg(b->db) : sqlite3_errstr(rc));
}

/* After a finish whose reopening failed, the handle has no connection left. */
static int closed(rh_bank *b)
{
    return rh__bank_fail(b, RH_EIO, "the bank's file could not be reopened");
}

int rh__bank_exec(rh_bank *b, const char *sql)
{
    if (!b->db) return closed(b);
    return rh__bank_sql(b, sqlite3_exec(b->db, sql, NULL, NULL, NULL));
}

int rh__bank_prepare(rh_bank *b, sqlite3_stmt **stmt, const char *sql)
{
    if (*stmt) return RH_OK;
    if (!b->db) return closed(b);
    return rh__bank_sql(b,
                        sqlite3_prepare_v3(b->db, sql, -1, SQLITE_PREPARE_PERSISTENT, stmt, NULL));
}

int rh__bank_writable(rh_bank *b)
{
    return b->mode == RH_BANK_WRITE ? RH_OK
                                    : rh__bank_fail(b, RH_EARG, "the bank was opened read-only");
}

int rh__bank_cover(rh_bank *b, int walls)
{
    const int err = rh__bank_keys_cover(&b->keys, b->board_size, walls);
    if (err == RH_EARG)
        return rh__bank_fail(b, err, "no keys for %dx%d boards with %d walls", b->board_size,
                             b->board_size, walls);
    return err ? rh__bank_fail(b, err, "out of memory") : RH_OK;
}

int rh__bank_cover_query(rh_bank *b, const char *sql)
{
    sqlite3_stmt *st = NULL;
    int err = rh__bank_prepare(b, &st, sql);
    const int rc = err ? SQLITE_ERROR : sqlite3_step(st);
    const int none = rc != SQLITE_ROW || sqlite3_column_type(st, 0) == SQLITE_NULL;
    const int walls = none ? 0 : sqlite3_column_int(st, 0);
    if (!err) err = rh__bank_sql(b, rc);
    sqlite3_finalize(st);
    return err || !b->board_size || (none && b->keys.ranks) ? err : rh__bank_cover(b, walls);
}

/* SQL walls_of(key): the wall count of a key the handle's keys cover. */
static void walls_of(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const rh_bank *b = sqlite3_user_data(ctx);
    const int walls = rh__bank_walls_of(&b->keys, sqlite3_value_int64(argv[0]));
    if (walls < 0)
        sqlite3_result_error(ctx, "a key of no board", -1);
    else
        sqlite3_result_int(ctx, walls);
}

/* Reloads b->ranges from the counts table. */
static int load_ranges(rh_bank *b)
{
    sqlite3_stmt *st = NULL;
    int err = rh__bank_prepare(b, &st, "SELECT count(*) FROM counts");
    int rc = err ? SQLITE_ERROR : sqlite3_step(st);
    const int n = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    sqlite3_finalize(st);
    st = NULL;
    if (!err) err = rh__bank_sql(b, rc);
    rh__bank_range *ranges = err ? NULL : malloc(sizeof *ranges * (size_t)(n ? n : 1));
    if (!err && !ranges) err = rh__bank_fail(b, RH_ENOMEM, "out of memory");
    /* Ids (and ranks) grow with descending length, then ascending walls. */
    if (!err)
        err = rh__bank_prepare(b, &st,
                               "SELECT metric = 'slides', length, walls, first, n FROM counts"
                               " ORDER BY metric, length DESC, walls");
    int count = 0;
    int64_t next[2] = {1, 1}; /* each metric's ranges tile 1..n in order: picks rely on it */
    while (!err && (rc = sqlite3_step(st)) == SQLITE_ROW && count < n) {
        rh__bank_range *r = &ranges[count++];
        /* ranges is NULL only with err set (rh__bank_fail returns it): the loop excludes it. */
        /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
        r->metric = sqlite3_column_int(st, 0) ? RH_BANK_SLIDES : RH_BANK_MOVES;
        r->length = sqlite3_column_int(st, 1);
        r->walls = sqlite3_column_int(st, 2);
        r->first = sqlite3_column_int64(st, 3);
        r->n = (uint64_t)sqlite3_column_int64(st, 4);
        if (r->first != next[r->metric] || r->n == 0)
            err = rh__bank_fail(b, RH_ECORRUPT, "the ranges do not tile the puzzles (%s %d)",
                                rh_bank_metric_name(r->metric), r->length);
        next[r->metric] += (int64_t)r->n;
    }
    if (!err && rc != SQLITE_ROW && rc != SQLITE_DONE) err = rh__bank_sql(b, rc);
    sqlite3_finalize(st);
    if (err) {
        free(ranges);
        return err;
    }
    free(b->ranges);
    b->ranges = ranges;
    b->range_count = count;
    return RH_OK;
}

/* Checks the meta of an existing file and reads what the handle keeps in memory. */
static int load(rh_bank *b)
{
    sqlite3_stmt *st = NULL;
    int err = rh__bank_prepare(b, &st,
                               "SELECT (SELECT value FROM meta WHERE key = 'format'),"
                               " (SELECT value FROM meta WHERE key = 'board_size'),"
                               " EXISTS(SELECT 1 FROM pending)");
    if (err) {
        char detail[RH_BANK_WHY_MAX];
        snprintf(detail, sizeof detail, "%s", b->why);
        sqlite3_finalize(st);
        return rh__bank_fail(b, err == RH_EIO ? RH_ECORRUPT : err, "not a puzzle bank (%s)",
                             detail);
    }
    const int rc = sqlite3_step(st);
    const int format = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    b->board_size = rc == SQLITE_ROW ? sqlite3_column_int(st, 1) : 0;
    const int unfinished = rc == SQLITE_ROW && sqlite3_column_int(st, 2);
    err = rc == SQLITE_ROW ? RH_OK : rh__bank_sql(b, rc);
    sqlite3_finalize(st);
    if (err) return err;
    const int old = RH__BANK_UPGRADABLE(format);
    if (old && !b->upgrading)
        return rh__bank_fail(b, RH_ECORRUPT,
                             "bank format %d, this program reads %d: upgrade it in place with"
                             " `rushhour bank upgrade %.96s`",
                             format, RH_BANK_FORMAT, b->path);
    if (format != RH_BANK_FORMAT && !(old && b->upgrading))
        return rh__bank_fail(b, RH_ECORRUPT, "bank format %d, this program reads %d", format,
                             RH_BANK_FORMAT);
    if (unfinished && b->mode == RH_BANK_READ)
        return rh__bank_fail(b, RH_ECORRUPT,
                             "unfinished bank: rows were added but not sorted in"
                             " (rh_bank_finish, or rushhour bank merge)");
    if (old) return RH_OK; /* upgrade.c reads what it needs */
    err = load_ranges(b);
    if (!err)
        err = rh__bank_cover_query(b, "SELECT max(walls) FROM (SELECT max(walls) AS walls FROM"
                                      " counts UNION ALL SELECT max(walls) FROM pending)");
    return err;
}

/* A writer's new file gets the schema; an existing one must already be a bank. */
static int prepare_writer(rh_bank *b)
{
    int err = rh__bank_exec(b, "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536");
    sqlite3_stmt *st = NULL;
    if (!err) err = rh__bank_prepare(b, &st, "SELECT count(*) FROM sqlite_schema");
    const int rc = err ? SQLITE_ERROR : sqlite3_step(st);
    const int tables = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
    if (!err) err = rh__bank_sql(b, rc);
    sqlite3_finalize(st);
    if (!err && tables == 0) {
        err = rh__bank_exec(b, "BEGIN");
        if (!err) err = rh__bank_exec(b, schema);
        if (err) rh__bank_rollback(b);
        if (!err) err = rh__bank_exec(b, "COMMIT");
    }
    return err;
}

/* "file:PATH?QUERY" with PATH's '%', '?' and '#' escaped (free it), or NULL. */
static char *uri_of(const char *path, const char *query)
{
    char *uri = malloc(strlen(path) * 3 + strlen(query) + sizeof "file:?");
    if (!uri) return NULL;
    char *o = uri + sprintf(uri, "file:");
    for (const char *c = path; *c; c++)
        o += strchr("%?#", *c) ? sprintf(o, "%%%02X", (unsigned char)*c) : (*o = *c, 1);
    sprintf(o, "?%s", query);
    return uri;
}

int rh__bank_attach(rh_bank *b, const char *path, const char *query, const char *name)
{
    char *uri = uri_of(path, query);
    char sql[64];
    snprintf(sql, sizeof sql, "ATTACH ?1 AS %s", name);
    sqlite3_stmt *attach = NULL;
    int err =
        uri ? rh__bank_prepare(b, &attach, sql) : rh__bank_fail(b, RH_ENOMEM, "out of memory");
    if (!err) {
        sqlite3_bind_text(attach, 1, uri, -1, SQLITE_STATIC);
        err = rh__bank_sql(b, sqlite3_step(attach));
        if (err) err = rh__bank_fail(b, err, "cannot open %s: %s", path, sqlite3_errmsg(b->db));
    }
    sqlite3_finalize(attach);
    free(uri);
    return err;
}

void rh__bank_detach(rh_bank *b, const char *name)
{
    char sql[64];
    snprintf(sql, sizeof sql, "DETACH %s", name);
    sqlite3_exec(b->db, sql, NULL, NULL, NULL);
}

int rh__bank_create_scratch(rh_bank *b, const char *path)
{
    remove(path);
    sqlite3 *db = NULL;
    char *uri = uri_of(path, "mode=rwc");
    int rc = uri ? sqlite3_open_v2(uri, &db,
                                   SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI |
                                       SQLITE_OPEN_NOMUTEX,
                                   NULL)
                 : SQLITE_NOMEM;
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(db, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN", NULL,
                          NULL, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_exec(db, schema, NULL, NULL, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    const int err = rc == SQLITE_OK ? RH_OK
                                    : rh__bank_fail(b, rc == SQLITE_NOMEM ? RH_ENOMEM : RH_EIO,
                                                    "cannot create %s: %s", path,
                                                    db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    sqlite3_close(db);
    free(uri);
    return err;
}

void rh__bank_disconnect(rh_bank *b)
{
    sqlite3_finalize(b->insert);
    sqlite3_finalize(b->by_rank);
    sqlite3_finalize(b->by_position);
    sqlite3_finalize(b->by_key);
    sqlite3_finalize(b->task);
    b->insert = b->by_rank = b->by_position = b->by_key = b->task = NULL;
    sqlite3_close(b->db);
    b->db = NULL;
}

int rh__bank_connect(rh_bank *b)
{
    /* The handle's mutex serialises calls, so SQLite's own locking is not needed. A reader's
     * file is immutable: without it every query pays two fcntl locks and an fstat (50 us of
     * a 60 us pick here); replace a served bank by renaming a new file over it. */
    const int read = b->mode == RH_BANK_READ;
    const int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI |
                      (read ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    char *uri = uri_of(b->path, read ? "immutable=1" : "mode=rwc");
    int err = uri ? RH_OK : rh__bank_fail(b, RH_ENOMEM, "out of memory");
    const int rc = err ? SQLITE_NOMEM : sqlite3_open_v2(uri, &b->db, flags, NULL);
    free(uri);
    if (!err && rc != SQLITE_OK)
        err = rh__bank_fail(b, RH_EIO, "cannot open %s: %s", b->path, sqlite3_errstr(rc));
    /* Another connection reading the file (sqlite3, a backup) holds its shared lock for a
     * moment: a writer's commit waits for it rather than failing the run it checkpoints. */
    if (!err && !read) sqlite3_busy_timeout(b->db, RH__BANK_BUSY_MS);
    if (!err && !read) err = prepare_writer(b);
    if (!err)
        err = rh__bank_sql(b, sqlite3_create_function(b->db, "walls_of", 1,
                                                      SQLITE_UTF8 | SQLITE_DETERMINISTIC, b,
                                                      walls_of, NULL, NULL));
    /* Readers map the file: a pick then reads its pages without a system call. */
    if (!err && read) err = rh__bank_exec(b, "PRAGMA mmap_size = 1073741824");
    if (!err) err = load(b);
    return err;
}

/* Adds n to the integer meta entry `key` (created at n), in the open transaction. */
static int add_total(rh_bank *b, const char *key, uint64_t n)
{
    char sql[192];
    snprintf(sql, sizeof sql,
             "INSERT INTO meta VALUES('%s', '%llu') ON CONFLICT(key) DO UPDATE"
             " SET value = CAST(CAST(value AS INTEGER) + %llu AS TEXT)",
             key, (unsigned long long)n, (unsigned long long)n);
    return rh__bank_exec(b, sql);
}

int rh__bank_begin(rh_bank *b)
{
    if (b->in_txn) return RH_OK;
    const int err = rh__bank_exec(b, "BEGIN");
    b->in_txn = !err;
    b->txn_rows = 0;
    b->txn_began_us = rh_clock_us();
    return err;
}

int rh__bank_put_meta(rh_bank *b, const char *upsert, const char *key, const char *value)
{
    char sql[512];
    snprintf(sql, sizeof sql, "INSERT INTO meta VALUES(?1, ?2)%s", upsert);
    sqlite3_stmt *st = NULL;
    int err = rh__bank_prepare(b, &st, sql);
    if (!err) {
        sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
        err = rh__bank_sql(b, sqlite3_step(st));
    }
    sqlite3_finalize(st);
    return err;
}

/* Raises meta entry `key` to `value` (RH__BANK_RAISE_MAX). */
static int raise_max(rh_bank *b, const char *key, const char *value)
{
    return rh__bank_put_meta(b, RH__BANK_RAISE_MAX, key, value);
}

/* "N BOARD", or "N" for a cluster that names no board (an imported one has no hardest state by
 * slides). */
static void length_and_board(char *out, size_t len, int n, const char *board)
{
    snprintf(out, len, "%d%s%s", n, *board ? " " : "", board);
}

/* The maxima of the clusters found since the last commit into the meta: max.moves and
 * max.slides with their hardest boards, max.cluster_states. */
static int raise_maxima(rh_bank *b)
{
    const rh_enum_stats *f = &b->found;
    char value[32 + RH_ENUM_CELLS_MAX];
    int err = RH_OK;
    if (f->max_moves >= 0) {
        length_and_board(value, sizeof value, f->max_moves, f->hardest_moves);
        err = raise_max(b, "max.moves", value);
    }
    if (!err && f->max_slides >= 0) {
        length_and_board(value, sizeof value, f->max_slides, f->hardest_slides);
        err = raise_max(b, "max.slides", value);
    }
    if (!err) {
        snprintf(value, sizeof value, "%llu", (unsigned long long)f->largest_cluster);
        err = raise_max(b, "max.cluster_states", value);
    }
    return err;
}

int rh__bank_commit(rh_bank *b)
{
    const uint64_t clusters = b->clusters_unsaved, solvable = b->solvable_unsaved,
                   configurations = b->configurations_unsaved, found = b->found.clusters;
    int err = clusters || configurations || found ? rh__bank_begin(b) : RH_OK;
    if (!err && clusters) err = add_total(b, "total.clusters", clusters);
    if (!err && solvable) err = add_total(b, "total.solvable", solvable);
    if (!err && configurations) err = add_total(b, "total.configurations", configurations);
    if (!err && found) err = raise_maxima(b);
    if (!err) {
        b->clusters_unsaved = b->solvable_unsaved = b->configurations_unsaved = 0;
        rh_enum_stats_init(&b->found);
    }
    if (!err && b->in_txn) err = rh__bank_exec(b, "COMMIT");
    if (!err) b->in_txn = 0;
    return err;
}

void rh__bank_rollback(rh_bank *b)
{
    sqlite3_exec(b->db, "ROLLBACK", NULL, NULL, NULL);
    b->in_txn = 0;
}
