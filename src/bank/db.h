/* What the bank's files share: the handle, its ranges, and the SQLite error mapping. Every
 * function here expects the handle's lock to be held by its caller. */
#ifndef RH_BANK_DB_H
#define RH_BANK_DB_H

#include <pthread.h>
#include <sqlite3.h>

#include "rushhour/bank.h"

/* Puzzles of one (metric, length, walls): ids (moves) or ranks (slides) first..first+n-1. */
typedef struct {
    rh_bank_metric metric;
    int length, walls;
    int64_t first;
    uint64_t n;
} bank_range;

struct rh_bank {
    char *path;
    sqlite3 *db;
    pthread_mutex_t lock;
    rh_bank_mode mode;
    int board_size;     /* 0 until the first puzzle or merge sets it */
    bank_range *ranges; /* the counts table, in id/rank order within each metric */
    int range_count;
    sqlite3_stmt *insert, *by_id, *by_rank, *task; /* prepared once, reset after each use */
    int in_txn;
    uint64_t txn_rows, clusters_unsaved, configurations_unsaved; /* since the last commit */
    uint64_t txn_began_us; /* when the open transaction began */
    int checkpoint;        /* rh_bank_resume was called */
    char why[RH_BANK_WHY_MAX];
};

/* Records a failure's detail and returns err. */
int bank_fail(rh_bank *b, int err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Maps an SQLite result to an rh_error, recording SQLite's message; RH_OK for OK/ROW/DONE. */
int bank_sql(rh_bank *b, int rc);
/* Runs SQL without results. */
int bank_exec(rh_bank *b, const char *sql);
/* Prepares *stmt once (NULL until then). */
int bank_prepare(rh_bank *b, sqlite3_stmt **stmt, const char *sql);

/* "file:PATH?QUERY" with PATH's '%', '?' and '#' escaped (free it), or NULL: db.c. */
char *bank_uri(const char *path, const char *query);
/* Opens b->db on b->path for b->mode and checks it (disconnect: the reverse). */
int bank_connect(rh_bank *b);
void bank_disconnect(rh_bank *b);
/* ATTACHes bank_uri(path, query) as `name`. */
int bank_attach(rh_bank *b, const char *path, const char *query, const char *name);
/* Creates a new empty bank file at `path` (removing what was there). */
int bank_create_scratch(rh_bank *b, const char *path);
/* Commits the open transaction (and the counters of the totals) if any: writer.c. */
int bank_commit(rh_bank *b);
/* Opens a transaction unless one is: writer.c. */
int bank_begin(rh_bank *b);
/* Checks/sets the bank's board size (meta 'board_size'): writer.c. */
int bank_board_size(rh_bank *b, int size);
/* Reloads b->ranges from the counts table: db.c. */
int bank_load_ranges(rh_bank *b);

/* Histogram blob codec: LEB128 varints of hist[0..moves] (hist.c). Returns the bytes written
 * (buf holds RH_ENUM_DEPTH_MAX * 10), or the entries read, or -1 when the blob is malformed. */
int bank_hist_encode(unsigned char *buf, const uint64_t *hist, int entries);
int bank_hist_decode(uint64_t *hist, int max_entries, const unsigned char *blob, int len);

/* Fills p from the current row of a statement selecting
 * id, board, moves, slides, cluster_size, vehicles, walls, hist (query.c). */
int bank_read_row(rh_bank *b, sqlite3_stmt *st, rh_bank_puzzle *p);

#define BANK_COLUMNS "id, board, moves, slides, cluster_size, vehicles, walls, hist"
/* A row's fields, as the puzzles and the pending tables share them. */
#define BANK_FIELDS "board, moves, slides, cluster_size, vehicles, walls, hist"
/* The condition on a pending row of database `db` that it counts: added outside checkpoint
 * mode, or by a finished task. */
#define BANK_FINISHED_IN(db) "(task IS NULL OR task IN (SELECT task FROM " db ".tasks))"
#define BANK_FINISHED_MAIN BANK_FINISHED_IN("main")
#define BANK_FINISHED_SHARD BANK_FINISHED_IN("shard")

#endif
