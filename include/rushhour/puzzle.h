/* The puzzle: a board, its walls and its vehicles, as plain caller-owned data.
 *
 * An rh_puzzle holds everything inline (no pointers), so it can live on the stack, be copied
 * with `=`, and be freed with the memory that holds it. Positions are the top-left cell of each
 * vehicle; rows grow downwards, columns to the right. */
#ifndef RUSHHOUR_PUZZLE_H
#define RUSHHOUR_PUZZLE_H

#include <stdbool.h>

#include "rushhour/diag.h"
#include "rushhour/export.h"

RH_BEGIN_DECLS

#define RH_BOARD_MIN 3
#define RH_BOARD_MAX 16
#define RH_BOARD_DEFAULT 6
#define RH_VEHICLES_MAX 128 /* a 16x16 board full of cars */
#define RH_ID_MAX 8         /* characters in a vehicle id, NUL excluded */
#define RH_WALLS_MAX (RH_BOARD_MAX * RH_BOARD_MAX)

typedef enum { RH_HORIZONTAL = 0, RH_VERTICAL = 1 } rh_orientation;

typedef struct {
    char id[RH_ID_MAX + 1];
    int row, col; /* top-left cell */
    int length;
    rh_orientation orientation;
} rh_vehicle;

typedef struct {
    int row, col;
} rh_cell;

typedef struct {
    int board_size;
    int exit_row;
    int target; /* index in vehicles of the car that must reach the exit */
    int vehicle_count;
    int wall_count;
    rh_vehicle vehicles[RH_VEHICLES_MAX];
    rh_cell walls[RH_WALLS_MAX];
} rh_puzzle;

/* One move: a vehicle (index in the puzzle) sliding `delta` cells along its axis; positive is
 * right for horizontal vehicles and down for vertical ones. Never 0. */
typedef struct {
    int vehicle;
    int delta;
} rh_move;

/* Checks the rules every puzzle must satisfy whatever form it came in: sizes in range,
 * vehicles and walls on the board, unique ids, no shared cell, a horizontal target on the exit
 * row. Adds one diagnostic per problem to `diags`. Vehicles and walls are named by JSON path
 * (`vehicles[3].row`, `walls[0]`) when `form_field` is NULL; otherwise every such problem is
 * reported on `form_field` ("grid", "board") and the message names the vehicle by id.
 * A target index of -1 means the target id named `target_id` was not found.
 * Returns RH_OK or RH_EINVALID. */
RH_API int rh_puzzle_check(rh_diags *diags, const rh_puzzle *p, const char *form_field,
                           const char *target_id);

/* A target index meaning "the target was among the vehicles a parser dropped as malformed":
 * rh_puzzle_check_indexed does not report it again. */
#define RH_TARGET_UNCHECKED (-2)

/* rh_puzzle_check for parsers that drop malformed vehicles before the rule checks: vehicle i
 * came from entry `vsrc[i]` of the input and wall k from `wsrc[k]` (NULL: from i and k), so
 * that problems name the input's own indices. */
RH_API int rh_puzzle_check_indexed(rh_diags *diags, const rh_puzzle *p, const char *form_field,
                                   const char *target_id, const int *vsrc, const int *wsrc);

/* True when `c` may appear in a vehicle id: an ASCII letter or digit. */
RH_API bool rh_id_char(int c);

/* True when the target car touches the right edge of the exit row. */
RH_API bool rh_puzzle_is_solved(const rh_puzzle *p);

/* Index of the vehicle with this id, or -1. */
RH_API int rh_puzzle_find(const rh_puzzle *p, const char *id);

/* Draws the board as board_size rows of board_size characters: '.' empty, '#' wall, and each
 * vehicle as the first character of its id. `out` must hold board_size*(board_size+1) bytes;
 * rows are NUL-terminated, row r starting at out + r*(board_size+1). */
RH_API void rh_puzzle_render(char *out, const rh_puzzle *p);

/* Applies `m` to `p` if it is legal (stays on the board, crosses nothing). Returns RH_OK or
 * RH_EARG, leaving `p` unchanged. Used to replay solutions and render boards. */
RH_API int rh_puzzle_apply(rh_puzzle *p, rh_move m);

/* "up", "down", "left" or "right" for a move of a vehicle of `p`. */
RH_API const char *rh_move_direction(const rh_puzzle *p, rh_move m);

/* Writes the notation of one move ("AR1": id, direction letter U/D/L/R, distance) to `out`,
 * which holds at least RH_MOVE_NOTATION_MAX bytes. */
#define RH_MOVE_NOTATION_MAX (RH_ID_MAX + 8)
RH_API void rh_move_notation(char *out, const rh_puzzle *p, rh_move m);

RH_END_DECLS

#endif
