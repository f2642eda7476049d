/* Re-deriving a bank puzzle with the library (bank_derive.c): what `bank import` checks of
 * each line and `bank verify` of each stored puzzle. */
#ifndef RH_CLI_BANK_DERIVE_H
#define RH_CLI_BANK_DERIVE_H

#include <stddef.h>

#include "cli.h"
#include "rushhour/enumerate.h"

/* The cluster record of `board` (database notation) into *c, its whole cluster analysed in
 * moves and in slides: size, goal states, histogram, both lengths, vehicle and wall counts.
 * Refused when the board is unreadable, its cluster unsolvable, or the board not one of its
 * cluster's hardest states. Minimality is not looked at (c->minimal is set true). Returns 0,
 * CLI_EXIT_IO (out of memory: no verdict) or CLI_EXIT_INVALID (refused: `why` says why). */
int cli_derive(rh_cluster *c, const char *board, char *why, size_t len);

/* Whether every piece of `board` but the target matters: removing any one vehicle or wall
 * leaves a puzzle shorter than `moves`. 0 when so, else as cli_derive. */
int cli_derive_minimal(const char *board, int moves, char *why, size_t len);

#endif
