/* The puzzle bank: the kept puzzles of an enumeration (solvable and minimal clusters, one
 * puzzle each) in one SQLite file, written in large transactions, merged from shard files,
 * and picked at random by length in microseconds.
 *
 * Layout: after rh_bank_finish the puzzles are ranked 1..n hardest first (moves descending,
 * then walls ascending, then board), so each (moves, walls) pair is a contiguous range of
 * ranks; a small counts table gives each range, and a pick is a lookup by rank, never a scan.
 * Slide lengths get the same through a table ordered by (slides descending, walls, rank).
 * A puzzle's id is its board's (rushhour/puzzle_id.h), the same in every bank. A board is
 * stored as a number, its rank among the boards of its walls (rushhour/puzzle_rank.h) past
 * those of fewer walls, under a unique index: an id is found by ranking it and one index
 * lookup, and a stored puzzle costs about 40 bytes of file. So banks hold boards of 3x3 to 6x6
 * (RH_RANK_SIZE_MIN to RH_RANK_SIZE_MAX) with the primary in the enumeration's row, (N-1)/2
 * counted from 0. Ranks in the bank belong to one file and change when it is rebuilt.
 *
 * Threads: every function may be called from any thread on a shared handle; calls on one
 * handle are serialised by its mutex (one SQLite connection, opened NOMUTEX, with prepared
 * statements reused under that lock). A pick holds the lock a few microseconds.
 *
 * Errors: functions return RH_OK or a negative rh_error (RH_EIO: the file cannot be opened,
 * read or written; RH_ECORRUPT: it is not a finished bank of this format; RH_EARG: a bad
 * argument or record); rh_bank_why gives SQLite's or the bank's detail. Nothing prints.
 *
 * Library: rushhour-bank (pkg-config rushhour-bank, CMake rushhour::bank), on top of the
 * rushhour library and SQLite. */
#ifndef RUSHHOUR_BANK_H
#define RUSHHOUR_BANK_H

#include <stddef.h>
#include <stdint.h>

#include "rushhour/enumerate.h"
#include "rushhour/error.h"
#include "rushhour/export.h"
#include "rushhour/puzzle_id.h"

RH_BEGIN_DECLS

/* meta 'format' of the files this code reads and writes. Formats 2 (before ids) and 3 (boards
 * as text, with their distance histograms) are refused by rh_bank_open; rh_bank_upgrade
 * converts them in place. */
#define RH_BANK_FORMAT 4
#define RH_BANK_WHY_MAX 256     /* bytes of a failure's detail, NUL included */
#define RH_BANK_PICK_MAX 1000   /* most puzzles one pick returns */
#define RH_BANK_LENGTH_MAX 2048 /* lengths counted by rh_bank_stats (slides <= 6 * 255) */

typedef struct rh_bank rh_bank;

typedef enum {
    RH_BANK_READ,  /* SQLITE_OPEN_READONLY: queries only; the file must be a finished bank */
    RH_BANK_WRITE, /* creates the file or continues it: add, merge, finish, and queries */
    RH_BANK_LOAD,  /* a writer of another bank's rows: rh_bank_add counts no cluster (the rows'
                    * totals are that bank's meta, which the loader sets) */
} rh_bank_mode;

typedef enum { RH_BANK_MOVES = 0, RH_BANK_SLIDES } rh_bank_metric;

/* One stored puzzle. */
typedef struct {
    char id[RH_PUZZLE_ID_MAX + 1];     /* the board's id: the same in every bank */
    int64_t rank;                      /* 1 = the hardest by moves; only within this file */
    char board[RH_ENUM_CELLS_MAX + 1]; /* database notation, normal form */
    int board_size;
    int moves;
    int slides; /* -1 when the enumeration did not compute slides */
    uint64_t cluster_size;
    int vehicles, walls;
} rh_bank_puzzle;

/* Which puzzles a pick or the daily puzzle chooses among, or (walls only) a summary counts;
 * bounds are inclusive. */
typedef struct {
    rh_bank_metric metric; /* what min_length..max_length count */
    int min_length, max_length;
    int min_walls, max_walls;
} rh_bank_filter;

#define RH_BANK_FILTER_ALL                                                                         \
    {                                                                                              \
        RH_BANK_MOVES, 0, RH_BANK_LENGTH_MAX, 0, RH_ENUM_CELLS_MAX                                 \
    }
/* What a pick or a day takes when not told the walls (the CLI, the HTTP routes, the example):
 * the wall-free puzzles, walls being a variant asked for, so that joining puzzles with walls to
 * a bank changes no pick and no day. */
#define RH_BANK_FILTER_WALL_FREE                                                                   \
    {                                                                                              \
        RH_BANK_MOVES, 0, RH_BANK_LENGTH_MAX, 0, 0                                                 \
    }

typedef struct {
    int board_size;
    uint64_t total;                           /* puzzles */
    uint64_t with_slides;                     /* of which with a slide length */
    uint64_t by_moves[RH_BANK_LENGTH_MAX];    /* puzzles of each moves length */
    uint64_t by_slides[RH_BANK_LENGTH_MAX];   /* puzzles of each slides length */
    uint64_t by_walls[RH_ENUM_CELLS_MAX + 1]; /* puzzles with each wall count */
    int max_moves, max_slides;                /* -1 when there is none */
} rh_bank_summary;

/* Opens (RH_BANK_WRITE: creates if missing) the bank at `path`. On failure *out is NULL and
 * `why` (when not NULL, RH_BANK_WHY_MAX bytes) says why. */
RH_API int rh_bank_open(rh_bank **out, const char *path, rh_bank_mode mode, char *why);

/* Commits what was added (a writer's unfinished rows stay in the file: open it again to go
 * on) and frees the handle. NULL is allowed. Returns the commit's error, the handle freed. */
RH_API int rh_bank_close(rh_bank *b);

/* Copies the detail of the most recent failure on this handle into `buf`. */
RH_API void rh_bank_why(rh_bank *b, char *buf, size_t len);

/* Writers. rh_bank_add keeps the cluster only when solvable and minimal (it counts every
 * cluster in meta 'total.clusters' and the solvable ones in 'total.solvable', unless opened
 * RH_BANK_LOAD or in checkpoint mode: below); rows are committed in large transactions. Unless
 * opened RH_BANK_LOAD, every cluster added also raises the meta maxima, as rh_enum_stats keeps
 * them: 'max.moves' and 'max.slides' ("N BOARD": the length and the hardest board), and
 * 'max.cluster_states' ("N"), so that a run in parts, or in shards merged, ends with the maxima
 * of the whole run (a cluster of a task run again counts once: a maximum is a maximum). */
RH_API int rh_bank_add(rh_bank *b, const rh_cluster *c);

/* rh_bank_add stores the board, its moves and slides and its cluster's size (not its
 * histogram): a board with no id, of a size or primary row banks do not hold (above), or whose
 * walls are not c->walls is RH_EARG. Two rows of one board that differ in any field make
 * rh_bank_finish fail with RH_ECORRUPT, its reason naming the board's id. */

/* Sets a meta entry (e.g. the enumeration's parameters). Keys starting with "total." hold
 * integers that merging sums, keys starting with "max." maxima that merging raises (above);
 * other keys survive a merge when every input agrees and become "mixed" otherwise. The bank keeps
 * 'format', 'board_size', 'puzzles' itself. */
RH_API int rh_bank_set_meta(rh_bank *b, const char *key, const char *value);

/* Checkpoints: the bank file of an enumeration is its checkpoint. rh_bank_resume puts a writer
 * in checkpoint mode: from then on rh_bank_add tags each row with its cluster's task, and
 * clusters are counted per finished task by rh_bank_task_done (which also adds the task's
 * solvable clusters and configurations to meta 'total.solvable' and 'total.configurations')
 * rather than per added cluster. Only the rows of finished tasks count: a task's rows and its
 * mark can be committed apart, but the rows of unfinished tasks are dropped by rh_bank_resume
 * and left out by merge and finish, so a run killed at any point goes on from the file with the
 * same result. A checkpointed writer
 * commits when a task ends RH_BANK_CHECKPOINT_US or more after its transaction began. Another
 * connection may read the file meanwhile (sqlite3 -readonly): a commit waits up to a minute
 * for its lock, and fails (RH_EIO, "database is locked") only past that. */
#define RH_BANK_CHECKPOINT_US 1000000

/* Enters checkpoint mode: drops the rows of unfinished tasks, then calls fn with the number of
 * every finished task, in increasing order (a non-zero return from fn stops and is returned). */
RH_API int rh_bank_resume(rh_bank *b, int (*fn)(void *ctx, uint64_t task), void *ctx);

/* Marks a task finished, its clusters and configurations added to the meta totals. */
RH_API int rh_bank_task_done(rh_bank *b, const rh_enum_task *t);

/* Adds every puzzle and meta entry of the bank file `path` (a shard, finished or not: then
 * the rows of its finished tasks). */
RH_API int rh_bank_merge_file(rh_bank *b, const char *path);

/* Sorts the added rows in with the stored ones (dropping exact duplicates), rebuilds the
 * ranges and compacts the file. Queries see rows only once finished. */
RH_API int rh_bank_finish(rh_bank *b);

/* Readers (a writer may call them too: they see the finished rows). */

/* Up to `count` (<= RH_BANK_PICK_MAX) distinct puzzles chosen uniformly among those that
 * match `f`, the same ones for the same seed and file (the seed starts the sequence of
 * rushhour/random.h), hardest first in f->metric. *found < count when fewer match; an empty
 * range finds 0 and is no error. */
RH_API int rh_bank_pick(rh_bank *b, const rh_bank_filter *f, uint64_t seed, rh_bank_puzzle *out,
                        int count, int *found);

/* The puzzle of day `day` (days since 1970-01-01 UTC) among those that match `f`: fixed for a
 * given day and file, and different on consecutive days (the days walk a permutation of the
 * matching puzzles, so none repeats until all have been shown). *found is 0 or 1. */
RH_API int rh_bank_daily(rh_bank *b, const rh_bank_filter *f, int64_t day, rh_bank_puzzle *out,
                         int *found);

/* The puzzle of id `id` (NUL-terminated): RH_OK with *found 1 and *out filled, or *found 0
 * when the bank does not hold it; RH_EARG when `id` is no puzzle id. One index lookup. */
RH_API int rh_bank_find(rh_bank *b, const char *id, rh_bank_puzzle *out, int *found);

/* Calls fn for every puzzle, hardest first; a non-zero return from fn stops and is returned. */
RH_API int rh_bank_each(rh_bank *b, int (*fn)(void *ctx, const rh_bank_puzzle *p), void *ctx);

/* Calls fn for every meta entry in key order; a non-zero return from fn stops and is returned. */
RH_API int rh_bank_each_meta(rh_bank *b, int (*fn)(void *ctx, const char *key, const char *value),
                             void *ctx);

/* The bank's counts: its puzzles per length in each metric and per wall count, from the ranges
 * held in memory (no read of the file). rh_bank_stats_of counts only the puzzles whose walls
 * are within f's min_walls..max_walls; f's metric and lengths are not read (a summary counts
 * every length in both metrics). rh_bank_stats counts every puzzle (RH_BANK_FILTER_ALL).
 * board_size is the bank's whatever the filter. */
RH_API int rh_bank_stats_of(rh_bank *b, const rh_bank_filter *f, rh_bank_summary *out);
RH_API int rh_bank_stats(rh_bank *b, rh_bank_summary *out);

/* Converts the bank file at `path` from format 2 or 3 to this format in place: each board
 * stored as its key, histograms dropped, the rows sorted in as rh_bank_finish does (rows of
 * unfinished enumeration tasks are dropped; finished tasks are kept, so a run resumes from the
 * upgraded file). A failure leaves the file as it was. A file already of this format is left
 * alone (*upgraded 0, else 1). On failure `why` (when not NULL, RH_BANK_WHY_MAX bytes) says
 * why: a board with no id or out of the keys' range, or two rows of one board. */
RH_API int rh_bank_upgrade(const char *path, int *upgraded, char *why);

/* Pure helpers. "YYYY-MM-DD" (proleptic Gregorian) to days since 1970-01-01: RH_OK or RH_EARG. */
RH_API int rh_bank_day_parse(const char *ymd, int64_t *day);
/* "moves" or "slides": RH_OK or RH_EARG. */
RH_API int rh_bank_metric_parse(rh_bank_metric *out, const char *name);
RH_API const char *rh_bank_metric_name(rh_bank_metric m);
/* "N" (N to N) or "MIN-MAX", wall counts of 0 to RH_ENUM_CELLS_MAX with MIN <= MAX, into
 * *min_walls and *max_walls (as rh_bank_filter holds them): RH_OK, or RH_EARG and nothing
 * stored. */
RH_API int rh_bank_walls_parse(const char *text, int *min_walls, int *max_walls);
/* The increasing order of uint64_t values, for qsort and bsearch: a pick sorts its draws by it,
 * and rh_bank_resume gives tasks in it. */
RH_API int rh_bank_compare_u64(const void *a, const void *b);

RH_END_DECLS

#endif
