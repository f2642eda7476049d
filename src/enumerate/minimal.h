/* Minimality of a cluster's hardest state (minimal.c). */
#ifndef RH_ENUMERATE_MINIMAL_H
#define RH_ENUMERATE_MINIMAL_H

#include <stdint.h>

#include "state.h"
#include "buffers.h"

/* Whether removing any one vehicle but the primary of `s` (a solvable state at distance
 * `moves`, with `walls`), or any of `searched_walls`, brings the distance below `moves`,
 * knowing it of the vehicles whose first cells are in `shortening` (and, as the caller does, of
 * the walls not searched). Searches in w. Returns 1, 0, or -1 when the budget runs out. */
int rh__eminimal_test(rh__ework *w, const rh__egeom *g, uint64_t walls, const rh__estate *s,
                      int moves, uint64_t shortening, uint64_t searched_walls);

#endif
