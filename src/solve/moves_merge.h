/* A solution's path turned into the moves a result lists. */
#ifndef RH_MOVES_MERGE_H
#define RH_MOVES_MERGE_H

#include <stddef.h>

#include "rushhour/puzzle.h"

/* Merges consecutive moves of one vehicle in `moves` (`steps` of them) in place: single-cell
 * slides of a vehicle become one move, moves that cancel out vanish. Returns the moves left and
 * sets *slides to the cells travelled. */
int rh__moves_merge(rh_move *moves, size_t steps, int *slides);

#endif
