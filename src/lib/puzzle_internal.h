/* Puzzle checking for parsers that drop malformed vehicles before the rule checks. */
#ifndef RH_PUZZLE_INTERNAL_H
#define RH_PUZZLE_INTERNAL_H

#include "rushhour/puzzle.h"

/* A target index meaning "the target was among the dropped vehicles": not reported again. */
#define RH_TARGET_UNCHECKED (-2)

/* rh_puzzle_check, where vehicle i came from `vsrc[i]` of the input and wall k from
 * `wsrc[k]` (NULL: from i and k). */
int rh_puzzle_check_indexed(rh_diags *d, const rh_puzzle *p, const char *form,
                            const char *target_id, const int *vsrc, const int *wsrc);

#endif
