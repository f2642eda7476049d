/* The bottom of the bank: the handle, its SQLite connection (opened, checked, attached to
 * other files), its errors and their mapping to rh errors, its prepared statements and its
 * transaction, and the ranges it keeps in memory. Every function here expects the handle's
 * lock to be held by its caller.
 *
 * The bank's files form a one-way stack, top first; each calls only the files it points to:
 *   export.c     -> query.c, db.c    reading a bank whole: every puzzle, meta, counts
 *   upgrade.c    -> open.c, writer.c a format 2 or 3 file converted in place
 *                   db.c, key.c
 *   query.c      -> db.c, chunk.c    picks, the daily puzzle, an id's puzzle, a row read
 *   open.c       -> db.c             rh_bank_open, rh_bank_close, rh_bank_why
 *   checkpoint.c -> db.c             the finished tasks of an enumeration
 *   merge.c      -> writer.c, db.c   a shard's rows and meta into a writer
 *   writer.c     -> db.c, chunk.c    adding rows, meta, and finishing (sorting) a bank
 *   db.c         -> key.c, metric.c  this header
 *   chunk.c, key.c, metric.c         pure: the slide order's blobs, a board's key and back,
 *                                    the metrics' names
 * Headers: db.h (this), open.h, writer.h, query.h, chunk.h and key.h, each declaring what its
 * file gives the files above it. */
#ifndef RH_BANK_DB_H
#define RH_BANK_DB_H

#include <pthread.h>
#include <sqlite3.h>

#include "key.h"
#include "rushhour/bank.h"

/* Puzzles of one (metric, length, walls): ranks (moves) or slide positions (slides)
 * first..first+n-1. */
typedef struct {
    rh_bank_metric metric;
    int length, walls;
    int64_t first;
    uint64_t n;
} rh__bank_range;

struct rh_bank {
    char *path;
    sqlite3 *db;
    pthread_mutex_t lock;
    rh_bank_mode mode;
    int board_size;         /* 0 until the first puzzle or merge sets it */
    rh__bank_keys keys;     /* covers every wall count the file holds once board_size is set */
    rh__bank_range *ranges; /* the counts table, in rank/position order within each metric */
    int range_count;
    /* prepared once, reset after each use */
    sqlite3_stmt *insert, *by_rank, *by_position, *by_key, *task;
    int in_txn;
    uint64_t txn_rows; /* since the last commit, as are the totals' increments: */
    uint64_t clusters_unsaved, solvable_unsaved, configurations_unsaved;
    rh_enum_stats found;   /* the clusters added since: their maxima raise the meta's max.* */
    uint64_t txn_began_us; /* when the open transaction began */
    int checkpoint;        /* rh_bank_resume was called */
    int loading;           /* opened RH_BANK_LOAD: a writer that counts no cluster */
    int upgrading;         /* rh_bank_upgrade's handle: the previous format is accepted */
    char why[RH_BANK_WHY_MAX];
};

/* Records a failure's detail and returns err. */
int rh__bank_fail(rh_bank *b, int err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Maps an SQLite result to an rh_error, recording SQLite's message; RH_OK for OK/ROW/DONE. */
int rh__bank_sql(rh_bank *b, int rc);
/* Runs SQL without results. */
int rh__bank_exec(rh_bank *b, const char *sql);
/* Prepares *stmt once (NULL until then). */
int rh__bank_prepare(rh_bank *b, sqlite3_stmt **stmt, const char *sql);
/* Sets meta entry `key` to `value`: an INSERT into meta with `upsert` (an ON CONFLICT clause)
 * appended, so an existing entry becomes what upsert says. */
int rh__bank_put_meta(rh_bank *b, const char *upsert, const char *key, const char *value);
/* RH_OK for a writer, else RH_EARG with the detail "opened read-only". */
int rh__bank_writable(rh_bank *b);

/* Opens b->db on b->path for b->mode, checks its format and loads b->ranges (disconnect: the
 * reverse, the prepared statements finalized). */
int rh__bank_connect(rh_bank *b);
void rh__bank_disconnect(rh_bank *b);
/* ATTACHes the file at `path` as database `name`, opened with the URI query `query` (detach:
 * the reverse, whose failure leaves nothing to do). */
int rh__bank_attach(rh_bank *b, const char *path, const char *query, const char *name);
void rh__bank_detach(rh_bank *b, const char *name);
/* Makes b->keys cover boards of b->board_size with up to `walls` walls. */
int rh__bank_cover(rh_bank *b, int walls);
/* Makes b->keys cover the most walls the single value `sql` selects (NULL: none). */
int rh__bank_cover_query(rh_bank *b, const char *sql);

/* Creates a new empty bank file at `path` (removing what was there). */
int rh__bank_create_scratch(rh_bank *b, const char *path);

/* Opens the handle's transaction unless one is. */
int rh__bank_begin(rh_bank *b);
/* Commits the open transaction (and the counters of the totals) if any. */
int rh__bank_commit(rh_bank *b);
/* Rolls back whatever transaction the connection has open; the handle has none after. */
void rh__bank_rollback(rh_bank *b);

/* The formats rh_bank_upgrade converts. */
#define RH__BANK_UPGRADABLE(format) ((format) == 2 || (format) == 3)

/* How long a writer waits for another connection's lock on its file (bank.h). */
#define RH__BANK_BUSY_MS 60000

#define RH__BANK_COLUMNS "rank, key, moves, slides, cluster_size"
/* A row's fields, as the puzzles and the pending tables share them. */
#define RH__BANK_FIELDS "key, moves, slides, cluster_size"
/* The condition on a pending row of database `db` that it counts: added outside checkpoint
 * mode, or by a finished task. */
#define RH__BANK_FINISHED_IN(db) "(task IS NULL OR task IN (SELECT task FROM " db ".tasks))"
#define RH__BANK_FINISHED_MAIN RH__BANK_FINISHED_IN("main")
#define RH__BANK_FINISHED_SHARD RH__BANK_FINISHED_IN("shard")
/* An upsert of a meta max.* entry ("N", or "N BOARD"): the greater N stays, of equal ones the
 * first board in notation order, as a run keeps its hardest (rh_enum_stats). Max being
 * idempotent, a cluster counted twice (its task run again after a stop) changes nothing. */
#define RH__BANK_RAISE_MAX                                                                         \
    " ON CONFLICT(key) DO UPDATE SET value = CASE WHEN CAST(excluded.value AS INTEGER) >"          \
    " CAST(value AS INTEGER) OR (CAST(excluded.value AS INTEGER) = CAST(value AS INTEGER) AND"     \
    " excluded.value < value) THEN excluded.value ELSE value END"

#endif
