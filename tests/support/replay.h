/* An independent solution checker for the tests: replays moves cell by cell on its own grid,
 * sharing no move logic with the library. */
#ifndef RH_REPLAY_H
#define RH_REPLAY_H

#include <stddef.h>

#include "rushhour/rushhour.h"

/* Returns 0 when every move is legal and the target ends at the exit; otherwise -1 with the
 * reason in `why`. `dirs` may be NULL; when given, dirs[k] must name move k's direction. */
int rh_replay(const rh_puzzle *p, const rh_move *moves, const char *const *dirs, int count,
              char *why, size_t why_len);

#endif
