/* A puzzle's rank: its place, from 0, among every board of its size, exit row and number of
 * walls, in the order of their ids' symbols (rushhour/puzzle_id.h). Ranks are dense where ids
 * are sparse: the kept puzzles of a space, sorted by rank, differ by a few thousand, so a list
 * of them stores in about a byte a puzzle as differences, and each board comes back from its
 * rank. A board here is any placement of vehicles of 2 or 3 cells and walls that do not
 * overlap, with exactly one primary (a car or a truck in the exit row), solvable or not.
 *
 * The counts behind it are a table built once for a size, exit row and most walls: 7 MiB for
 * 6x6 with up to two walls. Ranking and unranking read it only (any threads at once) and cost
 * one pass over the board's cells. */
#ifndef RUSHHOUR_PUZZLE_RANK_H
#define RUSHHOUR_PUZZLE_RANK_H

#include <stddef.h>
#include <stdint.h>

#include "rushhour/export.h"

RH_BEGIN_DECLS

#define RH_RANK_SIZE_MIN 3
#define RH_RANK_SIZE_MAX 6

typedef struct rh_rank_table rh_rank_table;

/* Builds the table of boards of side `size` (RH_RANK_SIZE_MIN..RH_RANK_SIZE_MAX) with their
 * primary in row `exit_row` and 0 to `max_walls` walls into *out, freed by
 * rh_rank_table_free. RH_EARG for a size, row or wall count out of range, or boards too many to
 * rank in 64 bits; RH_ENOMEM. */
RH_API int rh_rank_table_new(rh_rank_table **out, int size, int exit_row, int max_walls);
RH_API void rh_rank_table_free(rh_rank_table *t);

/* How many boards have exactly `walls` walls (0 when out of the table's range). */
RH_API uint64_t rh_rank_boards(const rh_rank_table *t, int walls);

/* The rank of the puzzle of id `id` (`len` bytes) among the boards of its number of walls,
 * which goes to *walls (may be NULL). RH_EARG when the id is none (rh_puzzle_id_decode), or of
 * another size or exit row, or has more walls than the table. */
RH_API int rh_puzzle_rank(const rh_rank_table *t, const char *id, size_t len, uint64_t *rank,
                          int *walls);

/* The id of the board of rank `rank` among those with `walls` walls into `id`
 * (RH_PUZZLE_ID_MAX + 1 bytes). RH_EARG when rank >= rh_rank_boards(t, walls). */
RH_API int rh_puzzle_unrank(const rh_rank_table *t, int walls, uint64_t rank, char *id);

RH_END_DECLS

#endif
