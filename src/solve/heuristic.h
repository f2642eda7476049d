/* Lower bounds on the distance to the goal, for A*.
 *
 * Both bounds are consistent (one move or one slide lowers them by at most 1) and 0 exactly
 * at goals; RH_H_DEAD marks positions from which no goal can ever be reached. */
#ifndef RH_HEURISTIC_H
#define RH_HEURISTIC_H

#include <stdbool.h>

#include "layout.h"

#define RH_H_DEAD 0x7FFF

/* Moves: the target plus every vehicle that must move at least once: each vehicle blocking
 * the target's way out and, for a blocker that can clear the exit row in only one direction,
 * each vehicle standing where it must go. Slides: the cells the target still has to travel
 * plus, for each blocker, the fewest cells it must slide to clear the exit row. */
int rh__heuristic(const rh__layout *L, const rh__occupancy *o, bool slides);

#endif
