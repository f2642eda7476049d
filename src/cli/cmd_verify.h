/* `rushhour verify`: a player's moves, given in move notation, checked against a puzzle, and
 * the verdict /v1/verify answers with. */
#ifndef RH_CLI_CMD_VERIFY_H
#define RH_CLI_CMD_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#include "rushhour/json.h"

/* Reads `notation`, the moves as `rushhour solve` and /v1/solve's "notation" print them ("AR1
 * BU2": words separated by blanks, each a vehicle's id, U, D, L or R, and a distance), into
 * `out` (room for RH_VERIFY_MOVES_MAX moves). An id `p` lacks becomes vehicle -1 (a verdict,
 * not a problem). Adds a problem per malformed word to `d`, named "moves[i]", and one on
 * "moves" for more than RH_VERIFY_MOVES_MAX words. Returns RH_OK or RH_EINVALID. */
int cli_verify_moves(rh_verify_move *out, size_t *count, rh_diags *d, const char *notation,
                     const rh_puzzle *p);

/* Replays the moves (at most RH_VERIFY_MOVES_MAX) on `p` and searches for its optimal length
 * (A*, the moves metric, with the budgets of `search`). Returns the document /v1/verify answers
 * with, without timing_us (NULL when out of memory), the search's time in *solve_us, and in
 * *code the exit code: 0 legal and solved, CLI_EXIT_NOT_SOLVED, or 3 when legal and solved
 * but a budget ran out before the optimal length was known. */
cJSON *cli_verify(const rh_puzzle *p, const rh_verify_move *moves, size_t n,
                  const rh_search_options *search, uint64_t *solve_us, int *code);

#endif
