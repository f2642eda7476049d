/* The shipped data's columns (bank_columns.c): a part's puzzles by rank, written by `rushhour
 * bank pack` and read by `rushhour bank load`. */
#ifndef RH_CLI_BANK_COLUMNS_H
#define RH_CLI_BANK_COLUMNS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rushhour/enumerate.h"
#include "rushhour/puzzle_rank.h"

/* A puzzle as the columns hold it: its board as its rank among the boards of its walls. */
typedef struct {
    int walls;
    uint64_t rank;
    int moves, slides; /* slides -1: not computed */
    uint64_t cluster_size;
} cli_packed;

/* The file `name` in `dir` opened with `mode`, or NULL having said why on stderr. */
FILE *cli_columns_file(const char *dir, const char *name, const char *mode);

/* The rank table of a bank's boards of side `size` (the red car in the enumeration's row,
 * (N-1)/2) with up to `walls` walls, as rh_rank_table_new answers. */
int cli_columns_ranks(rh_rank_table **out, int size, int walls);

/* Whether `dir` holds columns of this form (groups.txt), rather than the boards.txt of the
 * data packed before them. */
int cli_columns_in(const char *dir);

/* Sorts rows[0..n) by walls, then rank, and writes them as the columns of boards of side
 * `size` into `dir` (meta.txt aside). Returns 0 or CLI_EXIT_IO, having said why on stderr. */
int cli_columns_write(const char *dir, int size, cli_packed *rows, size_t n);

typedef struct cli_columns_reader cli_columns_reader;

/* Opens the columns in `dir` (freed by cli_columns_close, NULL allowed): 0, or an exit code
 * having said why on stderr. */
int cli_columns_open(cli_columns_reader **out, const char *dir);
void cli_columns_close(cli_columns_reader *r);

/* The next puzzle into *c (board, size, walls, lengths, cluster size; minimal): 1,
 * 0 after the last, or CLI_EXIT_INVALID with `why` (the columns disagree or are cut short). */
int cli_columns_next(cli_columns_reader *r, rh_cluster *c, char *why, size_t len);

#endif
