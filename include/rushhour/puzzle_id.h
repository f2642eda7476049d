/* A puzzle's id: a short, URL-safe string derived from its board alone, and back. Pure
 * functions over caller-owned memory.
 *
 * The id encodes the board in its normal form (the database notation with the vehicles
 * relabelled in reading order, 'A' the primary), so two boards never share an id, renaming
 * vehicles does not change it, and it is the same in every bank, shard and release:
 *
 *   id     = SIZE PAIR*       SIZE: the board size, one digit '3'..'8'
 *   PAIR   = one base64url character ([A-Za-z0-9_-]) holding two 3-bit symbols, high first
 *
 * Walking the cells in reading order and skipping those a vehicle already covers, each free
 * cell gives one symbol: 0 empty, 1 wall, 2 a horizontal car (2 cells), 3 a horizontal truck
 * (3 cells), 4 a vertical car, 5 a vertical truck, 6 the primary car, 7 the primary truck (the
 * primary is horizontal, its row the exit row). The symbols after the last non-empty one are
 * left out (the id never ends in 'A', two empties). So every id starts with a digit and never
 * equals a word. A typical 6x6 bank puzzle's id is 11 to 13 characters (8 to 16 across the
 * shipped sample); a 6x6 id is at most 19, an 8x8 one at most RH_PUZZLE_ID_MAX (33). */
#ifndef RUSHHOUR_PUZZLE_ID_H
#define RUSHHOUR_PUZZLE_ID_H

#include <stddef.h>

#include "rushhour/export.h"
#include "rushhour/puzzle.h"

RH_BEGIN_DECLS

#define RH_PUZZLE_ID_SIZE_MIN 3
#define RH_PUZZLE_ID_SIZE_MAX 8
#define RH_PUZZLE_ID_CELLS_MAX (RH_PUZZLE_ID_SIZE_MAX * RH_PUZZLE_ID_SIZE_MAX)
#define RH_PUZZLE_ID_MAX (1 + RH_PUZZLE_ID_CELLS_MAX / 2) /* characters, NUL excluded */

/* The id of the board `board` (`len` characters of database notation: N*N cells row-major,
 * '.' or 'o' empty, 'x' wall, 'A' the primary, any other ASCII letter a vehicle) into `out`
 * (RH_PUZZLE_ID_MAX + 1 bytes, NUL-terminated). RH_EARG when the board is not one: a size
 * outside 3..8, a vehicle that is not a straight run of 2 or 3 cells, a letter used twice,
 * not exactly one primary, or a vertical primary. */
RH_API int rh_puzzle_id_encode(char *out, const char *board, size_t len);

/* The id of the puzzle `p` (its target the primary, its exit the right end of the target's
 * row), as rh_puzzle_id_encode. RH_EARG when the notation cannot express it (a size outside
 * 3..8, a vehicle not of 2 or 3 cells, overlapping or off the board). */
RH_API int rh_puzzle_id(char *out, const rh_puzzle *p);

/* The board of the id `id` (`len` bytes, any bytes allowed) in normal form into `board`
 * (RH_PUZZLE_ID_CELLS_MAX + 1 bytes, N*N characters and a NUL; vehicles named 'A', then 'B'
 * to 'Z' and 'a' to 'z' without 'o' and 'x'). RH_EARG when `id` is not exactly the id of a
 * board: then rh_puzzle_id_encode of the board gives `id` back. */
RH_API int rh_puzzle_id_decode(char *board, const char *id, size_t len);

RH_END_DECLS

#endif
