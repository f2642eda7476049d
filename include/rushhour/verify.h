/* A player's moves checked: a list of moves replayed on a puzzle, the first illegal one found
 * and why, and the counts of the legal prefix. A pure function over caller-owned memory: it
 * allocates nothing and keeps nothing between calls.
 *
 * Moves after the goal: the verdict is on the position after the whole legal prefix. Moves made
 * after the target reached the exit are replayed and counted like any other, so `solved` says
 * whether the target is still at the exit at the end, and the counts include them (a client
 * sends the moves up to the goal). */
#ifndef RUSHHOUR_VERIFY_H
#define RUSHHOUR_VERIFY_H

#include <stdbool.h>
#include <stddef.h>

#include "rushhour/export.h"
#include "rushhour/puzzle.h"

RH_BEGIN_DECLS

typedef enum { RH_UP, RH_DOWN, RH_LEFT, RH_RIGHT } rh_direction;

/* One move as a player states it: a vehicle (its index in the puzzle, or -1 for a name the
 * puzzle does not have), a direction and a distance in cells (at least 1). */
typedef struct {
    int vehicle;
    rh_direction direction;
    int distance;
} rh_verify_move;

typedef enum {
    RH_VERIFY_LEGAL = 0,       /* every move was possible in turn */
    RH_VERIFY_BLOCKED,         /* a vehicle or a wall stands in the way */
    RH_VERIFY_OFF_BOARD,       /* the move would take the vehicle past the board's edge */
    RH_VERIFY_UNKNOWN_VEHICLE, /* no vehicle of the puzzle has that name */
    RH_VERIFY_WRONG_AXIS       /* up or down for a horizontal vehicle, left or right for a
                                  vertical one */
} rh_verify_reason;

typedef struct {
    bool legal;
    long first_illegal;      /* index of the first illegal move, -1 when all are legal */
    rh_verify_reason reason; /* why it is illegal */
    int blocker;             /* RH_VERIFY_BLOCKED by a vehicle: its index; else -1 */
    bool wall;               /* RH_VERIFY_BLOCKED by a wall */
    bool has_cell;
    rh_cell cell; /* with has_cell: the cell that blocked it, or for RH_VERIFY_OFF_BOARD the
                     first cell of its way past the edge (a row or column of -1 or the size) */
    bool solved;  /* the target is at the exit after the legal prefix */
    /* The legal prefix as the two metrics count it: a run of moves of one vehicle counts once in
     * move_count (a run that brings it back where it started, none), as the solver's answers
     * and the playground count them; slide_count counts cells. */
    int move_count, slide_count;
} rh_verify_result;

/* Replays `moves` (`n` of them, at most INT_MAX) on `p`, which ends in the position after the
 * legal prefix. `merged` is the caller's room for `n` moves (at least one): the legal prefix
 * with each run merged into one move, its first move_count entries meaningful after the call.
 * Returns RH_OK, or RH_EARG (nothing done) when `n` is out of range or a pointer is NULL. */
RH_API int rh_verify(rh_verify_result *out, rh_puzzle *p, const rh_verify_move *moves, size_t n,
                     rh_move *merged);

/* "blocked", "off-board", "unknown-vehicle", "wrong-axis"; NULL for RH_VERIFY_LEGAL. */
RH_API const char *rh_verify_reason_name(rh_verify_reason reason);

/* The direction named "up", "down", "left" or "right": RH_OK, else RH_EARG. */
RH_API int rh_direction_parse(rh_direction *out, const char *name);

RH_END_DECLS

#endif
